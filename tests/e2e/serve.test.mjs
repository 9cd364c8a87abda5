// The test server itself (tests/e2e/serve.mjs), without a browser: sub-path,
// MIME types, redirects, 404s, and no way out of the served folder.

import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { normalizeBase, startServer } from './serve.mjs';

describe('tests/e2e/serve.mjs', () => {
  let dir;
  let server;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tablee-serve-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>home</title>');
    await writeFile(path.join(dir, 'app_bg.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    await writeFile(path.join(dir, 'app.js'), 'export {};');
    await writeFile(path.join(dir, 'main.css'), 'body{}');
    await writeFile(path.join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{}');
    await mkdir(path.join(dir, 'rules'));
    await writeFile(path.join(dir, 'rules', 'index.html'), '<!doctype html><title>rules</title>');
    await writeFile(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'secret');
    server = await startServer({ dir, base: '/tablee/' });
  });
  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), { force: true });
  });

  const get = (pathname, init) => fetch(`${server.origin}${pathname}`, { redirect: 'manual', ...init });

  it('listens on 127.0.0.1 with a free port and names the sub-path URL', () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/tablee\/$/);
    assert.ok(server.port > 0);
  });

  it('serves index.html at the sub-path root, query strings included', async () => {
    for (const pathname of ['/tablee/', '/tablee/?seed=1K7Q-M3ZD&players=4']) {
      const response = await get(pathname);
      assert.equal(response.status, 200, pathname);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
      assert.match(await response.text(), /<title>home<\/title>/);
    }
  });

  it('redirects the bare sub-path to the sub-path with its slash, keeping the query', async () => {
    const response = await get('/tablee?seed=1K7Q-M3ZD');
    assert.equal(response.status, 301);
    assert.equal(response.headers.get('location'), '/tablee/?seed=1K7Q-M3ZD');
  });

  it('serves each file with its MIME type (application/wasm for wasm)', async () => {
    const expected = {
      'app_bg.wasm': 'application/wasm',
      'app.js': 'text/javascript; charset=utf-8',
      'main.css': 'text/css; charset=utf-8',
      'icon.svg': 'image/svg+xml',
      'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
    };
    for (const [file, type] of Object.entries(expected)) {
      const response = await get(`/tablee/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get('content-type'), type, file);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      await response.arrayBuffer();
    }
    const wasm = await WebAssembly.compile(await (await get('/tablee/app_bg.wasm')).arrayBuffer());
    assert.ok(wasm instanceof WebAssembly.Module);
  });

  it('serves a folder index, and answers HEAD without a body', async () => {
    assert.equal((await get('/tablee/rules')).status, 301);
    const rules = await get('/tablee/rules/');
    assert.match(await rules.text(), /rules/);
    const head = await get('/tablee/app.js', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), '10');
    assert.equal(await head.text(), '');
  });

  it('answers 404 outside the sub-path and for missing files, 405 for other methods', async () => {
    for (const pathname of ['/', '/index.html', '/tablee/missing.js', '/tableeX/']) {
      const response = await get(pathname);
      assert.equal(response.status, 404, pathname);
      await response.text();
    }
    assert.equal((await get('/tablee/', { method: 'POST' })).status, 405);
  });

  it('serves 404.html (GitHub Pages style) with status 404 when dist/ has one', async () => {
    await writeFile(path.join(dir, '404.html'), '<!doctype html><title>lost</title>');
    try {
      const response = await get('/tablee/no/such/page');
      assert.equal(response.status, 404);
      assert.match(await response.text(), /lost/);
    } finally {
      await rm(path.join(dir, '404.html'));
    }
  });

  it('never serves a file outside its folder', async () => {
    const secret = `${path.basename(dir)}-secret.txt`;
    for (const pathname of [`/tablee/../${secret}`, `/tablee/%2e%2e/${secret}`, `/tablee/..%2f${secret}`, `/tablee/%2e%2e%2f${secret}`]) {
      // fetch() would normalise "..": send the raw path with node:http instead.
      const status = await rawStatus(server.port, pathname);
      assert.equal(status, 404, pathname);
    }
  });

  it('normalises the sub-path it is given', () => {
    assert.equal(normalizeBase('tablee'), '/tablee/');
    assert.equal(normalizeBase('/tablee'), '/tablee/');
    assert.equal(normalizeBase('/a/b/'), '/a/b/');
    assert.equal(normalizeBase('/'), '/');
    assert.equal(normalizeBase(''), '/');
  });
});

async function rawStatus(port, pathname) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.end();
  });
}
