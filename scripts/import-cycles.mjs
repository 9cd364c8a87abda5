#!/usr/bin/env node
// Import circles between files (issue 43): reads every crate's `.rs` files,
// resolves the `crate::…`, `super::…` and `self::…` paths each file names
// (in `use` lines and inline) to the file that defines the module, and
// prints the strongly connected components of that graph with more than one
// file. A module's `mod x;` declarations are not edges (a parent declaring a
// child is no import); `pub use child::X` re-exports are. Test modules
// (`#[cfg(test)] mod tests { … }` to the end of the file, and a
// `#[cfg(test)] mod x;`'s files) are left out: a
// test may use anything. Crates cannot import each other in a circle (cargo
// refuses), so only paths inside one crate count.
//
//   node scripts/import-cycles.mjs          the circles, one per paragraph
//   node scripts/import-cycles.mjs --tests  the test modules' imports too
//   node scripts/import-cycles.mjs --count  just their number
//   node scripts/import-cycles.mjs --edges  each circle's imports, file -> file
//   node scripts/import-cycles.mjs --macros also what the registry's macros
//                                           (`with_game!`, `each_game!`) reach
//
// Exits 1 when it finds a circle (`make test` runs it first, so that none
// creeps back; docs/architecture.md, "Layers").

import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";

const withTests = process.argv.includes("--tests");
const withMacros = process.argv.includes("--macros");
const root = new URL("..", import.meta.url).pathname;
const crates = [
  { src: "src", roots: ["lib.rs"] },
  ...readdirSync(join(root, "crates")).map((c) => ({ src: `crates/${c}/src`, roots: ["lib.rs", "main.rs"] })),
];

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith(".rs")) out.push(p);
  }
  return out;
}

// A file's module path inside its crate: src/app/mod.rs -> ["app"].
function modulePath(srcDir, file) {
  const rel = relative(srcDir, file).replace(/\.rs$/, "").split("/");
  const last = rel[rel.length - 1];
  if (last === "mod") rel.pop();
  if (rel.length === 1 && (last === "lib" || last === "main")) return [];
  return rel;
}

// Strip comments and string and char literals (one pass, so that a `//`
// inside a string or a quote inside a comment is not misread) so that doc
// examples and texts are not read as paths; cut the tests module.
function code(source) {
  let out = "";
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i], d = source[i + 1];
    if (c === "/" && d === "/") {
      while (i < n && source[i] !== "\n") i++;
    } else if (c === "/" && d === "*") {
      i = source.indexOf("*/", i + 2);
      i = i < 0 ? n : i + 2;
    } else if (c === "r" && (d === '"' || d === "#") && !/\w/.test(source[i - 1] ?? "")) {
      const m = /^r(#*)"/.exec(source.slice(i, i + 20));
      if (!m) { out += c; i++; continue; }
      const close = '"' + m[1];
      const j = source.indexOf(close, i + m[0].length);
      i = j < 0 ? n : j + close.length;
      out += '""';
    } else if (c === '"') {
      i++;
      while (i < n && source[i] !== '"') i += source[i] === "\\" ? 2 : 1;
      i++;
      out += '""';
    } else if (c === "'" && (/^'(\\[\s\S]|[^\\'\n])'/.test(source.slice(i, i + 4)) || /^'\\u\{[0-9a-fA-F]+\}'/.test(source.slice(i, i + 12)))) {
      i = source.indexOf("'", i + 2) + 1;
      out += "' '";
    } else {
      out += c;
      i++;
    }
  }
  if (withTests) return out;
  const t = out.search(/#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{/);
  return t >= 0 ? out.slice(0, t) : out;
}

// Expands `a::{b, c::{d, e}}` into ["a::b", "a::c::d", "a::c::e"].
function expand(tree) {
  tree = tree.replace(/\s+/g, "");
  const i = tree.indexOf("{");
  if (i < 0) return [tree.replace(/\bas\b.*$/, "")];
  const prefix = tree.slice(0, i);
  let depth = 0, start = i + 1;
  const parts = [];
  for (let j = i; j < tree.length; j++) {
    if (tree[j] === "{") depth++;
    else if (tree[j] === "}") {
      depth--;
      if (depth === 0) { parts.push(tree.slice(start, j)); break; }
    } else if (tree[j] === "," && depth === 1) { parts.push(tree.slice(start, j)); start = j + 1; }
  }
  return parts.filter(Boolean).flatMap((p) => expand(prefix + p));
}

// The registry's macros (src/app/registry.rs) name each game's module in
// what they expand to: `with_game!` and `for_each_game!` a type of every
// game's (`crate::games::<module>::<Def>`), `each_game!` the enums over the
// games. A file that invokes one imports those, though no path is written
// (issue 54: the check saw through no macro). The games are read from the
// registry's invocation in src/games/mod.rs (the tests' game with --tests).
// Only with --macros, for now: through them the shared screens (replay,
// puzzles, learn, the shell) reach each game's `impl GameUi`, whose tables
// use those screens' pieces — one circle of 44 files on 2026-12-05, which
// the registry's dispatch moving to the page's top (parts.rs) would cut;
// docs/architecture.md, "Layers".
const registry = code(readFileSync(join(root, "src/games/mod.rs"), "utf8")).match(/registry!\s*\{([^}]*)\}/);
const registered = registry
  ? [...registry[1].matchAll(/(#\[[^\]]*\]\s*)?\w+\s*:\s*(\w+)::(\w+)/g)].filter((m) => withTests || !m[1]).map((m) => ({ module: m[2], def: m[3] }))
  : [];
if (registered.length === 0) throw new Error("no game read from the registry's invocation in src/games/mod.rs");
// The type's own file, and every file of the app crate that implements a
// trait for it (`impl GameUi for Katzenjammer`): a macro's body calls them.
const implementers = (def) =>
  walk(join(root, "src")).filter((f) => new RegExp(`\\bimpl\\b[^{;]*\\bfor\\s+${def}\\b`).test(code(readFileSync(f, "utf8"))));
const macroTargets = registered.map(({ module, def }) => ({ path: `crate::games::${module}`, files: implementers(def) }));
const macroPaths = (text) => {
  const paths = [];
  if (/\b(?:with_game|for_each_game)!/.test(text)) for (const t of macroTargets) paths.push(t.path, ...t.files.map((f) => ({ file: f })));
  if (/\beach_game!/.test(text)) paths.push("crate::games");
  return paths;
};

const graph = new Map(); // file -> Set(file)
const names = new Map(); // crate-relative key -> file
for (const { src, roots } of crates) {
  const srcDir = join(root, src);
  if (!existsSync(srcDir) || !roots.some((r) => existsSync(join(srcDir, r)))) continue;
  // Test modules in files of their own (`#[cfg(test)] mod shell_tests;`,
  // everything under them) are left out as inline ones are.
  const testModules = withTests
    ? []
    : walk(srcDir).flatMap((f) =>
        [...code(readFileSync(f, "utf8")).matchAll(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;/g)].map((m) => [...modulePath(srcDir, f), m[1]].join("::")),
      );
  const inTests = (f) => {
    const key = modulePath(srcDir, f).join("::");
    return testModules.some((t) => key === t || key.startsWith(`${t}::`));
  };
  const files = walk(srcDir).filter((f) => !f.includes("/bin/") && !inTests(f));
  const byModule = new Map(files.map((f) => [modulePath(srcDir, f).join("::"), f]));
  const resolve = (segments) => {
    for (let n = segments.length; n >= 0; n--) {
      const f = byModule.get(segments.slice(0, n).join("::"));
      if (f) return f;
    }
    return null;
  };
  for (const file of files) {
    const here = modulePath(srcDir, file);
    const text = code(readFileSync(file, "utf8"));
    const paths = [];
    // A child module named without `self::` (`use parts::Part`, `home::Home`).
    const children = [...text.matchAll(/\bmod\s+(\w+)\s*;/g)].map((m) => m[1]);
    for (const m of text.matchAll(/\buse\s+([^;]+);/g)) {
      for (const p of expand(m[1]).map((p) => p.replace(/^::/, ""))) {
        paths.push(children.includes(p.split("::")[0]) ? `self::${p}` : p);
      }
    }
    // Whole paths only: the `crate::ui` of `use crate::ui::{browser, term}`
    // names no item of ui/mod.rs (the use tree above reads its branches).
    for (const m of text.matchAll(/\b((?:crate|super|self)(?:::\w+)+)(?!\w|::[\w{*])/g)) paths.push(m[1]);
    for (const child of children) {
      for (const m of text.matchAll(new RegExp(`(?<![:\\w])(${child}(?:::\\w+)+)`, "g"))) paths.push(`self::${m[1]}`);
    }
    // (The registry's macros are the app crate's.)
    if (withMacros && src === "src") paths.push(...macroPaths(text));
    const edges = graph.get(file) ?? new Set();
    for (const p of paths) {
      if (typeof p === "object") {
        if (p.file !== file) edges.add(p.file);
        continue;
      }
      const segs = p.split("::").filter(Boolean);
      let base;
      if (segs[0] === "crate") { base = []; segs.shift(); }
      else if (segs[0] === "self") { base = here.slice(); segs.shift(); }
      else if (segs[0] === "super") {
        base = here.slice();
        while (segs[0] === "super") { base.pop(); segs.shift(); }
      } else continue;
      const target = resolve(base.concat(segs));
      if (target && target !== file) edges.add(target);
    }
    graph.set(file, edges);
  }
}

// Tarjan's strongly connected components.
let index = 0;
const idx = new Map(), low = new Map(), on = new Set(), stack = [], sccs = [];
function strong(v) {
  idx.set(v, index); low.set(v, index); index++;
  stack.push(v); on.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do { w = stack.pop(); on.delete(w); c.push(w); } while (w !== v);
    if (c.length > 1) sccs.push(c.map((f) => relative(root, f)).sort());
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v);
sccs.sort((a, b) => b.length - a.length);

if (process.argv.includes("--count")) {
  console.log(sccs.length);
} else {
  console.log(`${sccs.length} import circle(s), ${sccs.reduce((n, c) => n + c.length, 0)} files in them`);
  for (const c of sccs) {
    console.log(`\n${c.length} files:\n  ${c.join("\n  ")}`);
    if (!process.argv.includes("--edges")) continue;
    // The imports inside the circle: where to cut it.
    const inside = new Set(c);
    for (const f of c) {
      for (const t of graph.get(join(root, f)) ?? []) {
        if (inside.has(relative(root, t))) console.log(`    ${f} -> ${relative(root, t)}`);
      }
    }
  }
}
if (sccs.length > 0) process.exitCode = 1;
