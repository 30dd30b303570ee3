// How a JavaScript client reads a workload's messages from its text: JSON.parse of the whole,
// or of each line for JSON Lines. The floor of the fold tables and what the official core is
// given; a module of its own so that the Chromium page (bench/browser-fold.mjs) bundles the
// same function Node runs (bench/workloads.mjs, which re-exports it, reads files).
export const readMessages = (w, text) => (w.lines ? text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l)) : JSON.parse(text));
