// A link's modules in one file (issue 44; docs/performance.md, "One request per
// link"). A deal fetches its table's part and the 15–20 chunks it shares with
// other parts: on Lighthouse's phone (HTTP/1.1, six connections, 150 ms each
// way) those are three or four waves of requests. A pack is the same modules
// in one response: index.html's inline script fetches the pack of the parts it
// guesses for the address, and the split loader takes a module from it instead
// of fetching the module's own file (`self.tableeFetch`, below).
//
// A pack is itself a WebAssembly module holding only custom sections, one per
// module, named by the module's file: served and compressed as every other
// .wasm, and readable by any wasm tool. The page never compiles it: it reads
// the sections' names and bytes as they stream in (`fetchPack`).
//
// Packs are for a first visit only: the service worker precaches the modules
// one by one and does not list packs, so a visit it controls fetches modules
// from its cache, and a pack that fails (offline, a server without it) falls
// back to the modules' own files.

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
 * Runs in the page (index.html's inline script, build-page.mjs): fetches the
 * pack at `url` (gzipped: `precompress`), which holds the modules `names`, and defines
 * `self.tableeFetch(url)`, the split loader's fetch: a module of the pack is
 * answered from it as soon as its last byte has come (the pack is read as it
 * streams in, so the first modules in it — a puzzle link's puzzles part,
 * before its table — run before the last ones have come); any other module,
 * or every module when the pack fails, from its own file. `tableeFetch.s`
 * lists the modules taken from the pack (the browser tests read it).
 */
export function fetchPack(url, names) {
  const waiting = new Map();
  for (const name of names) {
    let resolve, reject;
    const promise = new Promise((yes, no) => {
      resolve = yes;
      reject = no;
    });
    promise.catch(() => {});
    waiting.set(name, { promise, resolve, reject });
  }
  (async () => {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`pack ${response.status}`);
    const reader = response.body.pipeThrough(new DecompressionStream('gzip')).getReader();
    let buffer = new Uint8Array(0);
    let at = 8; // past the header
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
      const joined = new Uint8Array(buffer.length + value.length);
      joined.set(buffer);
      joined.set(value, buffer.length);
      buffer = joined;
      // Each custom section whose bytes have all come: id, size, name, module.
      for (;;) {
        const section = at;
        at += 1;
        const size = leb();
        if (size < 0 || at + size > buffer.length) {
          at = section;
          break;
        }
        const end = at + size;
        const length = leb();
        const name = new TextDecoder().decode(buffer.subarray(at, at + length));
        waiting.get(name)?.resolve(buffer.subarray(at + length, end));
        at = end;
      }
    }
  })()
    .catch(() => {})
    // What the pack did not hold (or a failed pack) comes from its own file.
    .finally(() => waiting.forEach((module) => module.reject()));
  const served = [];
  const tableeFetch = (module) => {
    const name = String(module).split('/').pop();
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

// The split loader's fetch of a module, made to ask `self.tableeFetch` first
// (defined by index.html's script when it fetched a pack): build-page.mjs
// rewrites each `fetch(new URL(...))` of __wasm_split.js to this.
export const LOADER_FETCH = '(self.tableeFetch||fetch)(new URL(';
