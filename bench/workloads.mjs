// Deterministic benchmark workloads, built from the official examples and a seeded generator.
import fs from "node:fs";
import path from "node:path";

const BASIC = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

/** A small seeded generator (mulberry32), so every run folds the same bytes. */
export function rng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One envelope of A2UI v0.9. */
export const env = (key, body) => ({ version: "v0.9", [key]: body });

/** A surface on the Basic Catalog and its components, in one update. */
export function surface(surfaceId, components) {
  return [env("createSurface", { surfaceId, catalogId: BASIC }), env("updateComponents", { surfaceId, components })];
}

/** All 36 official examples, each on its own surface (ids made unique). */
export function examples(specDir) {
  const dir = path.join(specDir, "a2ui/v0_9/catalogs/basic/examples");
  const out = [];
  for (const f of fs.readdirSync(dir).sort()) {
    const { messages } = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"));
    const prefix = f.slice(0, 2);
    for (const m of messages) {
      const copy = structuredClone(m);
      const key = Object.keys(copy).find((k) => k !== "version");
      copy[key].surfaceId = `${prefix}-${copy[key].surfaceId}`;
      out.push(copy);
    }
  }
  return out;
}

/** One big surface: 200 nested components, then 1,800 data-model updates. */
export function bigSurface() {
  const r = rng(1);
  const msgs = [env("createSurface", { surfaceId: "big", catalogId: BASIC })];
  const comps = [{ id: "root", component: "Column", children: ["c0", "c1", "c2", "c3"] }];
  for (let i = 0; i < 4; i++) comps.push({ id: `c${i}`, component: "Card", child: `col${i}` });
  for (let i = 0; i < 4; i++) {
    const kids = [];
    for (let j = 0; j < 47; j++) kids.push(`t${i}_${j}`);
    comps.push({ id: `col${i}`, component: "Column", children: kids });
    for (let j = 0; j < 47; j++) {
      const id = `t${i}_${j}`;
      comps.push(
        j % 3 === 0
          ? { id, component: "TextField", label: `Field ${i}.${j}`, value: { path: `/f/${i}/${j}` } }
          : { id, component: "Text", text: { path: `/t/${i}/${j}` }, variant: j % 5 === 0 ? "h3" : "body" },
      );
    }
  }
  for (let k = 0; k < comps.length; k += 40) msgs.push(env("updateComponents", { surfaceId: "big", components: comps.slice(k, k + 40) }));
  for (let n = 0; n < 1800; n++) {
    const i = Math.floor(r() * 4);
    const j = Math.floor(r() * 47);
    const field = j % 3 === 0 ? "f" : "t";
    msgs.push(env("updateDataModel", { surfaceId: "big", path: `/${field}/${i}/${j}`, value: `value ${n} ${r().toString(36).slice(2, 8)}` }));
  }
  return msgs;
}

/** About 1 MB over 8 surfaces: lists of records as data, rendered by templates. */
export function megabyte() {
  const r = rng(2);
  const msgs = [];
  for (let s = 0; s < 8; s++) {
    const sid = `s${s}`;
    msgs.push(env("createSurface", { surfaceId: sid, catalogId: BASIC }));
    msgs.push(
      env("updateComponents", {
        surfaceId: sid,
        components: [
          { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
          { id: "row", component: "Row", children: ["name", "note"] },
          { id: "name", component: "Text", text: { path: "name" } },
          { id: "note", component: "Text", text: { path: "note" } },
        ],
      }),
    );
    for (let batch = 0; batch < 20; batch++) {
      const items = [];
      for (let k = 0; k < 18; k++) items.push({ name: `Item ${batch}-${k}`, note: "x".repeat(20 + Math.floor(r() * 300)), n: Math.floor(r() * 1e6) });
      msgs.push(env("updateDataModel", { surfaceId: sid, path: `/items`, value: items }));
    }
  }
  return msgs;
}

/** A storm of tiny updates to one field. */
export function storm() {
  const msgs = [
    env("createSurface", { surfaceId: "storm", catalogId: BASIC }),
    env("updateComponents", { surfaceId: "storm", components: [{ id: "root", component: "Text", text: { path: "/n" } }] }),
  ];
  for (let n = 0; n < 5000; n++) msgs.push(env("updateDataModel", { surfaceId: "storm", path: "/n", value: n }));
  return msgs;
}

/**
 * Value-heavy, another shape than `megabyte`: three surfaces whose data arrives as a few large
 * nested values (records with nested objects, arrays of numbers, booleans, nulls and escaped
 * strings), each replaced once, then patched at deep paths.
 */
export function valueHeavy() {
  const r = rng(3);
  const word = () => r().toString(36).slice(2, 2 + 3 + Math.floor(r() * 8));
  const record = (k) => ({
    id: `r${k}`,
    title: `${word()} "${word()}" \\ ${word()}\n${word()}`,
    score: Math.round(r() * 1e6) / 100,
    tags: Array.from({ length: 1 + Math.floor(r() * 6) }, word),
    flags: { open: r() < 0.5, archived: null, rank: Math.floor(r() * 100) },
    series: Array.from({ length: 12 }, () => Math.round(r() * 1000) / 10),
    owner: { name: word(), address: { city: word(), zip: String(10000 + Math.floor(r() * 89999)) } },
  });
  const msgs = [];
  for (let s = 0; s < 3; s++) {
    const sid = `v${s}`;
    msgs.push(env("createSurface", { surfaceId: sid, catalogId: BASIC }));
    msgs.push(
      env("updateComponents", {
        surfaceId: sid,
        components: [
          { id: "root", component: "List", children: { componentId: "row", path: "/records" } },
          { id: "row", component: "Column", children: ["title", "city"] },
          { id: "title", component: "Text", text: { path: "title" } },
          { id: "city", component: "Text", text: { path: "owner/address/city" } },
        ],
      }),
    );
    for (let round = 0; round < 2; round++) {
      msgs.push(env("updateDataModel", { surfaceId: sid, path: "/records", value: Array.from({ length: 400 }, (_, k) => record(k)) }));
    }
    for (let k = 0; k < 100; k++) {
      msgs.push(env("updateDataModel", { surfaceId: sid, path: `/records/${Math.floor(r() * 400)}/owner/address/city`, value: word() }));
    }
  }
  return msgs;
}

/** Templates inside templates: a List of sections, each a List of rows, each a Row of Texts. */
export function deepTemplate() {
  const r = rng(4);
  const msgs = [env("createSurface", { surfaceId: "deep", catalogId: BASIC })];
  msgs.push(
    env("updateComponents", {
      surfaceId: "deep",
      components: [
        { id: "root", component: "List", children: { componentId: "section", path: "/sections" } },
        { id: "section", component: "Card", child: "section-body" },
        { id: "section-body", component: "Column", children: ["section-title", "rows"] },
        { id: "section-title", component: "Text", text: { path: "title" }, variant: "h3" },
        { id: "rows", component: "List", children: { componentId: "row", path: "rows" } },
        { id: "row", component: "Row", children: ["cell-a", "cell-b", "cells"] },
        { id: "cell-a", component: "Text", text: { path: "a" } },
        { id: "cell-b", component: "Text", text: { path: "b" } },
        { id: "cells", component: "List", children: { componentId: "cell", path: "cells" } },
        { id: "cell", component: "Text", text: { path: "v" } },
      ],
    }),
  );
  const sections = Array.from({ length: 12 }, (_, i) => ({
    title: `Section ${i}`,
    rows: Array.from({ length: 15 }, (_, j) => ({
      a: `a ${i}.${j}`,
      b: `b ${Math.floor(r() * 1e6)}`,
      cells: Array.from({ length: 4 }, (_, k) => ({ v: `${i}.${j}.${k}` })),
    })),
  }));
  msgs.push(env("updateDataModel", { surfaceId: "deep", path: "/sections", value: sections }));
  for (let n = 0; n < 300; n++) {
    const i = Math.floor(r() * 12);
    const j = Math.floor(r() * 15);
    msgs.push(env("updateDataModel", { surfaceId: "deep", path: `/sections/${i}/rows/${j}/cells/${n % 4}/v`, value: `edit ${n}` }));
  }
  return msgs;
}

/** Many small surfaces, as a chat with a card per answer makes: 300 surfaces of a few components, half deleted. */
export function manySmallSurfaces() {
  const r = rng(5);
  const msgs = [];
  for (let s = 0; s < 300; s++) {
    const sid = `chat-${s}`;
    msgs.push(
      ...surface(sid, [
        { id: "root", component: "Card", child: "body" },
        { id: "body", component: "Column", children: ["title", "detail", "ok"] },
        { id: "title", component: "Text", text: { path: "/title" }, variant: "h4" },
        { id: "detail", component: "Text", text: { path: "/detail" } },
        { id: "ok-label", component: "Text", text: "OK" },
        { id: "ok", component: "Button", child: "ok-label", action: { event: { name: "ok", context: { n: s } } } },
      ]),
    );
    msgs.push(env("updateDataModel", { surfaceId: sid, path: "/", value: { title: `Answer ${s}`, detail: "y".repeat(10 + Math.floor(r() * 120)) } }));
    if (s % 2 === 1) msgs.push(env("deleteSurface", { surfaceId: `chat-${s - 1}` }));
  }
  return msgs;
}

/**
 * Numbers as a chart sends them: 4 surfaces, each a series of 5,000 points, a timestamp (an
 * integer of 13 digits) and computed values (floats of 16 or 17 digits, as arithmetic leaves
 * them), then the last point patched 200 times.
 */
export function series() {
  const r = rng(6);
  const msgs = [];
  for (let s = 0; s < 4; s++) {
    const sid = `chart-${s}`;
    msgs.push(...surface(sid, [{ id: "root", component: "Text", text: { path: "/title" } }]));
    const points = Array.from({ length: 5000 }, (_, i) => [1764547200000 + i * 60000, r() * 100, Math.sqrt(i) / 3]);
    msgs.push(env("updateDataModel", { surfaceId: sid, path: "/", value: { title: `Series ${s}`, points } }));
    for (let n = 0; n < 50; n++) msgs.push(env("updateDataModel", { surfaceId: sid, path: "/points/4999/1", value: r() * 100 }));
  }
  return msgs;
}

/**
 * A table as an API returns one: 3,000 rows of 16 columns (strings, numbers, booleans, null,
 * dates), in pages of 250 rows over four surfaces, each listing its rows with a template.
 */
export function wideTable() {
  const r = rng(21);
  const word = () => r().toString(36).slice(2, 4 + Math.floor(r() * 8));
  const statuses = ["open", "paid", "shipped", "returned", "cancelled"];
  const row = (i) => ({
    id: `ord-${100000 + i}`,
    customer: `${word()} ${word()}`,
    email: `${word()}@${word()}.example`,
    status: statuses[Math.floor(r() * statuses.length)],
    total: Math.round(r() * 1e6) / 100,
    currency: r() < 0.7 ? "EUR" : "USD",
    items: 1 + Math.floor(r() * 20),
    created: new Date(1764547200000 - Math.floor(r() * 1e10)).toISOString(),
    updated: new Date(1764547200000 - Math.floor(r() * 1e9)).toISOString(),
    region: ["north", "south", "east", "west"][i % 4],
    priority: Math.floor(r() * 5),
    paid: r() < 0.6,
    shipped: r() < 0.4,
    notes: r() < 0.5 ? null : `${word()} ${word()} ${word()}`,
    sku: `SKU-${Math.floor(r() * 1e8)}`,
    warehouse: `W${Math.floor(r() * 12)}`,
  });
  const msgs = [];
  for (let s = 0; s < 4; s++) {
    const sid = `table-${s}`;
    msgs.push(
      ...surface(sid, [
        { id: "root", component: "List", children: { componentId: "row", path: "/rows" } },
        { id: "row", component: "Row", children: ["id", "customer", "status", "total"] },
        ...["id", "customer", "status", "total"].map((k) => ({ id: k, component: "Text", text: { path: k } })),
      ]),
    );
    for (let page = 0; page < 3; page++) {
      const rows = Array.from({ length: 250 }, (_, k) => row(s * 750 + page * 250 + k));
      msgs.push(env("updateDataModel", { surfaceId: sid, path: `/rows`, value: rows }));
    }
  }
  return msgs;
}

/** The same table as a map of rows keyed by their ids, as many stores keep records. */
export function wideTableById() {
  return wideTable().map((m) => {
    const u = m.updateDataModel;
    if (!u) return m;
    return env("updateDataModel", { surfaceId: u.surfaceId, path: "/byId", value: Object.fromEntries(u.value.map((row) => [row.id, row])) });
  });
}

/**
 * Forms: 200 surfaces, each a Card of tabs holding text fields whose checks call functions
 * (`required`, `email`, `regex`; the button's an `and` of a binding and a call), a
 * ChoicePicker, a DateTimeInput, a Slider and a CheckBox, a title made by `formatString`,
 * and the form's data.
 */
export function forms() {
  const p = (path) => ({ path });
  const check = (call, args, message) => ({ condition: { call, args }, message });
  const msgs = [];
  for (let s = 0; s < 200; s++) {
    const sid = `form-${s}`;
    msgs.push(env("createSurface", { surfaceId: sid, catalogId: BASIC, sendDataModel: true }));
    msgs.push(
      env("updateComponents", {
        surfaceId: sid,
        components: [
          { id: "root", component: "Card", child: "col" },
          { id: "col", component: "Column", children: ["title", "tabs", "agree", "submit"], align: "stretch" },
          { id: "title", component: "Text", text: { call: "formatString", args: { value: `Order ${s} for \${/user/name}` }, returnType: "string" }, variant: "h3" },
          { id: "tabs", component: "Tabs", tabs: [{ title: "Contact", child: "contact" }, { title: "Plan", child: "plan-col" }] },
          { id: "contact", component: "Column", children: ["name", "email", "phone"] },
          { id: "name", component: "TextField", label: "Name", value: p("/form/name"), checks: [check("required", { value: p("/form/name") }, "A name is needed")] },
          { id: "email", component: "TextField", label: "Email", value: p("/form/email"), checks: [check("email", { value: p("/form/email") }, "Not an email address")] },
          { id: "phone", component: "TextField", label: "Phone", value: p("/form/phone"), checks: [check("regex", { value: p("/form/phone"), pattern: "^\\+?[0-9]{10,15}$" }, "Not a phone number")] },
          { id: "plan-col", component: "Column", children: ["plan", "start", "seats"] },
          { id: "plan", component: "ChoicePicker", options: [{ label: "Annual", value: "annual" }, { label: "Monthly", value: "monthly" }, { label: "Trial", value: "trial" }], value: p("/form/plan"), variant: "mutuallyExclusive", displayStyle: "chips" },
          { id: "start", component: "DateTimeInput", label: "Start", value: p("/form/start"), enableDate: true, enableTime: false },
          { id: "seats", component: "Slider", value: p("/form/seats"), max: 100 },
          { id: "agree", component: "CheckBox", label: "I agree", value: p("/form/agree") },
          { id: "submit-text", component: "Text", text: "Send" },
          {
            id: "submit",
            component: "Button",
            child: "submit-text",
            checks: [check("and", { values: [p("/form/agree"), { call: "required", args: { value: p("/form/email") } }] }, "Agree, and give an email address")],
            action: { event: { name: "order", context: { form: p("/form"), order: s } } },
          },
        ],
      }),
    );
    msgs.push(env("updateDataModel", { surfaceId: sid, value: { user: { name: `User ${s}` }, form: { name: "", email: "", phone: "", plan: ["annual"], start: "2026-01-01", seats: 5, agree: false } } }));
  }
  return msgs;
}

/** Text that is mostly not ASCII: 6,000 strings of words in eight scripts, with punctuation. */
export function scripts() {
  const r = rng(7);
  const words = [
    "東京", "日本語", "テキスト", "ひらがな", "Москва", "пример", "данные", "Ελλάδα", "κείμενο", "مرحبا", "بيانات",
    "שלום", "नमस्ते", "हिन्दी", "한국어", "데이터", "München", "café", "naïve", "Ærø", "“quoted”", "—", "…", "😀", "✓",
  ];
  const line = () => Array.from({ length: 4 + Math.floor(r() * 10) }, () => words[Math.floor(r() * words.length)]).join(" ");
  return [0, 1, 2].flatMap((s) => textList(`intl-${s}`, "/rows", "text", Array.from({ length: 2000 }, line)));
}

/** A surface that lists `texts` (a List of Texts bound to each item's `key`), set at `path` in one update. */
function textList(surfaceId, path, key, texts) {
  return [
    ...surface(surfaceId, [
      { id: "root", component: "List", children: { componentId: "row", path } },
      { id: "row", component: "Text", text: { path: key } },
    ]),
    env("updateDataModel", { surfaceId, path, value: texts.map((t) => ({ [key]: t })) }),
  ];
}

/** Markdown as agents write it: 3,000 answers with newlines, quotes, backslashes and tabs. */
export function markdown() {
  const r = rng(8);
  const word = () => r().toString(36).slice(2, 3 + Math.floor(r() * 8));
  const answer = () =>
    `## ${word()} ${word()}\n\n` +
    Array.from({ length: 2 + Math.floor(r() * 4) }, () => `- **${word()}**: "${word()} ${word()}" at \`C:\\${word()}\\${word()}\`\n`).join("") +
    `\n\t${word()} ${word()}.\n`;
  return [0, 1, 2].flatMap((s) => textList(`md-${s}`, "/answers", "md", Array.from({ length: 1000 }, answer)));
}

/**
 * Tool results kept as text, escapes every few bytes: 2,000 JSON documents in strings (each
 * quote escaped) and 2,000 Windows paths (each backslash escaped), in two lists.
 */
export function toolOutput() {
  const r = rng(41);
  const word = () => r().toString(36).slice(2, 3 + Math.floor(r() * 6));
  const doc = (i) => JSON.stringify({ id: i, name: word(), tags: [word(), word()], score: Math.round(r() * 1000) / 10, ok: r() > 0.5 });
  const file = () => `C:\\Users\\${word()}\\${word()}\\${word()}.${["txt", "json", "log"][Math.floor(r() * 3)]}`;
  return [
    ...textList("results", "/results", "json", Array.from({ length: 2000 }, (_, i) => doc(i))),
    ...textList("files", "/files", "path", Array.from({ length: 2000 }, file)),
  ];
}

/** Components replaced one at a time, as a status line or a progress card is: 3,000 updates. */
export function componentStorm() {
  const msgs = surface("status", [
    { id: "root", component: "Card", child: "body" },
    { id: "body", component: "Column", children: ["state", "detail"] },
    { id: "state", component: "Text", text: "Starting", variant: "h4" },
    { id: "detail", component: "Text", text: "" },
  ]);
  for (let n = 0; n < 3000; n++) {
    const c = n % 2 === 0 ? { id: "state", component: "Text", text: `Step ${n} of 3000`, variant: "h4" } : { id: "detail", component: "Text", text: `Working on item ${n}` };
    msgs.push(env("updateComponents", { surfaceId: "status", components: [c] }));
  }
  return msgs;
}

/** Nested records set one by one: 300 values, each 28 objects deep (within the default depth limit), with strings and arrays. */
export function nested() {
  const r = rng(9);
  const msgs = surface("tree", [{ id: "root", component: "Text", text: { path: "/title" } }]);
  for (let i = 0; i < 300; i++) {
    let v = { leaf: i };
    for (let d = 0; d < 28; d++) v = { next: v, name: `level ${d} ${r().toString(36).slice(2, 8)}`, at: [d, i, d * i] };
    msgs.push(env("updateDataModel", { surfaceId: "tree", path: `/nodes/n${i}`, value: v }));
  }
  return msgs;
}

/** A chat log: each message is a new Text, sent with the Column that lists every message so far (400 messages). */
export function chatLog() {
  const msgs = surface("chat", [{ id: "root", component: "Column", children: [] }]);
  const ids = [];
  for (let i = 0; i < 400; i++) {
    ids.push(`msg-${i}`);
    msgs.push(
      env("updateComponents", {
        surfaceId: "chat",
        components: [
          { id: `msg-${i}`, component: "Text", text: `Message number ${i} of the conversation` },
          { id: "root", component: "Column", children: [...ids] },
        ],
      }),
    );
  }
  return msgs;
}

/** A ranking resorted: a Column of 100 rows, its children listed in a new order 500 times. */
export function reordered() {
  const r = rng(10);
  const ids = Array.from({ length: 100 }, (_, i) => `row-${i}`);
  const msgs = surface("ranking", [
    { id: "root", component: "Column", children: ids },
    ...ids.map((id) => ({ id, component: "Text", text: `Entry ${id}` })),
  ]);
  for (let n = 0; n < 500; n++) {
    const order = [...ids];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    msgs.push(env("updateComponents", { surfaceId: "ranking", components: [{ id: "root", component: "Column", children: order }] }));
  }
  return msgs;
}

/** The shapes of address the gallery's Images take, as CDNs and agents write them. */
const IMAGE_URLS = [
  (s, i) => `https://cdn.example.com/photos/${s}/${i}-large.jpg`,
  (s, i) => `https://cdn.example.com/photos/${s}/${i}%20large.jpg`,
  (s, i) => `https://images.example.com:8443/p/${s}/${i}.webp`,
  (s, i) => `https://CDN.Example.com/photos/${s}/${i}.jpg`,
  (s, i) => `https://cdn.example.com/photos/${s}/${i}.jpg?w=800&sig=a%2Fb#top`,
];

/** A gallery: 100 surfaces of 10 Images each, every one with its own https URL, in the
 * shapes of `IMAGE_URLS`. */
export function images() {
  const msgs = [];
  for (let s = 0; s < 100; s++) {
    const ids = Array.from({ length: 10 }, (_, i) => `img-${i}`);
    msgs.push(
      ...surface(`gallery-${s}`, [
        { id: "root", component: "Row", children: ids },
        ...ids.map((id, i) => ({ id, component: "Image", url: IMAGE_URLS[i % IMAGE_URLS.length](s, i), fit: "cover" })),
      ]),
    );
  }
  return msgs;
}

/** A table of integers: 50,000 counts in one array. */
export function integers() {
  const r = rng(11);
  const msgs = surface("counts", [{ id: "root", component: "Text", text: { path: "/title" } }]);
  msgs.push(env("updateDataModel", { surfaceId: "counts", path: "/counts", value: Array.from({ length: 50000 }, () => Math.floor(r() * 1e6)) }));
  return msgs;
}

/** Flags: 60,000 of `true`, `false` and `null` in one array. */
export function literals() {
  const msgs = surface("flags", [{ id: "root", component: "Text", text: { path: "/title" } }]);
  msgs.push(env("updateDataModel", { surfaceId: "flags", path: "/flags", value: Array.from({ length: 60000 }, (_, i) => [true, false, null][i % 3]) }));
  return msgs;
}

/** The whole data model resent: 500 updates of `/` with a small object. */
export function wholeModel() {
  const msgs = surface("state", [{ id: "root", component: "Text", text: { path: "/status" } }]);
  for (let i = 0; i < 500; i++) {
    msgs.push(env("updateDataModel", { surfaceId: "state", path: "/", value: { status: `step ${i}`, progress: i / 500, items: [i, i + 1, i + 2], user: { name: "Ada", admin: i % 2 === 0 } } }));
  }
  return msgs;
}

/** The chat log as an agent that names its components by UUID writes it: ids of 36 bytes,
 * past any inline string, resent in the Column's list with every message. */
export function chatLogUuid() {
  const uuid = (i) => `${(0x3f2b8c1e + i * 7919).toString(16).padStart(8, "0")}-9d4a-4c7b-a1e2-${(i * 2654435761 % 2 ** 48).toString(16).padStart(12, "0")}`;
  const msgs = surface("chat", [{ id: "root", component: "Column", children: [] }]);
  const ids = [];
  for (let i = 0; i < 400; i++) {
    ids.push(uuid(i));
    msgs.push(
      env("updateComponents", {
        surfaceId: "chat",
        components: [
          { id: uuid(i), component: "Text", text: `Message number ${i} of the conversation` },
          { id: "root", component: "Column", children: [...ids] },
        ],
      }),
    );
  }
  return msgs;
}

/** A chat window: a Column of the last 50 messages, resent as each of 400 comes, its
 * oldest dropped (the dropped ones stay defined, out of the tree). */
export function chatWindow() {
  const msgs = surface("chat", [{ id: "root", component: "Column", children: [] }]);
  let ids = [];
  for (let i = 0; i < 400; i++) {
    ids = [...ids.slice(ids.length >= 50 ? 1 : 0), `msg-${i}`];
    msgs.push(
      env("updateComponents", {
        surfaceId: "chat",
        components: [
          { id: `msg-${i}`, component: "Text", text: `Message number ${i} of the conversation` },
          { id: "root", component: "Column", children: ids },
        ],
      }),
    );
  }
  return msgs;
}

/** A feed listed newest first, its components named by UUID: each of 400 items added at
 * the start of the Column, which is resent whole. */
export function feedNewestFirst() {
  const uuid = (i) => `${(0x5a3d9e + i * 104729).toString(16).padStart(8, "0")}-2b4f-4e81-9c0d-${(i * 40503).toString(16).padStart(12, "0")}`;
  const msgs = surface("feed", [{ id: "root", component: "Column", children: [] }]);
  let ids = [];
  for (let i = 0; i < 400; i++) {
    ids = [uuid(i), ...ids];
    msgs.push(
      env("updateComponents", {
        surfaceId: "feed",
        components: [
          { id: uuid(i), component: "Text", text: `Item ${i} of the feed` },
          { id: "root", component: "Column", children: ids },
        ],
      }),
    );
  }
  return msgs;
}

/** A chat's messages with emoji (skin tones, flags, joined sequences), letters past the BMP
 * and curly punctuation, in one data update: text V8 keeps as UTF-16, with surrogate pairs. */
export function emojiChat() {
  const r = rng(12);
  const pieces = ["😀", "👍🏽", "🎉", "🇨🇭", "👩‍💻", "❤️", "🔥", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "𠜎𠜱", "“quoted”", "—", "café", "ok", "thanks!", "see you at 5", "Zürich", "naïve"];
  const messages = [];
  for (let i = 0; i < 2000; i++) {
    const words = [];
    for (let w = 0; w < 4 + Math.floor(r() * 10); w++) words.push(pieces[Math.floor(r() * pieces.length)]);
    messages.push({ id: i, who: i % 2 ? "agent" : "user", text: words.join(" ") });
  }
  return [...surface("chat", [{ id: "root", component: "List", children: { componentId: "m", path: "/messages" } }, { id: "m", component: "Text", text: { path: "text" } }]), env("updateDataModel", { surfaceId: "chat", path: "/messages", value: messages })];
}

/** JSON text as Python's `json.dumps` writes it by default: `, ` and `: ` between members,
 * and every character past ASCII escaped (`ensure_ascii`), those past U+FFFF as a pair of
 * surrogate escapes. The official Python agent SDK escapes its JSON so (a2ui-agent-sdk 0.9.0:
 * `ComponentTree.to_json` and the direct-JSON decompiler call `json.dumps` with `ensure_ascii`
 * left on; the decompiler indents too). */
export function pythonDumps(v) {
  if (Array.isArray(v)) return `[${v.map(pythonDumps).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${pythonDumps(k)}: ${pythonDumps(x)}`).join(", ")}}`;
  if (typeof v === "string") return JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return JSON.stringify(v);
}

/** The text of a workload's messages, as its writer writes it. */
export const workloadText = (w, msgs) => (w.text ?? JSON.stringify)(msgs);

/** The messages of a workload's text, as a JavaScript client reads them: `JSON.parse`, or
 * `JSON.parse` a line for JSON Lines. */
export { readMessages } from "./read.mjs";

/** JSON Lines: one envelope a line, as a log or a stream of server-sent events writes them. */
export const jsonLines = (msgs) => msgs.map((m) => JSON.stringify(m)).join("\n") + "\n";

/** Indented two spaces a level, as `JSON.stringify(v, null, 2)` and Python's `indent=2` write. */
export const pretty = (msgs) => JSON.stringify(msgs, null, 2);

/** 300 cards, each on a surface created with a theme (a name, a colour and an icon). */
export function themed() {
  return Array.from({ length: 300 }, (_, s) => [
    env("createSurface", {
      surfaceId: `card-${s}`,
      catalogId: BASIC,
      theme: { primaryColor: ["#3366FF", "#00bfa5", "#E65100"][s % 3], agentDisplayName: `Helper ${s % 7}`, iconUrl: `https://cdn.example.com/agents/${s % 7}.png` },
      sendDataModel: s % 2 === 0,
    }),
    env("updateComponents", { surfaceId: `card-${s}`, components: [{ id: "root", component: "Card", child: "t" }, { id: "t", component: "Text", text: `Card ${s}` }] }),
  ]).flat();
}

/** One update of a tree seven levels deep, three children a node: 3,280 Rows, Columns and
 * Texts. */
export function tree() {
  const comps = [];
  let n = 0;
  const node = (depth) => {
    const id = n === 0 ? "root" : `c${n}`;
    n++;
    if (depth === 0) {
      comps.push({ id, component: "Text", text: `Leaf ${id}` });
      return id;
    }
    const entry = { id, component: depth % 2 ? "Column" : "Row", children: [] };
    comps.push(entry);
    entry.children = [node(depth - 1), node(depth - 1), node(depth - 1)];
    return id;
  };
  node(7);
  return surface("tree", comps);
}

/** A toolbar of 1,000 Icons. */
export function icons() {
  const names = ["home", "mail", "settings", "star", "search", "favorite", "delete", "share"];
  return surface("toolbar", [
    { id: "root", component: "Row", children: Array.from({ length: 1000 }, (_, i) => `icon-${i}`) },
    ...Array.from({ length: 1000 }, (_, i) => ({ id: `icon-${i}`, component: "Icon", name: names[i % names.length] })),
  ]);
}

/** 100 data values of 50 keys each, keys and values in Japanese, each value's keys new. */
export function japaneseKeys() {
  return [
    env("createSurface", { surfaceId: "records", catalogId: BASIC }),
    env("updateComponents", { surfaceId: "records", components: [{ id: "root", component: "Text", text: { path: "/r0/項目0の0名前" } }] }),
    ...Array.from({ length: 100 }, (_, r) =>
      env("updateDataModel", { surfaceId: "records", path: `/r${r}`, value: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`項目${r}の${i}名前`, `値${i}です`])) }),
    ),
  ];
}

/** A dashboard's grid of readings: 300 rows of 300 decimals of up to two places, and a
 * price list of 3,000 items, as an agent sends measured or priced data. */
export function readings() {
  const r = rng(9);
  return [
    ...surface("grid", [{ id: "root", component: "Text", text: { path: "/title" } }]),
    env("updateDataModel", {
      surfaceId: "grid",
      path: "/",
      value: { title: "Readings", rows: Array.from({ length: 300 }, () => Array.from({ length: 300 }, () => Math.round(r() * 100000) / 100)) },
    }),
    env("updateDataModel", {
      surfaceId: "grid",
      path: "/prices",
      value: Array.from({ length: 3000 }, (_, i) => ({ sku: `SKU-${i}`, price: (Math.round(r() * 100) * 100 + 99) / 100, was: Math.round(r() * 200) / 2, qty: i % 17 })),
    }),
  ];
}

/** Numbers of the shapes a model's output has: 20,000 changes of either sign, 10,000 scores
 * below 0.001 (computed: up to 17 digits after their zeros, the smallest written with an
 * exponent) and 10,000 magnitudes up to 10^25 (`JSON.stringify` writes those below 10^21
 * as integers of up to 21 digits). */
export function numbers() {
  const r = rng(12);
  const msgs = surface("numbers", [{ id: "root", component: "Text", text: { path: "/title" } }]);
  msgs.push(env("updateDataModel", { surfaceId: "numbers", path: "/deltas", value: Array.from({ length: 20000 }, () => Math.floor((r() - 0.5) * 2e6)) }));
  msgs.push(env("updateDataModel", { surfaceId: "numbers", path: "/scores", value: Array.from({ length: 10000 }, () => r() ** 4 * 1e-3) }));
  msgs.push(env("updateDataModel", { surfaceId: "numbers", path: "/magnitudes", value: Array.from({ length: 10000 }, () => r() ** 3 * 1e25) }));
  return msgs;
}

/** A table of 3,000 rows whose keys are in Japanese, in pages of 300 (written by Python's
 * `json.dumps`, below, every key and string not in ASCII escaped). */
export function japaneseRecords() {
  const r = rng(10);
  const cities = ["東京", "大阪", "名古屋", "札幌", "福岡"];
  const msgs = [...surface("table", [{ id: "root", component: "Text", text: { path: "/title" } }])];
  for (let p = 0; p < 10; p++) {
    const rows = Array.from({ length: 300 }, (_, i) => ({ 番号: p * 300 + i, 名前: `顧客${p * 300 + i}`, 都市: cities[i % 5], 数量: Math.floor(r() * 100), 備考: i % 7 ? "なし" : "要確認" }));
    msgs.push(env("updateDataModel", { surfaceId: "table", path: `/pages/${p}`, value: rows }));
  }
  return msgs;
}

/** A selection: 10,000 UUIDs in one array, then 20 smaller lists of tags. */
export function idLists() {
  const r = rng(11);
  const hex = (n) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(r() * 16)]).join("");
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const tags = ["urgent", "billing", "q3", "follow-up", "vip", "west", "renewal"];
  return [
    ...surface("ids", [{ id: "root", component: "Text", text: { path: "/title" } }]),
    env("updateDataModel", { surfaceId: "ids", path: "/selected", value: Array.from({ length: 10000 }, uuid) }),
    ...Array.from({ length: 20 }, (_, i) =>
      env("updateDataModel", { surfaceId: "ids", path: `/tags/${i}`, value: Array.from({ length: 50 }, (_, j) => tags[(i + j) % tags.length]) }),
    ),
  ];
}

/** Every object's keys in sorted order, as Go's encoding/json, serde_json and Python's
 * `sort_keys` write them: `children`, `action` and `child` come before `component`. */
function sortedKeys(v) {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortedKeys(v[k])]));
}

/** The chat log and the 36 official examples, written by a writer that sorts its keys. */
export const chatLogSorted = () => sortedKeys(chatLog());
export const examplesSorted = (spec) => sortedKeys(examples(spec));

/**
 * Every workload, in the order the reports list them: `key` names its file in target/bench
 * (bench/gen-workloads.mjs, read by the native benchmark), `title` its row, `text` (if any)
 * writes its messages as another writer than `JSON.stringify` would ([`workloadText`]).
 */
export const WORKLOADS = [
  { key: "examples", title: "36 official examples", build: (spec) => examples(spec) },
  { key: "big", title: "one big surface (200 components, 1,800 updates)", build: bigSurface },
  { key: "megabyte", title: "~1 MB over 8 surfaces", build: megabyte },
  { key: "storm", title: "storm of 5,000 tiny updates", build: storm },
  { key: "value-heavy", title: "value-heavy: 3 surfaces of nested records, patched deep", build: valueHeavy },
  { key: "deep-template", title: "deep templates: lists in lists in lists", build: deepTemplate },
  { key: "many-small", title: "300 small surfaces, half deleted", build: manySmallSurfaces },
  { key: "series", title: "chart series: 20,000 points of computed floats", build: series },
  { key: "wide-table", title: "a table paged through: 12 pages of 250 rows of 16 columns", build: wideTable },
  { key: "wide-table-by-id", title: "the same table, each page a map of its rows by id", build: wideTableById },
  { key: "scripts", title: "text in eight scripts: 6,000 strings, mostly not ASCII", build: scripts },
  { key: "markdown", title: "markdown answers: 3,000 strings with escapes", build: markdown },
  { key: "tool-output", title: "tool results as text: 2,000 JSON documents and 2,000 Windows paths in strings", build: toolOutput },
  { key: "component-storm", title: "3,000 one-component updates", build: componentStorm },
  { key: "forms", title: "200 forms: fields with checks, a choice picker, tabs, a slider", build: forms },
  { key: "nested", title: "300 nested values, 28 deep", build: nested },
  { key: "chat-log", title: "chat log: a Column resent with each of 400 messages", build: chatLog },
  { key: "reordered", title: "a Column of 100 rows listed in 500 new orders", build: reordered },
  { key: "images", title: "1,000 Images, each with its own https URL (ports, escapes, queries)", build: images },
  { key: "integers", title: "50,000 integers in one array", build: integers },
  { key: "literals", title: "60,000 true, false and null in one array", build: literals },
  { key: "whole-model", title: "the whole data model resent 500 times", build: wholeModel },
  { key: "examples-sorted", title: "36 official examples, every object's keys sorted", build: examplesSorted },
  { key: "chat-sorted", title: "the chat log, every object's keys sorted", build: chatLogSorted },
  { key: "chat-uuid", title: "the chat log, its components named by UUID", build: chatLogUuid },
  { key: "chat-window", title: "a chat window: the last 50 messages, the oldest dropped as each of 400 comes", build: chatWindow },
  { key: "feed-newest-first", title: "a feed of 400 items named by UUID, each added at the start", build: feedNewestFirst },
  { key: "emoji", title: "emoji chat: 2,000 messages with emoji and letters past the BMP", build: emojiChat },
  { key: "emoji-python", title: "the emoji chat as Python's json.dumps writes it (escaped to ASCII)", build: emojiChat, text: pythonDumps },
  { key: "scripts-python", title: "text in eight scripts as Python's json.dumps writes it (escaped to ASCII)", build: scripts, text: pythonDumps },
  { key: "examples-lines", title: "36 official examples as JSON Lines", build: (spec) => examples(spec), text: jsonLines, lines: true },
  { key: "examples-pretty", title: "36 official examples, indented", build: (spec) => examples(spec), text: pretty },
  { key: "themed", title: "300 cards, each surface created with a theme", build: themed },
  { key: "tree", title: "a tree of 3,280 Rows, Columns and Texts in one update", build: tree },
  { key: "icons", title: "a toolbar of 1,000 Icons", build: icons },
  { key: "readings", title: "a grid of 90,000 readings and 3,000 prices, decimals of a few places", build: readings },
  { key: "id-lists", title: "10,000 UUIDs in one array, and 20 lists of tags", build: idLists },
  { key: "japanese-records", title: "3,000 rows with keys in Japanese, as Python's json.dumps writes them (escaped to ASCII)", build: japaneseRecords, text: pythonDumps },
  { key: "japanese-keys", title: "100 data values of 50 keys each, keys in Japanese, new in each", build: japaneseKeys },
  { key: "numbers", title: "40,000 numbers: changes of either sign, scores below 0.001, magnitudes to 10^25", build: numbers },
];
