//! JSON Pointers into data models. The input is a pointer (its first line) and a JSON value
//! (the rest; text that is not JSON is taken as a string). Against a small model: parse,
//! get, set, get after set, delete after set, and the model's size as computed without
//! serialising against its serialised length.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use surfaces_core::a2ui::pointer::{
    check_relative, delete, get, json_size, padding, parse, segment, FORBIDDEN_SEGMENTS,
};

/// Far past any depth the store admits, far short of a stack overflow.
const MAX_SEGMENTS: usize = 1024;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (ptr, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let value: Value =
        serde_json::from_str(rest).unwrap_or_else(|_| Value::String(rest.to_string()));

    let _ = check_relative(ptr);
    for raw in ptr.split('/') {
        if let Ok(s) = segment(raw) {
            assert!(!FORBIDDEN_SEGMENTS.contains(&s.as_str()));
        }
    }
    let Ok(segs) = parse(ptr) else {
        return;
    };
    // The store admits data models at most `dataModelDepth` (32 by default) deep. Far
    // deeper values overflow the stack in serde_json's own recursive serialise and drop
    // (about 20,000 levels under AddressSanitizer), which no pointer code can prevent.
    if segs.len() > MAX_SEGMENTS {
        return;
    }
    assert!(
        segs.iter()
            .all(|s| !FORBIDDEN_SEGMENTS.contains(&s.as_str())),
        "parse let a forbidden segment through"
    );

    for model in [
        json!({}),
        json!({"a": {"b": [1, 2, {"c": null}]}, "list": [], "": {"": 0}, "~": 1, "/": 2, "-": [3]}),
        json!([null, [true], {"0": "zero"}]),
        json!("scalar"),
    ] {
        let _ = get(&model, &segs);
        let pad = padding(&model, &segs);
        let mut m = model.clone();
        let set = surfaces_core::a2ui::pointer::set(&mut m, &segs, value.clone());
        assert_eq!(
            json_size(&m),
            serde_json::to_string(&m).unwrap().len(),
            "json_size disagrees with the serialised length"
        );
        if set.is_err() {
            continue;
        }
        assert!(
            pad <= segs
                .len()
                .saturating_mul(surfaces_core::a2ui::pointer::MAX_ARRAY_PADDING),
            "a set padded {pad} slots"
        );
        // `-` names the slot past the end, which moves once it is filled: only paths
        // without it name the same place again.
        if segs.iter().any(|s| s == "-") {
            continue;
        }
        assert_eq!(get(&m, &segs), Some(&value), "get after set differs");
        let removed = delete(&mut m, &segs);
        assert_eq!(
            removed.as_ref(),
            Some(&value),
            "delete after set removed something else"
        );
        match segs.split_last() {
            None => assert_eq!(m, json!({})),
            Some((_, parents)) => match get(&m, parents) {
                Some(Value::Array(_)) => assert_eq!(get(&m, &segs), Some(&Value::Null)),
                _ => assert_eq!(get(&m, &segs), None, "delete left the value"),
            },
        }
        assert_eq!(json_size(&m), serde_json::to_string(&m).unwrap().len());
    }
});
