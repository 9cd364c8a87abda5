// scripts/packs.mjs: a first visit's modules in one zopfli-gzipped pack, read
// by the page as it streams in. Here in Node (its fetch, Response and
// DecompressionStream are the web's), on packs written by the build's own
// writer: every module comes out byte for byte however the bytes are cut in
// transit, and a pack that fails, or holds most modules already asked for,
// leaves the modules to their own files.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, describe, it } from 'node:test';

import { packLoader as loader, packModules, packedLoads, precompress, readPack, writePack } from '../../scripts/packs.mjs';

/** The page's pack loader, as index.html's script starts it. */
const packLoader = (dir, parts, packs) => loader(dir, parts, packs, readPack, packModules);

const modules = [
  ['chunk_1.wasm', randomBytes(5)],
  ['chunk_2.wasm', Buffer.alloc(0)],
  ['chunk_3.wasm', randomBytes(300)],
  ['split_Game.wasm', Buffer.concat([randomBytes(70_000), Buffer.alloc(70_000, 7)])],
];
const parts = { Game: modules.map(([name]) => name), Other: ['chunk_1.wasm', 'split_Other.wasm'] };

/** A fetch answering the pack in pieces of `piece` bytes (or `status`), and any other file with "own:<name>". */
function fakeFetch(pack, { piece = 1000, status = 200 } = {}) {
  const asked = [];
  const fetch = async (url) => {
    const name = String(url).split('/').pop();
    asked.push(name);
    if (name.startsWith('pack_')) {
      if (status !== 200) return new Response('gone', { status });
      const pieces = [];
      for (let i = 0; i < pack.length; i += piece) pieces.push(pack.subarray(i, i + piece));
      return new Response(Readable.toWeb(Readable.from(pieces)));
    }
    return new Response(`own:${name}`);
  };
  return { fetch, asked };
}

async function load(name) {
  return Buffer.from(await (await self.tableeFetch(`./app/${name}`)).arrayBuffer());
}

afterEach(() => {
  delete globalThis.tableePack;
  delete globalThis.tableeFetch;
});

describe('packs (scripts/packs.mjs)', () => {
  globalThis.self = globalThis;
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  for (const piece of [1, 7, 1000, 1 << 20]) {
    it(`every module comes out whole, the pack cut in pieces of ${piece} bytes`, async () => {
      const pack = await precompress(writePack(modules));
      const { fetch, asked } = fakeFetch(pack, { piece });
      globalThis.fetch = fetch;
      packLoader('./app/', parts, { Game: 'pack_Game.wasm.gz' });
      self.tableePack('Game');
      for (const [name, bytes] of modules) assert.deepEqual(await load(name), bytes, name);
      assert.deepEqual(asked, ['pack_Game.wasm.gz'], 'one request');
      assert.deepEqual(self.tableeFetch.s, parts.Game);
      // A module of no pack asked for: its own file.
      assert.equal(String(await load('split_Other.wasm')), 'own:split_Other.wasm');
    });
  }

  it('settled() waits until every pack asked for is read (the service worker is registered then)', async () => {
    const pack = await precompress(writePack(modules));
    let release;
    const gate = new Promise((resolve) => (release = resolve));
    globalThis.fetch = async () => {
      await gate;
      return new Response(pack);
    };
    packLoader('./app/', parts, { Game: 'pack_Game.wasm.gz' });
    await self.tableePack.settled();
    self.tableePack('Game');
    let settled = false;
    const waiting = self.tableePack.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(settled, false, 'not while the pack is coming');
    release();
    await waiting;
    assert.deepEqual(await load('chunk_3.wasm'), modules[2][1]);
  });

  it('a pack that fails leaves each module to its own file', async () => {
    const { fetch } = fakeFetch(Buffer.alloc(0), { status: 404 });
    globalThis.fetch = fetch;
    packLoader('./app/', parts, { Game: 'pack_Game.wasm.gz' });
    self.tableePack('Game');
    for (const [name] of modules) assert.equal(String(await load(name)), `own:${name}`);
    assert.deepEqual(self.tableeFetch.s, []);
  });

  it('a pack whose modules were mostly asked for already is not fetched', async () => {
    const pack = await precompress(writePack(modules));
    const { fetch, asked } = fakeFetch(pack);
    globalThis.fetch = fetch;
    packLoader('./app/', parts, { Game: 'pack_Game.wasm.gz' });
    for (const name of ['chunk_1.wasm', 'chunk_2.wasm', 'chunk_3.wasm']) await load(name);
    self.tableePack('Game');
    assert.equal(String(await load('split_Game.wasm')), 'own:split_Game.wasm');
    assert.ok(!asked.includes('pack_Game.wasm.gz'), `${asked}`);
  });

  it("a part wanted after another comes in the pack made for after it (the other game's table prefetched first)", async () => {
    const other = [['chunk_1.wasm', modules[0][1]], ['split_Other.wasm', randomBytes(900)]];
    // Game's pack less what Other brought: chunks 2 and 3, and Game's own.
    const rest = modules.filter(([name]) => !parts.Other.includes(name));
    const packsByName = { 'pack_Other.wasm.gz': await precompress(writePack(other)), 'pack_Game~Other.wasm.gz': await precompress(writePack(rest)), 'pack_Game.wasm.gz': await precompress(writePack(modules)) };
    const asked = [];
    globalThis.fetch = async (url) => {
      const name = String(url).split('/').pop();
      asked.push(name);
      return packsByName[name] ? new Response(packsByName[name]) : new Response(`own:${name}`);
    };
    packLoader('./app/', parts, { Other: 'pack_Other.wasm.gz', Game: 'pack_Game.wasm.gz', 'Game~Other': 'pack_Game~Other.wasm.gz' });
    self.tableePack('Other');
    for (const name of parts.Other) await load(name);
    self.tableePack('Game');
    for (const [name, bytes] of rest) assert.deepEqual(await load(name), bytes, name);
    assert.deepEqual(asked, ['pack_Other.wasm.gz', 'pack_Game~Other.wasm.gz']);
  });

  it('a part wanted first comes in its own pack, not in the one for after another part', async () => {
    const { fetch, asked } = fakeFetch(await precompress(writePack(modules)));
    globalThis.fetch = fetch;
    packLoader('./app/', parts, { Game: 'pack_Game.wasm.gz', 'Game~Other': 'pack_Game~Other.wasm.gz' });
    self.tableePack('Game');
    for (const [name, bytes] of modules) assert.deepEqual(await load(name), bytes, name);
    assert.deepEqual(asked, ['pack_Game.wasm.gz']);
  });

  it("the loader's part loaders ask for their pack when called, not before", () => {
    const code =
      'export const __wasm_split_load_Game = wrapAsyncCb(makeLoad(() => {\n  const src = fetch(x);\n}\n, [c1, c2]));\n' +
      'export const __wasm_split_load_tablee_home = wrapAsyncCb(makeLoad(() => async (_imp) => ({}), []));\n';
    const { code: out, count } = packedLoads(code);
    assert.equal(count, 2);
    const calls = [];
    const run = new Function('self', 'wrapAsyncCb', 'makeLoad', 'c1', 'c2', `${out.replaceAll('export ', '')}; return [__wasm_split_load_Game, __wasm_split_load_tablee_home];`);
    const [game, home] = run({ tableePack: (part) => calls.push(part) }, (f) => (i, d) => f(i, d), () => (i, d) => [i, d], 0, 0);
    assert.deepEqual(calls, [], 'nothing at load time');
    assert.deepEqual(game(1, 2), [1, 2]);
    home(3, 4);
    assert.deepEqual(calls, ['Game', 'tablee_home']);
  });
});
