# Tablée's one-command entry points (see README.md).
#   make play   set up what is missing, then serve the app at http://127.0.0.1:8080
#   make test   set up what is missing, then run every test (no import
#               circle between files, no new place where shared code names a
#               game, and the first-load size budget included)
#   make build  set up what is missing, then build the release site into dist/
#   make e2e    set up what is missing, build dist/, then run only the browser
#               tests (tests/e2e/: headless Chromium, dist/ served under /tablee/)
#   make size   build dist/, then report first-load sizes; fails over the
#               140 KB gzip budget (docs/performance.md)
#   make perf   build dist/, then time the home screen and count long tasks

# Tools installed by scripts/setup.sh: cargo's bin dir and npm's wasm-opt.
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)
# Trunk would ask crates.io for a newer version of itself on every run.
export TRUNK_SKIP_VERSION_CHECK := true

# The browser tests: node's own test runner, two files at a time (2 cores,
# one Chromium a file); a test that hangs fails after 10 minutes instead of
# eating CI.
E2E := node --test --test-concurrency=2 --test-timeout=600000 tests/e2e/

.PHONY: play test build e2e size perf setup setup-no-browser

# Everything, Chromium included (make test, make e2e).
setup:
	@bash scripts/setup.sh

# All but Chromium: serving and building need no browser.
setup-no-browser:
	@bash scripts/setup.sh --no-browser

# A development build with Trunk's reload script: served from target/, so
# that dist/ is only ever the release site (the browser tests serve dist/).
play: setup-no-browser
	trunk serve --address 127.0.0.1 --port 8080 --dist target/trunk-serve

test: setup
	node scripts/import-cycles.mjs
	node scripts/game-names.mjs
	cargo test --workspace --locked
	cargo build --locked -p tablee-engine --target wasm32-unknown-unknown
	trunk build --release --locked
	node scripts/size.mjs
	$(E2E)

build: setup-no-browser
	trunk build --release --locked

e2e: setup
	trunk build --release --locked
	$(E2E)

size: build
	node scripts/size.mjs

perf: setup
	trunk build --release --locked
	node scripts/perf.mjs
