// What a WebAssembly file of the page holds (issue 44, "lean parts"): its
// sections, its data, and its functions by size, alone and summed by crate,
// read from the file itself (no twiggy needed). Names come from the file's
// name section: build with them kept first.
//
//   TABLEE_WASM_NAMES=1 trunk build --release --dist /tmp/dist-names
//   node scripts/wasm-funcs.mjs /tmp/dist-names/app-*/split_Jachete.wasm [--top 30]
//
// Sizes are raw bytes of the function bodies (gzip is about a third to a
// half of it); a crate is the first path segment of the mangled name
// (`_ZN6tachys…` → tachys, `_ZN4core3fmt…` → core::fmt for std's own crates),
// "(unnamed)" when the build dropped the names.

import { readFile } from 'node:fs/promises';

import { scriptArg as arg } from '../tests/e2e/lib.mjs';
import { readLeb, sections } from './wasm-read.mjs';

const TOP = Number(arg('--top', '30'));
const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--top');
if (!files.length) {
  console.error('usage: node scripts/wasm-funcs.mjs FILE.wasm [FILE.wasm ...] [--top N]');
  process.exit(2);
}

/** A cursor over a byte array reading LEB128 numbers and names. */
function reader(bytes, at) {
  const r = {
    at,
    u32() {
      let value;
      [value, r.at] = readLeb(bytes, r.at);
      return value;
    },
    name() {
      const length = r.u32();
      const text = new TextDecoder().decode(bytes.subarray(r.at, r.at + length));
      r.at += length;
      return text;
    },
  };
  return r;
}

const SECTIONS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'];

function read(bytes) {
  const found = [];
  let imported = 0;
  let bodies = [];
  const names = new Map();
  for (const { id, body: start, end } of sections(bytes)) {
    const size = end - start;
    const s = reader(bytes, start);
    let label = SECTIONS[id] ?? `section ${id}`;
    if (id === 0) {
      const name = s.name();
      label = `custom "${name}"`;
      if (name === 'name') {
        while (s.at < start + size) {
          const kind = bytes[s.at++];
          const length = s.u32();
          const end = s.at + length;
          if (kind === 1) {
            for (let n = s.u32(); n > 0; n -= 1) names.set(s.u32(), s.name());
          }
          s.at = end;
        }
      }
    } else if (id === 2) {
      for (let n = s.u32(); n > 0; n -= 1) {
        s.name();
        s.name();
        const kind = bytes[s.at++];
        if (kind === 0) {
          imported += 1;
          s.u32();
        } else if (kind === 1) {
          s.at += 1;
          const flags = s.u32();
          s.u32();
          if (flags & 1) s.u32();
        } else if (kind === 2) {
          const flags = s.u32();
          s.u32();
          if (flags & 1) s.u32();
        } else if (kind === 3) {
          s.at += 2;
        } else {
          s.u32();
        }
      }
    } else if (id === 10) {
      bodies = [];
      for (let n = s.u32(); n > 0; n -= 1) {
        const length = s.u32();
        bodies.push(length);
        s.at += length;
      }
    }
    found.push({ label, size });
  }
  const functions = bodies.map((size, i) => ({ size, name: names.get(imported + i) ?? '(unnamed)' }));
  return { sections: found, functions };
}

/**
 * The crate of a name wasm-bindgen already demangled (`--keep-debug`):
 * `<tablee_engine::jachete::game::JaGame as …>::actions` → tablee_engine::jachete,
 * `core[c5930c85a12de822]::str::…` → core::str. The project's own crates
 * keep their first module, std's crates theirs.
 */
function demangledCrate(name) {
  if (name.startsWith('(')) return name;
  const path = /^<?(?:impl |&(?:mut )?)?([A-Za-z_]\w*)(?:\[[0-9a-f]+\])?(?:::([A-Za-z_]\w*))?/.exec(name);
  if (!path) return 'other';
  const [, crate, module] = path;
  if (module && (crate.startsWith('tablee') || ['core', 'alloc', 'std'].includes(crate))) return `${crate}::${module}`;
  return crate;
}

/** The crate a mangled name belongs to (std's crates with their module). */
function crateOf(name) {
  // A trait impl's method: `_ZN100_$LT$leptos..children..X$u20$as$u20$…` → leptos.
  const impl = /^_ZN\d+_\$LT\$(?:T\$u20\$as\$u20\$|\$RF\$)?([A-Za-z_]\w*)\.\./.exec(name);
  if (impl) return impl[1];
  const m = /^_ZN(?:\d+_\$LT\$)?(\d+)([A-Za-z_][\w$]*)/.exec(name);
  if (!m) return demangledCrate(name);
  const crate = m[2].slice(0, Number(m[1]));
  if (['core', 'alloc', 'std'].includes(crate)) {
    const rest = name.slice(m[0].length - m[2].length + Number(m[1]));
    const module = /^(\d+)/.exec(rest);
    if (module) return `${crate}::${rest.slice(module[1].length, module[1].length + Number(module[1]))}`;
  }
  return crate;
}

for (const file of files) {
  const { sections, functions } = read(await readFile(file));
  const total = functions.reduce((sum, f) => sum + f.size, 0);
  console.log(`${file}\n  sections: ${sections.map((s) => `${s.label} ${s.size}`).join(', ')}`);
  console.log(`  ${functions.length} functions, ${total} bytes of code`);
  const crates = new Map();
  for (const f of functions) {
    const c = crateOf(f.name);
    const entry = crates.get(c) ?? { size: 0, count: 0 };
    entry.size += f.size;
    entry.count += 1;
    crates.set(c, entry);
  }
  console.log('  by crate:');
  for (const [crate, { size, count }] of [...crates].sort((a, b) => b[1].size - a[1].size).slice(0, TOP)) {
    console.log(`    ${String(size).padStart(8)}  ${String(count).padStart(5)} fns  ${crate}`);
  }
  console.log('  largest functions:');
  for (const f of [...functions].sort((a, b) => b.size - a.size).slice(0, TOP)) {
    console.log(`    ${String(f.size).padStart(8)}  ${f.name.slice(0, 150)}`);
  }
}
