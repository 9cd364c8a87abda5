// QR codes of the invitation and the answer, and the host scanning the
// answer with the camera (issue 55), in real Chromium pages: two browser
// contexts (two devices), the host's table set on the home screen with a
// friend's seat (friends-lib.mjs's hostAndJoin).
//
// - The invitation (`invite-qr-1`) and the answer (`answer-qr`) are QR
//   codes: their SVG path is read back into modules here and checked as a
//   QR code — the quiet zone, the size of their version (`data-version`),
//   the three finder patterns, the timing lines, and both copies of the
//   format bits naming level M (`data-ecc`). (That the same path decodes to
//   the text is the encoder's own test: crates/friends/src/qr.rs.)
// - Scanning: Chromium on Linux has no `BarcodeDetector`, so the host's
//   context is given a stand-in (an init script) whose `detect()` returns
//   what the test sets, and Chromium a fake camera
//   (`--use-fake-device-for-media-stream`, its prompt accepted by
//   `--use-fake-ui-for-media-stream`; this file's own browser, not the
//   others'). A QR code that is not an answer is said so; Cancel and a
//   find stop the camera's tracks; a refused camera is said in words; the
//   answer read fills `answer-input-1` and connects the seat.
// - Without `BarcodeDetector` there is no Scan button.
// - Screenshots at 360×740 and 1280×800, in English and French, of the
//   host's invitations and the friend's answer (test-output/friends-qr-*),
//   with nothing wider than the window, and the answer's QR code whole in
//   a phone's first screen.
//   TABLEE_DIST=/tmp/dist-qr node --test --test-timeout=600000 tests/e2e/friends-qr.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';

import { byTestId, CHROMIUM, describeProblems, overflowing, screenshot, startSite, VIEWPORTS } from './lib.mjs';
import { device, FRIENDS_ARGS, hostAndJoin } from './friends-lib.mjs';

const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * The host's stand-in `BarcodeDetector` (what `detect()` returns is
 * `window.tableeTestScan`, one QR code's value, or none), and every camera
 * stream the page is given kept in `window.tableeTestStreams`.
 */
function fakeDetector() {
  window.BarcodeDetector = class BarcodeDetector {
    static async getSupportedFormats() {
      return ['ean_13', 'qr_code'];
    }
    constructor(options) {
      window.tableeTestFormats = options?.formats;
    }
    async detect(source) {
      window.tableeTestSource = source?.tagName;
      const value = window.tableeTestScan;
      return value ? [{ rawValue: value, format: 'qr_code' }] : [];
    }
  };
  window.tableeTestStreams = [];
  const media = navigator.mediaDevices;
  const open = media.getUserMedia.bind(media);
  media.getUserMedia = async (constraints) => {
    window.tableeTestConstraints = constraints;
    if (window.tableeTestRefuse) throw new DOMException('Permission denied', 'NotAllowedError');
    const stream = await open(constraints);
    window.tableeTestStreams.push(stream);
    return stream;
  };
}

/**
 * `overflowing(page)` with every folded section opened for the look (a
 * closed `<details>` keeps the layout of the window's last size), then
 * folded again.
 */
async function overflowingUnfolded(page) {
  await page.evaluate(() => document.querySelectorAll('details:not([open])').forEach((d) => { d.dataset.testFolded = '1'; d.open = true; }));
  const out = await overflowing(page);
  await page.evaluate(() => document.querySelectorAll('details[data-test-folded]').forEach((d) => { d.open = false; delete d.dataset.testFolded; }));
  return out;
}

/** Every camera track the page was given has stopped. */
const camerasStopped = (page) =>
  page.evaluate(() => window.tableeTestStreams.length > 0 && window.tableeTestStreams.every((s) => s.getTracks().every((t) => t.readyState === 'ended')));

/** The QR code drawn in `testid`: its attributes and its SVG's modules, the quiet zone included. */
async function drawnQr(page, testid) {
  const el = page.locator(byTestId(testid));
  const { version, ecc, label, viewBox, rendering, d, width } = await el.evaluate((e) => {
    const svg = e.querySelector('svg');
    return {
      version: e.dataset.version,
      ecc: e.dataset.ecc,
      label: e.getAttribute('aria-label'),
      viewBox: svg.getAttribute('viewBox'),
      rendering: svg.getAttribute('shape-rendering'),
      d: svg.querySelectorAll('path').length === 1 ? svg.querySelector('path').getAttribute('d') : '',
      width: svg.getBoundingClientRect().width,
    };
  });
  const [x0, y0, side, sideY] = viewBox.split(' ').map(Number);
  assert.deepEqual([x0, y0, sideY], [0, 0, side], `${testid}: a square view box in modules: ${viewBox}`);
  assert.equal(rendering, 'crispEdges');
  const modules = Array.from({ length: side }, () => Array(side).fill(false));
  // One rectangle a run of dark modules: M x y h n v1 h-n z.
  const rect = /M(\d+) (\d+)h(\d+)v1h-\3z/y;
  for (let at = 0; at < d.length; ) {
    rect.lastIndex = at;
    const m = rect.exec(d);
    assert.ok(m, `${testid}: the path reads at ${at}: ${d.slice(at, at + 30)}`);
    const [x, y, n] = m.slice(1).map(Number);
    for (let i = 0; i < n; i++) modules[y][x + i] = true;
    at = rect.lastIndex;
  }
  return { version: Number(version), ecc, label, side, modules, width };
}

/**
 * Checks `qr` as a QR code of its version at level M: a quiet zone of 4,
 * 17 + 4 × version modules a side, the finder patterns, the timing lines,
 * both copies of the format bits valid and naming level M.
 */
function checkQr(qr, name) {
  const Q = 4;
  const size = qr.side - 2 * Q;
  assert.equal(size, 17 + 4 * qr.version, `${name}: version ${qr.version} is ${17 + 4 * qr.version} modules, drawn ${size}`);
  assert.equal(qr.ecc, 'M', name);
  const dark = (x, y) => qr.modules[y + Q][x + Q];
  for (let i = 0; i < qr.side; i++) {
    for (let j = 0; j < Q; j++) {
      for (const [x, y] of [[i, j], [j, i], [i, qr.side - 1 - j], [qr.side - 1 - j, i]]) {
        assert.equal(qr.modules[y][x], false, `${name}: the quiet zone at ${x},${y}`);
      }
    }
  }
  for (const [fx, fy] of [[0, 0], [size - 7, 0], [0, size - 7]]) {
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 7; x++) {
        const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
        assert.equal(dark(fx + x, fy + y), ring !== 2, `${name}: the finder at ${fx},${fy}, module ${x},${y}`);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    assert.equal(dark(i, 6), i % 2 === 0, `${name}: the timing row at ${i}`);
    assert.equal(dark(6, i), i % 2 === 0, `${name}: the timing column at ${i}`);
  }
  // The format bits (ISO/IEC 18004, 7.9), both copies.
  const first = [];
  for (let i = 0; i <= 5; i++) first.push(dark(8, i));
  first.push(dark(8, 7), dark(8, 8), dark(7, 8));
  for (let i = 9; i < 15; i++) first.push(dark(14 - i, 8));
  const second = [];
  for (let i = 0; i < 8; i++) second.push(dark(size - 1 - i, 8));
  for (let i = 8; i < 15; i++) second.push(dark(8, size - 15 + i));
  assert.ok(dark(8, size - 8), `${name}: the dark module`);
  const value = (bits) => bits.reduce((v, b, i) => v | (Number(b) << i), 0);
  assert.equal(value(first), value(second), `${name}: the format's two copies`);
  const format = value(first) ^ 0x5412;
  const data = format >> 10;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >> 9) * 0x537);
  assert.equal(format, (data << 10) | (rem & 0x3ff), `${name}: the format's BCH code`);
  assert.equal(data >> 3, 0, `${name}: the format names level M (00)`);
}

/**
 * A host (its context given `init`, an init script) and a friend (360×740)
 * on their own devices, the friend joined at a Katzenjammer table;
 * `body(host, friend, { link, answer })`, then no page went wrong; both closed.
 */
async function joined(env, { hostViewport = VIEWPORTS.desktop, init } = {}, body) {
  const host = await device(env, { viewport: hostViewport });
  const friend = await device(env, { viewport: VIEWPORTS.phone });
  if (init) await host.context.addInitScript(init);
  try {
    host.url = env.site.url;
    await body(host, friend, await hostAndJoin(host, friend, 'katzenjammer'));
    assert.deepEqual(host.problems, [], describeProblems(host.problems));
    assert.deepEqual(friend.problems, [], describeProblems(friend.problems));
  } finally {
    await host.context.close();
    await friend.context.close();
  }
}

describe('friends: QR codes, and the host scanning the answer', () => {
  let env;
  before(async () => {
    const site = await startSite();
    // This file's own Chromium: a fake camera whose prompt is accepted.
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...FRIENDS_ARGS, ...FAKE_CAMERA], timeout: 60_000 });
    env = { site, browser };
  });
  after(async () => {
    await env?.browser.close().catch(() => {});
    await env?.site.close();
  });

  it('the invitation and the answer are QR codes at level M; they fit a phone and a desktop, in English and French', () =>
    joined(env, { hostViewport: VIEWPORTS.phone }, async (host, friend, { link, answer }) => {
      const invite = await drawnQr(host.page, 'invite-qr-1');
      checkQr(invite, 'invite-qr-1');
      const back = await drawnQr(friend.page, 'answer-qr');
      checkQr(back, 'answer-qr');
      console.log(`invitation link: ${link.length} characters, QR version ${invite.version} (${invite.side - 8} modules, ${invite.width} px); answer: ${answer.length} characters, version ${back.version} (${back.side - 8} modules)`);
      // Chromium's codes (docs/friends.md): a link fits version 9, an answer 7.
      assert.ok(invite.version <= 10 && back.version <= 8, `${invite.version} ${back.version}`);
      assert.equal(invite.label, 'QR code of the invitation link');
      assert.equal(back.label, 'QR code of your answer');
      for (const lang of ['en', 'fr']) {
        for (const [name, viewport] of Object.entries(VIEWPORTS)) {
          for (const [who, page, testid] of [['host-invitations', host.page, 'invite-qr-1'], ['friend-answer', friend.page, 'answer-qr']]) {
            await page.setViewportSize(viewport);
            await page.locator(byTestId(`lang-${lang}`)).click();
            await page.locator(byTestId(testid)).waitFor();
            assert.deepEqual(await overflowingUnfolded(page), [], `${who}, ${lang}, ${name}`);
            const box = await page.locator(byTestId(testid)).boundingBox();
            // Scannable: 200 CSS px or more, never wider than the window.
            assert.ok(box.width >= 200 && box.width <= viewport.width, `${who} ${lang} ${name}: ${box.width} px`);
            if (who === 'friend-answer') {
              assert.ok(box.y + box.height <= viewport.height, `${lang} ${name}: the answer's QR code ends at ${box.y + box.height} px, under the first screen`);
            }
            await screenshot(page, `friends-qr-${who}-${lang}-${name}`);
          }
        }
      }
      assert.equal(await friend.page.locator(byTestId('answer-qr')).getAttribute('aria-label'), 'Code QR de votre réponse');
    }));

  it('the host scans the answer with the camera: not an answer, Cancel, a refused camera, then the seat connects', () =>
    joined(env, { init: fakeDetector }, async (host, friend, { link, answer }) => {
      const scan = host.page.locator(byTestId('answer-scan-1'));
      await scan.waitFor({ timeout: 10_000 });
      const note = host.page.locator(byTestId('answer-scan-note-1'));
      const panel = host.page.locator(byTestId('answer-scan-panel-1'));

      // A QR code that is not an answer (the invitation itself): said, and the camera goes on.
      await host.page.evaluate((value) => { window.tableeTestScan = value; }, link);
      await scan.click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.textContent.includes('not an answer'), byTestId('answer-scan-note-1'), { timeout: 10_000 });
      assert.deepEqual(await host.page.evaluate(() => window.tableeTestConstraints), { video: { facingMode: 'environment' }, audio: false });
      assert.deepEqual(await host.page.evaluate(() => [window.tableeTestFormats, window.tableeTestSource]), [['qr_code'], 'VIDEO']);
      assert.equal(await host.page.locator(`${byTestId('answer-scan-panel-1')} video`).evaluate((v) => v.readyState >= 2 && v.videoWidth > 0), true, 'the fake camera plays');
      assert.equal(await host.page.locator(byTestId('answer-input-1')).inputValue(), '');
      await host.page.setViewportSize(VIEWPORTS.phone);
      assert.deepEqual(await overflowingUnfolded(host.page), [], 'the camera panel on a phone');
      await host.page.locator(byTestId('answer-scan-panel-1')).scrollIntoViewIfNeeded();
      await screenshot(host.page, 'friends-qr-host-scanning');
      await host.page.locator(byTestId('answer-scan-cancel-1')).click();
      await panel.waitFor({ state: 'detached' });
      assert.ok(await camerasStopped(host.page), 'Cancel stops the camera');

      // A refused camera: said in words, no video.
      await host.page.evaluate(() => { window.tableeTestRefuse = true; });
      await scan.click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.textContent.includes('camera was not allowed'), byTestId('answer-scan-note-1'), { timeout: 10_000 });
      assert.equal(await note.getAttribute('class'), 'error');
      assert.equal(await host.page.locator(`${byTestId('answer-scan-panel-1')} video`).isVisible(), false);
      await host.page.locator(byTestId('answer-scan-cancel-1')).click();
      await host.page.evaluate(() => { window.tableeTestRefuse = false; });

      // The answer: read, put in the field, entered; the seat connects and the camera stops.
      await host.page.evaluate((value) => { window.tableeTestScan = value; }, answer);
      const streams = await host.page.evaluate(() => window.tableeTestStreams.length);
      await scan.click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.dataset.status === 'connected', byTestId('seat-status-1'), { timeout: 15_000 });
      assert.equal(await host.page.evaluate(() => window.tableeTestStreams.length), streams + 1);
      assert.ok(await camerasStopped(host.page), 'a find stops the camera');
      assert.equal(await panel.count(), 0);
      // The friend's page is past its answer: waiting for the deal, or
      // already at the table (with one friend the game may be dealt at once).
      await friend.page.locator(`${byTestId('join-status')}, ${byTestId('table-screen')}`).first().waitFor();
    }));

  it('without BarcodeDetector there is no Scan button, and the invitation still has its QR code', () =>
    // (Chromium on Linux has none; deleted in case a later one has.)
    joined(env, { init: () => { delete window.BarcodeDetector; } }, async (host) => {
      checkQr(await drawnQr(host.page, 'invite-qr-1'), 'invite-qr-1');
      await host.page.locator(byTestId('answer-submit-1')).waitFor();
      // The check is made once, at once: give it a moment to be wrong.
      await host.page.waitForTimeout(500);
      assert.equal(await host.page.locator(byTestId('answer-scan-1')).count(), 0);
    }));
});
