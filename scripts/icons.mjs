// Renders the PWA's PNG icons from their SVG sources with headless Chromium.
// The PNGs are committed (the Pages build has no browser); run again after
// changing public/icons/*.svg:   node scripts/icons.mjs
// Then each PNG is quantised to a palette (pngquant, quality 70-95) and
// recompressed (optipng -o7), from Debian's packages `pngquant` and
// `optipng`: 4.9 + 6.5 KB became 1.6 + 2.0 KB, and the manifest's icons are
// part of the first load (scripts/size.mjs). Without the tools the PNGs stay
// as Chromium wrote them, and the script says so.
import { execFileSync } from 'node:child_process';
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
    const file = path.join(DIR, target);
    await writeFile(file, await page.screenshot({ omitBackground: true }));
    await page.close();
    try {
      execFileSync('pngquant', ['--quality=70-95', '--speed', '1', '--strip', '-f', '-o', file, file]);
      execFileSync('optipng', ['-o7', '-quiet', file]);
    } catch (error) {
      console.warn(`${target}: not quantised (${error.code || error.message}); apt-get install pngquant optipng`);
    }
    console.log(`${target} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
