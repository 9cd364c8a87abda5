// Starts the bots' Web Worker: wasm-bindgen's no-modules glue, then its wasm
// (both written next to this file by scripts/build-page.mjs, step 6).
importScripts("./tablee-worker.js");
wasm_bindgen({ module_or_path: "./tablee-worker_bg.wasm" });
