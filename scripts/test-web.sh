#!/usr/bin/env bash
# Tests the WebAssembly package that scripts/build-web.sh built into web/pkg/: its JavaScript API under Node
# (`node --test web/tests/`), then the page in headless Chromium driven by Playwright (scripts/web_check.py:
# games from ?fen=&moves= checked against the `adjudicate` example, a game played by clicking the squares and by
# dragging, undo and flip, a record's games to pick, the board in view at 1280×800 and 390×844 with screenshots
# into docs/), and last prints the per-move time of Game.play (web/bench/play.mjs; measured, not asserted).
# Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -f web/pkg/xiangqi_wasm_bg.wasm ] || { echo "error: web/pkg/ is not built; run scripts/build-web.sh" >&2; exit 1; }
command -v chromium >/dev/null || { echo "error: no chromium; run scripts/build-web.sh" >&2; exit 1; }

echo "==> node --test web/tests/"
node --test web/tests/

echo "==> the page in headless Chromium (Playwright)"
cargo build --quiet --release --example adjudicate
python3 scripts/web_check.py

echo "==> node web/bench/play.mjs"
node web/bench/play.mjs 100
