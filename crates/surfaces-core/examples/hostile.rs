//! Resource figures for hostile input: for each case, the time and the peak heap of folding
//! it (`apply_text`, default limits unless said), `report()`, and `render` of every
//! surface (where functions and checks are evaluated). `scripts/bench.sh` runs it in release
//! mode; `bench/hostile-inputs.mjs` builds the same texts, byte for byte, for Chromium.
//!
//! ```sh
//! cargo run --release -p surfaces-core --example hostile            # a markdown table
//! cargo run --release -p surfaces-core --example hostile -- --json F # and the figures as JSON
//! ```
//! `HOSTILE_REPS` (default 5) sets the runs per case (fewer once a case has taken a second);
//! `HOSTILE_ONLY=id,id` picks cases.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use serde_json::{json, Value};
use surfaces_core::a2ui::render::{walk, Kind, Node};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[path = "../tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{reset_peak, CURRENT, PEAK};

// ---- The inputs: the same as bench/hostile-inputs.mjs, byte for byte. ----

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
const LONG: usize = 64_000;
const PATTERN: &str = "[a-z]{1000}b";

/// JSON with object keys sorted (whatever serde_json's map keeps), as the JavaScript side
/// writes it. Deep nesting is spliced in as text, so this recursion stays shallow.
fn canon(v: &Value) -> String {
    fn go(v: &Value, out: &mut String) {
        match v {
            Value::Array(a) => {
                out.push('[');
                for (i, x) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    go(x, out);
                }
                out.push(']');
            }
            Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                out.push('{');
                for (i, k) in keys.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(k).unwrap());
                    out.push(':');
                    go(&m[k], out);
                }
                out.push('}');
            }
            other => out.push_str(&serde_json::to_string(other).unwrap()),
        }
    }
    let mut out = String::new();
    go(v, &mut out);
    out
}

fn create(sid: &str) -> Value {
    json!({"version": "v0.9", "createSurface": {"surfaceId": sid, "catalogId": BASIC}})
}
fn components(sid: &str, list: Value) -> Value {
    json!({"version": "v0.9", "updateComponents": {"surfaceId": sid, "components": list}})
}
fn data(sid: &str, path: &str, value: Value) -> Value {
    json!({"version": "v0.9", "updateDataModel": {"surfaceId": sid, "path": path, "value": value}})
}
fn surface(sid: &str, list: Value, updates: Vec<(&str, Value)>) -> Vec<Value> {
    let mut out = vec![create(sid), components(sid, list)];
    out.extend(updates.into_iter().map(|(p, v)| data(sid, p, v)));
    out
}
fn batch(envelopes: Vec<Value>) -> String {
    canon(&Value::Array(envelopes))
}
fn lines(envelopes: &[Value]) -> String {
    envelopes.iter().map(canon).collect::<Vec<_>>().join("\n")
}
fn nested(n: usize) -> String {
    "[".repeat(n) + &"]".repeat(n)
}
fn long(c: &str, n: usize) -> Value {
    Value::String(c.repeat(n))
}

fn field() -> Value {
    json!({"id": "f", "component": "TextField", "label": "Field", "value": {"path": "/s"},
           "validationRegexp": PATTERN})
}
fn long_data() -> Vec<(&'static str, Value)> {
    vec![
        ("/s", long("a", LONG)),
        ("/items", Value::Array(vec![json!({}); 200])),
    ]
}
fn nested_templates(sid: &str) -> Vec<Value> {
    surface(
        sid,
        json!([
            {"id": "root", "component": "List", "children": {"componentId": "inner", "path": "/items"}},
            {"id": "inner", "component": "List", "children": {"componentId": "f", "path": "/items"}},
            field(),
        ]),
        long_data(),
    )
}
/// Lists of 200 items in a list of four, each item `item`, and the data they are bound to.
fn templated(sid: &str, item: Value, more: Vec<(&'static str, Value)>) -> Vec<Value> {
    let mut updates = vec![
        ("/rows", Value::Array(vec![json!({}); 4])),
        ("/items", Value::Array(vec![json!({}); 200])),
    ];
    updates.extend(more);
    surface(
        sid,
        json!([
            {"id": "root", "component": "List", "children": {"componentId": "inner", "path": "/rows"}},
            {"id": "inner", "component": "List", "children": {"componentId": "t", "path": "/items"}},
            item,
        ]),
        updates,
    )
}
fn markdown_texts(sid: &str) -> Vec<Value> {
    let item = json!({"id": "t", "component": "Text", "text": {"path": "/md"}});
    templated(sid, item, vec![("/md", long("a\n", 200))])
}
fn pickers(sid: &str) -> Vec<Value> {
    let options: Vec<Value> = (0..50)
        .map(|k| json!({"label": "", "value": format!("o{k}")}))
        .collect();
    let item = json!({"id": "t", "component": "ChoicePicker", "value": {"path": "/v"}, "options": options});
    templated(sid, item, vec![])
}
fn button(condition: Value) -> Value {
    json!([
        {"id": "root", "component": "Column", "children": ["b"]},
        {"id": "b", "component": "Button", "child": "bt", "action": {"event": {"name": "go"}},
         "checks": [{"condition": condition, "message": "No."}]},
        {"id": "bt", "component": "Text", "text": "Go"},
    ])
}
fn text(t: Value) -> Value {
    json!([
        {"id": "root", "component": "Column", "children": ["t"]},
        {"id": "t", "component": "Text", "text": t},
    ])
}

/// 101 good envelopes (a surface, its components, 99 updates), with `bad` as the 51st.
fn good_list(bad: Option<Value>) -> Vec<Value> {
    let mut list = surface(
        "h",
        json!([{"id": "root", "component": "Text", "text": {"path": "/n"}}]),
        vec![],
    );
    let mut bad = bad;
    for i in 0..99 {
        if i == 49 {
            if let Some(b) = bad.take() {
                list.push(b);
            }
        }
        list.push(data("h", "/n", json!(i)));
    }
    list
}

/// A surface, then `n - 1` updates of one of 64 fields.
fn storm(n: usize) -> Vec<Value> {
    let mut list = vec![create("h")];
    for i in 1..n {
        list.push(data("h", &format!("/n{}", i % 64), json!(i)));
    }
    list
}

/// Envelopes as JSON Lines cut into texts of at most `max` bytes (one A2A part each).
fn chunked(envelopes: &[Value], max: usize) -> Vec<Input> {
    let mut out = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut size = 0;
    for e in envelopes {
        let t = canon(e);
        if !cur.is_empty() && size + 1 + t.len() > max {
            out.push(Input::text(cur.join("\n")));
            cur.clear();
            size = 0;
        }
        size += usize::from(!cur.is_empty()) + t.len();
        cur.push(t);
    }
    if !cur.is_empty() {
        out.push(Input::text(cur.join("\n")));
    }
    out
}

/// Lines that are not envelopes, of every kind the reader tells apart, to just under 1 MiB.
fn garbage() -> String {
    let kinds = [
        r#"{"version":"v0.9","updateDataModel":"#,
        "not json at all",
        "[1,2,",
        r#"{"a":1,"a":2}"#,
        "1e400",
        r#""\ud800""#,
        r#"{"version":"v0.9"}"#,
        "}{",
    ];
    let mut out = Vec::new();
    let mut size = 0;
    for i in 0.. {
        let line = kinds[i % kinds.len()];
        if size + line.len() + 1 > 1_048_000 {
            break;
        }
        out.push(line);
        size += line.len() + 1;
    }
    out.join("\n")
}

/// Lines that are JSON values but not envelopes (each refused alone), to just under 1 MiB.
fn not_envelopes() -> String {
    let kinds = [
        r#"{"a":1,"a":2}"#,
        "1e400",
        r#""\ud800""#,
        r#"{"version":"v0.9"}"#,
        "[1,2]",
        "null",
        r#"{"version":"v0.9","createSurface":{}}"#,
        r#""x""#,
    ];
    let mut out = Vec::new();
    let mut size = 0;
    for i in 0.. {
        let line = kinds[i % kinds.len()];
        if size + line.len() + 1 > 1_048_000 {
            break;
        }
        out.push(line);
        size += line.len() + 1;
    }
    out.join("\n")
}

struct Input {
    text: String,
    now_ms: Option<f64>,
}

impl Input {
    fn text(text: String) -> Self {
        Input { text, now_ms: None }
    }
}

struct Case {
    id: &'static str,
    group: &'static str,
    name: &'static str,
    limits: Limits,
    build: fn() -> Vec<Input>,
}

fn one(text: String) -> Vec<Input> {
    vec![Input::text(text)]
}

fn cases() -> Vec<Case> {
    let d = Limits::default;
    let raised = || Limits {
        envelopes: 100_000,
        ..Limits::default()
    };
    vec![
        // 1. Evaluation work.
        Case {
            id: "regex-field",
            group: "evaluation",
            name: "TextField `validationRegexp` `[a-z]{1000}b` on a 64,000-char bound value",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    json!([{"id": "root", "component": "Column", "children": ["f"]}, field()]),
                    vec![("/s", long("a", LONG))],
                )))
            },
        },
        Case {
            id: "or-255-regex",
            group: "evaluation",
            name: "Button check: `or` over 255 `regex` (`[a-z]{1000}b`) on the 64,000-char value",
            limits: d(),
            build: || {
                let call = json!({"call": "regex", "args": {"value": {"path": "/s"}, "pattern": PATTERN}});
                let cond = json!({"call": "or", "args": {"values": vec![call; 255]}});
                one(batch(surface("h", button(cond), vec![("/s", long("a", LONG))])))
            },
        },
        Case {
            id: "or-255-distinct-regex",
            group: "evaluation",
            name: "Button check: `or` over 255 distinct `[a-z]{1000-i}b` on a 10-char value (a compile each)",
            limits: d(),
            build: || {
                let values: Vec<Value> = (0..255)
                    .map(|i| json!({"call": "regex", "args": {"value": {"path": "/t"},
                                    "pattern": format!("[a-z]{{{}}}b", 1000 - i)}}))
                    .collect();
                let cond = json!({"call": "or", "args": {"values": values}});
                one(batch(surface("h", button(cond), vec![("/t", json!("aaaaaaaaaa"))])))
            },
        },
        Case {
            id: "template-200",
            group: "evaluation",
            name: "List template: that TextField × 200 items",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    json!([{"id": "root", "component": "List",
                            "children": {"componentId": "f", "path": "/items"}}, field()]),
                    long_data(),
                )))
            },
        },
        Case {
            id: "template-nested",
            group: "evaluation",
            name: "Nested templates (200 × 200) up to the render's node cap",
            limits: d(),
            build: || one(batch(nested_templates("h"))),
        },
        Case {
            id: "template-nested-8",
            group: "evaluation",
            name: "8 surfaces (the limit) of those nested templates",
            limits: d(),
            build: || {
                one(batch(
                    (0..8)
                        .flat_map(|i| nested_templates(&format!("h{i}")))
                        .collect(),
                ))
            },
        },
        Case {
            id: "render-markdown-8",
            group: "evaluation",
            name: "8 surfaces of 800 Texts (templates in templates) each bound to 200 Markdown lines",
            limits: d(),
            build: || one(batch((0..8).flat_map(|i| markdown_texts(&format!("h{i}"))).collect())),
        },
        Case {
            id: "render-pickers-8",
            group: "evaluation",
            name: "8 surfaces of 800 ChoicePickers of 50 options (templates in templates)",
            limits: d(),
            build: || one(batch((0..8).flat_map(|i| pickers(&format!("h{i}"))).collect())),
        },
        Case {
            id: "and-255-length",
            group: "evaluation",
            name: "TextField check: `and` over 255 `length` on the 64,000-char value",
            limits: d(),
            build: || {
                let call = json!({"call": "length", "args": {"value": {"path": "/s"}, "min": 1}});
                one(batch(surface(
                    "h",
                    json!([
                        {"id": "root", "component": "Column", "children": ["f"]},
                        {"id": "f", "component": "TextField", "label": "Field", "value": {"path": "/s"},
                         "checks": [{"condition": {"call": "and", "args": {"values": vec![call; 255]}},
                                     "message": "Too short."}]},
                    ]),
                    vec![("/s", long("a", LONG))],
                )))
            },
        },
        Case {
            id: "format-500-long",
            group: "evaluation",
            name: "`formatString` with 500 × `${/s}` (64,000 chars each)",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatString", "args": {"value": "${/s}".repeat(500)}})),
                    vec![("/s", long("a", LONG))],
                )))
            },
        },
        Case {
            id: "format-800-short",
            group: "evaluation",
            name: "`formatString` with 800 × `${/t} ` (10 chars each: 8,000 out)",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatString", "args": {"value": "${/t} ".repeat(800)}})),
                    vec![("/t", json!("abcdefghi"))],
                )))
            },
        },
        // 2. Data-model depth.
        Case {
            id: "path-20000",
            group: "data-model depth",
            name: "`updateDataModel` path of 20,000 `/0` segments",
            limits: d(),
            build: || one(batch(vec![create("h"), data("h", &"/0".repeat(20_000), json!(1))])),
        },
        Case {
            id: "path-32",
            group: "data-model depth",
            name: "path of 32 `/0` segments (`dataModelDepth` 32)",
            limits: d(),
            build: || one(batch(vec![create("h"), data("h", &"/0".repeat(32), json!(1))])),
        },
        Case {
            id: "path-33",
            group: "data-model depth",
            name: "path of 33 `/0` segments (one past)",
            limits: d(),
            build: || one(batch(vec![create("h"), data("h", &"/0".repeat(33), json!(1))])),
        },
        Case {
            id: "value-95",
            group: "data-model depth",
            name: "value nested 95 deep (under the reader's 100)",
            limits: d(),
            build: || {
                one(batch(vec![create("h"), data("h", "/v", json!("@DEEP@"))])
                    .replace("\"@DEEP@\"", &nested(95)))
            },
        },
        // 3. What used to abort.
        Case {
            id: "date-65536-literal",
            group: "aborts",
            name: "`formatDate` with a literal pattern of 65,536 `y`",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatDate", "args": {"value": "2026-11-30T12:00:00Z",
                                                                "format": "y".repeat(65_536)}})),
                    vec![],
                )))
            },
        },
        Case {
            id: "date-64000-bound",
            group: "aborts",
            name: "`formatDate` with a bound pattern of 64,000 `y`",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatDate", "args": {"value": "2026-11-30T12:00:00Z",
                                                                "format": {"path": "/p"}}})),
                    vec![("/p", long("y", LONG))],
                )))
            },
        },
        Case {
            id: "date-10000-bound",
            group: "aborts",
            name: "`formatDate` with a bound pattern of 10,000 `y` (the output limit)",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatDate", "args": {"value": "2026-11-30T12:00:00Z",
                                                                "format": {"path": "/p"}}})),
                    vec![("/p", long("y", 10_000))],
                )))
            },
        },
        Case {
            id: "format-bound-template",
            group: "aborts",
            name: "`formatString` whose template is bound: 12,800 × `${/t}` (64,000 chars)",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!({"call": "formatString", "args": {"value": {"path": "/tpl"}}})),
                    vec![("/t", json!("x")), ("/tpl", long("${/t}", 12_800))],
                )))
            },
        },
        // 4. One bad envelope among good ones.
        Case {
            id: "batch-deep-130",
            group: "one bad among good",
            name: "a batch of 102 with one envelope nested 130 deep",
            limits: d(),
            build: || {
                one(batch(good_list(Some(data("h", "/v", json!("@DEEP@")))))
                    .replace("\"@DEEP@\"", &nested(130)))
            },
        },
        Case {
            id: "batch-deep-100000",
            group: "one bad among good",
            name: "a batch of 102 with one envelope nested 100,000 deep",
            limits: d(),
            build: || {
                one(batch(good_list(Some(data("h", "/v", json!("@DEEP@")))))
                    .replace("\"@DEEP@\"", &nested(100_000)))
            },
        },
        Case {
            id: "lines-surrogate",
            group: "one bad among good",
            name: "JSON Lines, 102 envelopes, one holding `\"\\ud800\"`",
            limits: d(),
            build: || {
                one(lines(&good_list(Some(data("h", "/v", json!("@LONE@")))))
                    .replace("\"@LONE@\"", r#""\ud800""#))
            },
        },
        Case {
            id: "lines-broken",
            group: "one bad among good",
            name: "JSON Lines, 102 envelopes, the 51st cut short (`{\"version\":\"v0.9\",`)",
            limits: d(),
            build: || {
                let text = lines(&good_list(Some(data("h", "/v", json!("@CUT@")))));
                let cut: Vec<&str> = text
                    .split('\n')
                    .map(|l| {
                        if l.contains("\"@CUT@\"") {
                            r#"{"version":"v0.9","#
                        } else {
                            l
                        }
                    })
                    .collect();
                one(cut.join("\n"))
            },
        },
        Case {
            id: "bom",
            group: "one bad among good",
            name: "a batch of 101 behind a byte-order mark",
            limits: d(),
            build: || one(format!("\u{feff}{}", batch(good_list(None)))),
        },
        // 5. Counting.
        Case {
            id: "garbage-lines",
            group: "counting",
            name: "1 MiB of garbage JSON Lines (not JSON: reading stops at the first break)",
            limits: d(),
            build: || one(garbage()),
        },
        Case {
            id: "values-lines",
            group: "counting",
            name: "1 MiB of JSON Lines that are JSON but not envelopes",
            limits: d(),
            build: || one(not_envelopes()),
        },
        Case {
            id: "values-lines-100k",
            group: "counting",
            name: "the same with `envelopes` 100,000 (every line read)",
            limits: raised(),
            build: || one(not_envelopes()),
        },
        Case {
            id: "findings-cap",
            group: "counting",
            name: "2,000 schema-invalid envelopes (past the 1,000-finding cap)",
            limits: d(),
            build: || {
                let list: Vec<Value> = (0..2000)
                    .map(|i| json!({"version": "v0.8", "updateComponents":
                                    {"surfaceId": i, "components": "x", "extra": true}}))
                    .collect();
                one(lines(&list))
            },
        },
        // 6. Size.
        Case {
            id: "part-10mb",
            group: "size",
            name: "a 10 MB text (refused by `partBytes`)",
            limits: d(),
            build: || {
                let head = canon(&data("h", "/s", json!("@S@")));
                let fill = "a".repeat(10_000_000 - head.len() + 3);
                one(head.replace("@S@", &fill))
            },
        },
        Case {
            id: "envelopes-100k",
            group: "size",
            name: "100,000 envelopes in 1 MiB parts (default `envelopes` 2,000)",
            limits: d(),
            build: || chunked(&storm(100_000), 1 << 20),
        },
        Case {
            id: "envelopes-100k-raised",
            group: "size",
            name: "100,000 envelopes in 1 MiB parts, `envelopes` 100,000",
            limits: raised(),
            build: || chunked(&storm(100_000), 1 << 20),
        },
        Case {
            id: "nested-10000",
            group: "size",
            name: "JSON nested 10,000 deep",
            limits: d(),
            build: || {
                one(canon(&data("h", "/v", json!("@DEEP@"))).replace("\"@DEEP@\"", &nested(10_000)))
            },
        },
        Case {
            id: "string-1m",
            group: "size",
            name: "a 1,000,000-char string value",
            limits: d(),
            build: || one(batch(vec![create("h"), data("h", "/s", long("a", 1_000_000))])),
        },
        Case {
            id: "rate-10000",
            group: "size",
            name: "10,000 updates at 10,000 per second (one call each, `nowMs` 0.1 apart)",
            limits: d(),
            build: || {
                let mut out = vec![Input::text(batch(surface(
                    "h",
                    json!([{"id": "root", "component": "Text", "text": {"path": "/n"}}]),
                    vec![],
                )))];
                for i in 0..10_000 {
                    out.push(Input {
                        text: canon(&data("h", "/n", json!(i))),
                        now_ms: Some(f64::from(i) * 0.1),
                    });
                }
                out
            },
        },
        // Text's Markdown is read by the DOM renderer (surfaces-markdown): the browser run
        // draws these; here they measure the fold and the render model only.
        Case {
            id: "markdown-quotes",
            group: "size",
            name: "Text Markdown: 2,400 nested `> ` quotes (4,801 chars, under `textChars`)",
            limits: d(),
            build: || {
                one(batch(surface(
                    "h",
                    text(json!(format!("{}x", "> ".repeat(2400)))),
                    vec![],
                )))
            },
        },
        Case {
            id: "markdown-openers",
            group: "size",
            name: "Text Markdown: 1,600 × `*_[` unclosed emphasis and link openers",
            limits: d(),
            build: || one(batch(surface("h", text(long("*_[", 1600)), vec![]))),
        },
        // Bound to a model string of about 60 KB, under `dataModelBytes`: what works the
        // Markdown reader's bounds (its far-scan budget, its open containers, its table of
        // backtick runs) hardest.
        Case {
            id: "markdown-link-tails",
            group: "size",
            name: "Text Markdown: 15,000 × `[a](`, each link's destination read to the end (60 KB, bound)",
            limits: d(),
            build: || one(batch(surface("h", text(json!({"path": "/md"})), vec![("/md", long("[a](", 15_000))]))),
        },
        Case {
            id: "markdown-blank-lines",
            group: "size",
            name: "Text Markdown: a code block in 16 nested list items, then 30,000 blank lines (60 KB as JSON, bound)",
            limits: d(),
            build: || {
                let md = "- ".repeat(16) + "```\n" + &"\n".repeat(30_000);
                one(batch(surface("h", text(json!({"path": "/md"})), vec![("/md", Value::String(md))])))
            },
        },
        Case {
            id: "markdown-ticks",
            group: "size",
            name: "Text Markdown: backtick runs of every length from 1 to 340, none closed (58 KB, bound)",
            limits: d(),
            build: || {
                let md: String = (1..=340).map(|i| "`".repeat(i) + " ").collect();
                one(batch(surface("h", text(json!({"path": "/md"})), vec![("/md", Value::String(md))])))
            },
        },
        // 7. The hand reader of data updates (`a2ui/direct.rs`): what works it hardest.
        Case {
            id: "reader-late-refusal",
            group: "reader",
            name: "a 900 KB data value, then its key `value` again (read by hand, by serde_json, then scanned)",
            limits: d(),
            build: || {
                let items = "\"abcdefghijklmnopqrstuvwxyz0123456789\",".repeat(23_000);
                one(with_value(&format!("[{items}0],\"value\":1")))
            },
        },
        Case {
            id: "reader-escapes",
            group: "reader",
            name: "a string value of 450,000 `\\n` escapes (900 KB)",
            limits: d(),
            build: || one(with_value(&format!("\"{}\"", "\\n".repeat(450_000)))),
        },
        Case {
            id: "reader-keys",
            group: "reader",
            name: "an object value of 60,000 keys",
            limits: d(),
            build: || {
                let keys: Vec<String> = (0..60_000).map(|i| format!("\"k{i}\":0")).collect();
                one(with_value(&format!("{{{}}}", keys.join(","))))
            },
        },
        Case {
            id: "reader-records-alternating",
            group: "reader",
            name: "5,600 records of 24 keys (1 MB), each with the other key set than its sibling (every run of repeated keys ends at once)",
            limits: d(),
            build: || {
                let record = |i: usize| {
                    let keys: Vec<String> = (0..24)
                        .map(|k| format!("\"{}{k}\":0", if i % 2 == 1 { "a" } else { "b" }))
                        .collect();
                    format!("{{{}}}", keys.join(","))
                };
                let records: Vec<String> = (0..5_600).map(record).collect();
                one(with_value(&format!("[{}]", records.join(","))))
            },
        },
        Case {
            id: "reader-records-escaped",
            group: "reader",
            name: "3,400 records of 24 escaped keys (1 MB; past the eighth each kept twice, in order and in a set)",
            limits: d(),
            build: || {
                let keys: Vec<String> = (0..24).map(|k| format!("\"\\u0061{k}\":0")).collect();
                let record = format!("{{{}}}", keys.join(","));
                one(with_value(&format!("[{}]", vec![record; 3_400].join(","))))
            },
        },
        Case {
            id: "reader-escaped-keys-nested",
            group: "reader",
            name: "an object of 36,000 escaped keys (1 MB), each holding a list of one record with an escaped key",
            limits: d(),
            build: || {
                let members: Vec<String> = (0..36_000)
                    .map(|i| format!("\"\\u0061{i}\":[{{\"\\u0062\":1}}]"))
                    .collect();
                one(with_value(&format!("{{{}}}", members.join(","))))
            },
        },
        Case {
            id: "reader-tiny-objects",
            group: "reader",
            name: "a value of 130,000 one-member objects (1 MB), then an unknown member (read by hand, then by serde_json up to `envelopeValues`)",
            limits: d(),
            build: || {
                let items = vec![r#"{"a":0}"#; 130_000].join(",");
                one(with_value(&format!("[{items}],\"zz\":1")))
            },
        },
        Case {
            id: "reader-digits",
            group: "reader",
            name: "a number of 900,000 digits",
            limits: d(),
            build: || one(with_value(&format!("1{}", "0".repeat(900_000)))),
        },
        Case {
            id: "reader-components",
            group: "reader",
            name: "`updateComponents` of 11,000 Texts (1 MB; 200 are allowed), read by hand and counted past `envelopeValues`",
            limits: d(),
            build: || one(many_components(false)),
        },
        Case {
            id: "reader-components-late",
            group: "reader",
            name: "the same with an unknown member after the components (read by hand, then by serde_json)",
            limits: d(),
            build: || one(many_components(true)),
        },
        Case {
            id: "reader-calls-late",
            group: "reader",
            name: "`updateComponents` of 3,800 Texts (900 KB; 200 are allowed), each a `formatString` call of 15 strings, then an array (read by hand up to it, then as a value), counted past `envelopeValues`",
            limits: d(),
            build: || {
                let mut args: serde_json::Map<String, Value> =
                    (0..15).map(|k| (format!("k{k:02}"), json!("v"))).collect();
                args.insert("zz".into(), json!([1, 2, 3]));
                one(many_calls(Value::Object(args)))
            },
        },
        Case {
            id: "reader-calls-deep",
            group: "reader",
            name: "the same with each call's one argument an array nested 90 deep",
            limits: d(),
            build: || {
                let deep: Value = serde_json::from_str(&format!("{}1{}", "[".repeat(90), "]".repeat(90)))
                    .expect("JSON");
                one(many_calls(json!({ "value": deep })))
            },
        },
        Case {
            id: "reader-bidi-each",
            group: "reader",
            name: "40,000 strings, each with a bidi control (U+200F: a search for the next from each)",
            limits: d(),
            build: || one(with_value(&short_strings(true))),
        },
        Case {
            id: "reader-bidi-last",
            group: "reader",
            name: "40,000 strings, a bidi control in the last only (U+2026 in the others)",
            limits: d(),
            build: || one(with_value(&short_strings(false))),
        },
        // 8. Work or memory one small envelope could make grow with what came before.
        Case {
            id: "grow-finding-paths",
            group: "amplification",
            name: "8 updates of a value keyed by 500,000 `~`, under it 40 `__proto__` (32 findings each, their paths through the key)",
            limits: d(),
            build: || {
                let mut value = serde_json::Map::new();
                value.insert("~".repeat(500_000), json!(vec![json!({"__proto__": 0}); 40]));
                let mut out = one(canon(&create("h")));
                for _ in 0..8 {
                    out.push(Input::text(canon(&data("h", "/x", Value::Object(value.clone())))));
                }
                out
            },
        },
        Case {
            id: "grow-graph",
            group: "amplification",
            name: "a Column listing 30,000 ids never defined, then 1,990 updates pointing a Card at it and away",
            limits: d(),
            build: || {
                let ids: Vec<String> = (0..30_000).map(|i| format!("u{i}")).collect();
                let column = json!([{"id": "big", "component": "Column", "children": ids}]);
                let toggles: Vec<Value> = (0..1990)
                    .map(|i| {
                        let child = if i % 2 == 0 { "big" } else { "nothing" };
                        components("h", json!([{"id": "p", "component": "Card", "child": child}]))
                    })
                    .collect();
                vec![
                    Input::text(lines(&[create("h"), components("h", column)])),
                    Input::text(lines(&toggles)),
                ]
            },
        },
        Case {
            id: "grow-model-at-limit",
            group: "amplification",
            name: "a data model 9 bytes under `dataModelBytes`, then 1,990 one-digit updates beside it",
            limits: d(),
            build: || {
                // `{"a":[0,…]}` with 32,760 zeros: 65,527 bytes.
                let mut list = vec![create("h"), data("h", "", json!({"a": vec![0; 32_760]}))];
                list.extend((0..1990).map(|i| data("h", "/zz", json!(i % 10))));
                one(lines(&list))
            },
        },
        Case {
            id: "grow-container-text",
            group: "amplification",
            name: "List template of 200 Buttons, each checking `and` over 255 `length` of a bound 60 KB array",
            limits: d(),
            build: || {
                let call = json!({"call": "length", "args": {"value": {"path": "/a"}, "min": 0}});
                let cond = json!({"call": "and", "args": {"values": vec![call; 255]}});
                let list = json!([
                    {"id": "root", "component": "List", "children": {"componentId": "b", "path": "/items"}},
                    {"id": "b", "component": "Button", "child": "bt", "action": {"event": {"name": "go"}},
                     "checks": [{"condition": cond, "message": "No."}]},
                    {"id": "bt", "component": "Text", "text": "Go"},
                ]);
                one(batch(surface(
                    "h",
                    list,
                    vec![("/a", json!(vec![0; 30_000])), ("/items", json!(vec![0; 200]))],
                )))
            },
        },
        Case {
            id: "grow-lookalike-hosts",
            group: "amplification",
            name: "1 MB of Image updates, each URL's host three 62-byte Cyrillic `xn--` labels that pass for Latin",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i}.png", lookalike_host("com"))))),
        },
        Case {
            id: "grow-lookalike-hosts-new",
            group: "amplification",
            name: "the same, each URL's host new (a label of its own after the three): no host read before",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i}.png", lookalike_host(&format!("c{n}-{i}")))))),
        },
        Case {
            id: "grow-lookalike-hosts-turns",
            group: "amplification",
            name: "the same, 200 such hosts in turn (each update names each once)",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i}.png", lookalike_host(&format!("c{i}")))))),
        },
        Case {
            id: "grow-lookalike-hosts-unplain",
            group: "amplification",
            name: "the same, one host, each URL not plain (a space in its path): every one read by the URL parser",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i} a.png", lookalike_host("com"))))),
        },
        Case {
            id: "grow-lookalike-hosts-unicode",
            group: "amplification",
            name: "the same hosts written in Unicode (`аррӏе` ten times a label), 200 in turn: every URL read by the URL parser",
            limits: d(),
            build: || {
                let label = "аррӏе".repeat(10);
                one(lines(&image_updates(|n, i| format!("https://{label}.{label}.{label}.c{i}/{n}/{i}.png"))))
            },
        },
        Case {
            id: "grow-lookalike-hosts-invalid",
            group: "amplification",
            name: "the same, one host ending in an `xn--` label that encodes nothing: every URL refused by the URL parser",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i}.png", lookalike_host("xn--zz-zz-zz"))))),
        },
        Case {
            id: "grow-long-unicode-labels",
            group: "amplification",
            name: "1 MB of Image URLs whose hosts have four labels of 1,000 CJK characters (longer than any DNS name), 200 in turn",
            limits: d(),
            build: || {
                let label = cjk_label();
                one(lines(&image_updates(|n, i| format!("https://{label}.{label}.{label}.{label}.c{i}/{n}/{i}.png"))))
            },
        },
        Case {
            id: "grow-mapped-hosts",
            group: "amplification",
            name: "1 MB of Image URLs, each host new: labels of 63, 63, 63 and 61 squared katakana, longer than a DNS name only once mapped (each to three to five katakana) and encoded",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://{}/{n}/{i}.png", mapped_host(n * 200 + i))))),
        },
        Case {
            id: "render-long-unicode-labels",
            group: "amplification",
            name: "199 Images bound to one data URL whose host has four labels of 1,000 CJK characters (read at each render)",
            limits: d(),
            build: || {
                let label = cjk_label();
                let mut list: Vec<Value> = (0..199)
                    .map(|i| json!({"id": format!("i{i}"), "component": "Image", "url": {"path": "/u"}}))
                    .collect();
                let ids: Vec<String> = (0..199).map(|i| format!("i{i}")).collect();
                list.push(json!({"id": "root", "component": "Column", "children": ids}));
                let url = json!(format!("https://{label}.{label}.{label}.{label}.com/"));
                one(lines(&surface("h", Value::Array(list), vec![("/u", url)])))
            },
        },
        Case {
            id: "grow-unplain-urls",
            group: "amplification",
            name: "1 MB of Image updates, each URL not plain (a space in its path): every one read by the URL parser",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://cdn{i}.example.com/photos/{n}/{i} large.png")))),
        },
        Case {
            id: "grow-refused-urls",
            group: "amplification",
            name: "1 MB of Image updates, each URL one the URL parser refuses (a bracketed host that is no IPv6 address)",
            limits: d(),
            build: || one(lines(&image_updates(|n, i| format!("https://[zz{n}x{i}]/{n}/{i}.png")))),
        },
        Case {
            id: "grow-array-padding",
            group: "amplification",
            name: "1,999 updates alternating a write at `/a/9999` (9,999 `null`s padded) and a delete of `/a`",
            limits: d(),
            build: || {
                let mut list = vec![create("h")];
                list.extend((0..1999).map(|i| {
                    if i % 2 == 0 {
                        data("h", "/a/9999", json!(1))
                    } else {
                        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "h", "path": "/a"}})
                    }
                }));
                one(lines(&list))
            },
        },
    ]
}

/// `аррӏе` (Cyrillic that reads as `apple`) ten times: the longest label of it (62 bytes),
/// in punycode. Longer labels cost more a byte than short ones (16 `xn--80ak6aa92e` to a
/// host).
const LOOKALIKE: &str = "xn--80aaaaaaaaaa0cbbbbbbbbb6sacacacacacacacacaca149ceaeeeeeeee";

/// Three [`LOOKALIKE`] labels, then `last`: every label is decoded, the host read back, its
/// scripts found and its skeleton made.
fn lookalike_host(last: &str) -> String {
    format!("{LOOKALIKE}.{LOOKALIKE}.{LOOKALIKE}.{last}")
}

/// 1,000 distinct CJK characters (U+4E00 on): a label no DNS name can have, which the URL
/// parser encodes in time that grows with the square of its length.
fn cjk_label() -> String {
    (0..1000u32)
        .filter_map(|k| char::from_u32(0x4E00 + k))
        .collect()
}

/// A host of its own for each `id`: four labels of squared katakana (U+3300 to U+3357),
/// each a rotation of them, 253 characters in all, as written.
fn mapped_host(id: usize) -> String {
    let label = |len: usize, from: usize| -> String {
        (0..len)
            .filter_map(|j| char::from_u32(0x3300 + ((from + j) % 88) as u32))
            .collect()
    };
    let (a, b) = (id % 88, id / 88 % 88);
    format!(
        "{}.{}.{}.{}",
        label(63, a),
        label(63, b),
        label(63, a + b),
        label(61, 0)
    )
}

/// A surface `h`, then updates of up to 200 Images (the `components` limit) until about
/// 1 MB, the `i`th Image of the `n`th update at `url(n, i)`: the last update stops at 1 MB.
fn image_updates(url: impl Fn(usize, usize) -> String) -> Vec<Value> {
    let mut out = vec![create("h")];
    let mut bytes = 0;
    for n in 0.. {
        let mut list = Vec::new();
        for i in 0..200 {
            let image = json!({"id": format!("i{i}"), "component": "Image", "url": url(n, i)});
            bytes += canon(&image).len() + 1;
            list.push(image);
            if bytes >= 1_000_000 {
                out.push(components("h", Value::Array(list)));
                return out;
            }
        }
        out.push(components("h", Value::Array(list)));
    }
    out
}

/// A surface `h` and one `updateComponents` of 11,000 Texts, with `zz` after its members
/// where `late` (no such member is allowed, so the hand reader gives up at the end).
fn many_components(late: bool) -> String {
    let list: Vec<Value> = (0..11_000)
        .map(|i| {
            json!({"id": format!("t{i:05}"), "component": "Text",
                   "text": "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn"})
        })
        .collect();
    let mut body = json!({"surfaceId": "h", "components": list});
    if late {
        body["zz"] = json!(1);
    }
    batch(vec![
        create("h"),
        json!({"version": "v0.9", "updateComponents": body}),
    ])
}

/// A surface `h` and one `updateComponents` of 3,800 Texts, each showing a `formatString`
/// call with `args`: a call is read by hand, and one of another shape as a value alone.
fn many_calls(args: Value) -> String {
    let list: Vec<Value> = (0..3_800)
        .map(|i| {
            json!({"id": format!("t{i:05}"), "component": "Text",
                   "text": {"call": "formatString", "args": args.clone()}})
        })
        .collect();
    batch(vec![
        create("h"),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "h", "components": list}}),
    ])
}

/// An array of 40,000 short strings that are not ASCII: each with a right-to-left mark
/// where `each`, else only the last (the others an ellipsis, which shares the mark's lead).
fn short_strings(each: bool) -> String {
    let strings: Vec<&str> = (0..40_000)
        .map(|i| {
            if each || i == 39_999 {
                "\"\u{e9}\u{200f}x\""
            } else {
                "\"\u{e9}\u{2026}x\""
            }
        })
        .collect();
    format!("[{}]", strings.join(","))
}

/// A batch creating surface `h` and setting `/v` to `value`, JSON text written as it is.
fn with_value(value: &str) -> String {
    batch(vec![create("h"), data("h", "/v", json!("@V@"))]).replace("\"@V@\"", value)
}

// ---- The measure. ----

/// What one run of a case did.
struct Run {
    total_ms: f64,
    fold_ms: f64,
    report_ms: f64,
    render_ms: f64,
    peak: usize,
    retained: usize,
    outcome: Outcome,
}

#[derive(Default, PartialEq)]
struct Outcome {
    envelopes: usize,
    applied: usize,
    ignored: usize,
    codes: BTreeMap<surfaces_core::Code, usize>,
    surfaces: usize,
    nodes: usize,
    placeholders: usize,
    faults: BTreeMap<surfaces_core::Code, usize>,
}

impl Outcome {
    fn summary(&self) -> String {
        let list = |m: &BTreeMap<surfaces_core::Code, usize>| {
            m.iter()
                .map(|(c, n)| format!("`{c}` ×{n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = format!("{} applied, {} ignored", self.applied, self.ignored);
        if !self.codes.is_empty() {
            s += &format!("; {}", list(&self.codes));
        }
        if self.surfaces > 0 {
            s += &format!("; drawn: {} nodes", self.nodes);
            if self.placeholders > 0 {
                s += &format!(", {} placeholders", self.placeholders);
            }
            if !self.faults.is_empty() {
                s += &format!(", faults {}", list(&self.faults));
            }
        }
        s
    }
}

fn run(case: &Case, inputs: &[Input]) -> Run {
    let base = reset_peak();
    let t0 = Instant::now();
    let mut store = SurfaceStore::new(case.limits.clone());
    for input in inputs {
        let ctx = ApplyContext {
            now_ms: input.now_ms,
            ..Default::default()
        };
        store.apply_text(&input.text, &ctx);
    }
    let t1 = Instant::now();
    let report = store.report();
    let t2 = Instant::now();
    let trees: Vec<Option<Node>> = report
        .surfaces
        .iter()
        .map(|s| store.render(&s.surface_id))
        .collect();
    let t3 = Instant::now();
    let retained = CURRENT.load(Relaxed).saturating_sub(base);
    let peak = PEAK.load(Relaxed).saturating_sub(base);
    let stats = store.stats();
    let mut outcome = Outcome {
        envelopes: report.envelopes,
        applied: report.applied,
        ignored: report.ignored,
        codes: stats.findings,
        surfaces: report.surfaces.len(),
        ..Default::default()
    };
    for tree in trees.iter().flatten() {
        walk(tree, &mut |n: &Node| {
            outcome.nodes += 1;
            if matches!(n.kind, Kind::Placeholder { .. }) {
                outcome.placeholders += 1;
            }
            for f in &n.faults {
                *outcome.faults.entry(f.code).or_default() += 1;
            }
        });
    }
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
    Run {
        total_ms: ms(t0, t3),
        fold_ms: ms(t0, t1),
        report_ms: ms(t1, t2),
        render_ms: ms(t2, t3),
        peak,
        retained,
        outcome,
    }
}

/// Cases a person types into: the surface's bound field `/s` gets one more character, then
/// the surface is drawn twice, as `mountSurface` does for a keystroke (its input handler
/// re-evaluates the checks, then the app calls `update()`).
const KEYSTROKE: [&str; 2] = ["template-200", "template-nested"];

fn keystrokes(case: &Case, inputs: &[Input], reps: usize) -> Vec<f64> {
    let mut store = SurfaceStore::new(case.limits.clone());
    for input in inputs {
        store.apply_text(&input.text, &ApplyContext::default());
    }
    let mut value = "a".repeat(LONG);
    (0..reps.max(5))
        .map(|_| {
            value.push('x');
            let t = Instant::now();
            store
                .edit("h", "/s", Value::String(value.clone()))
                .expect("the edit is taken");
            let checks = store.render("h");
            let update = store.render("h");
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            assert!(checks.is_some() && update.is_some());
            ms
        })
        .collect()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let reps: usize = std::env::var("HOSTILE_REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5)
        .max(1);
    let only: Option<Vec<String>> = std::env::var("HOSTILE_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let args: Vec<String> = std::env::args().collect();
    let json_out = args
        .iter()
        .position(|a| a == "--json")
        .and_then(|i| args.get(i + 1).cloned());

    let started = Instant::now();
    let mut rows = Vec::new();
    let mut typed = Vec::new();
    println!("| Case | Bytes | Median ms | Max ms | Fold / report / render ms (median) | Peak heap MB | Retained MB | Outcome |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for case in cases() {
        if only
            .as_ref()
            .is_some_and(|o| !o.iter().any(|x| x == case.id))
        {
            continue;
        }
        let inputs = (case.build)();
        let bytes: usize = inputs.iter().map(|i| i.text.len()).sum();
        let parts = inputs.len();
        // FNV-1a over every part's bytes: bench/hostile-inputs.mjs computes the same.
        let hash = inputs
            .iter()
            .flat_map(|i| i.text.bytes())
            .fold(0x811c_9dc5_u32, |h, b| {
                (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
            });
        // Up to `reps` runs, fewer when a case is slow (the max is then the one run).
        let mut runs: Vec<Run> = vec![run(&case, &inputs)];
        while runs.len() < reps && runs.iter().map(|r| r.total_ms).sum::<f64>() < 1000.0 {
            runs.push(run(&case, &inputs));
        }
        if KEYSTROKE.contains(&case.id) {
            let k = keystrokes(&case, &inputs, reps);
            let max = k.iter().copied().fold(0.0, f64::max);
            typed.push((case.id, case.name, median(k), max));
        }
        drop(inputs);
        let first = &runs[0];
        assert!(
            runs.iter().all(|r| r.outcome == first.outcome),
            "{}: every run ends the same",
            case.id
        );
        let med = |f: fn(&Run) -> f64| median(runs.iter().map(f).collect());
        let max_ms = runs.iter().map(|r| r.total_ms).fold(0.0, f64::max);
        let peak = runs.iter().map(|r| r.peak).max().unwrap_or(0);
        let retained = runs.iter().map(|r| r.retained).max().unwrap_or(0);
        let mb = |b: usize| b as f64 / (1024.0 * 1024.0);
        let (total, fold, report, render) = (
            med(|r| r.total_ms),
            med(|r| r.fold_ms),
            med(|r| r.report_ms),
            med(|r| r.render_ms),
        );
        let outcome = first.outcome.summary();
        println!(
            "| {} — {} | {} | {:.2} | {:.2} | {:.2} / {:.2} / {:.2} | {:.2} | {:.2} | {} |",
            case.group,
            case.name,
            bytes,
            total,
            max_ms,
            fold,
            report,
            render,
            mb(peak),
            mb(retained),
            outcome
        );
        rows.push(json!({
            "id": case.id, "group": case.group, "name": case.name, "bytes": bytes,
            "parts": parts, "hash": format!("{hash:08x}"), "runs": runs.len(),
            "medianMs": total, "maxMs": max_ms, "foldMs": fold, "reportMs": report, "renderMs": render,
            "peakBytes": peak, "retainedBytes": retained,
            "envelopes": first.outcome.envelopes, "applied": first.outcome.applied,
            "ignored": first.outcome.ignored, "codes": first.outcome.codes,
            "nodes": first.outcome.nodes, "placeholders": first.outcome.placeholders,
            "faults": first.outcome.faults, "outcome": outcome,
        }));
    }
    if !typed.is_empty() {
        println!("\n| Keystroke (`edit` of `/s`, then `render` twice, as `mountSurface` does) | Median ms | Max ms |");
        println!("| --- | ---: | ---: |");
        for (_, name, med, max) in &typed {
            println!("| {name} | {med:.2} | {max:.2} |");
        }
    }
    eprintln!(
        "hostile: {} cases (up to {reps} runs each) in {:.1} s",
        rows.len(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = json_out {
        let keystrokes: Vec<Value> = typed
            .iter()
            .map(|(id, _, med, max)| json!({"id": id, "medianMs": med, "maxMs": max}))
            .collect();
        let out = json!({ "reps": reps, "cases": rows, "keystrokes": keystrokes });
        std::fs::write(&path, serde_json::to_string_pretty(&out).unwrap())
            .unwrap_or_else(|e| panic!("writing {path}: {e}"));
    }
}
