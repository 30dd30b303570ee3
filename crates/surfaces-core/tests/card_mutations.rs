//! Cards built by a careful attacker or a sloppy publisher: thousands of mutations of the
//! fixture and real cards never panic, and the report's invariants always hold (an `href`
//! only from a linkable https entry, views only of linkable entries, findings well formed).
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/spec.rs"]
mod spec;

use serde_json::{json, Value};
use surfaces_core::card::{check_card, check_card_value, CardLimits, CardOptions};
use surfaces_core::Severity;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        Value::Object(o) => o.iter().for_each(|(k, c)| {
            pointers(
                c,
                format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                out,
            )
        }),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, c)| pointers(c, format!("{at}/{i}"), out)),
        _ => {}
    }
}

fn nasty() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(-1),
        json!(1e308),
        json!(""),
        json!([]),
        json!({}),
        json!("javascript:alert(1)"),
        json!("https://user:pass@evil.example/"),
        json!("https://p\u{0430}ypal.com/"),
        json!("https://xn--80ak6aa92e.com/"),
        json!("https://\u{0430}\u{0440}\u{0440}\u{04CF}\u{0435}.com/"),
        json!("Log in at \u{FF30}\u{FF21}\u{FF39}\u{FF30}\u{FF21}\u{FF2C}\u{FF0E}\u{FF23}\u{FF2F}\u{FF2D}"),
        json!("PAYPAL.COM:443/login"),
        json!("paypal\u{3002}com"),
        json!("\u{2800}"),
        json!(" \u{FE0F}\u{200D}\u{0301} "),
        json!("\u{1D173}\u{17B5}"),
        json!("https://[::1]/"),
        json!("https://evil.example\\@good.example/"),
        json!("HTTPS://GOOD.EXAMPLE:443/a/../b"),
        json!("\u{202E}gnp.exe"),
        json!("<img src=x onerror=alert(1)>"),
        json!("x".repeat(5000)),
        json!("operator"),
        json!("public"),
        json!("authenticated"),
        json!("https://dev.agentmesh.ai/extensions/ui-links/v1"),
        json!([{"url": "https://a.example/", "label": "A", "audience": "public"}]),
        json!({"uis": [{"url": "https://b.example/", "label": "B"}]}),
    ]
}

fn check_invariants(report: &Value, name: &str) {
    let entries = report["entries"].as_array().unwrap();
    for e in entries {
        match e["url"].as_str() {
            Some(u) => {
                assert!(u.starts_with("https://"), "{name}: href {u}");
                assert_eq!(e["linkable"], true, "{name}");
                assert!(url_parses(u), "{name}: {u}");
            }
            None => assert_eq!(e["linkable"], false, "{name}"),
        }
    }
    for view in ["directory", "engagement", "operator", "all"] {
        for i in report["views"][view].as_array().unwrap() {
            let i = i.as_u64().unwrap() as usize;
            assert_eq!(
                entries[i]["linkable"], true,
                "{name}: {view} holds an unlinkable entry"
            );
        }
    }
    for f in report["findings"].as_array().unwrap() {
        let code = f["code"].as_str().unwrap();
        assert!(
            code.split('-').all(|w| !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
            "{code}"
        );
        let path = f["path"].as_str().unwrap();
        assert!(path.is_empty() || path.starts_with('/'), "{path}");
    }
}

/// With a cap of `cap` findings, the report is the uncapped one cut after `cap` findings
/// and ended with one `findings-truncated` (an error exactly when an error was cut), and
/// nothing else changes.
fn check_findings_cap(card: &Value, full: &surfaces_core::CardReport, cap: usize) {
    let options = CardOptions {
        fetched_from: Some("https://agent.larkfield.example/".into()),
        limits: CardLimits {
            findings: cap,
            ..Default::default()
        },
    };
    let capped = check_card_value(card, &options).unwrap();
    assert_eq!(
        (&capped.entries, &capped.views, capped.ui_links),
        (&full.entries, &full.views, full.ui_links)
    );
    if full.findings.len() <= cap {
        assert_eq!(capped.findings, full.findings);
        return;
    }
    assert_eq!(capped.findings.len(), cap + 1);
    assert_eq!(capped.findings[..cap], full.findings[..cap]);
    let last = &capped.findings[cap];
    assert_eq!(last.code, "findings-truncated");
    let cut_error = full.findings[cap..]
        .iter()
        .any(|f| f.severity == Severity::Error);
    assert_eq!(last.severity == Severity::Error, cut_error);
    assert_eq!(capped.has_errors(), full.has_errors());
    let left_out = full.findings.len() - cap;
    assert!(
        last.message
            .starts_with(&format!("{left_out} more finding")),
        "{}",
        last.message
    );
}

fn url_parses(u: &str) -> bool {
    // The report's href re-parses to itself.
    check_card(
        &json!({"capabilities": {"extensions": [{"uri": "https://dev.agentmesh.ai/extensions/ui-links/v1", "params": {"uis": [{"url": u, "label": "x"}]}}]}}).to_string(),
        &CardOptions::default(),
    )
    .unwrap()
    .entries[0]
        .url
        .as_deref()
        == Some(u)
}

#[test]
fn mutated_cards_never_break_the_report() {
    let root =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/cards");
    let mut seeds: Vec<Value> = ["larkfield.json", "hostile.json", "sdk-hybrid.json"]
        .iter()
        .map(|f| serde_json::from_str(&std::fs::read_to_string(root.join(f)).unwrap()).unwrap())
        .collect();
    for entry in std::fs::read_dir(spec::spec_dir().join("a2a/cards")).unwrap() {
        if let Ok(v) =
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap())
        {
            seeds.push(v);
        }
    }
    let nasty = nasty();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let options = CardOptions {
        fetched_from: Some("https://agent.larkfield.example/".into()),
        ..Default::default()
    };
    let mut cases = 0;
    for round in 0..150 {
        for seed in &seeds {
            let mut card = seed.clone();
            for _ in 0..=(round % 3) {
                let mut all = Vec::new();
                pointers(&card, String::new(), &mut all);
                let at = all[rng.below(all.len())].clone();
                let node = card.pointer_mut(&at).unwrap();
                match rng.below(3) {
                    0 => *node = nasty[rng.below(nasty.len())].clone(),
                    1 => {
                        if let Some(o) = node.as_object_mut() {
                            let keys: Vec<String> = o.keys().cloned().collect();
                            if !keys.is_empty() {
                                o.remove(&keys[rng.below(keys.len())]);
                            }
                        }
                    }
                    _ => {
                        if let Some(o) = node.as_object_mut() {
                            let k = [
                                "url", "label", "audience", "access", "kind", "skill", "uri",
                                "params", "uis", "required",
                            ][rng.below(10)];
                            o.insert(k.into(), nasty[rng.below(nasty.len())].clone());
                        }
                    }
                }
            }
            let full = check_card_value(&card, &options).unwrap();
            check_invariants(&full.to_json(), &format!("round {round}"));
            check_findings_cap(&card, &full, rng.below(6));
            cases += 1;
        }
    }
    assert!(cases > 3000, "{cases}");
}
