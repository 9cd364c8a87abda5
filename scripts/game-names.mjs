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
//   node scripts/game-names.mjs              check against the baseline
//   node scripts/game-names.mjs --list       every file and the games it names
//   node scripts/game-names.mjs --baseline   write the baseline anew
//
// A ratchet, not yet the issue's end state: scripts/game-names.baseline lists
// each file outside its game's folders that names a game today, with how
// many lines do. The check exits 1 when a file not in it names a game, or
// names one on more lines than it did; it says to shrink the baseline when a
// file names fewer. `make test` runs it.

import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BASELINE = path.join(ROOT, 'scripts/game-names.baseline');
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
const sharedWords = new Set();
for (const file of [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'crates'))].map(rel)) {
  if (games.some((g) => belongsTo(file, g))) continue;
  for (const m of readFileSync(path.join(ROOT, file), 'utf8').matchAll(/(?:^|\s)(?:pub(?:\([a-z]+\))?\s+)?(?:fn|type|struct|enum|trait)\s+([A-Z][A-Za-z0-9]*)\b/gm)) sharedWords.add(m[1]);
}
const words = {};
for (const g of games) {
  const own = [...types[g]].filter((t) => !sharedWords.has(t) && games.every((o) => o === g || !types[o].has(t)));
  // The marker type the game's definition declares (`pub struct HighCard;`).
  const marker = readFileSync(path.join(gamesDir, g, 'mod.rs'), 'utf8').match(/pub struct ([A-Z][A-Za-z]*)\s*;/)?.[1];
  const camel = g[0].toUpperCase() + g.slice(1);
  words[g] = new RegExp(`\\b(?:${[g, camel, marker, ...own].filter(Boolean).join('|')})\\b`);
}

// A line that only declares a module: `pub mod <name>;`, with attributes.
const DECLARES = /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([a-z]+\))?\s+)?mod\s+([a-z_][a-z0-9_]*)\s*;\s*$/;
const belongs = belongsTo;
const found = new Map();
for (const file of [...walk(path.join(ROOT, 'src')), ...walk(path.join(ROOT, 'crates'))].map(rel)) {
  if (REGISTRIES.has(file)) continue;
  const lines = code(readFileSync(path.join(ROOT, file), 'utf8'));
  const named = new Set();
  let count = 0;
  for (const line of lines) {
    if (games.includes(line.match(DECLARES)?.[1])) continue;
    let hit = false;
    for (const g of games) {
      if (!belongs(file, g) && words[g].test(line)) {
        named.add(g);
        hit = true;
      }
    }
    if (hit) count += 1;
  }
  if (count) found.set(file, { count, games: [...named].sort() });
}

if (process.argv.includes('--list')) {
  for (const [file, { count, games: g }] of [...found].sort()) console.log(`${count}\t${file}\t${g.join(' ')}`);
  process.exit(0);
}
if (process.argv.includes('--baseline')) {
  const text = [...found].sort().map(([file, { count }]) => `${file} ${count}`).join('\n');
  writeFileSync(BASELINE, `# scripts/game-names.mjs: files outside their game's folders that name a game, and on how many lines (shrink it, never grow it)\n${text}\n`);
  console.log(`game-names: baseline written, ${found.size} files`);
  process.exit(0);
}

const baseline = new Map(
  readFileSync(BASELINE, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(' '))
    .map(([file, n]) => [file, Number(n)]),
);
const worse = [];
const better = [];
for (const [file, { count, games: g }] of found) {
  const was = baseline.get(file) ?? 0;
  if (count > was) worse.push(`${file}: names ${g.join(', ')} on ${count} line(s)${was ? `, ${was} in the baseline` : ' (not in the baseline)'}`);
  else if (count < was) better.push(file);
}
for (const file of baseline.keys()) if (!found.has(file)) better.push(file);
const lines = [...found.values()].reduce((a, f) => a + f.count, 0);
console.log(`game-names: ${found.size} files outside their game's folders name a game, on ${lines} lines (baseline ${baseline.size} files)`);
if (better.length) console.log(`game-names: fewer than the baseline in ${better.length} file(s): node scripts/game-names.mjs --baseline to keep the gain`);
if (worse.length) {
  console.error(`game-names: shared code names a game where it did not (issue 54: a game is one folder; find it through the registry):\n  ${worse.join('\n  ')}`);
  process.exit(1);
}
