// scripts/wasm-exports.mjs without a build: on a hand-made module, only the
// named exports go, the module stays valid and the others still work; and
// the shipped first-load build has none of them left.

import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { UNUSED_EXPORT, dropExports } from '../../scripts/wasm-exports.mjs';

/** A module with two functions returning 7 and 9, exported as `keep` and `intounderlyingsource_pull`. */
function twoExports() {
  const name = (s) => [s.length, ...Buffer.from(s)];
  const section = (id, body) => [id, body.length, ...body];
  return Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 1, 0x7f]), // one type: () -> i32
    ...section(3, [2, 0, 0]), // two functions of that type
    ...section(7, [2, ...name('keep'), 0, 0, ...name('intounderlyingsource_pull'), 0, 1]),
    ...section(10, [2, 4, 0, 0x41, 7, 0x0b, 4, 0, 0x41, 9, 0x0b]), // i32.const 7 / 9
  ]);
}

describe('scripts/wasm-exports.mjs', () => {
  it("drops only wasm-streams' class exports and leaves a valid module", async () => {
    const { bytes, dropped } = dropExports(twoExports());
    assert.deepEqual(dropped, ['intounderlyingsource_pull']);
    const { instance } = await WebAssembly.instantiate(bytes);
    assert.deepEqual(Object.keys(instance.exports), ['keep']);
    assert.equal(instance.exports.keep(), 7);
  });

  it('matches the three classes and nothing of the app', () => {
    for (const name of ['__wbg_intounderlyingbytesource_free', 'intounderlyingsink_write', 'intounderlyingsource_cancel']) {
      assert.match(name, UNUSED_EXPORT);
    }
    for (const name of ['main', '__wbindgen_start', 'memory', '__wbindgen_malloc', 'intounderlying']) {
      assert.doesNotMatch(name, UNUSED_EXPORT);
    }
  });

  it('the built first load has none of them left (dist/, as make test builds it)', async () => {
    const dist = process.env.TABLEE_DIST || fileURLToPath(new URL('../../dist/', import.meta.url));
    const folder = (await readdir(dist)).find((f) => /^app-[0-9a-f]+$/.test(f));
    assert.ok(folder, `the page's folder app-<hash> in ${dist}`);
    const file = path.join(folder, 'tablee-app_bg.wasm');
    const names = WebAssembly.Module.exports(await WebAssembly.compile(await readFile(path.join(dist, file)))).map((e) => e.name);
    assert.ok(names.includes('__wbindgen_start'), 'the app still starts');
    assert.deepEqual(names.filter((n) => UNUSED_EXPORT.test(n)), []);
  });
});
