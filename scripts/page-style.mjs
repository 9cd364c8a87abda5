// The page's one stylesheet (issue 54: a game's table styles are in its folder),
// written by scripts/build-page.mjs into the staging directory:
//
//   1. style/main.css: the page, the shell and the table pieces every game uses;
//   2. each game's `src/games/<game>/style.css`, in the registry's order (a game
//      without one is simply absent);
//   3. style/full.css: the shared screens (puzzles, replays,
//      terms, friends), last so that a screen may hide what a table shows.
//
// One file, one request on every link (two files gzipped apart cost 0.9 KB
// more). Each source is parsed by Lightning CSS on its own (an error names
// its file), minified in release as Trunk minified each of its CSS files
// (Trunk uses the same library), and the page's file is named by a hash of
// its contents: a new build is a new URL, never a stale stylesheet.
//
// By hand: node scripts/page-style.mjs [--release]  (prints the sources and sizes)
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transform } from 'lightningcss';
import { gameFiles } from './games.mjs';

/** The stylesheet's sources under `root`, in the cascade's order. */
export async function styleSources(root) {
  return [path.join(root, 'style/main.css'), ...(await gameFiles(root, 'style.css')), path.join(root, 'style/full.css')];
}

/** The page's stylesheet: its text, minified or not. */
export async function pageStyle(root, { release }) {
  const parts = [];
  for (const file of await styleSources(root)) {
    const name = path.relative(root, file);
    let out;
    try {
      out = transform({ filename: name, code: await readFile(file), minify: release });
    } catch (error) {
      const at = error.loc ? `:${error.loc.line}:${error.loc.column}` : '';
      throw new Error(`page-style: ${name}${at}: ${error.message}`);
    }
    for (const w of out.warnings) console.warn(`page-style: ${name}:${w.loc.line}:${w.loc.column}: ${w.message}`);
    const code = out.code.toString();
    parts.push(release ? code : `/* ${name} */\n${code}`);
  }
  return parts.join(release ? '' : '\n');
}

/**
 * Writes the page's stylesheet into `staging` and links it where index.html
 * has `<template id="tablee-style"></template>`. Returns the file's name.
 */
export async function writePageStyle(root, staging, { release }) {
  const css = await pageStyle(root, { release });
  const file = `style-${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
  await writeFile(path.join(staging, file), css);
  const indexPath = path.join(staging, 'index.html');
  const html = await readFile(indexPath, 'utf8');
  // (An element, not a comment: Trunk's release minifier drops comments.)
  const MARK = /<template id="?tablee-style"?><\/template>/;
  if (!MARK.test(html)) throw new Error('page-style: index.html has no <template id="tablee-style"> mark');
  await writeFile(indexPath, html.replace(MARK, `<link rel="stylesheet" href="./${file}">`));
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const release = process.argv.includes('--release');
  for (const file of await styleSources(root)) console.log(path.relative(root, file));
  const css = await pageStyle(root, { release });
  console.log(`${release ? 'minified' : 'as written'}: ${css.length} bytes, ${gzipSync(css, { level: 9 }).length} gzip`);
}
