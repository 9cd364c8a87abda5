// Trunk post_build hook (Trunk.toml; it runs pwa-hook.mjs last): builds the page's
// WebAssembly in parts (issue 35, docs/performance.md "One app in parts").
//
// Trunk 0.21 runs cargo then wasm-bindgen with nothing in between
// (trunk-rs/trunk#1022), and splitting must happen between them, so the page's
// rust pipeline is this script while Trunk keeps the HTML, assets and the
// bots' worker:
//
//   1. cargo builds `tablee-app` for wasm32 (the `web` profile in release, `dev`
//      for `make play`), linked with `--emit-relocs` (the relocations tell
//      the splitter what refers to what);
//   2. `wasm-split-cli` cuts it at the functions marked in src/ui/parts.rs:
//      the main module, one module per part, shared chunks, and
//      `__wasm_split.js`, which fetches a part on first use;
//   3. wasm-bindgen (`--target web --keep-lld-exports`: the parts link against
//      the main module's own exports) writes the JS glue;
//   4. release only: `wasm-opt -Oz` on every module, wasm-streams' unused
//      exports dropped from the main one (scripts/wasm-exports.mjs), terser on
//      the JS;
//   5. everything goes into `app-<hash>/` in the staging directory, the hash
//      of its contents: a new build is new URLs, never a stale mix of old glue
//      and new modules in a cache; index.html's `<template id="tablee-app">` becomes
//      the preloads and the module script that starts the app.
//
// Before all that, each game's served files (issue 54: a game is one folder):
// `src/games/<game>/public/` (its rules pages, puzzles and course, laid out as
// they are served: `rules/`, `puzzles/`, `lessons/`) is copied into the
// staging directory beside what Trunk copied from `public/`; a file both would
// write is an error, never one silently over the other. Then the page's one
// stylesheet: style/main.css, each game's `src/games/<game>/style.css`,
// style/full.css (scripts/page-style.mjs).
//
// Every page build is split: a build of the parts' code that skipped the split
// would fail at run time (`__wasm_split_placeholder__` unresolved).
//
// By hand: TRUNK_STAGING_DIR=DIR TRUNK_PROFILE=release node scripts/build-page.mjs
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { gameFolders } from './games.mjs';
import { writePageStyle } from './page-style.mjs';
import { packLoader, packModules, packedLoads, precompress, readPack, writePack } from './packs.mjs';
import { partFiles } from './size.mjs';
import { stripUnusedExports } from './wasm-exports.mjs';
import { withoutCustomSections } from './wasm-read.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('build-page: TRUNK_STAGING_DIR is unset (run by Trunk, or set it)');
const release = process.env.TRUNK_PROFILE !== 'debug';

for (const game of await gameFolders(ROOT)) {
  const served = path.join(ROOT, 'src/games', game, 'public');
  if (existsSync(served)) await cp(served, staging, { recursive: true, force: false, errorOnExist: true });
}
// The page's one stylesheet, each game's table styles included (scripts/page-style.mjs).
await writePageStyle(ROOT, staging, { release });
const NAME = 'tablee-app';
// The bots' Web Worker (src/bin/tablee-worker.rs), started by
// public/worker-loader.js, which names its two files.
const WORKER = 'tablee-worker';
const TARGET = 'wasm32-unknown-unknown';

const run = (command, args, options = {}) => {
  const started = Date.now();
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: ROOT, ...options });
  console.log(`build-page: ${command} ${args[0]} … ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

/** Minifies the script `file` in place (an ES module, or a classic script). */
async function minifyFile(file, { module }) {
  const out = await minify(await readFile(file, 'utf8'), { module, compress: true, mangle: true, format: { comments: false } });
  await writeFile(file, out.code);
}

/** Drops the sections only tools read from the module `file` (release builds). */
async function dropToolSections(file) {
  await writeFile(file, withoutCustomSections(await readFile(file), ['producers', 'target_features']));
}

/** Fails with what to run when rustup's rust-src (std's sources) is missing. */
function requireRustSrc() {
  const sysroot = execFileSync('rustc', ['--print', 'sysroot'], { cwd: ROOT, encoding: 'utf8' }).trim();
  if (!existsSync(path.join(sysroot, 'lib/rustlib/src/rust/library/std'))) {
    console.error("build-page: Rust's sources are missing (the release build compiles std): run scripts/setup.sh, or `rustup component add rust-src`");
    process.exit(1);
  }
}

// 1. cargo. The target directory is cargo's own (CARGO_TARGET_DIR if set).
const profile = release ? 'web' : 'dev';
// `cargo rustc` gives the extra flag to the app's own link only: the
// dependencies keep .cargo/config.toml's flags, shared with the worker's build
// (another flag for all would rebuild them all), and the worker is not linked
// with relocations it has no use for (they stayed in its wasm: 106 -> 633 KB gzip).
// The bots' worker is built here too (step 6), with the same std: Trunk's own
// rust step cannot pass cargo these options, and a worker built apart would
// compile every dependency a second time.
//
// A release build also compiles std itself (issue 44; docs/performance.md,
// "std built for the page"), sized for the page: `optimize_for_size` (std's
// smaller code paths) and `panic = "immediate-abort"` (a panic stops the
// program at once, as `panic = "abort"` did, without formatting a message:
// −28 KB gzip on the first load, −35 to −45 KB on every link). Both are
// unstable cargo options, allowed on this pinned stable compiler by
// RUSTC_BOOTSTRAP=1 for these two commands (as Rust for Linux does); a newer
// rustc may rename them, and the build then fails here, not silently. A dev
// build (`make play`) keeps std as shipped: a panic there prints its message.
const sizedStd = release
  ? ['-Zbuild-std=std,panic_abort', '-Zbuild-std-features=optimize_for_size', '-Zpanic-immediate-abort', '--config', `profile.${profile}.panic="immediate-abort"`]
  : [];
if (release) requireRustSrc();
const cargoEnv = { env: release ? { ...process.env, RUSTC_BOOTSTRAP: '1' } : process.env };
run('cargo', ['rustc', '--locked', '--target', TARGET, '--bin', NAME, '--profile', profile, ...sizedStd, '--', '-C', 'link-arg=--emit-relocs'], cargoEnv);
run('cargo', ['build', '--locked', '--target', TARGET, '--bin', WORKER, '--profile', profile, ...sizedStd], cargoEnv);
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
// Where cargo writes the profile's programs (the page's and the worker's).
const programs = path.join(targetDir, TARGET, release ? 'web' : 'debug');
const built = path.join(programs, `${NAME}.wasm`);

// 2. split, into a scratch directory next to cargo's output.
const work = path.join(targetDir, 'page-parts');
await rm(work, { recursive: true, force: true });
await mkdir(work, { recursive: true });
// tablee-wasm-split is wasm-split-cli with scripts/wasm-split.patch
// (scripts/setup.sh): what a part named here shares with any other part goes
// to the core, not into chunks. The home screen and the rules are parts so
// that a link to a deal, a puzzle or a replay does not fetch them; what they
// share with the tables (the shell's words and views) was the core's and is
// fetched by every link anyway, and cut into chunks it cost every link more
// (docs/performance.md, "The home screen in a part").
const SHARED_WITH_CORE = ['tablee_home', 'tablee_rules'];
// A game's friends' part (`tablee_friends_<Game>`, issue 55) rides on the
// game's table part (the patch's `WASM_SPLIT_RIDER_PREFIX`): what it shares
// with the table stays in the table's modules, as if it were not there, and
// the page loads the table before it (src/parts.rs). Cut into chunks with
// it, every link paid 1-4 KB (docs/friends.md, "What the first load pays").
const RIDER_PREFIX = 'tablee_friends_';
run('tablee-wasm-split', [built, work, '--target', 'web', '--out-name', NAME], {
  env: { ...process.env, WASM_SPLIT_SHARED_WITH_MAIN: SHARED_WITH_CORE.join(','), WASM_SPLIT_RIDER_PREFIX: RIDER_PREFIX },
});

// The loader fetches each module through `self.tableeFetch`, and asks for a
// part's pack when the part is first wanted (`self.tableePack`), when
// index.html's script defined them (a first visit; scripts/packs.mjs).
{
  const loader = path.join(work, '__wasm_split.js');
  const code = await readFile(loader, 'utf8');
  const modules = (await readdir(work)).filter((f) => f.endsWith('.wasm') && f !== `${NAME}.wasm`).length;
  const packed = packedLoads(code);
  if (packed.fetches !== modules) throw new Error(`build-page: __wasm_split.js fetches ${packed.fetches} modules in the form expected, the split wrote ${modules}`);
  const loads = code.split('export const __wasm_split_load_').length - 1;
  if (packed.count !== loads) throw new Error(`build-page: __wasm_split.js has ${loads} part loaders, ${packed.count} in the form expected`);
  await writeFile(loader, packed.code);
}

// 3. wasm-bindgen on the main module, in place: NAME.js and NAME_bg.wasm,
//    which __wasm_split.js imports as ./NAME.js.
// TABLEE_WASM_NAMES=1 keeps the functions' names (a profile then names them:
// scripts/profile.mjs); never for the site, the names cost ~260 KB.
const names = Boolean(process.env.TABLEE_WASM_NAMES);
// wasm-opt's flags for every module (the worker's too): -Oz, the features
// rustc's wasm32 target emits, and the lowest 1 KB of memory never used
// (docs/performance.md, "--low-memory-unused").
const optFlags = ['-Oz', ...(names ? ['-g'] : []), '--low-memory-unused', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-typescript', ...(names ? ['--keep-debug'] : []), '--out-dir', work, '--out-name', NAME, path.join(work, `${NAME}.wasm`)]);
await rm(path.join(work, `${NAME}.wasm`));

// 4. release: optimise every module, drop the unused exports, minify the JS.
const files = () => readdir(work);
if (release) {
  for (const file of (await files()).filter((f) => f.endsWith('.wasm'))) {
    const at = path.join(work, file);
    run('wasm-opt', [...optFlags, at, '-o', at]);
  }
  const dropped = await stripUnusedExports(path.join(work, `${NAME}_bg.wasm`), { restructure: true });
  console.log(`build-page: ${NAME}_bg.wasm: dropped ${dropped.length} unused exports`);
  // Last, the custom sections no browser reads: which tools made the module
  // ("producers") and the features it uses ("target_features", for tools
  // like wasm-opt, which have run). ~0.1 KB gzip a module, and a link
  // fetches 10 to 25 modules (docs/performance.md, "What a link fetches").
  for (const file of (await files()).filter((f) => f.endsWith('.wasm'))) {
    await dropToolSections(path.join(work, file));
  }
  for (const file of (await files()).filter((f) => f.endsWith('.js'))) {
    await minifyFile(path.join(work, file), { module: true });
  }
}

// 5. into staging under a name hashed from the contents.
const hash = createHash('sha256');
for (const file of (await files()).sort()) {
  hash.update(file);
  hash.update(await readFile(path.join(work, file)));
}
const dirName = `app-${hash.digest('hex').slice(0, 12)}`;
const dest = path.join(staging, dirName);
await rm(dest, { recursive: true, force: true });
await mkdir(dest, { recursive: true });
for (const file of await files()) await rename(path.join(work, file), path.join(dest, file));

const indexPath = path.join(staging, 'index.html');
const html = await readFile(indexPath, 'utf8');
// (An element, not a comment: Trunk's release minifier drops comments.)
const MARK = /<template id="?tablee-app"?><\/template>/;
if (!MARK.test(html)) throw new Error('build-page: index.html has no <template id="tablee-app"> mark');
// The module and its wasm are fetched at once (no waterfall behind the JS);
// the app starts when both are in. A failed start shows the boot line's
// fallback text instead of a blank page (index.html).
// The part a shared link shows at once is fetched beside the core, not after
// it (a waterfall of one more round trip and its bytes): a guess from the
// address (and, for a plain address, the game a reload resumes), as a
// preload; a wrong guess costs bytes, never correctness. Parts by name:
// each game's table is named after its registry variant, whose lowercase is
// the game's code in links (`Katzenjammer` ↔ `game=katzenjammer`; the first
// game is the one a link without `game=` deals).
// A game's friends' part (issue 55) is never guessed: left out of the inline
// script's list and of the packs, it costs no link's first load. A friend's
// invitation (`?game=…#join=…`) preloads its game's table, which its page
// loads first; the friends' part's modules come one by one.
const parts = Object.fromEntries(
  Object.entries(partFiles(await readFile(path.join(dest, '__wasm_split.js'), 'utf8'), '.')).filter(([name]) => !name.startsWith(RIDER_PREFIX)),
);
// (Each game's puzzle part is `tablee_puzzle_<Game>`.)
const games = Object.keys(parts).filter((p) => !p.startsWith('tablee_'));
// zopfli in release (~2 s a file), plain gzip for `make play`'s quick builds.
const gzipped = (bytes) => (release ? precompress(bytes) : gzipSync(bytes));
// One pack per set of more than one module (scripts/packs.mjs), named by its
// key (`packModules`): every part (its first use, when it is not the first
// screen's), each game's puzzle part with its table (a puzzle's link), and
// each game's table after another's (`B~A`: B's modules less A's): the home
// prefetches the game it shows first, and a visitor who then picks the other
// finds most of that game's pack already in, its own modules — 15 or more —
// still to come one by one.
const packs = {};
const keys = [
  ...Object.keys(parts),
  ...games.map((g) => `tablee_puzzle_${g}-${g}`),
  ...games.flatMap((b) => games.filter((a) => a !== b).map((a) => `${b}~${a}`)),
];
for (const key of keys) {
  const files = packModules(parts, key);
  if (files.length < 2) continue;
  const file = `pack_${key}.wasm.gz`;
  const pack = writePack(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dest, f))])));
  await writeFile(path.join(dest, file), await gzipped(pack));
  packs[key] = file;
}
// The core's wasm, gzipped by zopfli too (scripts/packs.mjs): what every
// link fetches first, 6% smaller than as the server compresses it.
const CORE = `${NAME}_bg.wasm`;
await writeFile(path.join(dest, `${CORE}.gz`), await gzipped(await readFile(path.join(dest, CORE))));
const guess = `(()=>{const P=${JSON.stringify(parts)},G=${JSON.stringify(games)},q=location.search,h=(r)=>r.test(q);` +
  `let p=h(/[?&](replay=|games(&|$))/)?"tablee_replay":h(/[?&]puzzles?(=|&|$)/)?"tablee_puzzles":null;` +
  `if(!p){const g=/[?&]game=([^&]*)/.exec(q);const c=g?decodeURIComponent(g[1]).trim().toLowerCase():G[0].toLowerCase();` +
  `if(h(/[?&](seed|daily)=/)||/^#join=/.test(location.hash))p=G.find((n)=>n.toLowerCase()===c);` +
  `else if(!q)try{const k=(JSON.parse(localStorage.getItem("tablee.games")||"[]")[0]||{}).key||"";` +
  `p=G.find((n)=>k.startsWith("tablee."+n.toLowerCase()+"."))}catch(e){}}` +
  // A puzzle is played on its game's table, a part of its own: fetched beside
  // the game's puzzle part (`tablee_puzzle_<Game>`), which a puzzle's link
  // shows instead of the puzzles' list.
  `const t=p==="tablee_puzzles"&&h(/[?&]puzzle=/)?G.find((n)=>n.toLowerCase()===((/[?&]game=([^&]*)/.exec(q)||[,G[0]])[1]).trim().toLowerCase()):null;` +
  // The puzzles' screens fetch their game's puzzle file's index first (the
  // list, and a puzzle's part once the index names it): fetched beside the parts.
  `const x=p==="tablee_puzzles"?"puzzles/"+(((/[?&]game=([^&]*)/.exec(q)||[,G[0]])[1]).trim().toLowerCase())+".json":null;if(t)p="tablee_puzzle_"+t;` +
  // Any other address shows the home screen, a part of its own — but the
  // rules' (a part too) and a lesson's (its part comes once chosen).
  `if(!p)p=h(/[?&]rules(=|&|$)/)?"tablee_rules":h(/[?&]learn(=|&|$)/)?null:"tablee_home";` +
  `const l=(h)=>document.head.append(Object.assign(document.createElement("link"),{rel:"preload",as:"fetch",crossOrigin:"anonymous",href:h}));` +
  // On a first visit (no service worker yet), the guess's modules come in one
  // pack, read as the loader asks for them (scripts/packs.mjs); otherwise, or
  // when the pack fails, each module's own file (preloaded).
  `const F=new Set([...(P[p]||[]),...(P[t]||[])]),K=${JSON.stringify(packs)},k=t?p+"-"+t:p,D="./${dirName}/";` +
  `if(self.DecompressionStream&&!(navigator.serviceWorker&&navigator.serviceWorker.controller))(${packLoader})(D,P,K,${readPack},${packModules});` +
  `if(self.tableePack&&K[k])self.tableePack(k);else for(const f of F)l(D+f);if(x&&G.some((n)=>x==="puzzles/"+n.toLowerCase()+".json"))l("./"+x)})()`;
// The app starts from the core's zopfli-gzipped wasm, inflated as it
// streams in (and compiled as it comes: instantiateStreaming); a browser
// without DecompressionStream, or a failed .gz, starts from the plain wasm.
const boot = `import init from "./${dirName}/${NAME}.js";const w="./${dirName}/${CORE}";` +
  `const c=self.DecompressionStream?fetch(w+".gz").then((r)=>{if(!r.ok)throw new Error(r.status);` +
  `return new Response(r.body.pipeThrough(new DecompressionStream("gzip")),{headers:{"Content-Type":"application/wasm"}})}):undefined;` +
  `init({module_or_path:c}).catch((e)=>{if(!c)throw e;return init({module_or_path:w})}).catch((e)=>window.tableeBootFailed&&tableeBootFailed(e))`;
const minified = async (code, module) => (await minify(code, { module, compress: true, mangle: true, format: { comments: false } })).code;
const start = [
  `<script>${await minified(guess, false)}</script>`,
  `<link rel="modulepreload" href="./${dirName}/${NAME}.js">`,
  `<link rel="preload" href="./${dirName}/${CORE}.gz" as="fetch" crossorigin>`,
  `<script type="module">${await minified(boot, true)}</script>`,
].join('');
// (Trunk leaves the skipped rust link of index.html in place: it goes too.)
const SKIPPED = /<link[^>]*data-trunk-skip[^>]*>/g;
await writeFile(indexPath, html.replace(MARK, start).replace(SKIPPED, ''));
const sizes = [];
for (const file of (await readdir(dest)).sort()) {
  const data = await readFile(path.join(dest, file));
  sizes.push(`${file} ${data.length}`);
}
console.log(`build-page: ${dirName}/ ${sizes.join(', ')}`);

// 6. the bots' worker, beside index.html under fixed names (the loader's):
//    wasm-bindgen's classic-script glue (a worker's importScripts), then, in
//    release, wasm-opt and terser as for the page.
const workerWork = path.join(targetDir, 'page-worker');
await rm(workerWork, { recursive: true, force: true });
run('wasm-bindgen', ['--target', 'no-modules', '--no-typescript', '--out-dir', workerWork, '--out-name', WORKER, path.join(programs, `${WORKER}.wasm`)]);
if (release) {
  const wasm = path.join(workerWork, `${WORKER}_bg.wasm`);
  run('wasm-opt', [...optFlags, wasm, '-o', wasm]);
  await dropToolSections(wasm);
  await minifyFile(path.join(workerWork, `${WORKER}.js`), { module: false });
}
for (const file of [`${WORKER}.js`, `${WORKER}_bg.wasm`]) {
  await rename(path.join(workerWork, file), path.join(staging, file));
}

// Last, the loaders' minification and the service worker's list of every file
// (the parts included): after this step, not beside it.
await import('./pwa-hook.mjs');
