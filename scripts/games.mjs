// The games, found, not listed (issue 54: shared code finds each game through
// the registry and never names one): the folders of src/games/, in the
// registry's order (its lines `Variant: folder::Type` in `src/games/mod.rs`,
// the home screen's order), then any other folder by name. What a game
// offers the scripts and the tests is a file in its folder
// (`links.json`, `e2e.mjs`): a game without it is simply absent.

import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The games' folders under `repoRoot`/src/games, in the registry's order. */
export async function gameFolders(repoRoot) {
  const games = path.join(repoRoot, 'src/games');
  const registry = (await readFile(path.join(games, 'mod.rs'), 'utf8')).match(/registry!\s*\{[^}]*\}/)?.[0] ?? '';
  const listed = [...registry.matchAll(/\w+:\s*(\w+)::/g)].map((m) => m[1]);
  const folders = [];
  for (const entry of await readdir(games, { withFileTypes: true })) if (entry.isDirectory()) folders.push(entry.name);
  return folders.sort((a, b) => (listed.indexOf(a) + 1 || 99) - (listed.indexOf(b) + 1 || 99) || a.localeCompare(b));
}

/** Each game's file `name` (from the repository's root) that exists, in the registry's order. */
export async function gameFiles(repoRoot, name) {
  return (await gameFolders(repoRoot)).map((game) => path.join(repoRoot, 'src/games', game, name)).filter((file) => existsSync(file));
}
