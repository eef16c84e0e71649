#!/usr/bin/env bash
# The Python package (crates/xiangqi-python): a virtual environment under target/, the build tools and the peers
# the tests compare with from PyPI, the package built into it by maturin, and its pytest tests. Exits non-zero
# on any failure. Needs python3 with venv and pip; reads the shared data through XIANGQI_TESTDATA if set (the
# tests that need it are skipped, with the reason, otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="$PWD/target/python-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
# pyffish and cchess are the versions the shared test data was checked with (its README).
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "maturin>=1.9,<2" "pytest>=8" "pyffish==0.0.90" "cchess==1.25.5"

# `maturin develop` builds with the workspace's dev profile (its crates at opt-level 1), minutes faster than the
# release build of `pip install ./crates/xiangqi-python`, and installs the package into the environment.
(
    cd crates/xiangqi-python
    VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop --quiet
)

"$venv/bin/python" -m pytest -q -rs crates/xiangqi-python/tests
