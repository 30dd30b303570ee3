//! The official A2UI client conformance suites (`a2ui/conformance/client/core/*.yaml` and
//! `extensions/**/*.yaml`), every v0.9 case run through the core's public API, natively
//! and in Chromium (`wasm-pack test`). A case is a v0.9 case when it states v0.9 or v0.9.1,
//! or no version at all; v1.0 and v0.8 cases are counted and set aside (the same rule as
//! `tests/differential/conformance.py`'s `version_of`).
//!
//! Every v0.9 case either passes, or is listed in `tests/conformance-expected.json` with why
//! we differ (`differ`) or why the core has no equivalent of its action (`notApplicable`).
//! The list is checked both ways: a listed case that now passes, or that the core can now
//! run, fails this test too. Expectations come from the YAML only; `docs/conformance.md`
//! says how each action maps to the core.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Map, Value};
use surfaces_core::a2ui::catalog::{COMPONENTS, FUNCTIONS, ICON_NAMES};
use surfaces_core::a2ui::functions::{self, Env};
use surfaces_core::a2ui::{
    card_advertises_a2ui, client_capabilities, pointer, ApplyContext, Limits, PartOutcome,
    SurfaceStore, BASIC_CATALOG_ID,
};
use surfaces_core::Severity;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[cfg(not(target_arch = "wasm32"))]
#[path = "support/spec.rs"]
mod spec;

#[path = "support/conformance.rs"]
mod files;

const EXPECTED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance-expected.json"
));

/// Prints a line where a test's output goes: stdout natively, the console in a browser.
macro_rules! say {
    ($($t:tt)*) => {{
        #[cfg(target_arch = "wasm32")]
        wasm_bindgen_test::console_log!($($t)*);
        #[cfg(not(target_arch = "wasm32"))]
        println!($($t)*);
    }};
}

/// The click time handed to `SurfaceStore::action` (the suites assert no timestamp).
const CLICK_TIME: &str = "2026-01-01T00:00:00Z";

/// Ids the suites give the catalog they load from a file (`catalogPaths`).
const PLACEHOLDER_IDS: [&str; 5] = [
    "test-catalog",
    "standard",
    "https://a2ui.org/basic-catalog",
    "v09-cat",
    "basic",
];
/// The Basic Catalog's files, as the suites name them (`specification/...`) and as the
/// reference set holds them (`a2ui/...`).
const BASIC_FILES: [(&str, &str); 2] = [
    (
        "v0_9/catalogs/basic/catalog.json",
        "a2ui/v0_9/catalogs/basic/catalog.json",
    ),
    (
        "v0_9_1/catalogs/basic/catalog.json",
        "a2ui/v0_9_1/catalogs/basic/catalog.json",
    ),
];

// ---- what became of a case ----------------------------------------------------------------

#[derive(Debug)]
enum Outcome {
    /// Everything the case asserts that the core can show agrees; `unchecked` names what
    /// it asserts that the core has no public view of.
    Pass {
        unchecked: BTreeSet<&'static str>,
    },
    Differ(String),
    /// The core has no equivalent of the case's action (the reason is in the list).
    NotApplicable,
    /// A v1.0 or v0.8 case.
    SetAside,
}

fn pass() -> Outcome {
    Outcome::Pass {
        unchecked: BTreeSet::new(),
    }
}

fn verdict(problems: Vec<String>, unchecked: BTreeSet<&'static str>) -> Outcome {
    if problems.is_empty() {
        Outcome::Pass { unchecked }
    } else {
        Outcome::Differ(problems.join("; "))
    }
}

// ---- comparing values ---------------------------------------------------------------------

/// Equal as JSON values, numbers by value (YAML's `1` and a computed `1.0` are one number).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// `expected` holds in `actual`: objects by the keys `expected` names (the suites' "contains"
/// match), arrays element by element, the rest by value.
fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .all(|(k, v)| y.get(k).is_some_and(|w| subset(v, w))),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| subset(a, b))
        }
        _ => same(expected, actual),
    }
}

fn truthy_key(v: &Value, keys: &[&str]) -> Option<Value> {
    keys.iter()
        .filter_map(|k| v.get(*k))
        .find(|e| !matches!(e, Value::Null | Value::Bool(false)))
        .cloned()
}

fn expected_error(v: &Value) -> Option<Value> {
    truthy_key(v, &["expectError", "expect_error"])
}

fn err_text(err: &Value) -> String {
    match err {
        Value::Object(o) => {
            let parts: Vec<&str> = ["category", "message"]
                .iter()
                .filter_map(|k| o.get(*k).and_then(Value::as_str))
                .collect();
            if parts.is_empty() {
                "an error".into()
            } else {
                parts.join(": ")
            }
        }
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

// ---- which version a case is for (conformance.py's `version_of`) ---------------------------

fn envelopes_of(case: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let steps = case.get("steps").and_then(Value::as_array);
    for holder in std::iter::once(case).chain(steps.into_iter().flatten()) {
        for key in ["messages", "payload"] {
            let mut v = holder.get(key);
            if let Some(inner) = v.and_then(|v| v.get("messages")).filter(|m| m.is_array()) {
                v = Some(inner);
            }
            if let Some(Value::Array(items)) = v {
                out.extend(items.iter().cloned());
            }
        }
    }
    out
}

fn version_of(case: &Value) -> &'static str {
    let mut cats: Vec<&Value> = case
        .get("catalog")
        .filter(|c| c.is_object())
        .into_iter()
        .collect();
    if let Some(Value::Array(list)) = case.get("catalogs") {
        cats.extend(list.iter().filter(|c| c.is_object()));
    }
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    let mut stated: BTreeSet<String> = BTreeSet::new();
    stated.extend(text(case.get("protocolVersion")));
    for c in &cats {
        stated.extend(text(c.get("protocolVersion")));
        if let Some(v) = text(c.get("version")) {
            stated.insert(format!("v{}", v.trim_start_matches('v')));
        }
    }
    let envs = envelopes_of(case);
    stated.extend(envs.iter().filter_map(|e| text(e.get("version"))));
    if stated.contains("v1.0") || Value::Array(envs).to_string().contains("\"@call\"") {
        "v1.0"
    } else if stated.contains("v0.8") {
        "v0.8"
    } else if stated.contains("v0.9") || stated.contains("v0.9.1") {
        "v0.9"
    } else {
        "neutral"
    }
}

// ---- catalogs: the core renders the Basic Catalog ------------------------------------------

/// The properties a Basic Catalog component has (its own, and those every component has).
fn basic_props(basic: &Value, name: &str) -> BTreeSet<String> {
    let mut props: BTreeSet<String> = ["id", "accessibility", "weight", "checks"]
        .map(String::from)
        .into();
    for part in basic["components"][name]["allOf"]
        .as_array()
        .into_iter()
        .flatten()
    {
        if let Some(p) = part.get("properties").and_then(Value::as_object) {
            props.extend(p.keys().cloned());
        }
    }
    props
}

fn non_empty(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) | Some(Value::Bool(false)) => false,
        Some(Value::Object(o)) => !o.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// `Ok` when the Basic Catalog can stand in for an inline catalog: every component it
/// defines exists there with at least the properties it lists, every theme property it
/// defines exists in the Basic theme alike, and it defines no functions of its own.
fn stand_in(cat: &Value, basic: &Value) -> Result<(), String> {
    let id = cat.get("catalogId").cloned().unwrap_or(Value::Null);
    if non_empty(cat.get("functions")) {
        return Err(format!("inline catalog {id} defines its own functions"));
    }
    for (name, schema) in cat
        .get("components")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        if basic["components"].get(name).is_none() {
            return Err(format!(
                "inline catalog {id} has a {name} component, which the Basic Catalog lacks"
            ));
        }
        let have = basic_props(basic, name);
        let missing: Vec<&String> = schema
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
            .filter(|k| *k != "component" && !have.contains(*k))
            .collect();
        if !missing.is_empty() {
            return Err(format!(
                "inline catalog {id} gives {name} the properties {missing:?}, which the Basic Catalog's {name} lacks"
            ));
        }
    }
    let basic_theme = &basic["$defs"]["theme"]["properties"];
    for (p, s) in cat
        .pointer("/theme/properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let b = &basic_theme[p];
        if b.is_null() || b.get("type") != s.get("type") || b.get("pattern") != s.get("pattern") {
            return Err(format!(
                "inline catalog {id} has a theme property {p:?} unlike the Basic theme's"
            ));
        }
    }
    Ok(())
}

/// The catalog ids a case's messages use, mapped to the Basic Catalog's id; or why the
/// case needs a catalog the core does not render.
fn catalog_mapping(case: &Value, basic: &Value) -> Result<BTreeMap<String, String>, String> {
    let mut mapping: BTreeMap<String, String> = PLACEHOLDER_IDS
        .iter()
        .map(|p| (p.to_string(), BASIC_CATALOG_ID.to_string()))
        .collect();
    let mut paths: Vec<&str> = case
        .get("catalogPaths")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    paths.extend(case.get("catalogPath").and_then(Value::as_str));
    for p in paths {
        if !BASIC_FILES.iter().any(|(suffix, _)| p.ends_with(suffix)) {
            return Err(format!(
                "loads the catalog file {p}, which is not the Basic Catalog"
            ));
        }
    }
    let mut inline: Vec<&Value> = case
        .get("catalogs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .collect();
    if let Some(c) = case
        .get("catalog")
        .filter(|c| c.get("components").is_some() || c.get("theme").is_some())
    {
        inline.push(c);
    }
    for cat in inline {
        if !(non_empty(cat.get("components"))
            || non_empty(cat.get("theme"))
            || non_empty(cat.get("functions")))
        {
            continue;
        }
        stand_in(cat, basic)
            .map_err(|why| format!("{why} (the core renders the Basic Catalog)"))?;
        if let Some(id) = cat.get("catalogId").and_then(Value::as_str) {
            mapping.insert(id.to_string(), BASIC_CATALOG_ID.to_string());
        }
    }
    Ok(mapping)
}

fn translate(env: &Value, mapping: &BTreeMap<String, String>) -> Value {
    let mut env = env.clone();
    if let Some(id) = env.pointer_mut("/createSurface/catalogId") {
        if let Some(to) = id.as_str().and_then(|s| mapping.get(s)) {
            *id = Value::String(to.clone());
        }
    }
    env
}

// ---- a store and its state ----------------------------------------------------------------

fn store() -> SurfaceStore {
    SurfaceStore::new(Limits::default())
}

fn apply(s: &mut SurfaceStore, env: &Value) -> bool {
    s.apply_envelope(env, &ApplyContext::default())
}

/// The error codes of the envelopes `from..to` (by store index), for messages.
fn refusals(s: &SurfaceStore, from: usize, to: usize) -> String {
    let codes: BTreeSet<String> = s
        .findings()
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .filter(|f| f.envelope.is_some_and(|i| (from..to).contains(&i)))
        .map(|f| format!("{}@{}", f.code, f.path))
        .collect();
    codes.into_iter().collect::<Vec<_>>().join(", ")
}

fn surface_model(s: &SurfaceStore, id: &str) -> Option<Value> {
    s.report()
        .surfaces
        .into_iter()
        .find(|r| r.surface_id == id)
        .map(|r| r.data_model)
}

fn read(model: &Value, path: &str) -> Option<Value> {
    let segs = pointer::parse(path).ok()?;
    pointer::get(model, &segs).cloned()
}

/// A Basic Catalog surface `s` holding a Button `root` (its child the Text `t`) with
/// `action`, after `model` (when given) became its data model. Returns the store and whether
/// the Button was admitted, with what was refused.
fn button_surface(
    version: &str,
    action: &Value,
    model: Option<&Value>,
) -> (SurfaceStore, Result<(), String>) {
    let mut s = store();
    let mut envs = vec![
        json!({"version": version, "createSurface": {"surfaceId": "s", "catalogId": BASIC_CATALOG_ID}}),
    ];
    if let Some(m) = model {
        envs.push(json!({"version": version, "updateDataModel": {"surfaceId": "s", "value": m}}));
    }
    envs.push(
        json!({"version": version, "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Button", "child": "t", "action": action},
            {"id": "t", "component": "Text", "text": "Go"},
        ]}}),
    );
    let mut admitted = Ok(());
    for (i, e) in envs.iter().enumerate() {
        if !apply(&mut s, e) && admitted.is_ok() {
            admitted = Err(format!(
                "we refused envelope {i} ({})",
                refusals(&s, i, i + 1)
            ));
        }
    }
    (s, admitted)
}

// ---- process_messages and validate ---------------------------------------------------------

fn run_messages(case: &Value, basic: &Value) -> Outcome {
    let mapping = match catalog_mapping(case, basic) {
        Ok(m) => m,
        Err(_) => return Outcome::NotApplicable,
    };
    let case_err = expected_error(case);
    // (what to apply, expected error) per step; a step's messages may be a
    // `{"messages": [...]}` wrapper, which the store reads as such.
    let mut plan: Vec<(Value, Option<Value>)> = Vec::new();
    match case.get("steps").and_then(Value::as_array) {
        Some(steps) => {
            for st in steps {
                let msgs = st
                    .get("messages")
                    .or(st.get("payload"))
                    .cloned()
                    .unwrap_or(json!([]));
                plan.push((msgs, expected_error(st).or(case_err.clone())));
            }
        }
        None => {
            let msgs = case.get("messages").or(case.get("payload")).cloned();
            let Some(msgs) = msgs else {
                return Outcome::NotApplicable;
            };
            plan.push((msgs, case_err.clone()));
        }
    }
    let mut s = store();
    let mut problems = Vec::new();
    let steps = plan.len();
    for (k, (msgs, err)) in plan.iter().enumerate() {
        let step = if steps > 1 {
            format!("step {}: ", k + 1)
        } else {
            String::new()
        };
        let (first, applied_before) = (s.stats().envelopes, s.stats().applied);
        let count = match msgs {
            Value::Array(items) => {
                for e in items {
                    apply(&mut s, &translate(e, &mapping));
                }
                items.len()
            }
            Value::Object(o) if o.get("messages").is_some_and(Value::is_array) => {
                let mut wrapper = msgs.clone();
                for e in wrapper["messages"].as_array_mut().unwrap() {
                    *e = translate(e, &mapping);
                }
                s.apply_data(&wrapper, &ApplyContext::default())
            }
            other => {
                apply(&mut s, &translate(other, &mapping));
                1
            }
        };
        let refused = count - (s.stats().applied - applied_before);
        let last = s.stats().envelopes;
        match err {
            Some(e) if refused == 0 => problems.push(format!(
                "{step}expects {:?}; we applied every envelope",
                err_text(e)
            )),
            None if refused > 0 => problems.push(format!(
                "{step}expects success; we refused {refused} ({})",
                refusals(&s, first, last)
            )),
            _ => {}
        }
    }
    let mut unchecked = BTreeSet::new();
    if plan.iter().all(|(_, e)| e.is_none()) {
        if let Some(expect) = case.get("expect") {
            check_state(expect, &s, &mut problems, &mut unchecked);
        }
    }
    verdict(problems, unchecked)
}

/// A case's expected surfaces against the store, where the core's public API shows them:
/// existence, data model, number of components, theme and `sendDataModel`.
fn check_state(
    expect: &Value,
    s: &SurfaceStore,
    problems: &mut Vec<String>,
    unchecked: &mut BTreeSet<&'static str>,
) {
    let Some(expect) = expect.as_object() else {
        problems.push("the expectation is not an object of surfaces".into());
        return;
    };
    if expect.keys().any(|k| k != "surfaces") {
        unchecked.insert("expectations other than surfaces");
    }
    let report = s.report();
    let sending = s.client_data_model();
    for (sid, exp) in expect
        .get("surfaces")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let ours = report.surfaces.iter().find(|r| &r.surface_id == sid);
        if exp.get("exists") == Some(&Value::Bool(false)) {
            if ours.is_some() {
                problems.push(format!("surface {sid} should not exist"));
            }
            continue;
        }
        let Some(ours) = ours else {
            problems.push(format!("surface {sid} does not exist"));
            continue;
        };
        for (k, v) in exp.as_object().into_iter().flatten() {
            match k.as_str() {
                "exists" => {}
                "dataModel" => {
                    if !subset(v, &ours.data_model) {
                        problems.push(format!(
                            "{sid}'s data model is {}, expected {v}",
                            ours.data_model
                        ));
                    }
                }
                "components" => {
                    let n = v
                        .as_array()
                        .map(Vec::len)
                        .or(v.as_object().map(Map::len))
                        .unwrap_or(0);
                    if (n == 0 && ours.components != 0) || ours.components < n {
                        problems.push(format!(
                            "{sid} has {} components, expected {n}",
                            ours.components
                        ));
                    }
                    if n > 0 {
                        unchecked.insert("component properties");
                    }
                }
                "theme" => {
                    let theme = s.theme(sid).cloned().unwrap_or(Value::Null);
                    if !subset(v, &theme) {
                        problems.push(format!("{sid}'s theme is {theme}, expected {v}"));
                    }
                }
                "sendDataModel" => {
                    let sends = sending
                        .as_ref()
                        .is_some_and(|m| m["surfaces"].get(sid.as_str()).is_some());
                    if Some(sends) != v.as_bool() {
                        problems.push(format!("{sid} sends its data model: {sends}, expected {v}"));
                    }
                }
                _ => {
                    unchecked.insert("other surface properties");
                }
            }
        }
    }
}

// ---- data_model ------------------------------------------------------------------------------

/// A model built from `initial`, then set/delete/get steps: updateDataModel envelopes on one
/// surface, and reads of its data model with the core's JSON Pointers.
fn run_data_model(case: &Value) -> Outcome {
    let mut s = store();
    let v = "v0.9";
    apply(
        &mut s,
        &json!({"version": v, "createSurface": {"surfaceId": "dm", "catalogId": BASIC_CATALOG_ID}}),
    );
    if let Some(initial) = case.get("initial") {
        if !apply(
            &mut s,
            &json!({"version": v, "updateDataModel": {"surfaceId": "dm", "value": initial}}),
        ) {
            return Outcome::Differ(format!(
                "we refused the initial model ({})",
                refusals(&s, 1, 2)
            ));
        }
    }
    let (mut problems, mut unchecked, mut checks) = (Vec::new(), BTreeSet::new(), 0);
    for (k, st) in case
        .get("steps")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let step = k + 1;
        let model = |s: &SurfaceStore| surface_model(s, "dm").unwrap_or(Value::Null);
        let op = st.get("op").and_then(Value::as_str).unwrap_or_default();
        let path = st.get("path").and_then(Value::as_str).unwrap_or_default();
        match op {
            "set" | "delete" => {
                let mut body = json!({"surfaceId": "dm", "path": path});
                if op == "set" {
                    body["value"] = st.get("value").cloned().unwrap_or(Value::Null);
                }
                let index = s.stats().envelopes;
                let applied = apply(&mut s, &json!({"version": v, "updateDataModel": body}));
                checks += 1;
                match expected_error(st) {
                    Some(e) if applied => problems.push(format!(
                        "step {step}: expects {:?}; we applied the write",
                        err_text(&e)
                    )),
                    None if !applied => problems.push(format!(
                        "step {step}: expects the write to apply; we refused it ({})",
                        refusals(&s, index, index + 1)
                    )),
                    _ => {}
                }
                let m = model(&s);
                for (p, want) in st
                    .get("expect_values")
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                {
                    checks += 1;
                    let got = read(&m, p);
                    if !got.as_ref().is_some_and(|g| same(g, want)) {
                        problems.push(format!("step {step}: {p:?} holds {got:?}, expected {want}"));
                    }
                }
            }
            "get" => {
                let got = read(&model(&s), path);
                if let Some(want) = st.get("expect") {
                    checks += 1;
                    if !got.as_ref().is_some_and(|g| same(g, want)) {
                        problems.push(format!(
                            "step {step}: {path:?} holds {got:?}, expected {want}"
                        ));
                    }
                }
                if st.get("expect_absent") == Some(&Value::Bool(true)) {
                    checks += 1;
                    if let Some(g) = &got {
                        problems.push(format!("step {step}: {path:?} holds {g}, expected nothing"));
                    }
                }
                if let Some(t) = st.get("expect_type").and_then(Value::as_str) {
                    checks += 1;
                    let ok = match t {
                        "list" => got.as_ref().is_some_and(Value::is_array),
                        "object" => got.as_ref().is_some_and(Value::is_object),
                        _ => false,
                    };
                    if !ok {
                        problems.push(format!("step {step}: {path:?} is not a {t}"));
                    }
                }
            }
            "dispose" => {
                unchecked.insert("dispose");
            }
            other => problems.push(format!("step {step}: unknown op {other:?}")),
        }
        if st.get("expect_notified").is_some() {
            unchecked.insert("observer notifications");
        }
    }
    if checks == 0 {
        // Only observer notifications are asserted: the core has no observers.
        return Outcome::NotApplicable;
    }
    verdict(problems, unchecked)
}

// ---- evaluate_function -----------------------------------------------------------------------

/// A call is evaluated as the core evaluates an agent's: admitted first (a Button's
/// `functionCall` action, held to the schema and the URL policy), then evaluated with
/// `functions::evaluate`. The case's arguments are the values the function sees at run
/// time; when the schema refuses one as a literal (a string where a number is declared, say),
/// the same values reach the function through data bindings, as they would from a data
/// model, and the call is admitted and evaluated that way. Refused both ways is an error.
fn run_function(case: &Value) -> Outcome {
    let name = case
        .get("function")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let args = case.get("args").cloned().unwrap_or(json!({}));
    let version = match case.get("protocolVersion").and_then(Value::as_str) {
        Some("v0.9.1") => "v0.9.1",
        _ => "v0.9",
    };
    let literal = json!({"call": name, "args": args});
    let (s, admitted) = button_surface(version, &json!({"functionCall": &literal}), None);
    let (call, model) = match admitted {
        Ok(()) => (literal, json!({})),
        Err(why) => {
            // The arguments the schema refused as literals, read from a data model instead.
            // (argument, element) for an element of an array argument, such as `and`'s values.
            let refused: BTreeSet<(String, Option<usize>)> = s
                .findings()
                .iter()
                .filter_map(|f| f.path.split("/functionCall/args/").nth(1))
                .map(|rest| {
                    let mut segs = rest.split('/');
                    let k = segs.next().unwrap_or_default().to_string();
                    (k, segs.next().and_then(|i| i.parse().ok()))
                })
                .collect();
            let mut bound = literal.clone();
            for (k, i) in &refused {
                let (at, path) = match i {
                    Some(i) => (
                        bound["args"][k.as_str()].get_mut(*i),
                        format!("/args/{k}/{i}"),
                    ),
                    None => (bound["args"].get_mut(k.as_str()), format!("/args/{k}")),
                };
                if let Some(v) = at {
                    *v = json!({ "path": path });
                }
            }
            let (_, again) = button_surface(version, &json!({"functionCall": &bound}), None);
            if refused.is_empty() || again.is_err() {
                let why = format!("{why}; bound: {}", again.err().unwrap_or_default());
                return function_verdict(case, Err(why));
            }
            (bound, json!({"args": args}))
        }
    };
    let lookup = |p: &str| -> Option<&Value> { read_ref(&model, p) };
    let env = Env::new(&lookup, "en-US");
    let result = functions::evaluate(&call, &env, 0).map_err(|e| format!("{} ({e})", e.code()));
    function_verdict(case, result)
}

fn function_verdict(case: &Value, result: Result<Value, String>) -> Outcome {
    match (expected_error(case), result) {
        (Some(_), Err(_)) => pass(),
        (Some(e), Ok(v)) => Outcome::Differ(format!(
            "expects {:?}; we evaluated it to {v}",
            err_text(&e)
        )),
        (None, Ok(v)) => {
            let want = case.get("expect").unwrap_or(&Value::Null);
            if same(&v, want) {
                pass()
            } else {
                Outcome::Differ(format!("we evaluated it to {v}, expected {want}"))
            }
        }
        (None, Err(why)) => Outcome::Differ(format!(
            "expects {}; {why}",
            case.get("expect").unwrap_or(&Value::Null)
        )),
    }
}

fn read_ref<'v>(model: &'v Value, path: &str) -> Option<&'v Value> {
    let segs = pointer::parse(path).ok()?;
    pointer::get(model, &segs)
}

// ---- dispatch_action ---------------------------------------------------------------------------

/// The action on a Button of a surface whose data model is the case's `dataModel`, clicked
/// with `SurfaceStore::action_in` at the case's `scope`.
fn run_action(case: &Value) -> Outcome {
    let payload = case.get("actionPayload").cloned().unwrap_or(Value::Null);
    let (s, admitted) = button_surface("v0.9", &payload, case.get("dataModel"));
    let scope = case
        .get("scope")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let clicked = s.action_in("s", "root", scope, CLICK_TIME);
    let mut problems = Vec::new();
    if let Some(want) = case.get("expectDispatched") {
        match &clicked {
            Err(e) => problems.push(format!(
                "expects {want} dispatched; none was ({}{e})",
                admitted
                    .as_ref()
                    .err()
                    .map(|w| format!("{w}; "))
                    .unwrap_or_default()
            )),
            Ok(msg) => {
                let ours = &msg["action"];
                for (k, v) in want.as_object().into_iter().flatten() {
                    let got = ours.get(k).unwrap_or(&Value::Null);
                    // The context must be exactly the expected one; the rest is a "contains".
                    let ok = if k == "context" {
                        same(v, got)
                    } else {
                        subset(v, got)
                    };
                    if !ok {
                        problems.push(format!("{k} is {got}, expected {v}"));
                    }
                }
                if want.get("context").is_none() && !same(&ours["context"], &json!({})) {
                    problems.push(format!("the context is {}, expected none", ours["context"]));
                }
            }
        }
    }
    if let Some(errors) = case.get("expectDispatchedErrors") {
        // Ours: the Button is refused where its action is (nothing can be dispatched from
        // it), or the click fails.
        let at_action = s
            .findings()
            .iter()
            .any(|f| f.severity == Severity::Error && f.path.contains("/action"));
        if !(at_action || clicked.is_err()) {
            problems.push(format!("expects the errors {errors}; we reported none"));
        }
        if case.get("expectDispatched").is_none() {
            if let Ok(msg) = &clicked {
                problems.push(format!("expects no event; we dispatched {msg}"));
            }
        }
    }
    verdict(problems, BTreeSet::new())
}

// ---- resolve_path ------------------------------------------------------------------------------

/// Resolving a path against a context path, as the core does for a Button in a template: the
/// data model holds a marker at the expected absolute path only, and a click with the
/// context path as its scope must read the marker through the case's path.
fn run_resolve(case: &Value) -> Outcome {
    let path = case.pointer("/args/path").cloned().unwrap_or(Value::Null);
    let scope = case
        .pointer("/args/contextPath")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let Some(want) = case.get("expect").and_then(Value::as_str) else {
        return Outcome::Differ("the case expects no path".into());
    };
    let mut model = json!({});
    let Ok(segs) = pointer::parse(want) else {
        return Outcome::Differ(format!("{want:?} is not a pointer the core reads"));
    };
    if pointer::set(&mut model, &segs, json!("marker")).is_err() {
        return Outcome::Differ(format!("the core cannot write at {want:?}"));
    }
    let action = json!({"event": {"name": "resolve", "context": {"at": {"path": path}}}});
    let (s, admitted) = button_surface("v0.9", &action, Some(&model));
    if let Err(why) = admitted {
        return Outcome::Differ(why);
    }
    match s.action_in("s", "root", scope, CLICK_TIME) {
        Ok(msg) if msg["action"]["context"]["at"] == json!("marker") => pass(),
        Ok(msg) => Outcome::Differ(format!(
            "{path} in {scope:?} does not resolve to {want:?} (the context is {})",
            msg["action"]["context"]
        )),
        Err(e) => Outcome::Differ(format!("the click failed: {e}")),
    }
}

// ---- renderer capabilities and data model ---------------------------------------------------

fn run_capabilities(case: &Value) -> Outcome {
    let want = case.get("expect").unwrap_or(&Value::Null);
    let ours = client_capabilities();
    if subset(want, &ours) {
        pass()
    } else {
        Outcome::Differ(format!("ours are {ours}, expected {want}"))
    }
}

fn run_client_data_model(case: &Value, basic: &Value) -> Outcome {
    let Ok(mapping) = catalog_mapping(case, basic) else {
        return Outcome::NotApplicable;
    };
    let mut s = store();
    for (i, e) in envelopes_of(case).iter().enumerate() {
        if !apply(&mut s, &translate(e, &mapping)) {
            return Outcome::Differ(format!(
                "we refused envelope {i} ({})",
                refusals(&s, i, i + 1)
            ));
        }
    }
    let want = case.get("expect").unwrap_or(&Value::Null);
    let ours = s.client_data_model().unwrap_or(Value::Null);
    let ok = if want.is_null() {
        ours.is_null()
    } else {
        subset(want, &ours)
    };
    if ok {
        pass()
    } else {
        Outcome::Differ(format!("ours is {ours}, expected {want}"))
    }
}

// ---- catalogs ------------------------------------------------------------------------------

/// The Basic Catalog file a case names, as (reference-set path, message version).
fn basic_file(path: &str) -> Option<(&'static str, &'static str)> {
    BASIC_FILES
        .iter()
        .zip(["v0.9", "v0.9.1"])
        .find(|((suffix, _), _)| path.ends_with(suffix))
        .map(|((_, local), v)| (*local, v))
}

fn run_catalog(case: &Value) -> Outcome {
    let path = case
        .get("catalogPath")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let expect = case.get("expect").cloned().unwrap_or(Value::Null);
    // Components the published Basic Catalog accepts or refuses: admitted or refused by ours.
    if expect.get("validComponents").is_some() || expect.get("invalidComponents").is_some() {
        let Some((_, version)) = basic_file(path) else {
            return Outcome::NotApplicable;
        };
        let mut problems = Vec::new();
        for (key, valid) in [("validComponents", true), ("invalidComponents", false)] {
            for c in expect
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let mut s = store();
                apply(
                    &mut s,
                    &json!({"version": version, "createSurface": {"surfaceId": "s", "catalogId": BASIC_CATALOG_ID}}),
                );
                let applied = apply(
                    &mut s,
                    &json!({"version": version, "updateComponents": {"surfaceId": "s", "components": [
                    c, {"id": "txt1", "component": "Text", "text": "x"}]}}),
                );
                if applied != valid {
                    problems.push(if valid {
                        format!("we refused {c} ({})", refusals(&s, 1, 2))
                    } else {
                        format!("we admitted {c}")
                    });
                }
            }
        }
        return verdict(problems, BTreeSet::new());
    }
    // The SDK's Basic Catalog equals the published one: ours by component, function and
    // icon names (the core's schema is written by hand; its property checks are held to
    // the published schemas by tests/a2ui_schema.rs).
    if let Some(expected) = case
        .pointer("/expectCatalog/catalogPath")
        .and_then(Value::as_str)
    {
        let Some((local, _)) = basic_file(expected) else {
            return Outcome::NotApplicable;
        };
        let Some(text) = files::spec_file(local) else {
            return Outcome::Differ(format!("{local} is not in the reference set"));
        };
        let published: Value = serde_json::from_str(&text).expect("the Basic Catalog is JSON");
        let keys = |v: &Value| -> BTreeSet<String> {
            v.as_object()
                .into_iter()
                .flatten()
                .map(|(k, _)| k.clone())
                .collect()
        };
        let icons: BTreeSet<String> = published["components"]["Icon"]["allOf"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p.pointer("/properties/name/oneOf/0/enum"))
            .flat_map(|e| e.as_array().cloned().unwrap_or_default())
            .filter_map(|n| n.as_str().map(String::from))
            .collect();
        let ours = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
        let mut problems = Vec::new();
        for (what, theirs, ours) in [
            (
                "components",
                keys(&published["components"]),
                ours(&COMPONENTS),
            ),
            ("functions", keys(&published["functions"]), ours(&FUNCTIONS)),
            ("icon names", icons, ours(&ICON_NAMES)),
        ] {
            if theirs != ours {
                problems.push(format!(
                    "{what}: published only {:?}, ours only {:?}",
                    theirs.difference(&ours).collect::<Vec<_>>(),
                    ours.difference(&theirs).collect::<Vec<_>>()
                ));
            }
        }
        return verdict(problems, BTreeSet::from(["property schemas"]));
    }
    Outcome::NotApplicable
}

// ---- A2A -------------------------------------------------------------------------------------

fn run_a2a(case: &Value) -> Outcome {
    let action = case["action"].as_str().unwrap_or_default();
    let ours = match action {
        // A data part of that media type, from an agent that advertises A2UI.
        "is_a2ui_part" => {
            let part = json!({"kind": "data", "data": [], "metadata": {"mimeType": case.pointer("/args/mimeType")}});
            let outcome = store().apply_part(part, true, &ApplyContext::default());
            Value::Bool(matches!(outcome, PartOutcome::A2ui(_)))
        }
        // Whether the core takes these extension URIs as A2UI (on an agent's card).
        "try_activate_extension" => {
            let exts: Vec<Value> = case
                .pointer("/args/uris")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|u| json!({"uri": u}))
                .collect();
            Value::Bool(card_advertises_a2ui(
                &json!({"capabilities": {"extensions": exts}}),
            ))
        }
        _ => return Outcome::NotApplicable,
    };
    let want = case.get("expect").unwrap_or(&Value::Null);
    if same(&ours, want) {
        pass()
    } else {
        Outcome::Differ(format!("ours is {ours}, expected {want}"))
    }
}

// ---- the run ---------------------------------------------------------------------------------

fn run_case(case: &Value, basic: &Value) -> Outcome {
    if matches!(version_of(case), "v1.0" | "v0.8") {
        return Outcome::SetAside;
    }
    match case["action"].as_str().unwrap_or_default() {
        "process_messages" | "validate" => run_messages(case, basic),
        "data_model" => run_data_model(case),
        "evaluate_function" => run_function(case),
        "dispatch_action" => run_action(case),
        "resolve_path" => run_resolve(case),
        "get_renderer_capabilities" => run_capabilities(case),
        "get_renderer_data_model" => run_client_data_model(case, basic),
        "from_json" | "catalog_schema" => run_catalog(case),
        "is_a2ui_part" | "try_activate_extension" => run_a2a(case),
        _ => Outcome::NotApplicable,
    }
}

#[derive(Default)]
struct Counts {
    pass: usize,
    partial: usize,
    differ: usize,
    not_applicable: usize,
    set_aside: usize,
}

#[test]
fn every_v0_9_case_passes_or_is_listed() {
    let expected: Value =
        serde_json::from_str(EXPECTED).expect("tests/conformance-expected.json is JSON");
    let listed = |key: &str| -> BTreeMap<String, String> {
        expected[key]
            .as_object()
            .unwrap_or_else(|| panic!("tests/conformance-expected.json has no {key:?} object"))
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().expect("a reason").to_string()))
            .collect()
    };
    let (differ_list, na_list) = (listed("differ"), listed("notApplicable"));
    let basic: Value = serde_json::from_str(
        &files::spec_file(BASIC_FILES[0].1).expect("the Basic Catalog in the reference set"),
    )
    .expect("the Basic Catalog is JSON");

    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut seen = BTreeSet::new();
    let mut partial = Vec::new();
    for (rel, text) in files::suites() {
        let stem = rel
            .rsplit('/')
            .next()
            .unwrap()
            .trim_end_matches(".yaml")
            .to_string();
        let cases: Value = serde_norway::from_str(&text)
            .unwrap_or_else(|e| panic!("{rel} is not YAML this test reads: {e}"));
        let c = counts.entry(rel.clone()).or_default();
        for case in cases.as_array().into_iter().flatten() {
            let id = format!("{stem}/{}", case["name"].as_str().unwrap_or("?"));
            assert!(seen.insert(id.clone()), "two cases named {id}");
            let outcome = run_case(case, &basic);
            let (in_differ, in_na) = (differ_list.contains_key(&id), na_list.contains_key(&id));
            match outcome {
                Outcome::SetAside => {
                    c.set_aside += 1;
                    if in_differ || in_na {
                        failures.push(format!(
                            "{id}: listed, but it is a v1.0/v0.8 case and is set aside"
                        ));
                    }
                }
                Outcome::Pass { unchecked } => {
                    c.pass += 1;
                    if !unchecked.is_empty() {
                        c.partial += 1;
                        partial.push(format!(
                            "{id} (unchecked: {})",
                            unchecked.into_iter().collect::<Vec<_>>().join(", ")
                        ));
                    }
                    if in_differ {
                        failures.push(format!("{id}: listed as a difference, but it now passes: remove it from the list"));
                    }
                    if in_na {
                        failures.push(format!("{id}: listed as not applicable, but it runs and passes: remove it from the list"));
                    }
                }
                Outcome::Differ(detail) => {
                    c.differ += 1;
                    if !in_differ {
                        failures.push(format!("{id}: differs and is not listed: {detail}"));
                    }
                    if in_na {
                        failures.push(format!(
                            "{id}: listed as not applicable, but it runs (and differs)"
                        ));
                    }
                }
                Outcome::NotApplicable => {
                    c.not_applicable += 1;
                    if !in_na {
                        failures.push(format!("{id}: has no equivalent in the core and is not listed as not applicable"));
                    }
                    if in_differ {
                        failures.push(format!("{id}: listed as a difference, but it does not run"));
                    }
                }
            }
        }
    }
    for id in differ_list.keys().chain(na_list.keys()) {
        if !seen.contains(id) {
            failures.push(format!("{id}: listed, but no suite has that case"));
        }
    }

    say!("A2UI client conformance, v0.9 cases through surfaces-core:");
    say!(
        "{:<48} {:>5} {:>7} {:>6} {:>5} {:>9}",
        "suite",
        "pass",
        "(part)",
        "differ",
        "n.a.",
        "set aside"
    );
    let mut total = Counts::default();
    for (rel, c) in &counts {
        say!(
            "{rel:<48} {:>5} {:>7} {:>6} {:>5} {:>9}",
            c.pass,
            c.partial,
            c.differ,
            c.not_applicable,
            c.set_aside
        );
        total.pass += c.pass;
        total.partial += c.partial;
        total.differ += c.differ;
        total.not_applicable += c.not_applicable;
        total.set_aside += c.set_aside;
    }
    say!(
        "{:<48} {:>5} {:>7} {:>6} {:>5} {:>9}",
        "total",
        total.pass,
        total.partial,
        total.differ,
        total.not_applicable,
        total.set_aside
    );
    say!("passing, checked in part (the core has no public view of the rest):");
    for p in &partial {
        say!("  {p}");
    }
    assert!(total.pass > 0, "no case passed: the suites were not read");
    assert!(
        failures.is_empty(),
        "{} conformance cases are not as tests/conformance-expected.json lists them:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}
