#![cfg(not(target_arch = "wasm32"))]
//! The 22 real agent cards in `shared/spec/a2a/cards/` (samples, spec examples, third-party
//! and SDK-published cards) all read without a panic, with exactly the findings expected.

#[path = "support/spec.rs"]
mod spec;

use std::collections::BTreeMap;

use serde_json::Value;
use surfaces_core::card::{check_card, CardOptions};

/// Cards that say something; every other card must be `absent` with no finding at all.
fn expected() -> BTreeMap<&'static str, (&'static str, Vec<&'static str>)> {
    BTreeMap::from([
        (
            "spec-v1__extension_declaration_research_agent.json",
            ("invalid", vec!["error card-not-json "]),
        ),
        (
            "sdk-generated__a2a-python-1.3.0__hybrid_card_with_ui_links_ext.json",
            (
                "present",
                vec![
                    "warning access-unknown /capabilities/extensions/0/params/uis/0/access",
                    "warning audience-unknown /capabilities/extensions/0/params/uis/0/audience",
                ],
            ),
        ),
    ])
}

#[test]
fn all_real_cards() {
    let dir = spec::spec_dir().join("a2a/cards");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("cards dir")
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    assert_eq!(
        names.len(),
        22,
        "expected the 22 real cards in {}",
        dir.display()
    );
    let expected = expected();
    for name in &names {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let options = CardOptions {
            fetched_from: Some("https://agent.example.com/.well-known/agent-card.json".into()),
            ..Default::default()
        };
        let report = check_card(&text, &options).unwrap().to_json();
        let mut codes: Vec<String> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                format!(
                    "{} {} {}",
                    f["severity"].as_str().unwrap(),
                    f["code"].as_str().unwrap(),
                    f["path"].as_str().unwrap()
                )
            })
            .collect();
        codes.sort();
        let (status, want) = expected
            .get(name.as_str())
            .cloned()
            .unwrap_or(("absent", vec![]));
        assert_eq!(report["uiLinks"], Value::from(status), "{name}");
        assert_eq!(codes, want, "{name}");
    }
}

#[test]
fn the_sdk_hybrid_card_in_detail() {
    let path = spec::spec_dir()
        .join("a2a/cards/sdk-generated__a2a-python-1.3.0__hybrid_card_with_ui_links_ext.json");
    let text = std::fs::read_to_string(path).unwrap();
    let options = CardOptions {
        fetched_from: Some("https://agent.example.com/.well-known/agent-card.json".into()),
        ..Default::default()
    };
    let r = check_card(&text, &options).unwrap().to_json();
    let e = &r["entries"][0];
    assert_eq!(e["url"], "https://app.example.com/console");
    assert_eq!(e["label"], "Console");
    assert_eq!(e["kind"], "web", "unknown kinds are kept as-is");
    assert_eq!(e["skill"], "s1");
    assert_eq!(e["skillDeclared"], true);
    assert_eq!(
        e["audience"],
        Value::Null,
        "\"human\" is no audience: unstated"
    );
    assert_eq!(e["sameOrigin"], false);
    assert_eq!(r["views"]["directory"], serde_json::json!([]));
    assert_eq!(r["views"]["all"], serde_json::json!([0]));
}
