// The first-load size budget: what every link fetches first (the core: the
// home screen is a part since issue 44, its link counted below), compressed;
// and what each part of the page adds when it is first used (issue 35).
//
//   node scripts/size.mjs [--dist dist] [--budget-kb 140] [--json]
//
// Reads dist/index.html (as built by `trunk build --release`) and follows what
// the first load fetches: the stylesheets, scripts, module preloads and preloads
// (the app's JS and wasm), the modules those scripts import, the icons and the
// web app manifest, and the icons the manifest lists. Then, from the page's
// part loader (`app-<hash>/__wasm_split.js`, written by wasm-split-cli), the
// files each part fetches on first use (its own module and the shared chunks
// it needs). Each file is counted once, gzip (level 9) and brotli (quality
// 11) sizes from Node's zlib (a file already gzipped, `.gz`: a first visit's
// pack, the core's wasm, scripts/packs.mjs — its own size), per category: wasm, JS, CSS, fonts/images,
// html/manifest. Files the first load does not need (the bots' worker, started
// with the first game: tests/e2e/smoke.test.mjs checks the home screen never
// fetches it; the rules pages, fetched when the rules are opened; the service
// worker, installed after the load, which then precaches every file in the
// background for offline play) are listed separately and not in the total.
// Then each link a visitor taps (scripts/links.mjs): the bytes it needs
// before its first decision, exactly: the first load, the parts index.html's
// inline script preloads for that address (run here in a sandbox), and for a
// puzzle its game's puzzle index and the one part of it holding the puzzle.
// Beside each: issue 44's budget (the target) and the link's ceiling.
// Exits 1 when the gzip total is over budget or a link is over its ceiling.
// KB here is 1000 bytes.

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { links } from './links.mjs';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

function arg(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}
const DIST = path.resolve(REPO_ROOT, arg('--dist', 'dist'));
const BUDGET_KB = Number(arg('--budget-kb', '140'));
const JSON_OUT = process.argv.includes('--json');

const CATEGORIES = ['wasm', 'js', 'css', 'fonts/images', 'html/manifest'];

export function category(file) {
  const ext = path.extname(file.replace(/\.gz$/, '')).toLowerCase();
  if (ext === '.wasm') return 'wasm';
  if (ext === '.js' || ext === '.mjs') return 'js';
  if (ext === '.css') return 'css';
  if (['.html', '.webmanifest', '.json'].includes(ext)) return 'html/manifest';
  return 'fonts/images';
}

export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** Local URLs (relative to dist/) that the first load of index.html fetches. */
export function firstLoadRefs(html) {
  const refs = new Set(['index.html']);
  const local = (url) => {
    if (!url || /^(?:[a-z]+:|\/\/|#|data:)/i.test(url)) return;
    refs.add(url.replace(/^\.\//, '').replace(/[?#].*$/, ''));
  };
  // An attribute's value, quoted or not (Trunk minifies release HTML: href=./x.css).
  const attr = (tag, name) => {
    const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
    return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
  };
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attr(tag, 'rel')?.toLowerCase() ?? '';
    if (/(stylesheet|icon|apple-touch-icon|manifest|modulepreload|preload)/.test(rel)) local(attr(tag, 'href'));
  }
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) local(attr(tag, 'src'));
  // Trunk's inline loader: import ... from './x.js'; init({ module_or_path: './x_bg.wasm' }).
  for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
    for (const m of script.matchAll(/from\s*['"]([^'"]+\.js)['"]|module_or_path:\s*['"]([^'"]+)['"]/g)) local(m[1] ?? m[2]);
  }
  return refs;
}

/** The static imports of an ES module's text (`from "./x.js"`), relative to it. */
export function moduleImports(code, file) {
  const dir = path.posix.dirname(file);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*['"](\.{1,2}\/[^'"]+\.js)['"]/g)].map((m) => path.posix.normalize(path.posix.join(dir, m[1])));
}

/**
 * The page's parts from the split loader's text: { part: [files fetched on
 * its first use] }, file names relative to the loader's folder `dir`.
 */
export function partFiles(code, dir) {
  // (The loader's fetch goes through `self.tableeFetch` first: scripts/packs.mjs.)
  const fetched = (body) => /(?:\(self\.tableeFetch\|\|fetch\)|fetch)\(\s*new URL\(\s*["']\.\/([^"']+)["']/.exec(body)?.[1];
  const chunks = new Map();
  for (const m of code.matchAll(/([\w$]+)\s*=\s*[\w$]+\(\s*\(\)\s*=>\s*\{\s*const\s+[\w$]+\s*=\s*(?:\(self\.tableeFetch\|\|fetch\)|fetch)\(\s*new URL\(\s*["']\.\/([^"']+)["']/g)) {
    chunks.set(m[1], m[2]);
  }
  const parts = {};
  for (const m of code.matchAll(/export const __wasm_split_load_(\w+)\s*=([\s\S]*?)\[([^\]]*)\]\s*\)\s*\)\s*[;,]?/g)) {
    const own = fetched(m[2]);
    const deps = m[3].split(',').map((v) => chunks.get(v.trim())).filter(Boolean);
    parts[m[1]] = [...deps, own].filter(Boolean).map((f) => path.posix.join(dir, f));
  }
  return parts;
}

/**
 * The files (relative to dist/) that index.html's inline guess preloads or
 * fetches (a pack) for the address `search` on a first visit, with `storage` as localStorage: the script itself,
 * run in a sandbox, so this counts what the page really asks for.
 */
export function guessedPreloads(html, search, storage = {}) {
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((code) => code.includes('rel:"preload"'));
  if (!script) throw new Error("index.html has no inline script preloading a link's parts");
  const hrefs = [];
  vm.runInNewContext(script, {
    location: { search },
    localStorage: { getItem: (key) => storage[key] ?? null },
    document: { createElement: () => ({}), head: { append: (element) => hrefs.push(element.href) } },
    // A first visit in a browser that inflates gzip (DecompressionStream): no
    // service worker yet, so the guess's pack is fetched (scripts/packs.mjs).
    navigator: {},
    self: { DecompressionStream: class {} },
    fetch: (href) => {
      hrefs.push(href);
      return new Promise(() => {});
    },
  });
  return hrefs.map((href) => href.replace(/^\.\//, ''));
}

/**
 * The puzzle file part a puzzle link fetches once its index is read (the
 * part holding the puzzle's game: crates/puzzles' `Parts::of_game`), or none.
 */
async function puzzlePart(search, preloads) {
  const index = preloads.find((file) => /^puzzles\/[a-z]+\.json$/.test(file));
  const id = Number(/[?&]puzzle=(\d+)/.exec(search)?.[1]);
  if (!index || !id) return [];
  const file = JSON.parse(await readFile(path.join(DIST, index), 'utf8'));
  const puzzle = file.puzzles?.find((p) => p.id === id);
  if (!file.part_games || !puzzle) return [];
  return [`${index.replace(/\.json$/, '')}/${Math.floor(puzzle.g / file.part_games)}.json`];
}

function kb(bytes) {
  return (bytes / 1000).toFixed(1).padStart(7);
}

async function main() {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8').catch(() => {
    throw new Error(`${DIST}/index.html is missing: build first (trunk build --release)`);
  });
  const refs = firstLoadRefs(html);
  // The modules the first load's scripts import (the split loader).
  for (const ref of [...refs]) {
    if (!ref.endsWith('.js')) continue;
    const code = await readFile(path.join(DIST, ref), 'utf8').catch(() => '');
    for (const imported of moduleImports(code, ref)) refs.add(imported);
  }
  // The manifest's icons are fetched by the browser at load too.
  for (const ref of [...refs]) {
    if (/\.(webmanifest|json)$/.test(ref)) {
      const manifest = JSON.parse(await readFile(path.join(DIST, ref), 'utf8'));
      for (const icon of manifest.icons ?? []) refs.add(icon.src.replace(/^\.\//, ''));
    }
  }
  const all = (await readdir(DIST, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(DIST, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'));
  const missing = [...refs].filter((ref) => !all.includes(ref));
  if (missing.length) throw new Error(`index.html refers to files not in dist/: ${missing.join(', ')}`);

  const rows = [];
  for (const file of all.sort()) {
    // A file already gzipped (a pack, the core's wasm: scripts/packs.mjs) goes out as it is.
    const bytes = await readFile(path.join(DIST, file));
    const sizes = file.endsWith('.gz') ? { raw: bytes.length, gzip: bytes.length, brotli: bytes.length } : compressedSizes(bytes);
    rows.push({ file, category: category(file), firstLoad: refs.has(file), ...sizes });
  }
  const totals = Object.fromEntries(CATEGORIES.map((c) => [c, { raw: 0, gzip: 0, brotli: 0 }]));
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const row of rows.filter((r) => r.firstLoad)) {
    for (const key of ['raw', 'gzip', 'brotli']) {
      totals[row.category][key] += row[key];
      total[key] += row[key];
    }
  }
  const over = total.gzip > BUDGET_KB * 1000;
  // Each part: what its first use fetches beyond the first load.
  const loader = [...refs].find((ref) => ref.endsWith('/__wasm_split.js'));
  const parts = {};
  if (loader) {
    const code = await readFile(path.join(DIST, loader), 'utf8');
    for (const [part, files] of Object.entries(partFiles(code, path.posix.dirname(loader)))) {
      const sizes = { raw: 0, gzip: 0, brotli: 0 };
      for (const file of files) {
        const row = rows.find((r) => r.file === file);
        if (!row) throw new Error(`the part ${part} needs ${file}, not in dist/`);
        for (const key of ['raw', 'gzip', 'brotli']) sizes[key] += row[key];
      }
      parts[part] = { files, ...sizes };
    }
  }

  // Each link: the first load, then what it preloads and fetches before its first decision.
  const linkRows = {};
  for (const [name, link] of Object.entries(await links(REPO_ROOT))) {
    if (link.budgetKb === undefined) continue;
    const preloads = guessedPreloads(html, link.search);
    const files = [...new Set([...preloads, ...(await puzzlePart(link.search, preloads))])].filter((file) => !refs.has(file));
    let gzip = total.gzip;
    for (const file of files) {
      const row = rows.find((r) => r.file === file);
      if (!row) throw new Error(`the link ${name} preloads ${file}, not in dist/`);
      gzip += row.gzip;
    }
    linkRows[name] = { search: link.search, files, gzip, budgetKb: link.budgetKb, ceilingKb: link.ceilingKb, over: gzip > link.ceilingKb * 1000 };
  }
  const linksOver = Object.entries(linkRows).filter(([, l]) => l.over).map(([name]) => name);

  if (JSON_OUT) {
    console.log(JSON.stringify({ dist: DIST, budgetKb: BUDGET_KB, over, total, categories: totals, parts, links: linkRows, files: rows }, null, 2));
  } else {
    const line = (name, s) => console.log(`${name.padEnd(44)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.brotli)}`);
    console.log(`${'first load (every link: the core)'.padEnd(44)} ${'raw KB'.padStart(7)} ${'gzip'.padStart(7)} ${'brotli'.padStart(7)}`);
    for (const row of rows.filter((r) => r.firstLoad)) line(`  ${row.file}`, row);
    console.log('by category:');
    for (const c of CATEGORIES) line(`  ${c}`, totals[c]);
    line('TOTAL first load', total);
    console.log("each part's first use (its module and the shared chunks it needs; chunks shared with a part already loaded are fetched once):");
    for (const [part, sizes] of Object.entries(parts)) line(`  ${part}`, sizes);
    console.log('later (not in the first-load total):');
    for (const row of rows.filter((r) => !r.firstLoad)) line(`  ${row.file}`, row);
    console.log(
      `budget: ${(total.gzip / 1000).toFixed(1)} KB gzip of ${BUDGET_KB} KB: ${over ? 'OVER BUDGET' : 'ok'}`,
    );
    console.log("each link until its first decision (gzip KB; issue 44's budget, and the ceiling it may not pass):");
    for (const [name, l] of Object.entries(linkRows)) {
      const gap = l.gzip / 1000 - l.budgetKb;
      console.log(
        `  ${name.padEnd(10)} ${kb(l.gzip)}  budget ${String(l.budgetKb).padStart(3)} (${gap > 0 ? `${gap.toFixed(1)} over` : 'met'})` +
          `  ceiling ${String(l.ceilingKb).padStart(3)}: ${l.over ? 'OVER CEILING' : 'ok'}`,
      );
    }
  }
  if (over || linksOver.length) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`size: ${error.message}`);
    process.exit(2);
  });
}
