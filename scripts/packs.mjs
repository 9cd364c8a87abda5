// A link's modules in one file (issue 44; docs/performance.md, "One request per
// link"). A deal fetches its table's part and the 15–20 chunks it shares with
// other parts: on Lighthouse's phone (HTTP/1.1, six connections, 150 ms each
// way) those are three or four waves of requests. A pack is the same modules
// in one response: index.html's inline script fetches the pack of the parts it
// guesses for the address, and the split loader takes a module from it instead
// of fetching the module's own file (`self.tableeFetch`, below).
//
// A pack is itself a WebAssembly module holding only custom sections, one per
// module, named by the module's file (readable by any wasm tool), gzipped by
// zopfli (`precompress`). The page never compiles it: it inflates it and reads
// the sections' names and bytes as they stream in (`packLoader`).
//
// Packs are for a first visit only: the service worker precaches the modules
// one by one and does not list packs, so a visit it controls fetches modules
// from its cache, and a pack that fails (offline, a server without it) falls
// back to the modules' own files. The service worker's install takes the
// modules of the packs the page read from the HTTP cache (`readPack`) and
// fetches only the others.

import zopfli from '@gfx/zopfli';

const MAGIC = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function leb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

/** The pack of `modules`, a list of [file name, bytes]. */
export function writePack(modules) {
  const sections = modules.map(([name, bytes]) => {
    const encoded = Buffer.from(name, 'utf8');
    const body = Buffer.concat([leb(encoded.length), encoded, bytes]);
    return Buffer.concat([Buffer.from([0]), leb(body.length), body]);
  });
  return Buffer.concat([MAGIC, ...sections]);
}

/**
 * `bytes` gzipped by zopfli, a slower, denser DEFLATE encoder than gzip -9
 * (4.8% smaller on J'achète's pack, 6.0% on the core's wasm): a first
 * visit's pack and the core's wasm are written so (`NAME.gz`), served as
 * they are (GitHub Pages compresses no .gz again), and inflated in the page
 * by the browser's DecompressionStream as they stream in. 15 iterations,
 * zopfli's default: ~2 s a pack at build time.
 */
export async function precompress(bytes) {
  return Buffer.from(await zopfli.gzipAsync(bytes, { numiterations: 15 }));
}

/**
 * The modules of the pack `key` (`parts`: { part: [its module files] }): its
 * parts' (`p`, or `p-t` for a guess of two), less those of the parts after
 * `~` (a pack for after another part: `Jachete~Katzenjammer`). The build
 * writes each pack from it and the page (`packLoader`) reads each pack's
 * contents from it: self-contained, the page gets its text.
 */
export function packModules(parts, key) {
  const [want, after = ''] = key.split('~');
  const have = new Set(after.split('-').flatMap((part) => parts[part] ?? []));
  return [...new Set(want.split('-').flatMap((part) => parts[part] ?? []))].filter((name) => !have.has(name));
}

/**
 * Reads a pack (`response`, gzipped: `precompress`) as it streams in and
 * calls `take(name, bytes)` for each module as soon as its last byte has
 * come; resolves once the pack is read whole. Runs in the page (the inline
 * script passes it to `packLoader`) and in the service worker (sw-template.js:
 * the modules of a pack the page read, taken from the HTTP cache rather than
 * fetched again). Self-contained: both get its text.
 */
export async function readPack(response, take) {
  if (!response.ok || !response.body) throw new Error(`pack ${response.status}`);
  const reader = response.body.pipeThrough(new DecompressionStream('gzip')).getReader();
  // The bytes not parsed yet: `buffer` from `at`, then `chunks`. They are
  // joined only once `need` bytes are in (a whole section, when its size
  // is known), so each byte is copied about once.
  let buffer = new Uint8Array(0);
  let at = 0;
  let header = 8; // the bytes of wasm's header, skipped once in
  let chunks = [];
  let have = 0;
  let need = header + 16;
  // A LEB128 number at `at`, or -1 when its bytes have not all come.
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      if (at >= buffer.length) return -1;
      byte = buffer[at++];
      value |= (byte & 127) << shift;
      shift += 7;
    } while (byte & 128);
    return value;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    have += value.length;
    if (buffer.length - at + have < need) continue;
    const joined = new Uint8Array(buffer.length - at + have);
    joined.set(buffer.subarray(at));
    let offset = buffer.length - at;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    buffer = joined;
    at = header;
    header = 0;
    chunks = [];
    have = 0;
    // Each custom section whose bytes have all come: id, size, name, module.
    for (;;) {
      const section = at;
      at += 1;
      const size = leb();
      if (size < 0 || at + size > buffer.length) {
        need = size < 0 ? buffer.length - section + 16 : at + size - section;
        at = section;
        break;
      }
      const end = at + size;
      const length = leb();
      take(new TextDecoder().decode(buffer.subarray(at, at + length)), buffer.subarray(at + length, end));
      at = end;
    }
  }
}

/**
 * Runs in the page (index.html's inline script, build-page.mjs), on a first
 * visit in a browser with DecompressionStream, given `readPack` and
 * `packModules`. `dir` is the modules' folder,
 * `parts` { part: [its module files] } (the split loader's), `packs`
 * { key: pack file }, a key being a part, `part-part` (a guess's), or
 * `part~other` (the part's modules less the other's: for a part wanted after
 * another, as a game's table after the home's prefetch of the other game's).
 *
 * Defines `self.tableePack(key)`, which fetches that pack (gzipped:
 * `precompress`) for the modules of it not asked for yet — when they are
 * most of it: else the modules come one by one — and
 * `self.tableeFetch(url)`, the split loader's fetch: a module of a pack
 * fetched is answered from it as soon as its last byte has come (the pack
 * is read as it streams in, so the first modules in it — a puzzle link's
 * puzzle part, before its table — run before the last have come); any other
 * module, or every module of a pack that fails, from its own file.
 * index.html's script asks for its guess's pack at once; the loader asks for
 * a part's pack when the part is first wanted (a Play, the home's idle
 * prefetch). `tableeFetch.s` lists the modules taken from packs (the browser
 * tests read it).
 */
export function packLoader(dir, parts, packs, readPack, packModules) {
  const waiting = new Map();
  const asked = new Set();
  const served = [];
  const reading = new Set();
  const inflate = (url, names) =>
    fetch(url).then((response) =>
      readPack(response, (name, bytes) => {
        if (names.includes(name)) waiting.get(name)?.resolve(bytes);
      }),
    );
  const modulesOf = (key) => packModules(parts, key);
  const open = (name) => !asked.has(name) && !waiting.has(name);
  self.tableePack = (key) => {
    // Of the key's own pack and those for after another part, the one that
    // brings most of what is still to come, and least of what is here.
    let all = [];
    let names = [];
    for (const candidate of Object.keys(packs).filter((k) => k === key || k.startsWith(`${key}~`))) {
      const its = modulesOf(candidate);
      const mine = its.filter(open);
      if (mine.length > names.length || (mine.length === names.length && its.length < all.length)) {
        all = its;
        names = mine;
        key = candidate;
      }
    }
    if (!packs[key] || names.length < 2 || names.length * 2 < all.length) return;
    for (const name of names) {
      let resolve, reject;
      const promise = new Promise((yes, no) => {
        resolve = yes;
        reject = no;
      });
      promise.catch(() => {});
      waiting.set(name, { promise, resolve, reject });
    }
    const read = inflate(dir + packs[key], names)
      .catch(() => {})
      // What the pack did not hold (or a failed pack) comes from its own file.
      .finally(() => {
        names.forEach((name) => waiting.get(name).reject());
        reading.delete(read);
      });
    reading.add(read);
  };
  // Resolves once no pack is being read (index.html registers the service
  // worker then: its install finds those packs in the HTTP cache).
  self.tableePack.settled = async () => {
    while (reading.size) await Promise.all(reading);
  };
  const tableeFetch = (module) => {
    const name = String(module).split('/').pop();
    asked.add(name);
    const packed = waiting.get(name);
    if (!packed) return fetch(module);
    return packed.promise.then(
      (bytes) => {
        served.push(name);
        return new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } });
      },
      () => fetch(module),
    );
  };
  tableeFetch.s = served;
  self.tableeFetch = tableeFetch;
}

/**
 * The split loader's text (as wasm-split-cli 0.2.4 writes it) made to use
 * packs when index.html's script defined them (a first visit): each module's
 * `fetch(new URL(...))` asks `self.tableeFetch` first, and each part's loader
 * (`export const __wasm_split_load_P = wrapAsyncCb(…);`) asks for the part's
 * pack (`self.tableePack`) when the part is first wanted. Returns the new
 * text, how many fetches and how many loaders it rewrote (build-page.mjs
 * checks them against what the split wrote).
 */
export function packedLoads(source) {
  const fetches = source.split('fetch(new URL(').length - 1;
  const code = source.replaceAll('fetch(new URL(', '(self.tableeFetch||fetch)(new URL(');
  const loads = /export const __wasm_split_load_(\w+) = wrapAsyncCb\(([\s\S]*?\]\))\);\n/g;
  const count = [...code.matchAll(loads)].length;
  const wrapped = code.replace(loads, (_, part, load) => `export const __wasm_split_load_${part} = tableeWrap(${JSON.stringify(part)}, wrapAsyncCb(${load}));\n`);
  const wrap = 'const tableeWrap = (part, load) => (index, data) => {\n  if (self.tableePack) self.tableePack(part);\n  return load(index, data);\n};\n';
  return { code: wrap + wrapped, count, fetches };
}
