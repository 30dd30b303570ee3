//! The first pass over untrusted JSON (`surfaces_core::json_scan`), held to serde_json: a
//! value the scanner finds clean must parse, a document serde_json reads must not be a
//! syntax error to the scanner, and every range and path it reports must be well formed.
//! `value_end` (how the A2A reader finds and checks a part's data) judges a document's
//! syntax as the scanner does.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use surfaces_core::json_scan::{position, scan_document, split, value_end, Issue, Problem};
use surfaces_fuzz::assert_path;

fn check_issue(issue: &Issue, len: usize) {
    assert!(
        issue.start <= issue.end && issue.end <= len,
        "issue range {}..{} in {len} bytes",
        issue.start,
        issue.end
    );
    assert_path(&issue.path);
    let _ = issue.problem.describe();
    let _ = position(&[], issue.start);
}

fuzz_target!(|data: &[u8]| {
    let parsed = serde_json::from_slice::<Value>(data);
    let scanned = scan_document(data, true);
    let ws = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    let first = data.iter().position(|b| !ws(b)).unwrap_or(data.len());
    let whole = value_end(data, first).is_some_and(|end| data[end..].iter().all(ws));
    match &scanned {
        Ok(_) => assert!(whole, "the scan reads the document, value_end does not"),
        Err(Issue {
            problem: Problem::Syntax(what),
            ..
        }) => assert!(!whole, "value_end reads the document, the scan does not ({what})"),
        Err(_) => {}
    }
    if parsed.is_ok() {
        assert!(whole, "serde_json reads the document, value_end does not");
    }
    match scanned {
        Ok(issues) => {
            issues.iter().for_each(|i| check_issue(i, data.len()));
            if issues.is_empty() {
                if let Err(e) = &parsed {
                    panic!("the scan found the document clean, serde_json does not read it: {e}");
                }
            }
        }
        Err(issue) => {
            check_issue(&issue, data.len());
            if let (Ok(_), Problem::Syntax(what)) = (&parsed, &issue.problem) {
                panic!("serde_json reads the document, the scan says it is not JSON ({what})");
            }
        }
    }

    let s = split(data, true);
    let mut after = 0;
    for item in &s.items {
        assert!(
            after <= item.start && item.start <= item.end && item.end <= data.len(),
            "item {}..{} after {after} in {} bytes",
            item.start,
            item.end,
            data.len()
        );
        after = item.end;
        item.issues.iter().for_each(|i| check_issue(i, data.len()));
        if item.is_clean() {
            if let Err(e) = serde_json::from_slice::<Value>(&data[item.start..item.end]) {
                panic!("a clean item does not parse: {e}");
            }
        }
    }
    if let Some(b) = &s.broken {
        check_issue(b, data.len());
    }
    let (line, column) = position(data, data.len());
    assert!(line >= 1 && column >= 1);
});
