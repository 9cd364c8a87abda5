// Renders the PWA's PNG icons from their SVG sources with headless Chromium.
// The PNGs are committed (the Pages build has no browser); run again after
// changing public/icons/*.svg:   node scripts/icons.mjs
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const DIR = fileURLToPath(new URL('../public/icons/', import.meta.url));
const ICONS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
];

const browser = await chromium.launch({
  executablePath: process.env.TABLEE_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [source, target, size] of ICONS) {
    const svg = await readFile(path.join(DIR, source), 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await writeFile(path.join(DIR, target), await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`${target} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
