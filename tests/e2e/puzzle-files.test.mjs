// The puzzle files as committed (src/games/<game>/public/puzzles/, issues 32 and 44), split
// in two (docs/puzzles.md, "The file", version 3): each game's index
// `<game>.json` — what a puzzle link fetches before its first decision —
// stays within its limit by `gzip -9 -c FILE | wc -c`, the measure
// docs/puzzles.md quotes (node's zlib at level 9 measures a little less: the
// limits are GNU gzip's), each set at its size when the puzzles' candidates
// and why left it (issue 44) plus a small margin, so that it cannot creep
// back; its games' actions and its puzzles' candidates and why are in parts
// `<game>/<k>.json`, each present, small (≤ 8 KB gzip: a puzzle opens on one
// of them), holding the games, the numbers of actions and the puzzles the
// index says — and no part left over. No browser.
//
//   node --test tests/e2e/puzzle-files.test.mjs

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Each game's puzzles are in its folder (src/games/<game>/public/puzzles/).
const dirOf = (game) => path.join(ROOT, 'src/games', game, 'public/puzzles');
const gzip = (file) => execFileSync('gzip', ['-9', '-c', file], { maxBuffer: 1 << 24 }).length;

/**
 * Each index's limit, bytes by `gzip -9 -c`: its size with version 3 (issue
 * 44: Katzenjammer's 7,732, J'achète's 5,488; 28,687 and 24,850 before) and
 * a small margin. More puzzles may need it raised: say so, with their bytes.
 */
const INDEX_LIMIT = { katzenjammer: 8_000, jachete: 5_750 };

for (const game of ['katzenjammer', 'jachete']) {
  describe(`${game}'s puzzle file`, () => {
    const indexPath = path.join(dirOf(game), `${game}.json`);
    const index = JSON.parse(readFileSync(indexPath, 'utf8'));

    it(`is an index within ${INDEX_LIMIT[game].toLocaleString('en')} bytes gzip, its games without their actions, its puzzles without their candidates and why`, () => {
      const size = gzip(indexPath);
      assert.ok(size <= INDEX_LIMIT[game], `${size} bytes gzip`);
      console.log(`${game}: index ${size} bytes gzip (limit ${INDEX_LIMIT[game]})`);
      assert.equal(index.v, 3);
      assert.equal(index.game, game);
      assert.ok(Number.isInteger(index.part_games) && index.part_games > 0, `part_games ${index.part_games}`);
      assert.ok(index.games.every((g) => !('actions' in g) && Number.isInteger(g.actions_count)));
      assert.ok(index.puzzles.length > 0);
      for (const p of index.puzzles) {
        assert.ok(!('candidates' in p) && !('why' in p), `puzzle ${p.id}: its analysis is in its part`);
        assert.ok(Number.isInteger(p.g) && p.answers.length > 0 && typeof p.kind === 'string' && p.difficulty >= 1, `puzzle ${p.id}`);
      }
    });

    it('has every part, each small and holding what the index says', () => {
      const count = Math.ceil(index.games.length / index.part_games);
      const names = readdirSync(path.join(dirOf(game), game)).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
      assert.deepEqual(names, Array.from({ length: count }, (_, k) => `${k}.json`), 'parts 0 to n-1, none left over');
      const sizes = [];
      for (let k = 0; k < count; k++) {
        const file = path.join(dirOf(game), game, `${k}.json`);
        const size = gzip(file);
        sizes.push(size);
        assert.ok(size <= 8_000, `part ${k}: ${size} bytes gzip`);
        const part = JSON.parse(readFileSync(file, 'utf8'));
        assert.deepEqual([part.v, part.game, part.part], [3, game, k]);
        const games = index.games.slice(k * index.part_games, (k + 1) * index.part_games);
        assert.deepEqual(part.games.map((g) => g.actions.length), games.map((g) => g.actions_count), `part ${k}'s actions`);
        // The candidates and why of exactly its games' puzzles, in the index's order, fitting their answers.
        const held = index.puzzles.filter((p) => Math.floor(p.g / index.part_games) === k);
        assert.deepEqual(part.puzzles.map((p) => p.id), held.map((p) => p.id), `part ${k}'s puzzles`);
        part.puzzles.forEach((p, i) => {
          assert.ok(held[i].answers.every((a) => a < p.candidates.length), `puzzle ${p.id}'s answers`);
          assert.ok(p.candidates.every((c) => typeof c.action === 'object' && Number.isFinite(c.value) && Number.isFinite(c.ci)), `puzzle ${p.id}`);
          assert.ok(p.why.en && p.why.fr, `puzzle ${p.id}'s why`);
        });
      }
      // A puzzle's position is in its part: its move number within its game's actions.
      for (const p of index.puzzles) assert.ok(p.at <= index.games[p.g].actions_count, `puzzle ${p.id}`);
      console.log(`${game}: ${count} parts, gzip ${Math.min(...sizes)}–${Math.max(...sizes)} bytes`);
    });
  });
}
