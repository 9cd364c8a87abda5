// Where shared code names a game (issue 54: a game is one folder, all the way
// down). The games are found, not listed: each folder of src/games/ with a
// mod.rs is one. A game is named by its folder's name (`jachete`), that name
// in CamelCase (`Jachete`, `HighCard` for `highcard` from its marker type)
// and the types its engine folder declares that no other game's declares
// (`KbView`, `JaAction`, `Counts`…). A Rust file belongs to a game when a
// part of its path is the game's folder name or starts with it (`jachete/`,
// `jachete_bots.rs`); the registries (`src/games/mod.rs`,
// `crates/cli/src/games/mod.rs`) may name every game, and so may a line
// that only declares a game's folder as a module (`pub mod jachete;`,
// `#[cfg(…)] pub mod highcard;`): the one line a crate's registry of
// modules gives a game (docs/architecture.md, "Adding a game"). Comments
// are not read.
//
// A game's table's CSS classes are its names too (`.kb-table`: see
// `ownClasses`), in a selector or a `class="…"` of shared code.
//
// What the shared code declares itself is its own word, even if a game's
// engine has a type of that name (`DailyAttempt::Counts`, `web_sys::Event`,
// a string's "Deal"): see `sharedWords`, `FOREIGN` and `namesGame`.
//
//   node scripts/game-names.mjs           the check: exits 1 on any finding
//   node scripts/game-names.mjs --list    every file and the games it names
//   node scripts/game-names.mjs --lines   every line that names one, then the check
//
// `make test` runs it. It was a ratchet over a baseline from 2026-12-04
// (111 files, 1,229 lines) until 2026-12-05 (0): now any finding fails.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const REGISTRIES = new Set(['src/games/mod.rs', 'crates/cli/src/games/mod.rs']);

const walk = (dir, out = []) => {
  for (const name of readdirSync(dir)) {
    if (name === 'target' || name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (name.endsWith('.rs')) out.push(full);
  }
  return out;
};
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');
// Each line without its comment (strings are read: a game's code in one is a name).
// A line's code: no comment, and no associated type of a generic parameter
// (`G::Action`, `Self::Options`: the trait's word, whatever the game).
const code = (text) => text.split('\n').map((line) => line.replace(/\/\/.*$/, '').replace(/\b(?:[A-Z]|Self)::[A-Z][A-Za-z0-9]*/g, ''));
function belongsTo(file, g) {
  return file.split('/').some((part) => part === g || part.startsWith(`${g}_`) || part.startsWith(`${g}.`));
}

// The games: src/games/<g>/mod.rs.
const gamesDir = path.join(ROOT, 'src/games');
const games = readdirSync(gamesDir).filter((g) => existsSync(path.join(gamesDir, g, 'mod.rs')));
const declared = (dir) => {
  const names = new Set();
  if (!existsSync(dir)) return names;
  for (const file of walk(dir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/pub(?:\([a-z]+\))?\s+(?:struct|enum|trait|type)\s+([A-Z][A-Za-z0-9]*)/g)) names.add(m[1]);
  }
  return names;
};
const types = Object.fromEntries(games.map((g) => [g, declared(path.join(ROOT, 'crates/engine/src', g))]));
// What the shared code declares itself is the shared code's word, even if a
// game's engine has a type of that name: a component (`fn Part`, the page's
// parts), an associated type (`type Action`, `type Options` of `GameDef`),
// a type of its own (the bots' `enum Level`, not Katzenjammer's `Level`).
// An enum's variants are its own words too (`DailyAttempt::Counts` is not
// Katzenjammer's `Counts`): the names at the first depth of each enum's body.
function variants(text) {
  const names = [];
  for (const m of text.matchAll(/\benum\s+[A-Z][A-Za-z0-9]*[^{;]*\{/g)) {
    let depth = 1;
    let at = m.index + m[0].length;
    let start = at;
    for (; at < text.length && depth > 0; at += 1) {
      const c = text[at];
      if (c === '{' || c === '(' || c === '[') depth += 1;
      else if (c === '}' || c === ')' || c === ']') depth -= 1;
      else if (c === ',' && depth === 1) start = at + 1;
      if (depth === 1 && at === start) {
        const v = text.slice(start).match(/^\s*(?:(?:\/\/[^\n]*\n|#\[[^\]]*\])\s*)*([A-Z][A-Za-z0-9]*)/);
        if (v) names.push(v[1]);
      }
    }
  }
  return names;
}
const declaredHere = (text) => [
  ...[...text.matchAll(/(?:^|\s)(?:pub(?:\([a-z]+\))?\s+)?(?:fn|type|struct|enum|trait)\s+([A-Z][A-Za-z0-9]*)\b/gm)].map((m) => m[1]),
  ...variants(text),
];
const sharedWords = new Set();
for (const file of [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'crates'))].map(rel)) {
  if (games.some((g) => belongsTo(file, g))) continue;
  for (const w of declaredHere(readFileSync(path.join(ROOT, file), 'utf8'))) sharedWords.add(w);
}
// Two lists a game: its names (its folder's, in CamelCase, its marker
// type), read in strings too, and its engine's own types, read in code only
// (a string's "Deal" is English, not Katzenjammer's `Deal`).
const names = {};
const ownTypes = {};
for (const g of games) {
  ownTypes[g] = new Set([...types[g]].filter((t) => !sharedWords.has(t) && games.every((o) => o === g || !types[o].has(t))));
  // The marker type the game's definition declares (`pub struct HighCard;`).
  const marker = readFileSync(path.join(gamesDir, g, 'mod.rs'), 'utf8').match(/pub struct ([A-Z][A-Za-z]*)\s*;/)?.[1];
  const camel = g[0].toUpperCase() + g.slice(1);
  names[g] = new RegExp(`\\b(?:${[g, camel, marker].filter(Boolean).join('|')})\\b`);
}
// A game's table's own CSS classes (issue 54: its styles are in its folder,
// `src/games/<g>/style.css`): those its stylesheet's selectors use and the
// shared stylesheets' (`style/*.css`) and the other games' do not. Shared
// code that picks one (`".kb-table .center"`) or draws one (`class="…"`)
// reaches into that game's table. Read in the page's code only (`src/`): the
// crates draw no page, and their strings' `.card` is a field's path.
const cssClasses = (file) => {
  if (!existsSync(file)) return new Set();
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  return new Set([...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]));
};
const sharedClasses = new Set(readdirSync(path.join(ROOT, 'style')).filter((f) => f.endsWith('.css')).flatMap((f) => [...cssClasses(path.join(ROOT, 'style', f))]));
const gameClasses = Object.fromEntries(games.map((g) => [g, cssClasses(path.join(gamesDir, g, 'style.css'))]));
const ownClasses = Object.fromEntries(games.map((g) => [g, new Set([...gameClasses[g]].filter((c) => !sharedClasses.has(c) && games.every((o) => o === g || !gameClasses[o].has(c))))]));
/** The classes a string names: as a selector (`.name`), or in a `class="…"`. */
function classesIn(line) {
  const out = [];
  for (const [literal] of line.matchAll(/"(?:[^"\\]|\\.)*"/g)) for (const m of literal.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) out.push(m[1]);
  for (const m of line.matchAll(/\bclass\s*=\s*"([^"]*)"/g)) out.push(...m[1].split(/\s+/));
  return out;
}
// A type of another crate's (`web_sys::Event`) is that crate's word.
const FOREIGN = /\b(?:web_sys|js_sys|wasm_bindgen|std|core|alloc|leptos|serde)::(?:[a-z_]+::)*[A-Z][A-Za-z0-9]*/g;
const STRINGS = /"(?:[^"\\]|\\.)*"/g;
function namesGame(g, line, here, page) {
  if (names[g].test(line)) return true;
  if (page && classesIn(line).some((c) => ownClasses[g].has(c))) return true;
  const bare = line.replace(STRINGS, '""').replace(FOREIGN, '');
  return (bare.match(/\b[A-Z][A-Za-z0-9]*\b/g) ?? []).some((w) => ownTypes[g].has(w) && !here.has(w));
}

// A line that only declares a module: `pub mod <name>;`, with attributes.
const DECLARES = /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;\s*$/;
const belongs = belongsTo;
const found = new Map();
for (const file of [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'crates'))].map(rel)) {
  if (REGISTRIES.has(file)) continue;
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const lines = code(text);
  // What this file declares itself is its own word (J'achète's `Side::Hidden`).
  const here = new Set(declaredHere(text));
  const named = new Set();
  let count = 0;
  for (const line of lines) {
    if (games.includes(line.match(DECLARES)?.[1])) continue;
    let hit = false;
    for (const g of games) {
      if (!belongs(file, g) && namesGame(g, line, here, file.startsWith('src/'))) {
        named.add(g);
        hit = true;
      }
    }
    if (hit) {
      count += 1;
      if (process.argv.includes('--lines')) console.log(`${file}: ${line.trim()}`);
    }
  }
  if (count) found.set(file, { count, games: [...named].sort() });
}

if (process.argv.includes('--list')) {
  for (const [file, { count, games: g }] of [...found].sort()) console.log(`${count}\t${file}\t${g.join(' ')}`);
  process.exit(0);
}
const lines = [...found.values()].reduce((a, f) => a + f.count, 0);
if (found.size) {
  const list = [...found].sort().map(([file, { count, games: g }]) => `${file}: names ${g.join(', ')} on ${count} line(s)`);
  console.error(`game-names: shared code names a game (issue 54: a game is one folder; find it through the registry, or move the code to the game's folder; --lines shows where):\n  ${list.join('\n  ')}`);
  process.exit(1);
}
console.log(`game-names: no file outside its game's folders and the registries names a game (${games.length} games: ${games.join(', ')})`);
