// Shapes beside the workloads: streams of the kinds bench/workloads.mjs has, in shapes none of
// its workloads has (other scripts for keys, other escapes, other number forms, other
// component types, each official example at volume), folded as the fold table folds them,
// so that how the table generalises is measured rather than assumed.
//   node bench/shapes.mjs              measures; prints the figures as JSON and keeps them
//                                      in target/bench/shapes.json
//   node bench/shapes.mjs --section    writes BENCHMARKS.md's "Shapes beside the workloads"
//   PKG=DIR node bench/shapes.mjs      another build of the package (default: the npm build
//                                      the fold table uses, crates/surfaces-wasm/pkg)
//   ONLY=REGEX, REPS=N                 some shapes only, runs a shape (default 40)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { agreement, foldOfficial, foldOurs } from "./agreement.mjs";
import { replaceSection } from "./shared.mjs";
import { timeSides } from "./timing.mjs";
import { env, pythonDumps, rng, surface } from "./workloads.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPEC = process.env.AGENT_SURFACES_SPEC || path.join(ROOT, "../shared/spec");
const PKG = path.resolve(process.env.PKG || path.join(ROOT, "crates/surfaces-wasm/pkg"));
const SAVED = path.join(ROOT, "target/bench/shapes.json");
const SECTION = process.argv.includes("--section");

const bound = (id) => surface(id, [{ id: "root", component: "Text", text: { path: "/title" } }]);
const data = (id, path, value) => env("updateDataModel", { surfaceId: id, path, value });
const r = rng(7);
const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"];
const word = () => words[Math.floor(r() * words.length)];
/** An order as a shop's agent lists it. */
const order = (i) => ({ id: `o-${i}`, total: Math.round(r() * 10000) / 100, status: "new", lines: [{ sku: `s${i}`, qty: i % 5 }] });
/** 100 data values of 50 keys each, every key new to its value, named by `key`. */
const newKeys = (key, value) => [
  ...bound("k"),
  ...Array.from({ length: 100 }, (_, k) =>
    data("k", `/r${k}`, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [key(k, i), value(i)]))),
  ),
];

/** [kind, shape, messages, writer]: the kind is the fold table's workload it stands beside;
 * the writer, `JSON.stringify` unless another is given. */
const SHAPES = [
  ["keys new in each value", "keys in Latin letters, numbers for values", () => newKeys((k, i) => `pedio${k}onoma${i}`, (i) => i)],
  ["keys new in each value", "keys in Greek, numbers for values", () => newKeys((k, i) => `πεδίο${k}όνομα${i}`, (i) => i)],
  ["keys new in each value", "keys in Cyrillic, strings for values", () => newKeys((k, i) => `поле${k}_${i}имя`, (i) => `значение${i}`)],
  ["keys new in each value", "keys in Korean, true for values", () => newKeys((k, i) => `필드${k}이름${i}`, () => true)],
  ["keys new in each value", "keys in Latin letters, 5 to an object", () => [
    ...bound("k"),
    ...Array.from({ length: 100 }, (_, k) =>
      data("k", `/r${k}`, Array.from({ length: 10 }, (_, j) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`pedio${k}onoma${j}_${i}`, i])))),
    ),
  ]],
  ["strings with escapes", "2,000 JSON documents kept as strings", () => [
    ...bound("j"),
    data("j", "/docs", Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: i, name: `x${i}`, tags: ["a", "b"] }))),
  ]],
  ["strings with escapes", "3,000 Windows paths", () => [
    ...bound("w"),
    data("w", "/paths", Array.from({ length: 3000 }, (_, i) => `C:\\Users\\user${i}\\Documents\\file${i}.txt`)),
  ]],
  ["strings with escapes", "300 Texts of code with quotes and backslashes", () => surface("c", [
    { id: "root", component: "Column", children: Array.from({ length: 300 }, (_, i) => `t${i}`) },
    ...Array.from({ length: 300 }, (_, i) => ({ id: `t${i}`, component: "Text", text: `\`\`\`js\nconst s = "a\\\\b \\"q\\" ${i}";\n\`\`\`` })),
  ])],
  ["text within Latin-1", "5,000 names and words with accents", () => [
    ...bound("a"),
    data("a", "/names", Array.from({ length: 5000 }, (_, i) => `${["Café", "Müller", "Ñandú", "Ångström", "Çelik"][i % 5]} ${word()} naïve ${i}`)),
  ]],
  ["text within Latin-1", "5,000 accented names as Python's json.dumps writes them (escaped to ASCII)", () => [
    ...bound("p"),
    data("p", "/names", Array.from({ length: 5000 }, (_, i) => `Café crème ${i} Müller`)),
  ], pythonDumps],
  ["text within Latin-1", "10,000 UUIDs after one accented title", () => [
    ...bound("u"),
    data("u", "/title", "Résumé"),
    data("u", "/ids", Array.from({ length: 10000 }, (_, i) => `${(0x10000000 + i * 7919).toString(16)}-e29b-41d4-a716-${(0x100000000000 + i).toString(16)}`)),
  ]],
  ["numbers", "20,000 floats of a few digits with an exponent", () => [
    ...bound("n"),
    data("n", "/f", Array.from({ length: 20000 }, (_, i) => (i + 1) * 1.234e-12)),
  ]],
  ["numbers", "20,000 integers past 2^53", () => [
    ...bound("n"),
    data("n", "/f", Array.from({ length: 20000 }, (_, i) => 2 ** 60 + i * 4096)),
  ]],
  ["numbers", "20,000 chart points as objects", () => [
    ...bound("n"),
    data("n", "/points", Array.from({ length: 20000 }, (_, i) => ({ x: i, y: Math.sin(i / 50) * 100 }))),
  ]],
  ["records", "500 records of six fields under a template", () => [
    ...surface("t", [
      { id: "root", component: "List", children: { componentId: "row", path: "/items" } },
      { id: "row", component: "Text", text: { path: "name" } },
    ]),
    data("t", "/items", Array.from({ length: 500 }, (_, i) => ({
      id: i, name: `${word()} ${word()}`, price: Math.round(r() * 10000) / 100, inStock: r() > 0.5,
      meta: { sku: `S-${i}`, rating: Math.round(r() * 50) / 10 }, tags: [word(), word()],
    }))),
  ]],
  ["records", "4,000 records of mixed types", () => [
    ...bound("m"),
    data("m", "/f", Array.from({ length: 4000 }, (_, i) => ({ id: `u-${i}`, n: i, x: i / 7, ok: i % 2 === 0, none: null, tags: ["a"], sub: { k: "v" } }))),
  ]],
  ["records", "3,000 records with keys in Chinese", () => [
    ...bound("z"),
    data("z", "/rows", Array.from({ length: 3000 }, (_, i) => ({ 编号: i, 名称: `产品${i}`, 价格: i * 1.5, 库存: i % 7 }))),
  ]],
  ["small updates", "2,000 writes of one leaf by path", () => [
    ...bound("p"),
    data("p", "/items", Array.from({ length: 200 }, (_, i) => ({ status: "new", n: i }))),
    ...Array.from({ length: 2000 }, (_, i) => data("p", `/items/${i % 200}/status`, `s${i}`)),
  ]],
  ["small updates", "1,000 deletes", () => [
    ...bound("d"),
    data("d", "/", Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, { v: i, s: word() }]))),
    ...Array.from({ length: 1000 }, (_, i) => env("updateDataModel", { surfaceId: "d", path: `/k${i}` })),
  ]],
  ["writes beside a large value", "5,000 records, then 200 writes of a status beside them", () => [
    ...bound("b"),
    data("b", "/", { title: "Orders", status: "new", orders: Array.from({ length: 5000 }, (_, i) => ({ id: `o-${i}`, total: i * 3.5, paid: i % 3 === 0, lines: [word(), word()] })) }),
    ...Array.from({ length: 200 }, (_, i) => data("b", "/status", `step ${i}`)),
  ]],
  ["writes beside a large value", "20 lists of 300 records, then one record patched in each", () => [
    ...bound("l"),
    data("l", "/", Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`list${k}`, Array.from({ length: 300 }, (_, i) => ({ id: i, name: `${word()} ${i}`, score: Math.round(r() * 1000) / 10 }))]))),
    ...Array.from({ length: 20 }, (_, k) => data("l", `/list${k}/${k * 7}/name`, word())),
  ]],
  ["writes beside a large value", "20 lists of 300 records, then a record appended to each", () => [
    ...bound("l"),
    data("l", "/", Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`list${k}`, Array.from({ length: 300 }, (_, i) => order(i))]))),
    ...Array.from({ length: 20 }, (_, k) => data("l", `/list${k}/300`, order(300 + k))),
  ]],
  ["writes into a large list", "a list of 5,000 records, then 50 records patched", () => [
    ...bound("o"),
    data("o", "/", { title: "Orders", orders: Array.from({ length: 5000 }, (_, i) => order(i)) }),
    ...Array.from({ length: 50 }, (_, k) => data("o", `/orders/${k * 97}/status`, "paid")),
  ]],
  ["writes into a large list", "10 lists of 500 records set apart, then a cell patched in each", () => [
    ...bound("t"),
    ...Array.from({ length: 10 }, (_, k) => data("t", `/table${k}`, Array.from({ length: 500 }, (_, i) => order(i)))),
    ...Array.from({ length: 10 }, (_, k) => data("t", `/table${k}/${k * 31}/total`, 1.5)),
  ]],
  ["writes into a large list", "a list of 3,000 records, then 300 cells patched at random, some twice", () => [
    ...bound("q"),
    data("q", "/rows", Array.from({ length: 3000 }, (_, i) => order(i))),
    ...Array.from({ length: 300 }, () => data("q", `/rows/${Math.floor(r() * 3000)}/lines/0/qty`, Math.floor(r() * 9))),
  ]],
  ["writes into a large map", "5,000 records keyed by id, then 50 records patched", () => [
    ...bound("m"),
    data("m", "/byId", Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`o-${i}`, order(i)]))),
    ...Array.from({ length: 50 }, (_, k) => data("m", `/byId/o-${k * 97}/status`, "paid")),
  ]],
  ["many small surfaces", "500 surfaces, each model set at /", () =>
    Array.from({ length: 500 }, (_, i) => [...bound(`s${i}`), data(`s${i}`, "/", { title: `n${i}`, count: i, flags: { a: true, b: false } })]).flat()],
  ["components", "1,000 Buttons with an accessible label", () => surface("b", [
    { id: "root", component: "Column", children: Array.from({ length: 1000 }, (_, i) => `b${i}`) },
    ...Array.from({ length: 1000 }, (_, i) => [
      { id: `b${i}`, component: "Button", child: `l${i}`, action: { event: { name: "press", context: { i } } }, accessibility: { label: `Press ${i}` } },
      { id: `l${i}`, component: "Text", text: `Item ${i}` },
    ]).flat(),
  ])],
  ["components", "a ChoicePicker of 500 options", () => surface("o", [
    { id: "root", component: "ChoicePicker", label: "Pick", options: Array.from({ length: 500 }, (_, i) => ({ label: `${word()} ${i}`, value: `v${i}` })), value: { path: "/choice" } },
  ])],
  ["components", "500 Texts of a formatString call", () => surface("f", [
    { id: "root", component: "Column", children: Array.from({ length: 500 }, (_, i) => `t${i}`) },
    ...Array.from({ length: 500 }, (_, i) => ({ id: `t${i}`, component: "Text", text: { call: "formatString", args: { value: `Hello \${/users/${i}/name}, you have \${/users/${i}/count} items` }, returnType: "string" } })),
  ])],
];

/** Each official example, 40 copies, each copy a surface of its own. */
function examplesAtVolume() {
  const dir = path.join(SPEC, "a2ui/v0_9/catalogs/basic/examples");
  return fs.readdirSync(dir).filter((f) => f.endsWith(".json")).sort().map((f) => {
    const messages = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).messages;
    const copies = [];
    for (let k = 0; k < 40; k++) {
      for (const m of messages) {
        const c = structuredClone(m);
        const body = c.createSurface || c.updateComponents || c.updateDataModel || c.deleteSurface;
        if (body?.surfaceId) body.surfaceId = `${body.surfaceId}-${k}`;
        copies.push(c);
      }
    }
    return [f.replace(/\.json$/, ""), copies];
  });
}

async function measure() {
  const ours = await import(path.join(PKG, "agent_surfaces.js"));
  ours.initSync({ module: fs.readFileSync(path.join(PKG, "agent_surfaces_bg.wasm")) });
  const reps = Number(process.env.REPS || 40);
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
  const time = (text) => {
    const t = timeSides(
      {
        parse: [() => JSON.parse(text)],
        ours: [() => foldOurs(ours, text), (s) => s.free()],
        official: [() => foldOfficial(text)],
      },
      reps,
    );
    return { bytes: text.length, parse: t.parse.median, ours: t.ours.median, official: t.official.median };
  };
  // A shape counts only when both sides end in the same state (the fold table's agreement
  // check) and ours refused nothing: a refused stream would time less work.
  const check = (name, text) => {
    const s = foldOurs(ours, text);
    const report = s.report();
    s.free();
    if (report.ignored || report.findings.some((f) => f.severity === "error")) {
      throw new Error(`${name} was refused: ${JSON.stringify(report.findings.slice(0, 3))}`);
    }
    const differences = agreement(ours, text);
    if (differences.length) throw new Error(`${name}: the two sides differ: ${differences.slice(0, 3).join("; ")}`);
  };
  const shapes = [];
  for (const [kind, name, build, write = JSON.stringify] of SHAPES) {
    if (only && !only.test(name)) continue;
    const text = write(build());
    check(name, text);
    shapes.push({ kind, name, ...time(text) });
  }
  const examples = [];
  if (!only || only.test("examples")) {
    for (const [name, messages] of examplesAtVolume()) {
      const text = JSON.stringify(messages);
      check(name, text);
      examples.push({ name, ...time(text) });
    }
  }
  return { node: process.version, reps, shapes, examples };
}

if (!SECTION) {
  const figures = await measure();
  fs.mkdirSync(path.dirname(SAVED), { recursive: true });
  fs.writeFileSync(SAVED, JSON.stringify(figures, null, 2));
  console.log(JSON.stringify(figures, null, 2));
} else {
  const { node, reps, shapes, examples } = JSON.parse(fs.readFileSync(SAVED, "utf8"));
  const ms = (x) => `${x.toFixed(2)} ms`;
  const vs = (x) => (x.official >= x.ours ? `${(x.official / x.ours).toFixed(2)}× faster` : `**${(x.official / x.ours).toFixed(2)}× slower**`);
  const parse = (x) => `${(x.ours / x.parse).toFixed(1)}×`;
  const slower = shapes.filter((x) => x.official < x.ours);
  const past = [...shapes, ...examples].filter((x) => x.ours / x.parse > 1.5);
  const worst = (list, f) => list.reduce((a, b) => (f(b) > f(a) ? b : a));
  const lines = [
    "## Shapes beside the workloads",
    "",
    "Streams of the kinds the fold table has, in shapes none of its workloads has, folded the same",
    "way beside the official core and `JSON.parse` (`node bench/shapes.mjs`, then `--section` to",
    `write this; the npm build, Node ${node}, medians of ${reps} runs the three taking turns). A check`,
    "of how the table's figures carry over to streams not tuned for: the rows below are not in its verdicts.",
    "On every shape both sides end in the same state (surfaces, component ids, data models), as the",
    "table's agreement check has it; the script stops at one where they do not.",
    "",
    "| Kind | Shape | Size | JSON.parse | Ours | Official | Ours vs official | Ours vs JSON.parse |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...shapes.map((x) => `| ${x.kind} | ${x.name} | ${(x.bytes / 1024).toFixed(1)} KB | ${ms(x.parse)} | ${ms(x.ours)} | ${ms(x.official)} | ${vs(x)} | ${parse(x)} |`),
    "",
    ...(examples.length
      ? [
          `Each of the ${examples.length} official examples at volume (40 copies, each a surface of its own):`,
          `from ${(Math.min(...examples.map((x) => x.official / x.ours))).toFixed(2)}× to ${(Math.max(...examples.map((x) => x.official / x.ours))).toFixed(2)}× faster than the official core,`,
          `and from ${(Math.min(...examples.map((x) => x.ours / x.parse))).toFixed(2)}× to ${(Math.max(...examples.map((x) => x.ours / x.parse))).toFixed(2)}× \`JSON.parse\``,
          `(the most, \`${worst(examples, (x) => x.ours / x.parse).name}\`).`,
          "",
        ]
      : []),
    slower.length
      ? `Slower than the official core: ${slower.map((x) => `${x.name} (${(x.official / x.ours).toFixed(2)}×)`).join("; ")}.`
      : "Not slower than the official core on any of these.",
    past.length
      ? `Past 1.5× \`JSON.parse\`: ${past.map((x) => `${x.name} (${(x.ours / x.parse).toFixed(2)}×)`).join("; ")}.`
      : "Within 1.5× `JSON.parse` on every one.",
    "",
  ];
  replaceSection("Shapes beside the workloads", lines.join("\n"), "One envelope a call");
}
