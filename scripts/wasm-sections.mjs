// Reading a .wasm module's sections, for scripts/strip-names.mjs and bench/wasm-bytes.mjs.

/** A cursor over `bytes` reading LEB128 numbers, names and bytes. */
export function reader(bytes, at = 0) {
  const r = {
    at,
    byte: () => bytes[r.at++],
    u32() {
      let value = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[r.at++];
        value += (b & 0x7f) * 2 ** shift;
        shift += 7;
        if (b < 0x80) return value;
      }
    },
    name() {
      const len = r.u32();
      const s = bytes.toString("utf8", r.at, r.at + len);
      r.at += len;
      return s;
    },
  };
  return r;
}

/** The module's sections: `id`, `name` (custom sections only), and where each starts, its
 * body (after a custom section's name) and its end. */
export function sections(bytes) {
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("not a wasm module");
  const r = reader(bytes, 8);
  const out = [];
  while (r.at < bytes.length) {
    const start = r.at;
    const id = r.byte();
    const size = r.u32();
    const end = r.at + size;
    if (end > bytes.length) throw new Error("truncated section");
    const name = id === 0 ? r.name() : null;
    out.push({ id, name, start, body: r.at, end });
    r.at = end;
  }
  return out;
}
