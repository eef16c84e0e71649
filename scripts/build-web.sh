#!/usr/bin/env bash
# Builds the WebAssembly package (crates/xiangqi-wasm) into web/pkg/, installing first whatever is missing:
# - Debian's rustc-web, cargo-web, rust-web-src and lld: a Rust toolchain (/usr/bin/rustc, /usr/bin/cargo) with
#   the standard library's source, from which -Zbuild-std builds std for wasm32-unknown-unknown (the rustup
#   toolchain here has no wasm32 standard library and none can be downloaded), and wasm-ld to link;
# - wasm-bindgen-cli of exactly the version of the wasm-bindgen crate in crates/xiangqi-wasm/Cargo.toml;
# - Debian's chromium and a font with Chinese characters (fonts-wqy-zenhei), for scripts/test-web.sh and its
#   screenshots.
# A second run installs nothing and rebuilds only what changed. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "==> $*"; }

apt_missing=()
for package in rustc-web cargo-web rust-web-src lld chromium fonts-wqy-zenhei; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || apt_missing+=("$package")
done
if [ ${#apt_missing[@]} -gt 0 ]; then
    say "apt-get install ${apt_missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${apt_missing[@]}" >/dev/null
fi

bindgen_version=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' crates/xiangqi-wasm/Cargo.toml)
[ -n "$bindgen_version" ] || { echo "error: no exact wasm-bindgen version in crates/xiangqi-wasm/Cargo.toml" >&2; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]; then
    say "cargo install wasm-bindgen-cli $bindgen_version"
    cargo install wasm-bindgen-cli --version "$bindgen_version" --locked --force
fi

say "cargo build xiangqi-wasm (wasm32-unknown-unknown, Debian rustc, build-std, profile wasm-release)"
# Debian's toolchain, not rustup's: RUSTC points cargo at it. Its own target directory keeps its artefacts apart
# from the rustup builds. The profile `wasm-release` (the root Cargo.toml): opt-level "z", fat LTO, one codegen
# unit, panic = abort — the package is downloaded, so size matters more than speed. On top of it the panic strategy
# immediate-abort (unstable; std is built here anyway): a panic is a trap, with none of the machinery that formats
# its message — 4% off the gzipped size (docs/performance.md). Nothing in the package panics on any input.
export RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
export RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort"
export CARGO_TARGET_DIR=target/web
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld
/usr/bin/cargo build --locked --profile wasm-release -p xiangqi-wasm --target wasm32-unknown-unknown \
    -Zbuild-std=std,panic_abort

say "wasm-bindgen --target web → web/pkg/"
wasm-bindgen --target web --out-dir web/pkg --out-name xiangqi_wasm --remove-name-section --remove-producers-section \
    target/web/wasm32-unknown-unknown/wasm-release/xiangqi_wasm.wasm

# No wasm-opt: Debian's binaryen (version 108) was tried and does not serve. Its -Oz output of this package is
# 10% smaller but gzips 5% larger (885,729 bytes, 419,155 gzipped, against 977,663 and 398,223), and it does not
# load: Table.grow fails in wasm-bindgen's externref table set-up (with --all-features it also emits typed
# function references, which Node 20 refuses). docs/performance.md has the figures.
echo "web/pkg/xiangqi_wasm_bg.wasm: $(stat -c %s web/pkg/xiangqi_wasm_bg.wasm) bytes ($(gzip -9 -c web/pkg/xiangqi_wasm_bg.wasm | wc -c) gzipped)"
