// The puzzle files as committed (public/puzzles/, issue 32), split in two
// (docs/puzzles.md, "The file"): each game's index `<game>.json` stays within
// 50,000 bytes by `gzip -9 -c FILE | wc -c`, the measure docs/puzzles.md
// quotes (node's zlib at level 9 measures about 300 bytes less: the budget is
// GNU gzip's); its games' actions are in parts `<game>/<k>.json`, each
// present, small (≤ 8 KB gzip: a puzzle opens on one of them), holding the
// games and the numbers of actions the index says — and no part left over.
// No browser.
//
//   node --test tests/e2e/puzzle-files.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = path.join(ROOT, 'public/puzzles');
const gzip = (file) => execFileSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 24 }).length;

for (const game of ['katzenjammer', 'jachete']) {
  describe(`${game}'s puzzle file`, () => {
    const indexPath = path.join(DIR, `${game}.json`);
    const index = JSON.parse(readFileSync(indexPath, 'utf8'));

    it('is an index within 50 KB gzip, its games without their actions', () => {
      const size = gzip(indexPath);
      assert.ok(size <= 50_000, `${size} bytes gzip`);
      assert.equal(index.v, 2);
      assert.equal(index.game, game);
      assert.ok(Number.isInteger(index.part_games) && index.part_games > 0, `part_games ${index.part_games}`);
      assert.ok(index.games.every((g) => !('actions' in g) && Number.isInteger(g.actions_count)));
      assert.ok(index.puzzles.length > 0);
    });

    it('has every part, each small and holding what the index says', () => {
      const count = Math.ceil(index.games.length / index.part_games);
      const names = readdirSync(path.join(DIR, game)).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
      assert.deepEqual(names, Array.from({ length: count }, (_, k) => `${k}.json`), 'parts 0 to n-1, none left over');
      const sizes = [];
      for (let k = 0; k < count; k++) {
        const file = path.join(DIR, game, `${k}.json`);
        const size = gzip(file);
        sizes.push(size);
        assert.ok(size <= 8_000, `part ${k}: ${size} bytes gzip`);
        const part = JSON.parse(readFileSync(file, 'utf8'));
        assert.deepEqual([part.v, part.game, part.part], [2, game, k]);
        const games = index.games.slice(k * index.part_games, (k + 1) * index.part_games);
        assert.deepEqual(part.games.map((g) => g.actions.length), games.map((g) => g.actions_count), `part ${k}'s actions`);
      }
      // A puzzle's position is in its part: its move number within its game's actions.
      for (const p of index.puzzles) assert.ok(p.at <= index.games[p.g].actions_count, `puzzle ${p.id}`);
      console.log(`${game}: ${count} parts, gzip ${Math.min(...sizes)}–${Math.max(...sizes)} bytes`);
    });
  });
}
