#!/usr/bin/env bash
# Tests the WebAssembly package that scripts/build-web.sh built into web/pkg/: its JavaScript API under Node
# (`node --test web/tests/`), then the demo page in headless Chromium (scripts/web_check.py: several games in
# ?fen=&moves=, the verdict elements and per-move classes checked against the `adjudicate` example, a bad FEN and
# a bad move shown as errors, a screenshot into docs/web-demo.png). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -f web/pkg/xiangqi_wasm_bg.wasm ] || { echo "error: web/pkg/ is not built; run scripts/build-web.sh" >&2; exit 1; }
command -v chromium >/dev/null || { echo "error: no chromium; run scripts/build-web.sh" >&2; exit 1; }

echo "==> node --test web/tests/"
node --test web/tests/

echo "==> the page in headless Chromium"
cargo build --quiet --release --example adjudicate
python3 scripts/web_check.py
