// An automated accessibility scan (issue 34): axe-core (npm, its default
// rules: WCAG 2 A/AA and best practices) injected into every screen — home,
// Katzenjammer's table and end, J'achète's table and end, the rules of
// both games, the puzzles' list and one puzzle, a replay of each game,
// "Your games", a bad link's message, and play with friends (the host's
// invitations, the friend's answer) — at 360×740 and 1280×800, in
// English and French. A finding fails the test with its rule, its impact
// and the elements it names.
//
//   node --test tests/e2e/a11y.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, byTestId, describeProblems, openWithStorage, settle, startEnv } from './lib.mjs';
import { GAMES, helpers } from './games.mjs';
import { screens } from './screens.mjs';

const require = createRequire(import.meta.url);
const AXE = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The screens: the shared list (screens.mjs) and each game's own (its `a11yScreens`: a hint panel open, say). */
async function all() {
  const shared = await helpers();
  return [...(await screens()), ...GAMES.flatMap((game) => game.a11yScreens?.(shared.of(game)) ?? [])];
}

/** Runs axe on the page; returns its violations, each as one readable line. */
async function scan(page) {
  // Finite animations end first: axe reads colours as they are, and a line
  // fading in (`.flash`, 0.6 s) was once measured half transparent (4.25:1).
  // Endless ones (a bot's thinking dots) are left running. The bots play on
  // meanwhile: a bubble that pops in after the wait was measured at 2.36:1
  // (opacity mid-way), so no new animation or transition starts either —
  // colours are judged at rest.
  await page.addStyleTag({ content: '*, *::before, *::after { animation-duration: 0s !important; transition-duration: 0s !important; }' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`),
    }));
  });
  return violations;
}

const describeFindings = (violations) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.join('\n      ')}`).join('\n  ');

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

for (const [sizeName, viewport] of Object.entries(VIEWPORTS)) {
  const size = `${viewport.width}x${viewport.height}`;
  for (const locale of ['en-US', 'fr-FR']) {
    const lang = locale.slice(0, 2);
    describe(`accessibility scan at ${size} (${sizeName}), ${lang}`, () => {
      it('finds nothing on any screen', async () => {
        const found = [];
        for (const screen of await all()) {
          const storage = { 'tablee.speed': 'slow', 'tablee.lang': lang, ...(screen.storage ?? {}) };
          const { context, page, problems } = await openWithStorage(env, storage, { query: screen.query, viewport, locale });
          try {
            await page.locator(byTestId(screen.ready)).first().waitFor({ timeout: 20_000 });
            await screen.then?.(page);
            await settle(page);
            const violations = await scan(page);
            if (violations.length) found.push(`${screen.name}:\n  ${describeFindings(violations)}`);
            if (problems.length) found.push(`${screen.name}: ${describeProblems(problems)}`);
          } catch (error) {
            found.push(`${screen.name}: ${error.message.split('\n')[0]}`);
          } finally {
            await context.close();
          }
        }
        assert.deepEqual(found, [], `\n${found.join('\n')}`);
      });
    });
  }
}
