// Starts the bots' Web Worker: wasm-bindgen's no-modules glue, then its wasm
// (both written by Trunk next to this file, see index.html).
importScripts("./tablee-worker.js");
wasm_bindgen({ module_or_path: "./tablee-worker_bg.wasm" });
