// Run by scripts/build-page.mjs (Trunk's post_build hook) once the page's parts are in: minifies the
// ES-module loaders, then writes sw.js, the service worker, into
// the build's staging directory with the list of every file Trunk produced
// (hashed names included) and a cache name made of a hash of their contents.
// Runs with TRUNK_STAGING_DIR set by Trunk; by hand: node scripts/pwa-hook.mjs DIR
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';

import { readPack } from './packs.mjs';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const dir = process.argv[2] || process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('pwa-hook: no directory (TRUNK_STAGING_DIR is unset)');

// First, minify wasm-bindgen's ES-module loaders that Trunk wrote (the bots'
// worker's; the page's are build-page.mjs's): Trunk's minifier leaves ES
// modules as they are. Exports and import.meta stay intact.
for (const entry of await readdir(dir, { withFileTypes: true })) {
  if (!entry.isFile() || !/^tablee-.*\.js$/.test(entry.name)) continue;
  const file = path.join(dir, entry.name);
  const code = await readFile(file, 'utf8');
  if (!/^export /m.test(code)) continue;
  const out = await minify(code, { module: true, compress: true, mangle: true, format: { comments: false } });
  await writeFile(file, out.code);
  console.log(`pwa-hook: minified ${entry.name} ${code.length} -> ${out.code.length} bytes`);
}

const SKIP = new Set(['sw.js', 'sw-template.js']);
const PACK = /\/pack_[^/]*\.wasm\.gz$/;
const all = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'))
  .filter((file) => !SKIP.has(file) && !file.endsWith('.map'))
  .sort();
// A first visit's packs (scripts/packs.mjs) hold modules listed one by one
// here: not precached, but read from the HTTP cache when the page read them.
const files = all.filter((file) => !PACK.test(file));
const packs = all.filter((file) => PACK.test(file)).map((file) => `./${file}`);

const hash = createHash('sha256');
for (const file of files) {
  hash.update(file);
  hash.update(await readFile(path.join(dir, file)));
}
const template = await readFile(path.join(REPO_ROOT, 'public/sw-template.js'), 'utf8');
// "./" is index.html as the browser navigates to it (the site's root).
const urls = ['./', ...files.map((file) => `./${file}`)];
const sw = template
  .replace('__TABLEE_CACHE__', `tablee-${hash.digest('hex').slice(0, 16)}`)
  .replace('__TABLEE_FILES__', JSON.stringify(urls, null, 2))
  .replace('__TABLEE_PACKS__', JSON.stringify(packs, null, 2))
  .replace('__TABLEE_READ_PACK__', () => readPack.toString());
await writeFile(path.join(dir, 'sw.js'), sw);
console.log(`pwa-hook: sw.js precaches ${urls.length} URLs`);
