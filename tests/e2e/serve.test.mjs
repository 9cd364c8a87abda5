// The test server itself (tests/e2e/serve.mjs), without a browser: sub-path,
// MIME types, redirects, 404s, no way out of the served folder, and --gzip
// (Content-Encoding, Vary, Content-Length, the bytes themselves).

import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';

import { acceptsGzip, isCompressible, normalizeBase, startServer } from './serve.mjs';

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
    await mkdir(path.join(dir, 'app-0123456789ab'));
    await writeFile(path.join(dir, 'app-0123456789ab', 'split_x.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
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
    // The page's modules, in a folder named after their contents, may be kept.
    const hashed = await get(`/tablee/app-0123456789ab/split_x.wasm`);
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('cache-control'), 'max-age=600');
    await hashed.arrayBuffer();
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

  it('compresses nothing without --gzip, even when asked to', async () => {
    const response = await rawGet(server.port, '/tablee/app.js', { 'Accept-Encoding': 'gzip' });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers.vary, undefined);
    assert.equal(response.body.toString(), 'export {};');
  });

  it('normalises the sub-path it is given', () => {
    assert.equal(normalizeBase('tablee'), '/tablee/');
    assert.equal(normalizeBase('/tablee'), '/tablee/');
    assert.equal(normalizeBase('/a/b/'), '/a/b/');
    assert.equal(normalizeBase('/'), '/');
    assert.equal(normalizeBase(''), '/');
  });
});

describe('tests/e2e/serve.mjs --gzip', () => {
  let dir;
  let server;
  // Compressible files big enough for gzip to matter, and a PNG it must leave alone.
  const files = {
    'index.html': `<!doctype html><title>home</title>${'<p>Katzenjammer</p>'.repeat(200)}`,
    'app.js': `export const x = ${JSON.stringify('abc'.repeat(1000))};`,
    // The smallest valid module: the magic number and version.
    'app_bg.wasm': Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
    'main.css': 'body { margin: 0 }\n'.repeat(300),
    'data.json': JSON.stringify({ cards: Array.from({ length: 300 }, (_, i) => i) }),
    'manifest.webmanifest': JSON.stringify({ name: 'Tablée', icons: [] }),
    'icon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`,
    'icon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
    '404.html': `<!doctype html><title>lost</title>${' '.repeat(500)}`,
  };
  const types = {
    'app.js': 'text/javascript; charset=utf-8',
    'app_bg.wasm': 'application/wasm',
    'main.css': 'text/css; charset=utf-8',
    'data.json': 'application/json; charset=utf-8',
    'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
    'icon.svg': 'image/svg+xml',
  };
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tablee-serve-gzip-'));
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
    server = await startServer({ dir, base: '/tablee/', gzip: true });
  });
  after(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const gz = (pathname, extra = {}) => rawGet(server.port, pathname, { 'Accept-Encoding': 'gzip, deflate, br', ...extra });

  /** A gzip answer whose bytes decompress to `expected`, with matching headers. */
  function assertGzipped(response, expected, what) {
    assert.equal(response.headers['content-encoding'], 'gzip', what);
    assert.equal(response.headers.vary, 'Accept-Encoding', what);
    assert.equal(response.headers['cache-control'], 'no-store', what);
    assert.equal(Number(response.headers['content-length']), response.body.length, what);
    assert.deepEqual(gunzipSync(response.body), Buffer.from(expected), what);
  }

  it('says so in what it resolves to', () => {
    assert.equal(server.gzip, true);
  });

  it('gzips HTML, JS, wasm, CSS, JSON, the manifest and SVG when the browser accepts gzip', async () => {
    const index = await gz('/tablee/?seed=1K7Q-M3ZD');
    assert.equal(index.status, 200);
    assert.equal(index.headers['content-type'], 'text/html; charset=utf-8');
    assertGzipped(index, files['index.html'], 'index.html');
    assert.ok(index.body.length < files['index.html'].length / 5, 'index.html is much smaller gzipped');
    for (const [file, type] of Object.entries(types)) {
      const response = await gz(`/tablee/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers['content-type'], type, file);
      assertGzipped(response, files[file], file);
    }
  });

  it('sends the bytes as they are when gzip is not accepted, still with Vary', async () => {
    for (const encoding of [undefined, 'identity', 'br', 'gzip;q=0', 'gzip;q=0, *;q=1', 'deflate, *;q=0']) {
      const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
      const response = await rawGet(server.port, '/tablee/app.js', headers);
      assert.equal(response.status, 200, encoding);
      assert.equal(response.headers['content-encoding'], undefined, encoding);
      assert.equal(response.headers.vary, 'Accept-Encoding', encoding);
      assert.equal(Number(response.headers['content-length']), files['app.js'].length, encoding);
      assert.equal(response.body.toString(), files['app.js'], encoding);
    }
    assertGzipped(await rawGet(server.port, '/tablee/app.js', { 'Accept-Encoding': '*' }), files['app.js'], '*');
    assertGzipped(await rawGet(server.port, '/tablee/app.js', { 'Accept-Encoding': 'GZIP;q=0.5' }), files['app.js'], 'q=0.5');
  });

  it('leaves PNG alone (already compressed): no Content-Encoding, no Vary', async () => {
    const response = await gz('/tablee/icon.png');
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'image/png');
    assert.equal(response.headers['content-encoding'], undefined);
    assert.equal(response.headers.vary, undefined);
    assert.deepEqual(response.body, files['icon.png']);
  });

  it('answers HEAD with the gzip length and no body', async () => {
    const get = await gz('/tablee/main.css');
    const head = await rawGet(server.port, '/tablee/main.css', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'gzip');
    assert.equal(head.headers.vary, 'Accept-Encoding');
    assert.equal(head.headers['content-length'], String(get.body.length));
    assert.equal(head.body.length, 0);
  });

  it('gzips 404.html with status 404', async () => {
    const response = await gz('/tablee/no/such/page');
    assert.equal(response.status, 404);
    assertGzipped(response, files['404.html'], '404.html');
  });

  it('compresses a file again when it changes (a rebuild)', async () => {
    assertGzipped(await gz('/tablee/data.json'), files['data.json'], 'before');
    const changed = JSON.stringify({ cards: [], rebuilt: 'x'.repeat(500) });
    await writeFile(path.join(dir, 'data.json'), changed);
    assertGzipped(await gz('/tablee/data.json'), changed, 'after');
  });

  it('serves what fetch() (which decompresses) and WebAssembly read as the files', async () => {
    const response = await fetch(`${server.origin}/tablee/app.js`);
    assert.equal(response.headers.get('content-encoding'), 'gzip');
    assert.equal(await response.text(), files['app.js']);
    const wasm = await WebAssembly.compile(await (await fetch(`${server.origin}/tablee/app_bg.wasm`)).arrayBuffer());
    assert.ok(wasm instanceof WebAssembly.Module);
  });

  it('knows which types to compress and reads Accept-Encoding', () => {
    for (const type of ['text/html; charset=utf-8', 'text/javascript', 'application/wasm', 'image/svg+xml', 'application/manifest+json; charset=utf-8']) {
      assert.ok(isCompressible(type), type);
    }
    for (const type of ['image/png', 'image/webp', 'font/woff2', 'application/octet-stream']) {
      assert.ok(!isCompressible(type), type);
    }
    assert.equal(acceptsGzip('gzip, deflate, br, zstd'), true);
    assert.equal(acceptsGzip('br;q=1.0, gzip;q=0.8'), true);
    assert.equal(acceptsGzip('x-gzip'), true);
    assert.equal(acceptsGzip('*'), true);
    assert.equal(acceptsGzip(''), false);
    assert.equal(acceptsGzip(undefined), false);
    assert.equal(acceptsGzip('br'), false);
    assert.equal(acceptsGzip('gzip;q=0'), false);
    assert.equal(acceptsGzip('*;q=1, gzip;q=0'), false);
    assert.equal(acceptsGzip('identity, *;q=0'), false);
  });
});

/** GET (or `method`) with exactly these headers; the body as raw bytes, never decompressed. */
async function rawGet(port, pathname, headers = {}, method = 'GET') {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

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
