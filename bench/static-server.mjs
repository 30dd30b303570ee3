// The repository served on loopback for the browser benchmarks (what a page needs: the
// package, its wasm, the bench pages), nothing outside the repository.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serveFiles } from "../tests/e2e/lib/static-files.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Starts the server on a free loopback port; `server.address().port` says which. */
export function serveRepository() {
  return serveFiles([["/", ROOT]]);
}
