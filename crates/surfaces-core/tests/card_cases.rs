//! Every UI links rule, data-driven from `tests/fixtures/card-cases.json`. Runs natively and,
//! under `wasm-pack test`, in a browser (like rust-url's `wpt.rs`).

#[path = "support/card_cases.rs"]
mod card_cases;

use card_cases::{run_all, CardInput};
use serde_json::{json, Value};
use surfaces_core::card::{
    check_card, check_card_bytes, check_card_value, CardLimits, CardOptions, CardReport, UiLinks,
};
use surfaces_core::Severity;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[test]
fn every_case_holds() {
    run_all(|case| {
        let limits: CardLimits = case
            .limits
            .clone()
            .map(|l| serde_json::from_value(l).expect("limits"))
            .unwrap_or_default();
        let options = CardOptions {
            fetched_from: case.fetched_from.clone(),
            limits,
        };
        let report = match &case.input {
            CardInput::Text(t) => check_card(t, &options),
            CardInput::Value(v) => check_card_value(v, &options),
        }
        .expect("fixture origins are valid");
        report.to_json()
    });
}

#[test]
fn text_and_value_agree() {
    for case in card_cases::cases() {
        if let CardInput::Value(v) = &case.input {
            let options = CardOptions {
                fetched_from: case.fetched_from.clone(),
                ..Default::default()
            };
            let a = check_card_value(v, &options).unwrap();
            let b = check_card(&v.to_string(), &options).unwrap();
            assert_eq!(a, b, "{}", case.name);
        }
    }
}

#[test]
fn an_invalid_origin_is_misuse_not_a_finding() {
    let options = CardOptions {
        fetched_from: Some("agent.example".into()),
        ..Default::default()
    };
    assert!(check_card("{}", &options).is_err());
}

fn codes(report: &CardReport) -> Vec<(Severity, &'static str, String)> {
    report
        .findings
        .iter()
        .map(|f| (f.severity, f.code.as_str(), f.path.clone()))
        .collect()
}

const SMALL: &str = r#"{"capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[{"url":"https://a.example/","label":"A"}]}}]}}"#;

#[test]
fn bytes_that_are_utf8_read_as_text() {
    let options = CardOptions::default();
    let text = check_card(SMALL, &options).unwrap();
    assert_eq!(check_card_bytes(SMALL.as_bytes(), &options).unwrap(), text);
    assert_eq!(text.ui_links, UiLinks::Present);
    // A UTF-8 byte-order mark is tolerated, with a note.
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend_from_slice(SMALL.as_bytes());
    let r = check_card_bytes(&bom, &options).unwrap();
    assert_eq!(r.ui_links, UiLinks::Present);
    assert_eq!(codes(&r), vec![(Severity::Info, "card-bom", String::new())]);
}

#[test]
fn bytes_that_are_not_utf8_are_a_finding_with_the_offset() {
    let options = CardOptions::default();
    for (bytes, at) in [
        (b"{\"name\": \"caf\xE9\"}".to_vec(), 13),
        (b"\xFF".to_vec(), 0),
        (b"{\"a\": \"\xED\xA0\x80\"}".to_vec(), 7), // an encoded surrogate
        (b"{\"a\": \"\xE2\x82".to_vec(), 7),        // cut inside a character
        (b"{}\xC0\xAF".to_vec(), 2),                // an overlong '/'
    ] {
        let r = check_card_bytes(&bytes, &options).unwrap();
        assert_eq!(r.ui_links, UiLinks::Invalid);
        assert!(r.entries.is_empty() && r.views.all.is_empty());
        assert_eq!(
            codes(&r),
            vec![(Severity::Error, "card-not-utf8", String::new())],
            "{bytes:?}"
        );
        assert!(
            r.findings[0].message.contains(&format!("offset {at} ")),
            "{bytes:?}: {}",
            r.findings[0].message
        );
        assert!(r.has_errors());
    }
    // UTF-16 says what it is.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("{}".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let r = check_card_bytes(&utf16, &options).unwrap();
    assert_eq!(r.findings[0].code, "card-not-utf8");
    assert!(
        r.findings[0].message.contains("UTF-16"),
        "{}",
        r.findings[0].message
    );
}

#[test]
fn bytes_over_the_limit_are_too_large_whatever_they_are() {
    let limits = CardLimits {
        card_bytes: SMALL.len(),
        ..Default::default()
    };
    let options = CardOptions {
        limits,
        ..Default::default()
    };
    assert_eq!(
        check_card_bytes(SMALL.as_bytes(), &options)
            .unwrap()
            .ui_links,
        UiLinks::Present
    );
    let mut over = SMALL.as_bytes().to_vec();
    over.push(b' ');
    let r = check_card_bytes(&over, &options).unwrap();
    assert_eq!(
        codes(&r),
        vec![(Severity::Error, "card-too-large", String::new())]
    );
    // Cut inside a character or not UTF-8 at all: still too large, never parsed.
    let mut cut = SMALL.as_bytes().to_vec();
    cut.extend_from_slice(&[0xE2, 0x82]);
    let r = check_card_bytes(&cut, &options).unwrap();
    assert_eq!(
        codes(&r),
        vec![(Severity::Error, "card-too-large", String::new())]
    );
}

#[test]
fn bytes_with_an_invalid_origin_are_misuse() {
    let options = CardOptions {
        fetched_from: Some("agent.example".into()),
        ..Default::default()
    };
    assert!(check_card_bytes(b"\xFF", &options).is_err());
    assert!(check_card_bytes(SMALL.as_bytes(), &options).is_err());
}

/// A card whose one entry has `n` unknown fields: `n` info findings.
fn card_with_unknown_fields(n: usize) -> Value {
    let mut entry = json!({"url": "https://a.example/", "label": "A"});
    for i in 0..n {
        entry[format!("x{i:05}")] = json!(1);
    }
    json!({"capabilities": {"extensions": [{"uri": card_cases::URI, "params": {"uis": [entry]}}]}})
}

#[test]
fn findings_default_limit_at_and_one_past() {
    let options = CardOptions::default();
    assert_eq!(options.limits.findings, 1000);
    let at = check_card_value(&card_with_unknown_fields(1000), &options).unwrap();
    assert_eq!(at.findings.len(), 1000);
    assert!(at.findings.iter().all(|f| f.code == "entry-field-unknown"));
    let past_card = card_with_unknown_fields(1001);
    let past = check_card_value(&past_card, &options).unwrap();
    assert_eq!(past.findings.len(), 1001);
    assert!(past.findings[..1000]
        .iter()
        .all(|f| f.code == "entry-field-unknown"));
    let last = past.findings.last().unwrap();
    assert_eq!(
        (last.severity, last.code.as_str(), last.path.as_str()),
        (Severity::Warning, "findings-truncated", "")
    );
    assert!(
        last.message
            .starts_with("1 more finding was left out (0 errors, 0 warnings, 1 info)"),
        "{}",
        last.message
    );
    // The entry itself is read as usual.
    assert!(past.entries[0].linkable);
    assert_eq!(check_card(&past_card.to_string(), &options).unwrap(), past);
}

#[test]
fn findings_past_the_limit_are_only_counted() {
    // A megabyte of unknown fields (the count of values raised to read it) gives the cap
    // and one count, not 60,000 findings.
    let card = card_with_unknown_fields(60_000);
    let text = card.to_string();
    assert!(text.len() < 1024 * 1024);
    let options = CardOptions {
        limits: CardLimits {
            values: 100_000,
            ..Default::default()
        },
        ..Default::default()
    };
    let r = check_card(&text, &options).unwrap();
    assert_eq!(r.findings.len(), 1001);
    assert!(
        r.findings[1000]
            .message
            .starts_with("59000 more findings were left out"),
        "{}",
        r.findings[1000].message
    );
    // Any limit, set like the others.
    let limits: CardLimits = serde_json::from_value(json!({"findings": 10})).unwrap();
    let r = check_card_value(
        &card,
        &CardOptions {
            limits,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(r.findings.len(), 11);
    assert!(serde_json::from_value::<CardLimits>(json!({"finding": 10})).is_err());
}

#[test]
fn a_card_of_too_many_values_is_refused_before_they_are_built() {
    // One-member objects, which take hundreds of bytes each once built, within the byte
    // limit: the card, its three members' values, and each object with its member.
    let card = |n: usize| {
        format!(
            r#"{{"name":"x","n":0,"extra":[{}]}}"#,
            vec![r#"{"a":0}"#; n].join(",")
        )
    };
    let values = CardLimits::default().values;
    assert_eq!(values % 2, 0);
    let at = card((values - 4) / 2);
    let past = card((values - 4) / 2 + 1);
    assert!(past.len() < CardLimits::default().card_bytes);
    let codes = |t: &str| -> Vec<String> {
        check_card(t, &CardOptions::default())
            .unwrap()
            .findings
            .iter()
            .map(|f| f.code.as_str().to_string())
            .collect()
    };
    assert!(!codes(&at).contains(&"card-too-large".to_string()));
    assert_eq!(codes(&past), ["card-too-large"]);
    assert!(surfaces_core::read_card(&at, &CardLimits::default()).is_ok());
    let refused = surfaces_core::read_card(&past, &CardLimits::default()).unwrap_err();
    assert_eq!(refused.code.as_str(), "card-too-large");
    assert!(refused.message.contains("more than 32768 JSON values"));
    // Text that is not JSON is still said to be so, with where.
    let bad = surfaces_core::read_card("{\"a\": [1,]}", &CardLimits::default()).unwrap_err();
    assert_eq!(bad.code.as_str(), "card-not-json");
}

/// A caller that knows only a bound on a card's size (the wasm binding, from a string's
/// UTF-16 length) gets the finding `read_card` would give, and a card within the limit is
/// read; a byte-order mark is noted only on a card within it.
#[test]
fn a_card_known_past_the_byte_limit_is_refused_unread() {
    let limits = CardLimits::default();
    let at = limits.card_bytes;
    assert!(surfaces_core::card::card_past_limit(at, &limits).is_none());
    let past = surfaces_core::card::card_past_limit(at + 1, &limits).unwrap();
    assert_eq!(past.code.as_str(), "card-too-large");
    assert!(past.message.contains("at least"), "{}", past.message);
    let options = CardOptions::default();
    let padded = |len: usize| {
        let body = r#"{"name":"x","pad":""}"#;
        let mut t = String::from("\u{FEFF}");
        t.push_str(&body[..body.len() - 2]);
        t.push_str(&" ".repeat(len - t.len() - 2));
        t.push_str("\"}");
        t
    };
    let within = check_card(&padded(at), &options).unwrap();
    assert!(
        codes(&within).iter().any(|(_, c, _)| *c == "card-bom"),
        "{:?}",
        codes(&within)
    );
    let over = check_card(&padded(at + 1), &options).unwrap();
    let over: Vec<&str> = codes(&over).iter().map(|(_, c, _)| *c).collect();
    assert_eq!(over, ["card-too-large"]);
}
