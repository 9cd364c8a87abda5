// Reading a WebAssembly module's bytes, shared by the scripts that look
// inside the page's wasm: wasm-exports.mjs (drops unused exports in the
// build), wasm-data.mjs (what its data costs), wasm-funcs.mjs (its functions
// by size).

/** An unsigned LEB128 number at `at`: [its value, the offset after it]. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

/**
 * The module's sections in order: { id, at (its id byte), body (its
 * contents' first byte), end }.
 */
export function* sections(bytes) {
  let at = 8;
  while (at < bytes.length) {
    const [size, body] = readLeb(bytes, at + 1);
    yield { id: bytes[at], at, body, end: body + size };
    at = body + size;
  }
}

/** A custom section's name (a custom section's body starts with it). */
export function customName(bytes, { body }) {
  const [length, at] = readLeb(bytes, body);
  return new TextDecoder().decode(bytes.subarray(at, at + length));
}

/**
 * The module without the custom sections named in `names` (the rest byte
 * for byte). Custom sections never change what a module does.
 */
export function withoutCustomSections(bytes, names) {
  const kept = [bytes.subarray(0, 8)];
  for (const section of sections(bytes)) {
    if (section.id === 0 && names.includes(customName(bytes, section))) continue;
    kept.push(bytes.subarray(section.at, section.end));
  }
  return Buffer.concat(kept);
}
