# Tablée's one-command entry points (see README.md).
#   make play   set up what is missing, then serve the app at http://127.0.0.1:8080
#   make test   set up what is missing, then run every test
#   make build  set up what is missing, then build the release site into dist/

# Tools installed by scripts/setup.sh: cargo's bin dir and npm's wasm-opt.
export PATH := $(HOME)/.cargo/bin:$(CURDIR)/node_modules/.bin:$(PATH)
# Trunk would ask crates.io for a newer version of itself on every run.
export TRUNK_SKIP_VERSION_CHECK := true

.PHONY: play test build setup

setup:
	@bash scripts/setup.sh

play: setup
	trunk serve --address 127.0.0.1 --port 8080

test: setup
	cargo test --workspace --locked
	cargo build --locked -p tablee-engine --target wasm32-unknown-unknown
	trunk build --release --locked

build: setup
	trunk build --release --locked
