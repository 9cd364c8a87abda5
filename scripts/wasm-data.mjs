// What the data sections of the page's WebAssembly cost, and how much of it is
// words (issue 44): for the core and every part or chunk of a built site,
//   - its data (the bytes of its data segments, raw), and what they cost in
//     the module's gzip (the module's gzip minus its gzip with those bytes
//     zeroed: the rest of the module is still there to compress against);
//   - the same cost for the text literals of each text module (the fixed
//     tables `pub static EN/FR: T = T { … }` apart from the literals of the
//     functions with values; pieces of format strings between `{…}` count),
//     each group zeroed alone;
//   - with --map, the core's data 1 KB at a time (entropy, share printable,
//     first bytes): tables (Unicode's, hashes' keys) stand out as unprintable
//     and regular.
//
//   node scripts/wasm-data.mjs [--dist dist] [--map]
//
// Text is matched by bytes, so a literal shorter than 6 bytes is skipped (it
// would match anywhere) and a literal repeated elsewhere counts wherever it
// is. gzip -9 (Node's zlib), KB = 1000 bytes.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { readLeb, sections } from './wasm-read.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const DIST = path.resolve(ROOT, arg('--dist', 'dist'));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The [start, end) byte ranges of a module's data segments' contents. */
export function dataSegments(bytes) {
  for (const { id, body } of sections(bytes)) {
    if (id === 11) {
      let [count, i] = readLeb(bytes, body);
      const segments = [];
      while (count-- > 0) {
        let flags;
        [flags, i] = readLeb(bytes, i);
        if (flags === 2) [, i] = readLeb(bytes, i); // memory index
        if (flags !== 1) {
          // the offset: one constant instruction, then `end`
          while (bytes[i] !== 0x0b) i++;
          i++;
        }
        let length;
        [length, i] = readLeb(bytes, i);
        segments.push([i, i + length]);
        i += length;
      }
      return segments;
    }
  }
  return [];
}

const unescape = (s) =>
  s.replace(/\\\n\s*/g, '').replace(/\\u\{([0-9a-fA-F]+)\}/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\'/g, "'").replace(/\\\\/g, '\\');

function literals(source) {
  const code = source.split('#[cfg(test)]')[0];
  const out = [];
  for (const m of code.matchAll(/"((?:[^"\\]|\\.|\\\n)*)"/g)) {
    for (const piece of unescape(m[1]).split(/\{[^}]*\}/)) if (Buffer.byteLength(piece) >= 6) out.push(piece);
  }
  return out;
}

const TABLES = [
  ['src/i18n.rs', 'Strings'],
  ['src/games/katzenjammer/texts.rs', 'KbStrings'],
  ['src/games/jachete/texts.rs', 'JaStrings'],
  ['src/ui/puzzles/texts.rs', 'PzStrings'],
  ['src/ui/replay/texts.rs', 'RpStrings'],
];
const OTHERS = ['lessons.rs', 'refusals.rs', 'terms.rs'].flatMap((f) => ['katzenjammer', 'jachete'].map((g) => `src/games/${g}/${f}`));

async function textGroups() {
  const groups = [];
  for (const [file, ty] of TABLES) {
    let source = await readFile(path.join(ROOT, file), 'utf8');
    const fixed = [];
    for (const lang of ['EN', 'FR']) {
      const start = source.indexOf(`pub static ${lang}: ${ty} = ${ty} {`);
      if (start < 0) continue;
      const end = source.indexOf('\n};', start);
      fixed.push(...literals(source.slice(start, end)));
      source = source.slice(0, start) + source.slice(end);
    }
    groups.push([`${ty} (fixed table)`, fixed], [`${file}: functions with values`, literals(source)]);
  }
  for (const file of OTHERS) groups.push([file, literals(await readFile(path.join(ROOT, file), 'utf8'))]);
  return groups;
}

/** The module's gzip cost of the given needles inside its data: [raw bytes matched, gzip bytes saved]. */
function cost(bytes, segments, needles, base) {
  const copy = Buffer.from(bytes);
  let matched = 0;
  for (const [start, end] of segments) {
    const data = copy.subarray(start, end);
    for (const needle of needles) {
      for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + needle.length)) {
        data.fill(0, at, at + needle.length);
        matched += needle.length;
      }
    }
  }
  return [matched, base - gz(copy)];
}

const app = (await readdir(DIST)).find((d) => d.startsWith('app-'));
if (!app) throw new Error(`wasm-data: no app-*/ in ${DIST} (trunk build --release first)`);
const groups = (await textGroups()).map(([name, texts]) => [name, texts.map((t) => Buffer.from(t))]);
const kb = (n) => (n / 1000).toFixed(1).padStart(6);
const files = (await readdir(path.join(DIST, app))).filter((f) => f.endsWith('.wasm'));
files.sort((a, b) => (a.startsWith('tablee-app') ? -1 : b.startsWith('tablee-app') ? 1 : a.localeCompare(b, 'en', { numeric: true })));
console.log('module (KB)                          gzip   data raw  data gzip  text raw  text gzip');
for (const file of files) {
  const bytes = await readFile(path.join(DIST, app, file));
  const segments = dataSegments(bytes);
  const base = gz(bytes);
  const data = segments.map(([s, e]) => bytes.subarray(s, e));
  const zeroed = Buffer.from(bytes);
  for (const [s, e] of segments) zeroed.fill(0, s, e);
  const all = groups.flatMap(([, t]) => t);
  const [textRaw, textGz] = cost(bytes, segments, all, base);
  const raw = data.reduce((n, d) => n + d.length, 0);
  console.log(`${file.padEnd(34)} ${kb(base)}   ${kb(raw)}     ${kb(base - gz(zeroed))}    ${kb(textRaw)}     ${kb(textGz)}`);
  if (file.startsWith('tablee-app') || process.argv.includes('--all')) {
    for (const [name, texts] of groups) {
      const [r, g] = cost(bytes, segments, texts, base);
      if (r > 0) console.log(`    ${name.padEnd(52)} ${kb(r)} raw ${kb(g)} gzip`);
    }
  }
  if (process.argv.includes('--map') && file.startsWith('tablee-app')) {
    const all = Buffer.concat(data);
    for (let at = 0; at < all.length; at += 1024) {
      const w = all.subarray(at, at + 1024);
      const counts = new Map();
      for (const b of w) counts.set(b, (counts.get(b) || 0) + 1);
      let entropy = 0;
      for (const c of counts.values()) entropy -= (c / w.length) * Math.log2(c / w.length);
      const printable = w.filter((b) => b >= 32 && b < 127).length / w.length;
      console.log(`    ${String(at).padStart(6)}  entropy ${entropy.toFixed(2)}  printable ${printable.toFixed(2)}  ${JSON.stringify(w.subarray(0, 32).toString('latin1'))}`);
    }
  }
}
