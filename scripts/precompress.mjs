#!/usr/bin/env node
// Writes FILE.br beside each file of a built console that a browser takes compressed (the
// .wasm, scripts, styles, pages, JSON, SVG): Brotli at its best quality, which surfaces-server
// sends to a browser that accepts `br` (docs/server.md). Compressed once per build rather than
// per request: quality 11 takes about 4 s for the console's .wasm, where a request cannot
// wait; each visit then moves about a quarter fewer bytes than gzip at level 9 would.
// A FILE.br is written after its FILE, so the server's rule (a .br no older than its file)
// holds; one that would be no smaller is not written.
// Usage: precompress.mjs DIR ...; with no argument, Trunk's $TRUNK_STAGING_DIR.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

/** What is compressed, by extension: the types surfaces-server serves that compress. */
export const COMPRESSED = new Set([".wasm", ".js", ".mjs", ".css", ".html", ".json", ".map", ".svg", ".txt", ".webmanifest"]);

/** `bytes` as Brotli at quality 11, in the mode for text or for a binary. */
export function brotli(bytes, text) {
  const c = zlib.constants;
  return zlib.brotliCompressSync(bytes, {
    params: {
      [c.BROTLI_PARAM_QUALITY]: c.BROTLI_MAX_QUALITY,
      [c.BROTLI_PARAM_MODE]: text ? c.BROTLI_MODE_TEXT : c.BROTLI_MODE_GENERIC,
      [c.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

function files(dir) {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((f) => COMPRESSED.has(path.extname(f)) && fs.statSync(f).isFile());
}

// Run, not imported (bench/sizes.mjs takes `brotli`): compared as real paths, since Node
// gives this module's through symbolic links and the argument as it was typed.
const run = process.argv[1] && fs.realpathSync(fileURLToPath(import.meta.url)) === fs.realpathSync(process.argv[1]);
if (run) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0 && process.env.TRUNK_STAGING_DIR) dirs.push(process.env.TRUNK_STAGING_DIR);
  if (dirs.length === 0) {
    console.error("usage: precompress.mjs DIR ...");
    process.exit(2);
  }
  let [raw, written] = [0, 0];
  for (const dir of dirs) {
    for (const f of files(dir)) {
      const bytes = fs.readFileSync(f);
      const br = brotli(bytes, path.extname(f) !== ".wasm");
      // A stale one from an earlier build goes either way: the server must not send it.
      fs.rmSync(`${f}.br`, { force: true });
      if (br.length >= bytes.length) continue;
      // Written whole under a name the server never serves (it starts with a dot), then
      // renamed into place: a server reading the directory meanwhile never sends half.
      const part = path.join(path.dirname(f), `.${path.basename(f)}.br.part`);
      fs.writeFileSync(part, br);
      fs.renameSync(part, `${f}.br`);
      raw += bytes.length;
      written += br.length;
    }
  }
  // A console build always has files to compress: none means this ran on the wrong thing.
  if (written === 0) {
    console.error(`precompress: nothing to compress in ${dirs.join(", ")}`);
    process.exit(1);
  }
  console.log(`precompress: ${raw} bytes as ${written} bytes of Brotli (${dirs.join(", ")})`);
}
