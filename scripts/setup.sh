#!/usr/bin/env bash
# Installs what Tablée's build needs and is missing; installs nothing otherwise.
#
#   - the wasm32-unknown-unknown Rust target     (rustup, seconds)
#   - Rust's own sources, rust-src: the page's release build compiles std for
#     its size (scripts/build-page.mjs)          (rustup, seconds)
#   - Trunk 0.21.14                              (cargo install, ~6–9 min)
#   - wasm-bindgen CLI, the version in Cargo.lock (cargo install, ~2–5 min)
#   - wasm-split-cli 0.2.4, which cuts the page into parts (cargo install, ~2 min),
#     and tablee-wasm-split: the same with scripts/wasm-split.patch, built
#     from its source (cargo install --path, ~1 min)
#   - npm devDependencies (package-lock.json): wasm-opt (binaryen), terser
#     (minifies the ES-module loaders, scripts/pwa-hook.mjs), zopfli
#     (@gfx/zopfli: gzips the core and the packs, scripts/packs.mjs),
#     lightningcss (the page's one stylesheet, scripts/page-style.mjs) and
#     playwright-core for the browser tests      (npm ci, seconds)
#   - Debian's Chromium and chromedriver for the browser tests in tests/e2e/
#     (apt-get, 15 s measured, up to ~2 min; needs root or passwordless sudo)
#
#   scripts/setup.sh               everything (make test, make e2e)
#   scripts/setup.sh --no-browser  all but Chromium (make play, make build)
#
# Expects rustup's Rust, Node + npm. Safe to run again: when everything is
# present it prints one line. Facts behind the choices: ../shared/spec/toolchain.md.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
# Chromium and its driver; fonts-liberation (a recommended package, the others
# are not needed headless) gives pages and screenshots Arial-like metrics.
BROWSER_PACKAGES=(chromium chromium-driver fonts-liberation)
installed=()

browser=yes
for arg in "$@"; do
  case $arg in
    --no-browser) browser=no ;;
    *) printf 'usage: scripts/setup.sh [--no-browser]\n' >&2; exit 2 ;;
  esac
done

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

# 1b. Rust's sources: the page's release build compiles std itself, for size
#     (scripts/build-page.mjs, docs/performance.md "std built for the page").
if ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
  timed "Rust's sources (rust-src)" "" rustup --quiet component add rust-src
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

# 3b. wasm-split-cli: cuts the page's wasm into parts loaded when needed
#     (scripts/build-page.mjs, issue 35). Its own lockfile pins what was tested.
WASM_SPLIT_VERSION=0.2.4
if ! cargo install --list 2>/dev/null | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:" ||
  ! command -v wasm-split-cli >/dev/null; then
  timed "wasm-split-cli $WASM_SPLIT_VERSION" "about 2 minutes" \
    cargo install --quiet --force --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
fi

# 3c. tablee-wasm-split: wasm-split-cli with scripts/wasm-split.patch (the
#     code the home screen's part shares with another part goes to the core,
#     not into chunks: docs/performance.md, "The home screen in a part"),
#     built from the crate's source that 3b's install left in cargo's
#     registry. The patch names it (package and program) and its version, so
#     that a changed patch is installed again.
TABLEE_SPLIT_VERSION=0.2.4-tablee.2
if ! cargo install --list 2>/dev/null | grep -q "^tablee-wasm-split v$TABLEE_SPLIT_VERSION " ||
  ! command -v tablee-wasm-split >/dev/null; then
  split_source() { ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"wasm_split_cli_support-$WASM_SPLIT_VERSION" 2>/dev/null | head -1; }
  if [ -z "$(split_source)" ]; then
    # Its source was cleaned from the registry: fetched again.
    timed "wasm-split-cli $WASM_SPLIT_VERSION" "about 2 minutes" \
      cargo install --quiet --force --locked wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
  fi
  [ -n "$(split_source)" ] || die "wasm_split_cli_support $WASM_SPLIT_VERSION's source is not in cargo's registry"
  split_work=$(mktemp -d)
  cp -r "$(split_source)" "$split_work/wasm-split"
  # (git apply, not patch(1): git is there wherever the repository is.)
  split_patch="$PWD/scripts/wasm-split.patch"
  (cd "$split_work/wasm-split" && git apply -p1 "$split_patch") ||
    die "scripts/wasm-split.patch does not apply to wasm_split_cli_support $WASM_SPLIT_VERSION"
  timed "tablee-wasm-split $TABLEE_SPLIT_VERSION" "about a minute" \
    cargo install --quiet --force --locked --path "$split_work/wasm-split" --features build-binary
  rm -rf "$split_work"
fi

# 4. npm devDependencies: wasm-opt (binaryen), terser, zopfli, lightningcss and playwright-core, reinstalled
#    when package-lock.json changes.
stamp=node_modules/.tablee-package-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -f node_modules/playwright-core/package.json ] ||
  [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  npm_ci() {
    local log status=0
    log=$(mktemp)
    npm ci --no-audit --no-fund --loglevel=error >"$log" 2>&1 || status=$?
    [ "$status" -eq 0 ] || cat "$log" >&2
    rm -f "$log"
    return "$status"
  }
  timed "npm devDependencies (npm ci: wasm-opt, terser, zopfli, lightningcss, playwright-core)" "" npm_ci
  echo "$lock_sum" >"$stamp"
fi

# 5. Chromium for tests/e2e/ (playwright-core drives /usr/bin/chromium; never
#    `npx playwright install`, which downloads from a host we cannot reach).
#    apt-get update runs only when something is missing.
browser_summary=""
if [ "$browser" = yes ]; then
  missing=()
  if command -v dpkg-query >/dev/null; then
    for package in "${BROWSER_PACKAGES[@]}"; do
      dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null | grep -qx installed ||
        missing+=("$package")
    done
  elif [ ! -x /usr/bin/chromium ]; then
    die "Chromium is missing and this is not Debian: install it so that /usr/bin/chromium exists (or run scripts/setup.sh --no-browser to skip it)"
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
      command -v sudo >/dev/null && sudo -n true 2>/dev/null ||
        die "installing ${missing[*]} needs root: run 'sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}' (or scripts/setup.sh --no-browser to skip it)"
      as_root=(sudo -n)
    fi
    apt_install() {
      local log status=0
      log=$(mktemp)
      {
        "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -qq update &&
          "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get -qq -y --no-install-recommends install "$@"
      } </dev/null >"$log" 2>&1 || status=$?
      [ "$status" -eq 0 ] || cat "$log" >&2
      rm -f "$log"
      return "$status"
    }
    timed "${missing[*]} (apt-get)" "under a minute to 2 minutes" apt_install "${missing[@]}"
  fi
  [ -x /usr/bin/chromium ] || die "/usr/bin/chromium is missing after the install"
  if command -v dpkg-query >/dev/null; then
    browser_summary=", chromium $(dpkg-query -W -f='${Version}' chromium | sed 's/-.*//')"
  else
    browser_summary=", chromium"
  fi
fi

if [ ${#installed[@]} -eq 0 ]; then
  say "nothing to install (trunk $TRUNK_VERSION, wasm-bindgen $wasm_bindgen_version, tablee-wasm-split $TABLEE_SPLIT_VERSION, $(node_modules/.bin/wasm-opt --version | cut -d' ' -f1-3), playwright-core $(node -p 'require("./node_modules/playwright-core/package.json").version')$browser_summary)"
else
  say "installed: $(IFS=';'; echo "${installed[*]}" | sed 's/;/, /g')"
fi
