// The hostile inputs of BENCHMARKS.md's "Hostile input" section, for Node and for the page.
// crates/surfaces-core/examples/hostile.rs builds the same texts in Rust, byte for byte: keys
// are written sorted (`canon`), so both sides print the same JSON, and the report compares the
// byte counts of the two runs. Change one side, change the other.

export const BASIC = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/** Long enough to come near `dataModelBytes` (65,536) with 200 small template items beside it. */
export const LONG = 64_000;
export const PATTERN = "[a-z]{1000}b";

/** JSON with object keys sorted, as serde_json writes a `BTreeMap`. */
export function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (v !== null && typeof v === "object") {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

const create = (sid) => ({ version: "v0.9", createSurface: { surfaceId: sid, catalogId: BASIC } });
const components = (sid, list) => ({ version: "v0.9", updateComponents: { surfaceId: sid, components: list } });
const data = (sid, path, value) => ({ version: "v0.9", updateDataModel: { surfaceId: sid, path, value } });
/** A surface: created, its components, then one data update per [path, value]. */
const surface = (sid, list, updates) => [create(sid), components(sid, list), ...updates.map(([p, v]) => data(sid, p, v))];
const batch = (envelopes) => canon(envelopes);
const lines = (envelopes) => envelopes.map(canon).join("\n");
const nested = (n) => "[".repeat(n) + "]".repeat(n);
const one = (text) => [{ text }];

const field = { id: "f", component: "TextField", label: "Field", value: { path: "/s" }, validationRegexp: PATTERN };
const items = () => Array.from({ length: 200 }, () => ({}));
const longData = () => [["/s", "a".repeat(LONG)], ["/items", items()]];
const nestedTemplates = (sid) =>
  surface(
    sid,
    [
      { id: "root", component: "List", children: { componentId: "inner", path: "/items" } },
      { id: "inner", component: "List", children: { componentId: "f", path: "/items" } },
      field,
    ],
    longData(),
  );
/** Lists of 200 items in a list of four, each item `item`, and the data they are bound to. */
const templated = (sid, item, more) =>
  surface(
    sid,
    [
      { id: "root", component: "List", children: { componentId: "inner", path: "/rows" } },
      { id: "inner", component: "List", children: { componentId: "t", path: "/items" } },
      item,
    ],
    [["/rows", Array.from({ length: 4 }, () => ({}))], ["/items", Array.from({ length: 200 }, () => ({}))], ...more],
  );
const markdownTexts = (sid) => templated(sid, { id: "t", component: "Text", text: { path: "/md" } }, [["/md", "a\n".repeat(200)]]);
const pickers = (sid) =>
  templated(sid, { id: "t", component: "ChoicePicker", value: { path: "/v" }, options: Array.from({ length: 50 }, (_, k) => ({ label: "", value: `o${k}` })) }, []);
const button = (condition) => [
  { id: "root", component: "Column", children: ["b"] },
  { id: "b", component: "Button", child: "bt", action: { event: { name: "go" } }, checks: [{ condition, message: "No." }] },
  { id: "bt", component: "Text", text: "Go" },
];
const text = (t) => [
  { id: "root", component: "Column", children: ["t"] },
  { id: "t", component: "Text", text: t },
];
/** Envelopes of JSON Lines text, cut into texts of at most `max` bytes (one A2A part each). */
function chunked(envelopes, max = 1 << 20) {
  const out = [];
  let cur = [];
  let size = 0;
  for (const e of envelopes) {
    const t = canon(e);
    if (cur.length && size + 1 + t.length > max) {
      out.push({ text: cur.join("\n") });
      cur = [];
      size = 0;
    }
    size += (cur.length ? 1 : 0) + t.length;
    cur.push(t);
  }
  if (cur.length) out.push({ text: cur.join("\n") });
  return out;
}

/** Every case: {id, group, name, limits (a subset, or undefined for the defaults), inputs:
 * [{text, nowMs?}], keystroke? (the page types into it)}. Built lazily: `build()`. */
export const CASES = [
  // 1. Evaluation work.
  {
    id: "regex-field",
    group: "evaluation",
    name: "TextField `validationRegexp` `[a-z]{1000}b` on a 64,000-char bound value",
    build: () => one(batch(surface("h", [{ id: "root", component: "Column", children: ["f"] }, field], [["/s", "a".repeat(LONG)]]))),
  },
  {
    id: "or-255-regex",
    group: "evaluation",
    name: "Button check: `or` over 255 `regex` (`[a-z]{1000}b`) on the 64,000-char value",
    build: () =>
      one(batch(surface("h", button({ call: "or", args: { values: Array.from({ length: 255 }, () => ({ call: "regex", args: { value: { path: "/s" }, pattern: PATTERN } })) } }), [["/s", "a".repeat(LONG)]]))),
  },
  {
    id: "or-255-distinct-regex",
    group: "evaluation",
    name: "Button check: `or` over 255 distinct `[a-z]{1000-i}b` on a 10-char value (a compile each)",
    build: () =>
      one(
        batch(
          surface("h", button({ call: "or", args: { values: Array.from({ length: 255 }, (_, i) => ({ call: "regex", args: { value: { path: "/t" }, pattern: `[a-z]{${1000 - i}}b` } })) } }), [["/t", "aaaaaaaaaa"]]),
        ),
      ),
  },
  {
    id: "template-200",
    group: "evaluation",
    name: "List template: that TextField × 200 items",
    keystroke: true,
    build: () => one(batch(surface("h", [{ id: "root", component: "List", children: { componentId: "f", path: "/items" } }, field], longData()))),
  },
  {
    id: "template-nested",
    group: "evaluation",
    name: "Nested templates (200 × 200) up to the render's node cap",
    keystroke: true,
    build: () => one(batch(nestedTemplates("h"))),
  },
  {
    id: "template-nested-8",
    group: "evaluation",
    name: "8 surfaces (the limit) of those nested templates",
    build: () => one(batch(Array.from({ length: 8 }, (_, i) => nestedTemplates(`h${i}`)).flat())),
  },
  {
    id: "render-markdown-8",
    group: "evaluation",
    name: "8 surfaces of 800 Texts (templates in templates) each bound to 200 Markdown lines",
    build: () => one(batch(Array.from({ length: 8 }, (_, i) => markdownTexts(`h${i}`)).flat())),
  },
  {
    id: "render-pickers-8",
    group: "evaluation",
    name: "8 surfaces of 800 ChoicePickers of 50 options (templates in templates)",
    build: () => one(batch(Array.from({ length: 8 }, (_, i) => pickers(`h${i}`)).flat())),
  },
  {
    id: "and-255-length",
    group: "evaluation",
    name: "TextField check: `and` over 255 `length` on the 64,000-char value",
    build: () =>
      one(
        batch(
          surface(
            "h",
            [
              { id: "root", component: "Column", children: ["f"] },
              {
                id: "f",
                component: "TextField",
                label: "Field",
                value: { path: "/s" },
                checks: [{ condition: { call: "and", args: { values: Array.from({ length: 255 }, () => ({ call: "length", args: { value: { path: "/s" }, min: 1 } })) } }, message: "Too short." }],
              },
            ],
            [["/s", "a".repeat(LONG)]],
          ),
        ),
      ),
  },
  {
    id: "format-500-long",
    group: "evaluation",
    name: "`formatString` with 500 × `${/s}` (64,000 chars each)",
    build: () => one(batch(surface("h", text({ call: "formatString", args: { value: "${/s}".repeat(500) } }), [["/s", "a".repeat(LONG)]]))),
  },
  {
    id: "format-800-short",
    group: "evaluation",
    name: "`formatString` with 800 × `${/t} ` (10 chars each: 8,000 out)",
    build: () => one(batch(surface("h", text({ call: "formatString", args: { value: "${/t} ".repeat(800) } }), [["/t", "abcdefghi"]]))),
  },
  // 2. Data-model depth.
  {
    id: "path-20000",
    group: "data-model depth",
    name: "`updateDataModel` path of 20,000 `/0` segments",
    build: () => one(batch([create("h"), data("h", "/0".repeat(20_000), 1)])),
  },
  {
    id: "path-32",
    group: "data-model depth",
    name: "path of 32 `/0` segments (`dataModelDepth` 32)",
    build: () => one(batch([create("h"), data("h", "/0".repeat(32), 1)])),
  },
  {
    id: "path-33",
    group: "data-model depth",
    name: "path of 33 `/0` segments (one past)",
    build: () => one(batch([create("h"), data("h", "/0".repeat(33), 1)])),
  },
  {
    id: "value-95",
    group: "data-model depth",
    name: "value nested 95 deep (under the reader's 100)",
    build: () => one(batch([create("h"), data("h", "/v", "@DEEP@")]).replace('"@DEEP@"', nested(95))),
  },
  // 3. What used to abort.
  {
    id: "date-65536-literal",
    group: "aborts",
    name: "`formatDate` with a literal pattern of 65,536 `y`",
    build: () => one(batch(surface("h", text({ call: "formatDate", args: { value: "2026-11-30T12:00:00Z", format: "y".repeat(65_536) } }), []))),
  },
  {
    id: "date-64000-bound",
    group: "aborts",
    name: "`formatDate` with a bound pattern of 64,000 `y`",
    build: () => one(batch(surface("h", text({ call: "formatDate", args: { value: "2026-11-30T12:00:00Z", format: { path: "/p" } } }), [["/p", "y".repeat(LONG)]]))),
  },
  {
    id: "date-10000-bound",
    group: "aborts",
    name: "`formatDate` with a bound pattern of 10,000 `y` (the output limit)",
    build: () => one(batch(surface("h", text({ call: "formatDate", args: { value: "2026-11-30T12:00:00Z", format: { path: "/p" } } }), [["/p", "y".repeat(10_000)]]))),
  },
  {
    id: "format-bound-template",
    group: "aborts",
    name: "`formatString` whose template is bound: 12,800 × `${/t}` (64,000 chars)",
    build: () => one(batch(surface("h", text({ call: "formatString", args: { value: { path: "/tpl" } } }), [["/t", "x"], ["/tpl", "${/t}".repeat(12_800)]]))),
  },
  // 4. One bad envelope among good ones.
  {
    id: "batch-deep-130",
    group: "one bad among good",
    name: "a batch of 102 with one envelope nested 130 deep",
    build: () => one(goodAround(data("h", "/v", "@DEEP@")).replace('"@DEEP@"', nested(130))),
  },
  {
    id: "batch-deep-100000",
    group: "one bad among good",
    name: "a batch of 102 with one envelope nested 100,000 deep",
    build: () => one(goodAround(data("h", "/v", "@DEEP@")).replace('"@DEEP@"', nested(100_000))),
  },
  {
    id: "lines-surrogate",
    group: "one bad among good",
    name: 'JSON Lines, 102 envelopes, one holding `"\\ud800"`',
    build: () => one(lines(goodList(data("h", "/v", "@LONE@"))).replace('"@LONE@"', '"\\ud800"')),
  },
  {
    id: "lines-broken",
    group: "one bad among good",
    name: "JSON Lines, 102 envelopes, the 51st cut short (`{\"version\":\"v0.9\",`)",
    build: () => one(lines(goodList(data("h", "/v", "@CUT@"))).replace(/^.*"@CUT@".*$/m, '{"version":"v0.9",')),
  },
  {
    id: "bom",
    group: "one bad among good",
    name: "a batch of 101 behind a byte-order mark",
    build: () => one("\ufeff" + batch(goodList(null))),
  },
  // 5. Counting.
  {
    id: "garbage-lines",
    group: "counting",
    name: "1 MiB of garbage JSON Lines (not JSON: reading stops at the first break)",
    build: () => one(garbage()),
  },
  {
    id: "values-lines",
    group: "counting",
    name: "1 MiB of JSON Lines that are JSON but not envelopes",
    build: () => one(notEnvelopes()),
  },
  {
    id: "values-lines-100k",
    group: "counting",
    name: "the same with `envelopes` 100,000 (every line read)",
    limits: { envelopes: 100_000 },
    build: () => one(notEnvelopes()),
  },
  {
    id: "findings-cap",
    group: "counting",
    name: "2,000 schema-invalid envelopes (past the 1,000-finding cap)",
    build: () => one(lines(Array.from({ length: 2000 }, (_, i) => ({ version: "v0.8", updateComponents: { surfaceId: i, components: "x", extra: true } })))),
  },
  // 6. Size.
  {
    id: "part-10mb",
    group: "size",
    name: "a 10 MB text (refused by `partBytes`)",
    build: () => {
      const head = canon(data("h", "/s", "@S@"));
      return one(head.replace("@S@", "a".repeat(10_000_000 - head.length + 3)));
    },
  },
  {
    id: "envelopes-100k",
    group: "size",
    name: "100,000 envelopes in 1 MiB parts (default `envelopes` 2,000)",
    build: () => chunked(storm(100_000)),
  },
  {
    id: "envelopes-100k-raised",
    group: "size",
    name: "100,000 envelopes in 1 MiB parts, `envelopes` 100,000",
    limits: { envelopes: 100_000 },
    build: () => chunked(storm(100_000)),
  },
  {
    id: "nested-10000",
    group: "size",
    name: "JSON nested 10,000 deep",
    build: () => one(canon(data("h", "/v", "@DEEP@")).replace('"@DEEP@"', nested(10_000))),
  },
  {
    id: "string-1m",
    group: "size",
    name: "a 1,000,000-char string value",
    build: () => one(batch([create("h"), data("h", "/s", "a".repeat(1_000_000))])),
  },
  {
    id: "rate-10000",
    group: "size",
    name: "10,000 updates at 10,000 per second (one call each, `nowMs` 0.1 apart)",
    build: () => {
      const out = [{ text: batch(surface("h", [{ id: "root", component: "Text", text: { path: "/n" } }], [])) }];
      for (let i = 0; i < 10_000; i++) out.push({ text: canon(data("h", "/n", i)), nowMs: i * 0.1 });
      return out;
    },
  },
  // Text's Markdown is read by the DOM renderer (surfaces-markdown): the browser run draws these.
  {
    id: "markdown-quotes",
    group: "size",
    name: "Text Markdown: 2,400 nested `> ` quotes (4,801 chars, under `textChars`)",
    build: () => one(batch(surface("h", text("> ".repeat(2400) + "x"), []))),
  },
  {
    id: "markdown-openers",
    group: "size",
    name: "Text Markdown: 1,600 × `*_[` unclosed emphasis and link openers",
    build: () => one(batch(surface("h", text("*_[".repeat(1600)), []))),
  },
  // Bound to a model string of about 60 KB, under `dataModelBytes`: what works the Markdown
  // reader's bounds (its far-scan budget, its open containers, its table of backtick runs) hardest.
  {
    id: "markdown-link-tails",
    group: "size",
    name: "Text Markdown: 15,000 × `[a](`, each link's destination read to the end (60 KB, bound)",
    build: () => one(batch(surface("h", text({ path: "/md" }), [["/md", "[a](".repeat(15_000)]]))),
  },
  {
    id: "markdown-blank-lines",
    group: "size",
    name: "Text Markdown: a code block in 16 nested list items, then 30,000 blank lines (60 KB as JSON, bound)",
    build: () => one(batch(surface("h", text({ path: "/md" }), [["/md", "- ".repeat(16) + "```\n" + "\n".repeat(30_000)]]))),
  },
  {
    id: "markdown-ticks",
    group: "size",
    name: "Text Markdown: backtick runs of every length from 1 to 340, none closed (58 KB, bound)",
    build: () => one(batch(surface("h", text({ path: "/md" }), [["/md", Array.from({ length: 340 }, (_, i) => "`".repeat(i + 1) + " ").join("")]]))),
  },
  // 7. The hand reader of data updates (`a2ui/direct.rs`): what works it hardest.
  {
    id: "reader-late-refusal",
    group: "reader",
    name: "a 900 KB data value, then its key `value` again (read by hand, by serde_json, then scanned)",
    build: () => one(withValue(`[${'"abcdefghijklmnopqrstuvwxyz0123456789",'.repeat(23_000)}0],"value":1`)),
  },
  {
    id: "reader-escapes",
    group: "reader",
    name: "a string value of 450,000 `\\n` escapes (900 KB)",
    build: () => one(withValue(`"${"\\n".repeat(450_000)}"`)),
  },
  {
    id: "reader-keys",
    group: "reader",
    name: "an object value of 60,000 keys",
    build: () => one(withValue(`{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":0`).join(",")}}`)),
  },
  {
    id: "reader-records-alternating",
    group: "reader",
    name: "5,600 records of 24 keys (1 MB), each with the other key set than its sibling (every run of repeated keys ends at once)",
    build: () =>
      one(withValue(`[${Array.from({ length: 5_600 }, (_, i) => `{${Array.from({ length: 24 }, (_, k) => `"${i % 2 === 1 ? "a" : "b"}${k}":0`).join(",")}}`).join(",")}]`)),
  },
  {
    id: "reader-records-escaped",
    group: "reader",
    name: "3,400 records of 24 escaped keys (1 MB; past the eighth each kept twice, in order and in a set)",
    build: () => one(withValue(`[${Array(3_400).fill(`{${Array.from({ length: 24 }, (_, k) => `"\\u0061${k}":0`).join(",")}}`).join(",")}]`)),
  },
  {
    id: "reader-escaped-keys-nested",
    group: "reader",
    name: "an object of 36,000 escaped keys (1 MB), each holding a list of one record with an escaped key",
    build: () => one(withValue(`{${Array.from({ length: 36_000 }, (_, i) => `"\\u0061${i}":[{"\\u0062":1}]`).join(",")}}`)),
  },
  {
    id: "reader-tiny-objects",
    group: "reader",
    name: "a value of 130,000 one-member objects (1 MB), then an unknown member (read by hand, then by serde_json up to `envelopeValues`)",
    build: () => one(withValue(`[${Array(130_000).fill('{"a":0}').join(",")}],"zz":1`)),
  },
  {
    id: "reader-digits",
    group: "reader",
    name: "a number of 900,000 digits",
    build: () => one(withValue("1" + "0".repeat(900_000))),
  },
  {
    id: "reader-components",
    group: "reader",
    name: "`updateComponents` of 11,000 Texts (1 MB; 200 are allowed), read by hand and counted past `envelopeValues`",
    build: () => one(manyComponents(false)),
  },
  {
    id: "reader-components-late",
    group: "reader",
    name: "the same with an unknown member after the components (read by hand, then by serde_json)",
    build: () => one(manyComponents(true)),
  },
  {
    id: "reader-calls-late",
    group: "reader",
    name: "`updateComponents` of 3,800 Texts (900 KB; 200 are allowed), each a `formatString` call of 15 strings, then an array (read by hand up to it, then as a value), counted past `envelopeValues`",
    build: () => {
      const args = Object.fromEntries(Array.from({ length: 15 }, (_, k) => [`k${String(k).padStart(2, "0")}`, "v"]));
      args.zz = [1, 2, 3];
      return one(manyCalls(args));
    },
  },
  {
    id: "reader-calls-deep",
    group: "reader",
    name: "the same with each call's one argument an array nested 90 deep",
    build: () => one(manyCalls({ value: JSON.parse("[".repeat(90) + "1" + "]".repeat(90)) })),
  },
  {
    id: "reader-bidi-each",
    group: "reader",
    name: "40,000 strings, each with a bidi control (U+200F: a search for the next from each)",
    build: () => one(withValue(shortStrings(true))),
  },
  {
    id: "reader-bidi-last",
    group: "reader",
    name: "40,000 strings, a bidi control in the last only (U+2026 in the others)",
    build: () => one(withValue(shortStrings(false))),
  },
  // 8. Work or memory one small envelope could make grow with what came before.
  {
    id: "grow-finding-paths",
    group: "amplification",
    name: "8 updates of a value keyed by 500,000 `~`, under it 40 `__proto__` (32 findings each, their paths through the key)",
    build: () => {
      const value = { ["~".repeat(500_000)]: Array.from({ length: 40 }, () => JSON.parse('{"__proto__":0}')) };
      return [{ text: canon(create("h")) }, ...Array.from({ length: 8 }, () => ({ text: canon(data("h", "/x", value)) }))];
    },
  },
  {
    id: "grow-graph",
    group: "amplification",
    name: "a Column listing 30,000 ids never defined, then 1,990 updates pointing a Card at it and away",
    build: () => {
      const ids = Array.from({ length: 30_000 }, (_, i) => `u${i}`);
      const toggles = Array.from({ length: 1990 }, (_, i) =>
        components("h", [{ id: "p", component: "Card", child: i % 2 === 0 ? "big" : "nothing" }]));
      return [
        { text: lines([create("h"), components("h", [{ id: "big", component: "Column", children: ids }])]) },
        { text: lines(toggles) },
      ];
    },
  },
  {
    id: "grow-model-at-limit",
    group: "amplification",
    name: "a data model 9 bytes under `dataModelBytes`, then 1,990 one-digit updates beside it",
    build: () => {
      // `{"a":[0,…]}` with 32,760 zeros: 65,527 bytes.
      const list = [create("h"), data("h", "", { a: Array(32_760).fill(0) })];
      for (let i = 0; i < 1990; i++) list.push(data("h", "/zz", i % 10));
      return one(lines(list));
    },
  },
  {
    id: "grow-container-text",
    group: "amplification",
    name: "List template of 200 Buttons, each checking `and` over 255 `length` of a bound 60 KB array",
    build: () => {
      const call = { call: "length", args: { value: { path: "/a" }, min: 0 } };
      const cond = { call: "and", args: { values: Array(255).fill(call) } };
      const list = [
        { id: "root", component: "List", children: { componentId: "b", path: "/items" } },
        { id: "b", component: "Button", child: "bt", action: { event: { name: "go" } }, checks: [{ condition: cond, message: "No." }] },
        { id: "bt", component: "Text", text: "Go" },
      ];
      return one(batch(surface("h", list, [["/a", Array(30_000).fill(0)], ["/items", Array(200).fill(0)]])));
    },
  },
  {
    id: "grow-lookalike-hosts",
    group: "amplification",
    name: "1 MB of Image updates, each URL's host three 62-byte Cyrillic `xn--` labels that pass for Latin",
    build: () => one(lines(imageUpdates((n, i) => `https://${lookalikeHost("com")}/${n}/${i}.png`))),
  },
  {
    id: "grow-lookalike-hosts-new",
    group: "amplification",
    name: "the same, each URL's host new (a label of its own after the three): no host read before",
    build: () => one(lines(imageUpdates((n, i) => `https://${lookalikeHost(`c${n}-${i}`)}/${n}/${i}.png`))),
  },
  {
    id: "grow-lookalike-hosts-turns",
    group: "amplification",
    name: "the same, 200 such hosts in turn (each update names each once)",
    build: () => one(lines(imageUpdates((n, i) => `https://${lookalikeHost(`c${i}`)}/${n}/${i}.png`))),
  },
  {
    id: "grow-lookalike-hosts-unplain",
    group: "amplification",
    name: "the same, one host, each URL not plain (a space in its path): every one read by the URL parser",
    build: () => one(lines(imageUpdates((n, i) => `https://${lookalikeHost("com")}/${n}/${i} a.png`))),
  },
  {
    id: "grow-lookalike-hosts-unicode",
    group: "amplification",
    name: "the same hosts written in Unicode (`аррӏе` ten times a label), 200 in turn: every URL read by the URL parser",
    build: () => {
      const label = "аррӏе".repeat(10);
      return one(lines(imageUpdates((n, i) => `https://${label}.${label}.${label}.c${i}/${n}/${i}.png`)));
    },
  },
  {
    id: "grow-lookalike-hosts-invalid",
    group: "amplification",
    name: "the same, one host ending in an `xn--` label that encodes nothing: every URL refused by the URL parser",
    build: () => one(lines(imageUpdates((n, i) => `https://${lookalikeHost("xn--zz-zz-zz")}/${n}/${i}.png`))),
  },
  {
    id: "grow-long-unicode-labels",
    group: "amplification",
    name: "1 MB of Image URLs whose hosts have four labels of 1,000 CJK characters (longer than any DNS name), 200 in turn",
    build: () => {
      const label = cjkLabel();
      return one(lines(imageUpdates((n, i) => `https://${label}.${label}.${label}.${label}.c${i}/${n}/${i}.png`)));
    },
  },
  {
    id: "grow-mapped-hosts",
    group: "amplification",
    name: "1 MB of Image URLs, each host new: labels of 63, 63, 63 and 61 squared katakana, longer than a DNS name only once mapped (each to three to five katakana) and encoded",
    build: () => one(lines(imageUpdates((n, i) => `https://${mappedHost(n * 200 + i)}/${n}/${i}.png`))),
  },
  {
    id: "render-long-unicode-labels",
    group: "amplification",
    name: "199 Images bound to one data URL whose host has four labels of 1,000 CJK characters (read at each render)",
    build: () => {
      const label = cjkLabel();
      const list = Array.from({ length: 199 }, (_, i) => ({ id: `i${i}`, component: "Image", url: { path: "/u" } }));
      list.push({ id: "root", component: "Column", children: Array.from({ length: 199 }, (_, i) => `i${i}`) });
      return one(lines(surface("h", list, [["/u", `https://${label}.${label}.${label}.${label}.com/`]])));
    },
  },
  {
    id: "grow-unplain-urls",
    group: "amplification",
    name: "1 MB of Image updates, each URL not plain (a space in its path): every one read by the URL parser",
    build: () => one(lines(imageUpdates((n, i) => `https://cdn${i}.example.com/photos/${n}/${i} large.png`))),
  },
  {
    id: "grow-refused-urls",
    group: "amplification",
    name: "1 MB of Image updates, each URL one the URL parser refuses (a bracketed host that is no IPv6 address)",
    build: () => one(lines(imageUpdates((n, i) => `https://[zz${n}x${i}]/${n}/${i}.png`))),
  },
  {
    id: "grow-array-padding",
    group: "amplification",
    name: "1,999 updates alternating a write at `/a/9999` (9,999 `null`s padded) and a delete of `/a`",
    build: () => {
      const del = { version: "v0.9", updateDataModel: { surfaceId: "h", path: "/a" } };
      const list = [create("h"), ...Array.from({ length: 1999 }, (_, i) => (i % 2 === 0 ? data("h", "/a/9999", 1) : del))];
      return one(lines(list));
    },
  },
];

/** `аррӏе` (Cyrillic that reads as `apple`) ten times: the longest label of it (62 bytes), in
 * punycode; three to a host, then `last`. */
const LOOKALIKE = "xn--80aaaaaaaaaa0cbbbbbbbbb6sacacacacacacacacaca149ceaeeeeeeee";
const lookalikeHost = (last) => `${LOOKALIKE}.${LOOKALIKE}.${LOOKALIKE}.${last}`;

/** 1,000 distinct CJK characters (U+4E00 on): a label no DNS name can have. */
const cjkLabel = () => Array.from({ length: 1000 }, (_, k) => String.fromCodePoint(0x4e00 + k)).join("");
/** A host of its own for each `id`: four labels of squared katakana (U+3300 to U+3357), each a
 * rotation of them, 253 characters in all, as written (as hostile.rs's `mapped_host`). */
const mappedHost = (id) => {
  const label = (len, from) => Array.from({ length: len }, (_, j) => String.fromCodePoint(0x3300 + ((from + j) % 88))).join("");
  const a = id % 88, b = Math.floor(id / 88) % 88;
  return `${label(63, a)}.${label(63, b)}.${label(63, a + b)}.${label(61, 0)}`;
};

/** A surface `h`, then updates of up to 200 Images (the `components` limit) until about 1 MB,
 * the `i`th Image of the `n`th update at `url(n, i)`: the last update stops at 1 MB. */
function imageUpdates(url) {
  const out = [create("h")];
  const utf8 = new TextEncoder();
  let bytes = 0;
  for (let n = 0; ; n++) {
    const list = [];
    for (let i = 0; i < 200; i++) {
      const image = { id: `i${i}`, component: "Image", url: url(n, i) };
      // Bytes of UTF-8, as the Rust side counts them (a URL may be written in Unicode).
      bytes += utf8.encode(canon(image)).length + 1;
      list.push(image);
      if (bytes >= 1_000_000) {
        out.push(components("h", list));
        return out;
      }
    }
    out.push(components("h", list));
  }
}

/** A surface `h` and one `updateComponents` of 11,000 Texts, with `zz` after its members
 * where `late` (no such member is allowed, so the hand reader gives up at the end). */
function manyComponents(late) {
  const list = Array.from({ length: 11_000 }, (_, i) => ({
    id: `t${String(i).padStart(5, "0")}`,
    component: "Text",
    text: "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn",
  }));
  const body = { surfaceId: "h", components: list };
  if (late) body.zz = 1;
  return batch([create("h"), { version: "v0.9", updateComponents: body }]);
}

/** A surface `h` and one `updateComponents` of 3,800 Texts, each showing a `formatString`
 * call with `args`: a call is read by hand, and one of another shape as a value alone. */
function manyCalls(args) {
  const list = Array.from({ length: 3_800 }, (_, i) => ({
    id: `t${String(i).padStart(5, "0")}`,
    component: "Text",
    text: { call: "formatString", args },
  }));
  return batch([create("h"), { version: "v0.9", updateComponents: { surfaceId: "h", components: list } }]);
}

/** An array of 40,000 short strings that are not ASCII: each with a right-to-left mark
 * where `each`, else only the last (the others an ellipsis, which shares the mark's lead). */
function shortStrings(each) {
  const strings = Array.from({ length: 40_000 }, (_, i) => (each || i === 39_999 ? '"\u00e9\u200fx"' : '"\u00e9\u2026x"'));
  return `[${strings.join(",")}]`;
}

/** A batch creating surface `h` and setting `/v` to `value`, JSON text written as it is. */
function withValue(value) {
  return batch([create("h"), data("h", "/v", "@V@")]).replace('"@V@"', () => value);
}

/** 101 good envelopes (a surface, its components, 99 updates), with `bad` as the 51st. */
function goodList(bad) {
  const list = surface("h", [{ id: "root", component: "Text", text: { path: "/n" } }], []);
  for (let i = 0; i < 99; i++) {
    if (i === 49 && bad) list.push(bad);
    list.push(data("h", "/n", i));
  }
  return list;
}
const goodAround = (bad) => batch(goodList(bad));

/** A surface, then `n - 1` updates of one of 64 fields. */
function storm(n) {
  const list = [create("h")];
  for (let i = 1; i < n; i++) list.push(data("h", `/n${i % 64}`, i));
  return list;
}

/** Lines that are not envelopes, of every kind the reader tells apart, to just under 1 MiB. */
function garbage() {
  const kinds = ['{"version":"v0.9","updateDataModel":', "not json at all", "[1,2,", '{"a":1,"a":2}', "1e400", '"\\ud800"', '{"version":"v0.9"}', "}{"];
  const out = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line = kinds[i % kinds.length];
    if (size + line.length + 1 > 1_048_000) break;
    out.push(line);
    size += line.length + 1;
  }
  return out.join("\n");
}

/** Lines that are JSON values but not envelopes (each refused alone), to just under 1 MiB. */
function notEnvelopes() {
  const kinds = ['{"a":1,"a":2}', "1e400", '"\\ud800"', '{"version":"v0.9"}', "[1,2]", "null", '{"version":"v0.9","createSurface":{}}', '"x"'];
  const out = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line = kinds[i % kinds.length];
    if (size + line.length + 1 > 1_048_000) break;
    out.push(line);
    size += line.length + 1;
  }
  return out.join("\n");
}

/** Bytes (as UTF-8, what the Rust side counts) and FNV-1a hash of a case's parts, as
 * examples/hostile.rs computes them, so the report can tell whether both read the same. */
export function fingerprint(inputs) {
  const enc = new TextEncoder();
  let bytes = 0;
  let h = 0x811c9dc5;
  for (const { text } of inputs) {
    const b = enc.encode(text);
    bytes += b.length;
    for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i], 0x01000193);
  }
  return { bytes, hash: (h >>> 0).toString(16).padStart(8, "0") };
}
