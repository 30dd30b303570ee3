//! The UI links check on any bytes: never a panic, and every report keeps the invariants a
//! renderer relies on (an `href` only from `entry.url`, always a re-parsable `https:` URL).
#![no_main]

use libfuzzer_sys::fuzz_target;
use surfaces_core::card::{check_card, check_card_bytes, CardLimits, CardOptions, CardReport};
use surfaces_fuzz::{assert_code, assert_path};

fuzz_target!(|data: &[u8]| {
    let defaults = CardOptions {
        fetched_from: Some("https://agent.example/.well-known/agent-card.json".into()),
        ..Default::default()
    };
    // The raw bytes, as they came off the wire (not UTF-8 is a finding)…
    let report = check_card_bytes(data, &defaults).expect("a valid fetchedFrom is never an error");
    check(&report, &defaults.limits);
    // …and the same bytes as text, so mutations of invalid UTF-8 still reach the checks.
    let text = String::from_utf8_lossy(data);

    // Tight limits and a plain-http origin: every cap is crossed by small inputs.
    let tight = CardOptions {
        fetched_from: Some("http://agent.example:8080/card".into()),
        limits: CardLimits {
            card_bytes: 4096,
            values: 200,
            entries: 3,
            label_chars: 12,
            purpose_chars: 16,
            token_chars: 6,
            url_bytes: 48,
            findings: 6,
        },
    };
    let report = check_card(&text, &tight).expect("a valid fetchedFrom is never an error");
    check(&report, &tight.limits);
});

fn check(report: &CardReport, limits: &CardLimits) {
    for f in &report.findings {
        assert_code(f.code.as_str());
        assert!(
            f.severity == f.code.severity() || f.code == surfaces_core::Code::FindingsTruncated,
            "{f:?}"
        );
        assert_path(&f.path);
    }
    let n = report.findings.len();
    assert!(
        n <= limits.findings + 1,
        "{n} findings, over the cap of {}",
        limits.findings
    );
    if n == limits.findings + 1 {
        assert_eq!(report.findings[n - 1].code, "findings-truncated");
    }
    for (i, e) in report.entries.iter().enumerate() {
        assert_eq!(e.index, i, "entries are in card order");
        if let Some(u) = &e.url {
            assert!(e.linkable, "entry {i} has a url but is not linkable");
            assert!(
                u.starts_with("https://"),
                "entry {i} url {u:?} is not https:"
            );
            let again = url::Url::parse(u).expect("entry url re-parses");
            assert_eq!(again.as_str(), u, "entry {i} url is not normalised");
        }
        if e.linkable {
            assert!(e.url.is_some(), "linkable entry {i} has no url");
        } else {
            assert_eq!(e.same_origin, None, "unlinkable entry {i} has a sameOrigin");
        }
    }
    let v = &report.views;
    for (name, view) in [
        ("directory", &v.directory),
        ("engagement", &v.engagement),
        ("operator", &v.operator),
        ("all", &v.all),
    ] {
        for &i in view {
            let e = report
                .entries
                .get(i)
                .unwrap_or_else(|| panic!("view {name} names entry {i}, which does not exist"));
            assert!(e.linkable, "view {name} names unlinkable entry {i}");
        }
    }
    for &i in &v.directory {
        assert!(
            v.engagement.contains(&i),
            "directory entry {i} is not in engagement"
        );
    }
    let _ = report.to_json();
}
