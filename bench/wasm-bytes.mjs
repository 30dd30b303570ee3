// Where a .wasm module's bytes go: function bodies grouped by the crate (and, for ours, the
// module) they come from, plus data segments. Needs the module's name section, so it reads a
// build that kept it (scripts/bench.sh makes one next to the published, stripped package).
import zlib from "node:zlib";
import { reader, sections } from "../scripts/wasm-sections.mjs";

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

// First matching rule wins; names are demangled Rust paths (wasm-bindgen demangles them).
const GROUPS = [
  // The fold: the readers (`direct` by hand, `fast` and the schema walk for the rest), the
  // catalog's decoder and rules, the store, its graph and data model.
  ["ours: A2UI validation and fold", /^surfaces_core::a2ui::(schema|store|admission|tree|pointer|input|fast|direct|model|tape|report|limits|path|formats|catalog::(component|rules)|catalog::[A-Z])\b/],
  ["ours: A2UI functions, dates, render model, actions", /^surfaces_core::a2ui::/],
  ["ours: the rest of surfaces-core (UI links card checker, URLs, Unicode checks, JSON scan)", /^surfaces_core::/],
  ["ours: A2A (surfaces-a2a: wire, SSE, task view, action lifecycle)", /^surfaces_a2a::/],
  ["ours: Text's Markdown reader (surfaces-markdown)", /^surfaces_markdown::/],
  ["ours: DOM renderer (surfaces-render, and mountSurface's glue)", /^(surfaces_render::|agent_surfaces::mount\b)/],
  ["Leptos (leptos, tachys, reactive_graph and what they bring)", /^(leptos\w*|tachys|reactive_graph|reactive_stores|any_spawner|send_wrapper|or_poisoned|throw_error|server_fn\w*|wasm_streams|futures\w*|slotmap|guardian|oco_ref|either_of|next_tuple|rustc_hash|hydration_context|const_str_slice_concat|pin_project\w*|indexmap|drain_filter_polyfill|async_lock|event_listener\w*|concurrent_queue|parking_lot\w*|lock_api|thiserror\w*)::/],
  ["ours: JS binding", /^agent_surfaces::/],
  ["url + IDNA (url, idna, ICU4X code)", /^(url|idna|idna_adapter|icu_\w+|zerovec|zerofrom|yoke|potential_utf|utf8_iter|utf16_iter|write16|smallvec|litemap|tinystr|writeable|percent_encoding|form_urlencoded)::/],
  ["regex-lite", /^regex_lite::/],
  ["serde, serde_json, serde-wasm-bindgen", /^(serde|serde_core|serde_json|serde_wasm_bindgen|ryu|zmij|itoa|memchr)::/],
  ["wasm-bindgen, js-sys, web-sys glue", /^(wasm_bindgen|js_sys|web_sys)::|^__wbindgen|^__wbg|^__externref|shim$/],
  ["Rust std: alloc, collections, fmt, floats, allocator", /^(core|alloc|std|hashbrown|dlmalloc|compiler_builtins|__rustc|__rust|__rdl|__rg|memcmp|memcpy|memmove|memset|rust_)/],
];

/** The crate a demangled name belongs to: `<A as B>::f` and `drop_in_place<A>` count as A's. */
function owner(name) {
  let n = name.replace(/\[[0-9a-f]+\]/g, "");
  for (;;) {
    const m = n.match(/^(?:<|&mut |&|core::ptr::drop_in_place<|alloc::boxed::Box<|alloc::vec::Vec<|alloc::rc::Rc<|dyn )/);
    if (!m) break;
    n = n.slice(m[0].length);
  }
  // `<f64 as Trait>::f` or `<[T] as Trait>::f`: a primitive's impl belongs to the trait's crate.
  const prim = n.match(/^(?:\[[^\]]*\]|\w+) as (?:<|&)?/);
  if (prim && !prim[0].includes("::")) return owner(n.slice(prim[0].length));
  return n;
}

/** The group (a row of the table) a function's demangled name falls in. */
export function groupOf(name) {
  const n = owner(name);
  return GROUPS.find(([, re]) => re.test(n))?.[0] ?? "other";
}

/** The module's function names, by function index (imports first, as wasm counts them). */
export function functionNames(bytes) {
  const secs = sections(bytes);
  const names = new Map();
  const nameSec = secs.find((s) => s.id === 0 && s.name === "name");
  if (!nameSec) throw new Error("the module has no name section");
  const r = reader(bytes, nameSec.body);
  while (r.at < nameSec.end) {
    const sub = r.byte();
    const size = r.u32();
    const end = r.at + size;
    if (sub === 1) for (let i = r.u32(); i > 0; i--) names.set(r.u32(), r.name());
    r.at = end;
  }
  return names;
}

/** How many functions the module imports: its own are numbered after them. */
function importedFunctions(bytes, secs) {
  let imported = 0;
  const imports = secs.find((s) => s.id === 2);
  if (imports) {
    const r = reader(bytes, imports.body);
    for (let i = r.u32(); i > 0; i--) {
      r.name();
      r.name();
      const kind = r.byte();
      if (kind === 0) {
        imported++;
        r.u32();
      } else if (kind === 1) {
        r.byte();
        const flags = r.byte();
        r.u32();
        if (flags & 1) r.u32();
      } else if (kind === 2) {
        const flags = r.byte();
        r.u32();
        if (flags & 1) r.u32();
      } else if (kind === 3) {
        r.byte();
        r.byte();
      } else {
        r.byte();
        r.u32();
      }
    }
  }
  return imported;
}

export function wasmBytes(bytes) {
  const secs = sections(bytes);
  const imported = importedFunctions(bytes, secs);
  const names = functionNames(bytes);
  const groups = new Map([...GROUPS.map(([g]) => [g, []]), ["other", []]]);
  const code = secs.find((s) => s.id === 10);
  const r = reader(bytes, code.body);
  const count = r.u32();
  for (let i = 0; i < count; i++) {
    const size = r.u32();
    const body = bytes.subarray(r.at, r.at + size);
    r.at += size;
    groups.get(groupOf(names.get(imported + i) ?? "")).push(body);
  }
  const rows = [...groups].map(([group, bodies]) => {
    const all = Buffer.concat(bodies);
    return { group, functions: bodies.length, raw: all.length, gz: all.length ? gz(all) : 0 };
  });
  const data = secs.filter((s) => s.id === 11).map((s) => bytes.subarray(s.body, s.end));
  const dataAll = Buffer.concat(data);
  const text = (dataAll.toString("latin1").match(/[\x20-\x7e]{6,}/g) ?? []).reduce((a, s) => a + s.length, 0);
  rows.push({ group: "data: constant tables and strings", functions: 0, raw: dataAll.length, gz: gz(dataAll), text });
  rows.sort((a, b) => b.raw - a.raw);
  return rows;
}
