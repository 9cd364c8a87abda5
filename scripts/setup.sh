#!/usr/bin/env bash
# Installs what Tablée's build needs and is missing; installs nothing otherwise.
#
#   - the wasm32-unknown-unknown Rust target     (rustup, seconds)
#   - Trunk 0.21.14                              (cargo install, ~6–9 min)
#   - wasm-bindgen CLI, the version in Cargo.lock (cargo install, ~2–5 min)
#   - wasm-opt (npm package binaryen, package-lock.json)  (npm ci, seconds)
#
# Expects rustup's Rust, Node + npm. Safe to run again: when everything is
# present it prints one line. Facts behind the choices: ../shared/spec/toolchain.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
installed=()

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: %s\n' "$*" >&2; exit 1; }

# timed WHAT HINT COMMAND...: runs COMMAND, saying what and how long it took.
timed() {
  local what=$1 hint=$2 start=$SECONDS
  shift 2
  say "installing $what${hint:+ ($hint)}…"
  "$@" || die "installing $what failed (command: $*)"
  installed+=("$what ($((SECONDS - start)) s)")
}

for tool in rustup cargo npm; do
  command -v "$tool" >/dev/null || die "$tool is missing: install Rust with rustup (https://rustup.rs) and Node.js 20 with npm"
done

# 1. The WebAssembly target.
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  timed "the wasm32-unknown-unknown target" "" rustup --quiet target add wasm32-unknown-unknown
fi

# 2. Trunk (0.22 needs a newer rustc than ours; --locked keeps its deps as tested).
if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  timed "Trunk $TRUNK_VERSION" "6 to 9 minutes" \
    cargo install --quiet --force trunk --version "$TRUNK_VERSION" --locked
fi

# 3. wasm-bindgen CLI: exactly the wasm-bindgen of Cargo.lock (Trunk refuses any
#    other and would try to download one). Not --locked: its own lockfile pins a
#    crate version the registry no longer has.
wasm_bindgen_version=$(awk '
  $0 == "name = \"wasm-bindgen\"" { found = 1; next }
  found && /^version = / { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock 2>/dev/null || true)
if [ -z "$wasm_bindgen_version" ]; then
  wasm_bindgen_version=$(sed -n 's/^wasm-bindgen *= *"=\([0-9.]*\)".*/\1/p' Cargo.toml | head -n 1)
fi
[ -n "$wasm_bindgen_version" ] || die "cannot tell which wasm-bindgen version to install (no Cargo.lock entry, no \"=x.y.z\" pin in Cargo.toml)"
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $wasm_bindgen_version" ]; then
  timed "wasm-bindgen-cli $wasm_bindgen_version" "2 to 5 minutes" \
    cargo install --quiet --force wasm-bindgen-cli --version "$wasm_bindgen_version"
fi

# 4. wasm-opt from npm (binaryen), reinstalled when package-lock.json changes.
stamp=node_modules/.tablee-package-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/wasm-opt ] || [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  npm_ci() {
    local log status=0
    log=$(mktemp)
    npm ci --no-audit --no-fund --loglevel=error >"$log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || cat "$log" >&2
    rm -f "$log"
    return "$status"
  }
  timed "wasm-opt (binaryen, npm ci)" "" npm_ci
  echo "$lock_sum" >"$stamp"
fi

if [ ${#installed[@]} -eq 0 ]; then
  say "nothing to install (trunk $TRUNK_VERSION, wasm-bindgen $wasm_bindgen_version, $(node_modules/.bin/wasm-opt --version | cut -d' ' -f1-3))"
else
  say "installed: $(IFS=';'; echo "${installed[*]}" | sed 's/;/, /g')"
fi
