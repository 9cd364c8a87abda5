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
