// A static file server on loopback for test and benchmark pages: each URL prefix maps to one
// directory, and nothing outside those directories is served. No dependencies, so the
// benchmarks (another npm package) import it by path too.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";

const TYPES = { ".html": "text/html", ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json" };

/** Serves `roots` ([[urlPrefix, directory], …], first match wins) on a free loopback port,
 * each response with `headers` besides its type. */
export async function serveFiles(roots, headers = {}) {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, "http://x").pathname);
    const [prefix, dir] = roots.find(([p]) => url.startsWith(p)) ?? [];
    const file = dir && path.join(dir, url.slice(prefix.length));
    if (!file || !file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { ...headers, "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return server;
}
