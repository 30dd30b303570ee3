//! The data-driven UI links cases in `tests/fixtures/card-cases.json`, shared by the native
//! test, the core's wasm test and the npm binding's browser test (which each bring their own
//! way of checking a card and hand back the report as JSON).

use serde_json::{json, Map, Value};

pub const CASES: &str = include_str!("../../../../tests/fixtures/card-cases.json");
pub const URI: &str = "https://dev.agentmesh.ai/extensions/ui-links/v1";

/// What a case gives the checker.
pub enum CardInput {
    Text(String),
    Value(Value),
}

pub struct Case {
    pub name: String,
    pub input: CardInput,
    pub fetched_from: Option<String>,
    pub limits: Option<Value>,
    pub expect: Value,
}

pub fn cases() -> Vec<Case> {
    let all: Vec<Value> = serde_json::from_str(CASES).expect("card-cases.json is JSON");
    all.into_iter().map(case_from).collect()
}

fn case_from(c: Value) -> Case {
    let name = c["name"].as_str().expect("name").to_string();
    let input = if let Some(text) = c.get("cardText").and_then(Value::as_str) {
        CardInput::Text(text.to_string())
    } else if let Some(card) = c.get("card") {
        CardInput::Value(card.clone())
    } else if let Some(uis) = c.get("uis") {
        CardInput::Value(json!({
            "name": "A",
            "capabilities": { "extensions": [{ "uri": URI, "params": { "uis": uis } }] },
            "skills": [{ "id": "s1" }]
        }))
    } else {
        panic!("case {name:?} has no card");
    };
    Case {
        name,
        input,
        fetched_from: c
            .get("fetchedFrom")
            .and_then(Value::as_str)
            .map(str::to_string),
        limits: c.get("limits").cloned(),
        expect: c["expect"].clone(),
    }
}

/// Compares a report (as JSON) with a case's expectation; returns what differs.
pub fn mismatches(case: &Case, report: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let exp = &case.expect;
    if report["uiLinks"] != exp["uiLinks"] {
        out.push(format!(
            "uiLinks: got {}, want {}",
            report["uiLinks"], exp["uiLinks"]
        ));
    }
    let triple = |f: &Value| -> String {
        format!(
            "{} {} {}",
            f[0].as_str().unwrap_or("?"),
            f[1].as_str().unwrap_or("?"),
            f[2].as_str().unwrap_or("?")
        )
    };
    let mut got: Vec<String> = report["findings"]
        .as_array()
        .map(|fs| {
            fs.iter()
                .map(|f| triple(&json!([f["severity"], f["code"], f["path"]])))
                .collect()
        })
        .unwrap_or_default();
    let mut want: Vec<String> = exp["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(triple)
        .collect();
    got.sort();
    want.sort();
    if got != want {
        out.push(format!("findings: got {got:?}, want {want:?}"));
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
        if f["message"].as_str().is_none_or(str::is_empty) {
            out.push(format!("finding {code} has no message"));
        }
        let path = f["path"].as_str().unwrap_or("x");
        if !(path.is_empty() || path.starts_with('/')) {
            out.push(format!(
                "finding {code} path {path:?} is not a JSON Pointer"
            ));
        }
    }
    if let Some(views) = exp.get("views").and_then(Value::as_object) {
        for (k, v) in views {
            if &report["views"][k] != v {
                out.push(format!("views.{k}: got {}, want {v}", report["views"][k]));
            }
        }
    }
    if let Some(entries) = exp.get("entries").and_then(Value::as_array) {
        for want in entries {
            let i = want["index"].as_u64().expect("index") as usize;
            let got = &report["entries"][i];
            for (k, v) in want.as_object().unwrap_or(&Map::new()) {
                if &got[k] != v {
                    out.push(format!("entries[{i}].{k}: got {}, want {v}", got[k]));
                }
            }
        }
    }
    // Invariants that hold for every report.
    let findings = report["findings"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    for (i, f) in findings.iter().enumerate() {
        if f["code"] == "findings-truncated" && i + 1 != findings.len() {
            out.push(format!("findings-truncated at {i} is not the last finding"));
        }
    }
    for e in report["entries"].as_array().into_iter().flatten() {
        let linkable = e["linkable"].as_bool();
        if linkable != Some(e["url"].is_string()) {
            out.push(format!(
                "entry {} has url {} but linkable {}",
                e["index"], e["url"], e["linkable"]
            ));
        }
        if let Some(u) = e["url"].as_str() {
            if !u.starts_with("https://") {
                out.push(format!("entry {} links to non-https {u}", e["index"]));
            }
        }
    }
    out
}

/// Runs every case through `check` and panics with all failures at once.
pub fn run_all(check: impl Fn(&Case) -> Value) {
    let cases = cases();
    assert!(cases.len() >= 90, "the fixture lost cases: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let report = check(case);
        for m in mismatches(case, &report) {
            failures.push(format!("{}: {m}", case.name));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
