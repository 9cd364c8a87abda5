// Runs the wasm benchmark under Node and prints its one JSON line.
//   node run.js PACKAGE_JS [RUN_MS] [RUNS]
// PACKAGE_JS is the module `wasm-bindgen --target nodejs` wrote
// (target/bench-wasm/tablee_bench_wasm.js); `tablee bench` passes it.
'use strict';
const path = require('path');

const [pkgPath, runMs = '500', runs = '5'] = process.argv.slice(2);
if (!pkgPath) {
  console.error('usage: node run.js PACKAGE_JS [RUN_MS] [RUNS]');
  process.exit(2);
}
const { bench } = require(path.resolve(pkgPath));
console.log(bench(Number(runMs), Number(runs)));
