// A tiny static server for the browser tests: serves dist/ under a sub-path,
// the way GitHub Pages serves a project site under /<repo>/.
//
//   node tests/e2e/serve.mjs [--dir dist] [--base /tablee/] [--port 0] [--host 127.0.0.1] [--gzip]
//
// Port 0 (the default) takes a free port; the address is printed on one line.
// As a module: `const server = await startServer({ dir, base, port })`, then
// `server.url` ("http://127.0.0.1:PORT/tablee/") and `await server.close()`.
//
// Behaviour (kept close to GitHub Pages, and simple):
//   /tablee           -> 301 to /tablee/ (query kept)
//   /tablee/          -> index.html (query strings are the app's business)
//   /tablee/a/        -> a/index.html when it exists
//   /tablee/a/b.wasm  -> the file, with its MIME type (application/wasm, ...)
//   anything else     -> 404, with dist/404.html as the body when there is one
// Every response says `Cache-Control: no-store`, so a rebuilt dist/ is what
// the next test sees — but the page's modules under `app-<hash>/`, whose
// folder is named after their contents (a rebuild is a new folder): those say
// `max-age=600`, as GitHub Pages says of every file. (With no-store, Chromium
// reports a fetch read as a stream — a first visit's pack, scripts/packs.mjs —
// as aborted although the page read it to its end: playwright#42742.)
// Node's standard library only.
//
// --gzip (`startServer({ gzip: true })`): compresses as GitHub Pages does (its
// CDN gzips text types and wasm on the fly, and sends no brotli). A file whose
// type is compressible (HTML, JS, CSS, wasm, JSON, web manifest, SVG, XML,
// plain text, icons) goes out with `Content-Encoding: gzip` when the request's
// Accept-Encoding accepts gzip, and as is otherwise; both answers say
// `Vary: Accept-Encoding` and the Content-Length of the bytes sent. The
// compressed bytes (level 9, as scripts/size.mjs counts them) are kept in
// memory, keyed by path, size and modification time, so a rebuild is noticed.
// Images already compressed (PNG, JPEG, WebP...) and fonts are sent as is.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  // As GitHub Pages types a .gz (a pack, the core's wasm: scripts/packs.mjs),
  // sent as it is.
  '.gz': 'application/gzip',
};

/** Types the --gzip server compresses (GitHub Pages' CDN compresses these). */
export function isCompressible(type) {
  const bare = String(type).split(';')[0].trim().toLowerCase();
  return (
    bare.startsWith('text/') ||
    [
      'application/javascript',
      'application/json',
      'application/manifest+json',
      'application/wasm',
      'application/xml',
      'image/svg+xml',
      'image/x-icon',
    ].includes(bare)
  );
}

/** Whether an Accept-Encoding header value accepts gzip (q > 0, or by `*`). */
export function acceptsGzip(header) {
  if (!header) return false;
  let star = null;
  for (const part of String(header).split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const accepted = Number.isFinite(q) && q > 0;
    if (coding.trim() === 'gzip' || coding.trim() === 'x-gzip') return accepted;
    if (coding.trim() === '*') star = accepted;
  }
  return star === true;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** "/tablee/" for "tablee", "/tablee", "/tablee/"; "/" for "" or "/". */
export function normalizeBase(base) {
  const trimmed = String(base).replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/**
 * Starts serving `dir` under `base` on `host:port` (port 0: a free one);
 * `gzip: true` compresses as GitHub Pages does (see the top of this file).
 * Resolves to { url, origin, base, port, dir, gzip, close() }.
 */
export async function startServer({
  dir = path.join(REPO_ROOT, 'dist'),
  base = '/tablee/',
  host = '127.0.0.1',
  port = 0,
  log = null,
  gzip = false,
} = {}) {
  const root = path.resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) {
    throw new Error(`serve: ${root} is not a directory (build the site first: make build)`);
  }
  base = normalizeBase(base);
  // --gzip: compressed bytes by file, { key: "size:mtime", body: Promise<Buffer> }.
  const options = { gzip, cache: new Map() };

  const server = createServer((req, res) => {
    handle(req, res, root, base, options).then(
      (status) => log?.(`${status} ${req.method} ${req.url}`),
      (error) => {
        log?.(`500 ${req.method} ${req.url}: ${error.message}`);
        if (!res.headersSent) send(res, req, 500, 'text/plain; charset=utf-8', 'Internal error\n');
        else res.destroy();
      },
    );
  });
  // Browsers keep connections alive; close() must not wait for them.
  server.keepAliveTimeout = 1000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = server.address().port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  return {
    url: `${origin}${base}`,
    origin,
    base,
    port: actualPort,
    dir: root,
    gzip,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

async function handle(req, res, root, base, options) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, req, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
  }
  const url = new URL(req.url, 'http://localhost');
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return send(res, req, 400, 'text/plain; charset=utf-8', 'Bad request\n');
  }

  if (base !== '/' && pathname === base.slice(0, -1)) {
    res.setHeader('Location', `${base}${url.search}`);
    return send(res, req, 301, 'text/plain; charset=utf-8', `Moved to ${base}\n`);
  }
  if (!pathname.startsWith(base) || pathname.includes('\0')) {
    return notFound(res, req, root, options);
  }

  // Resolve inside root only: "..", encoded or not, cannot climb out of it.
  const relative = pathname.slice(base.length);
  let file = path.resolve(root, `.${path.posix.sep}${relative}`);
  if (file !== root && !file.startsWith(root + path.sep)) {
    return notFound(res, req, root, options);
  }
  let info = await stat(file).catch(() => null);
  if (info?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      res.setHeader('Location', `${url.pathname}/${url.search}`);
      return send(res, req, 301, 'text/plain; charset=utf-8', 'Moved\n');
    }
    file = path.join(file, 'index.html');
    info = await stat(file).catch(() => null);
  }
  if (!info?.isFile()) {
    return notFound(res, req, root, options);
  }
  return sendFile(res, req, 200, file, info, options);
}

async function notFound(res, req, root, options) {
  const page = path.join(root, '404.html');
  const info = await stat(page).catch(() => null);
  if (info?.isFile()) return sendFile(res, req, 404, page, info, options);
  return send(res, req, 404, 'text/plain; charset=utf-8', 'Not found\n');
}

function contentType(file) {
  return MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function send(res, req, status, type, body) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return status;
}

/** The file gzipped (level 9), computed once per version of the file. */
function gzipped(cache, file, info) {
  const key = `${info.size}:${info.mtimeMs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.body;
  const body = readFile(file).then((bytes) =>
    gzipAsync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION }),
  );
  cache.set(file, { key, body });
  body.catch(() => cache.get(file)?.body === body && cache.delete(file));
  return body;
}

/** A file in the folder named after the page's modules' contents (build-page.mjs). */
const HASHED_FOLDER = /[\\/]app-[0-9a-f]{12}[\\/][^\\/]+$/;

async function sendFile(res, req, status, file, info, options) {
  const type = contentType(file);
  const headers = {
    'Content-Type': type,
    'Content-Length': info.size,
    'Cache-Control': HASHED_FOLDER.test(file) ? 'max-age=600' : 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (options?.gzip && isCompressible(type)) {
    // The answer depends on Accept-Encoding, compressed or not: caches must know.
    headers.Vary = 'Accept-Encoding';
    if (acceptsGzip(req.headers['accept-encoding'])) {
      const body = await gzipped(options.cache, file, info);
      headers['Content-Encoding'] = 'gzip';
      headers['Content-Length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return status;
    }
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return Promise.resolve(status);
  }
  return new Promise((resolve, reject) => {
    const stream = createReadStream(file);
    stream.on('error', reject);
    res.on('finish', () => resolve(status));
    res.on('close', () => resolve(status));
    stream.pipe(res);
  });
}

function parseArgs(argv) {
  const options = {};
  const names = { '--dir': 'dir', '--base': 'base', '--port': 'port', '--host': 'host' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      return null;
    }
    if (arg === '--log') {
      options.log = (line) => console.log(line);
      continue;
    }
    if (arg === '--gzip') {
      options.gzip = true;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    const key = names[flag];
    const value = inline ?? argv[++i];
    if (!key || value === undefined) {
      throw new Error(`unknown or incomplete option: ${arg}`);
    }
    options[key] = key === 'port' ? Number(value) : value;
  }
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port < 65536)) {
    throw new Error('--port takes a number from 0 to 65535');
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const usage = 'usage: node tests/e2e/serve.mjs [--dir dist] [--base /tablee/] [--port 0] [--host 127.0.0.1] [--gzip] [--log]';
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`serve: ${error.message}\n${usage}`);
    process.exit(2);
  }
  if (options === null) {
    console.log(usage);
    process.exit(0);
  }
  try {
    const server = await startServer(options);
    console.log(`serving ${server.dir} at ${server.url}${server.gzip ? ' (gzip)' : ''}`);
    const stop = () => server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  }
}
