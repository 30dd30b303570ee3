//! The data-driven A2UI cases of `tests/fixtures/a2ui-cases.json` (docs/a2ui-cases.md):
//! serde-typed cases over one JSON corpus, shared by the core's native and wasm test
//! (`tests/a2ui_cases.rs`) and the CLI's (`crates/surfaces-cli/tests/a2ui_cases.rs`).
//! Each runner drives its own store and hands back an [`Outcome`]; the views here turn
//! reports and render trees into what the corpus records, and [`diff`] says what differs.
//! Nothing here names the core: only JSON.
#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Number, Value};

pub const CASES: &str = include_str!("../../../../tests/fixtures/a2ui-cases.json");
/// The fixture, from the workspace root.
pub const FIXTURE: &str = "tests/fixtures/a2ui-cases.json";
/// The command that rewrites every case's `expect` from the current code.
pub const REFRESH: &str = "UPDATE_A2UI_CASES=1 cargo test -p surfaces-core --test a2ui_cases";
/// A click's timestamp when the case gives none (the CLI's default).
pub const DEFAULT_TIMESTAMP: &str = "1970-01-01T00:00:00Z";

/// One case: a store's options, what happens to it in order, and what comes out.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Case {
    pub name: String,
    /// The rule the case holds.
    pub description: String,
    /// `Limits` by their camelCase names (the npm package's and `--limit`'s); the rest default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Map<String, Value>>,
    /// The URL policy's host allowlist (`allowedHosts`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_hosts: Option<Vec<String>>,
    /// The store's locale (`set_locale`) for renders, checks and actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<String>,
    pub steps: Vec<Step>,
    /// Surfaces whose render tree is recorded after the last step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub render: Vec<String>,
    /// Written by the refresh command; a case without it fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Outcome>,
}

/// What a case produced: the report after the last step (findings without their messages),
/// one result per step, and the render views of `Case::render`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Outcome {
    pub report: Value,
    pub steps: Vec<Value>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub render: BTreeMap<String, Value>,
}

/// One step: exactly one of `envelopes` (applied as one JSON array of text), `text` (raw
/// text, for malformed input), `edit`, `acceptAgent`, `keepMine` or `click`. Input steps
/// may say which A2A context they arrived in and when (`contextId`, `nowMs`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Step {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelopes: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub now_ms: Option<Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit: Option<Edit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_agent: Option<At>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_mine: Option<At>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub click: Option<Click>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Edit {
    pub surface_id: String,
    pub pointer: String,
    pub value: Value,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct At {
    pub surface_id: String,
    pub pointer: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Click {
    pub surface_id: String,
    pub component_id: String,
    /// The template item's pointer (`action_in`); empty outside templates.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scope: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
}

impl Click {
    pub fn timestamp(&self) -> &str {
        self.timestamp.as_deref().unwrap_or(DEFAULT_TIMESTAMP)
    }
}

/// What a step does.
pub enum Action<'a> {
    /// Text to apply, with its context id and clock.
    Input {
        text: String,
        context_id: Option<&'a str>,
        now_ms: Option<f64>,
    },
    Edit(&'a Edit),
    AcceptAgent(&'a At),
    KeepMine(&'a At),
    Click(&'a Click),
}

impl Step {
    /// The one thing the step does; panics on a malformed step (a broken fixture).
    pub fn action(&self) -> Action<'_> {
        let given = [
            self.envelopes.is_some(),
            self.text.is_some(),
            self.edit.is_some(),
            self.accept_agent.is_some(),
            self.keep_mine.is_some(),
            self.click.is_some(),
        ];
        assert_eq!(
            given.iter().filter(|g| **g).count(),
            1,
            "a step does exactly one thing: {self:?}"
        );
        let input = self.envelopes.is_some() || self.text.is_some();
        assert!(
            input || (self.context_id.is_none() && self.now_ms.is_none()),
            "contextId and nowMs go with input: {self:?}"
        );
        if let Some(envs) = &self.envelopes {
            return self.input(Value::Array(envs.clone()).to_string());
        }
        if let Some(text) = &self.text {
            return self.input(text.clone());
        }
        if let Some(e) = &self.edit {
            return Action::Edit(e);
        }
        if let Some(a) = &self.accept_agent {
            return Action::AcceptAgent(a);
        }
        if let Some(k) = &self.keep_mine {
            return Action::KeepMine(k);
        }
        Action::Click(self.click.as_ref().expect("one of them"))
    }

    fn input(&self, text: String) -> Action<'_> {
        Action::Input {
            text,
            context_id: self.context_id.as_deref(),
            now_ms: self.now_ms.as_ref().and_then(Number::as_f64),
        }
    }

    pub fn is_person(&self) -> bool {
        !matches!(self.action(), Action::Input { .. })
    }
}

pub fn cases() -> Vec<Case> {
    serde_json::from_str(CASES).expect("a2ui-cases.json holds the cases")
}

/// The fixture's text for `cases` (the form the refresh command writes).
pub fn fixture_text(cases: &[Case]) -> String {
    let mut out = Vec::new();
    let fmt = serde_json::ser::PrettyFormatter::with_indent(b" ");
    let mut ser = serde_json::Serializer::with_formatter(&mut out, fmt);
    cases.serialize(&mut ser).expect("cases serialise");
    out.push(b'\n');
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// A step's result: the number of envelopes read, or `{ok, ...}`.
pub fn read(n: usize) -> Value {
    json!({ "read": n })
}
pub fn done() -> Value {
    json!({ "ok": true })
}
pub fn sent(message: Value) -> Value {
    json!({ "ok": true, "message": message })
}
pub fn refused(code: &str, reason: String) -> Value {
    json!({ "ok": false, "code": code, "reason": reason })
}

/// A report (`report().to_json()`) as the corpus records it: every finding without its
/// message (wording may change; a missing or empty message is kept, so it shows as a
/// difference).
pub fn report_view(report: &Value) -> Value {
    let mut r = report.clone();
    if let Some(findings) = r.get_mut("findings").and_then(Value::as_array_mut) {
        for f in findings {
            if let Some(o) = f.as_object_mut() {
                if o.get("message")
                    .and_then(Value::as_str)
                    .is_some_and(|m| !m.is_empty())
                {
                    o.remove("message");
                }
            }
        }
    }
    r
}

/// What a render tree shows that a case holds: its nodes in render order, each with its
/// id, component and values (not its styling), check messages, proposal and fault codes.
/// `null` (no root) stays `null`.
pub fn render_view(tree: &Value) -> Value {
    if tree.is_null() {
        return Value::Null;
    }
    let mut out = Vec::new();
    flatten(tree, &mut out);
    Value::Array(out)
}

const KIND_VALUES: &[&str] = &[
    "text",
    "label",
    "value",
    "binding",
    "scope",
    "event",
    "local",
    "openUrl",
    "url",
    "description",
    "name",
    "svgPath",
    "options",
    "selected",
    "multiple",
    "min",
    "max",
    "reason",
    "enableDate",
    "enableTime",
];

fn flatten(node: &Value, out: &mut Vec<Value>) {
    let kind = &node["kind"];
    let mut entry = Map::new();
    entry.insert("id".into(), node["id"].clone());
    entry.insert("component".into(), kind["component"].clone());
    // A placeholder's `text` is what a renderer says (the CLI's --render adds it), not the core's.
    let placeholder = kind["component"] == "Placeholder";
    for &key in KIND_VALUES {
        if placeholder && key == "text" {
            continue;
        }
        if let Some(v) = kind.get(key).filter(|v| !v.is_null()) {
            entry.insert(key.into(), v.clone());
        }
    }
    for key in ["errors", "faults"] {
        if let Some(list) = node[key].as_array().filter(|l| !l.is_empty()) {
            // Faults by code: their messages are the renderer's wording.
            let list = list
                .iter()
                .map(|f| f.get("code").cloned().unwrap_or_else(|| f.clone()))
                .collect();
            entry.insert(key.into(), Value::Array(list));
        }
    }
    if let Some(p) = node.get("proposal").filter(|p| !p.is_null()) {
        entry.insert("proposal".into(), p.clone());
    }
    out.push(Value::Object(entry));
    // Children in key order (child, children, content, tabs, trigger): a Tab is [title, node].
    if let Some(kind) = kind.as_object() {
        for v in kind.values() {
            children(v, out);
        }
    }
}

fn children(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Object(o) if o.contains_key("kind") && o.contains_key("id") => flatten(v, out),
        Value::Array(items) => {
            for item in items {
                if item.is_object() || item.is_array() {
                    children(item, out);
                }
            }
        }
        _ => {}
    }
}

/// Where `got` differs from `want`, one line per JSON Pointer.
pub fn diff(at: &str, got: &Value, want: &Value, out: &mut Vec<String>) {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            for (k, wv) in w {
                let p = format!("{at}/{k}");
                match g.get(k) {
                    Some(gv) => diff(&p, gv, wv, out),
                    None => out.push(format!("{p}: missing, want {}", short(wv))),
                }
            }
            for (k, gv) in g {
                if !w.contains_key(k) {
                    out.push(format!("{at}/{k}: got {}, not expected", short(gv)));
                }
            }
        }
        (Value::Array(g), Value::Array(w)) => {
            for (i, (gv, wv)) in g.iter().zip(w).enumerate() {
                diff(&format!("{at}/{i}"), gv, wv, out);
            }
            for (i, gv) in g.iter().enumerate().skip(w.len()) {
                out.push(format!("{at}/{i}: got {}, not expected", short(gv)));
            }
            for (i, wv) in w.iter().enumerate().skip(g.len()) {
                out.push(format!("{at}/{i}: missing, want {}", short(wv)));
            }
        }
        // 1 and 1.0 are the same JSON number.
        (Value::Number(g), Value::Number(w)) if g.as_f64() == w.as_f64() => {}
        _ if got == want => {}
        _ => out.push(format!("{at}: got {}, want {}", short(got), short(want))),
    }
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 200 {
        format!("{}…", s.chars().take(200).collect::<String>())
    } else {
        s
    }
}

/// What differs between a case's outcome and its expectation, and any invariant the
/// outcome breaks.
pub fn mismatches(case: &Case, got: &Outcome) -> Vec<String> {
    let Some(want) = &case.expect else {
        return vec![format!("no expected outcome; run {REFRESH}")];
    };
    let mut out = Vec::new();
    diff("/report", &got.report, &want.report, &mut out);
    diff(
        "/steps",
        &Value::Array(got.steps.clone()),
        &Value::Array(want.steps.clone()),
        &mut out,
    );
    let render = |m: &BTreeMap<String, Value>| serde_json::to_value(m).expect("values");
    diff(
        "/render",
        &render(&got.render),
        &render(&want.render),
        &mut out,
    );
    out.extend(invariants(&got.report));
    out
}

/// What holds for every report: kebab-case codes, JSON Pointer paths, envelope indices in
/// range, every envelope counted once.
pub fn invariants(report: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let n = |k: &str| report[k].as_u64().unwrap_or(u64::MAX);
    if n("applied").checked_add(n("ignored")) != Some(n("envelopes")) {
        out.push(format!(
            "applied {} + ignored {} is not envelopes {}",
            report["applied"], report["ignored"], report["envelopes"]
        ));
    }
    for f in report["findings"].as_array().into_iter().flatten() {
        let code = f["code"].as_str().unwrap_or("");
        let kebab = !code.is_empty()
            && code.split('-').all(|w| {
                !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            });
        if !kebab {
            out.push(format!("code {code:?} is not kebab-case"));
        }
        let path = f["path"].as_str().unwrap_or("x");
        if !(path.is_empty() || path.starts_with('/')) {
            out.push(format!("{code}: path {path:?} is not a JSON Pointer"));
        }
        if let Some(i) = f["envelope"].as_u64() {
            if i >= n("envelopes") {
                out.push(format!("{code}: envelope {i} is past the last"));
            }
        }
    }
    out
}

/// Runs every case through `run` and panics with every difference, named by case.
pub fn run_all(run: impl Fn(&Case) -> Outcome) {
    let cases = cases();
    assert!(cases.len() >= 40, "the corpus lost cases: {}", cases.len());
    let mut names = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for case in &cases {
        assert!(names.insert(&case.name), "two cases named {:?}", case.name);
        let got = run(case);
        let found = mismatches(case, &got);
        if !found.is_empty() {
            failures.push(format!("case {:?}:\n  {}", case.name, found.join("\n  ")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} A2UI cases differ from {FIXTURE} (if the change is intended: {REFRESH}, then review the fixture's diff):\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
