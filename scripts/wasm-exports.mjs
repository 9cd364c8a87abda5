// Drops exports nobody calls from a built wasm module, for the page's size.
//
// Leptos 0.8 always compiles server_fn with its "browser" feature, which
// links wasm-streams; wasm-streams declares three #[wasm_bindgen] classes
// (IntoUnderlyingSource, IntoUnderlyingSink, IntoUnderlyingByteSource) that
// turn Rust streams into JS streams for server functions. A static site has
// no server functions and never builds one, but wasm-bindgen exports every
// such class, so wasm-opt must keep them and all they reach. Their JS
// classes stay in the loader: nothing constructs them, so the missing
// exports are never called.
//
// Measured on the first load's build: −0.7 KB gzip after a second wasm-opt
// pass (docs/performance.md). Since then crates/wasm-streams stands in for
// wasm-streams (the workspace's [patch.crates-io]): the classes are not
// built at all, and this stays as a guard should a dependency bring them
// back.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readLeb, sections } from './wasm-read.mjs';

/** The exports of wasm-streams' classes. */
export const UNUSED_EXPORT = /^(?:__wbg_)?intounderlying(?:bytesource|sink|source)_/;

function leb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) byte |= 0x80;
    out.push(byte);
  } while (value);
  return Buffer.from(out);
}

/**
 * The module without the exports whose names match `pattern`, and their
 * names. Only the export section changes; wasm-opt then removes what they
 * alone reached.
 */
export function dropExports(bytes, pattern = UNUSED_EXPORT) {
  if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error('not a wasm module');
  const parts = [bytes.subarray(0, 8)];
  const dropped = [];
  for (const { id, at, body, end } of sections(bytes)) {
    if (id !== 7) {
      parts.push(bytes.subarray(at, end));
    } else {
      let [count, p] = readLeb(bytes, body);
      const kept = [];
      for (; count > 0; count -= 1) {
        const start = p;
        const [length, name] = readLeb(bytes, p);
        const exportName = bytes.subarray(name, name + length).toString('utf8');
        [, p] = readLeb(bytes, name + length + 1); // kind byte, then index
        if (pattern.test(exportName)) dropped.push(exportName);
        else kept.push(bytes.subarray(start, p));
      }
      const section = Buffer.concat([leb(kept.length), ...kept]);
      parts.push(Buffer.from([7]), leb(section.length), section);
    }
  }
  return { bytes: Buffer.concat(parts), dropped };
}

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Drops the unused exports of `file` in place and lets wasm-opt (npm's
 * binaryen, as Trunk uses it, with index.html's flags) remove the code they
 * kept alive. Returns the dropped names (none: the file is left as it was).
 */
export async function stripUnusedExports(file, { restructure = false } = {}) {
  const { bytes, dropped } = dropExports(await readFile(file));
  // (Since crates/wasm-streams stands in for the real crate there is nothing
  // to drop; the core is still restructured.)
  if (dropped.length === 0 && !restructure) return dropped;
  const local = path.join(REPO_ROOT, 'node_modules/.bin/wasm-opt');
  await writeFile(file, bytes);
  // `restructure` (the first load's build only): flatten the code and rebuild
  // its control flow (--rereloop) before optimizing twice more, to a fixed
  // point. Measured on the first load's wasm: −1.8 KB gzip (234.8 → 233.0 KB),
  // about 10 s more per build. The page's code is not where time is spent (the
  // bots run in their worker's own build), so its speed does not matter here.
  const passes = restructure ? ['--flatten', '--rereloop', '-Oz', '-Oz', '--converge'] : ['-Oz'];
  // TABLEE_WASM_NAMES=1 (build-page.mjs): keep the functions' names here too.
  const keepNames = process.env.TABLEE_WASM_NAMES ? ['-g'] : [];
  execFileSync(existsSync(local) ? local : 'wasm-opt', [...passes, ...keepNames, '--low-memory-unused', file, '-o', file], { stdio: 'inherit' });
  return dropped;
}
