//! The npm binding as JavaScript sees it, in a real browser (`wasm-pack test --headless
//! --chrome`): every data-driven card case goes through `checkCard` as a JS value and comes
//! back as plain objects of the documented shape.
#![cfg(target_arch = "wasm32")]

#[path = "../../surfaces-core/tests/support/card_cases.rs"]
mod card_cases;

use agent_surfaces::{check_card, ui_links_uri};
use card_cases::CardInput;
use js_sys::{Array, Object, Reflect, JSON};
use serde_json::Value;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn is_plain_object(v: &JsValue) -> bool {
    v.is_object()
        && !Array::is_array(v)
        && Object::get_prototype_of(v) == Object::get_prototype_of(&Object::new().into())
}

fn limits_object(limits: &Value) -> Object {
    let options = Object::new();
    let l = JSON::parse(&limits.to_string()).unwrap();
    Reflect::set(&options, &"limits".into(), &l).unwrap();
    options
}

/// Every value in the report is JSON-plain: objects, arrays, strings, numbers, booleans, null.
fn assert_plain(v: &JsValue, at: &str) {
    if v.is_undefined() {
        panic!("{at} is undefined, expected null or a value");
    }
    if Array::is_array(v) {
        for (i, item) in Array::from(v).iter().enumerate() {
            assert_plain(&item, &format!("{at}/{i}"));
        }
    } else if v.is_object() {
        assert!(is_plain_object(v), "{at} is not a plain object");
        let keys = Object::keys(v.unchecked_ref::<Object>());
        for k in keys.iter() {
            let k = k.as_string().unwrap();
            assert_plain(&get(v, &k), &format!("{at}/{k}"));
        }
    }
}

#[wasm_bindgen_test]
fn every_case_through_the_binding() {
    card_cases::run_all(|case| {
        let card = match &case.input {
            CardInput::Text(t) => JsValue::from_str(t),
            // Half the object cases go in as objects, so both input kinds are covered.
            CardInput::Value(v) if case.name.len() % 2 == 0 => JSON::parse(&v.to_string()).unwrap(),
            CardInput::Value(v) => JsValue::from_str(&v.to_string()),
        };
        let options = case.limits.as_ref().map(limits_object);
        let report =
            check_card(card, case.fetched_from.clone().into(), options).expect("no throw on data");
        assert_plain(&report, "");
        for key in ["uiLinks", "findings", "entries", "views"] {
            assert!(
                !get(&report, key).is_undefined(),
                "{}: report.{key} missing",
                case.name
            );
        }
        let text = JSON::stringify(&report).unwrap().as_string().unwrap();
        serde_json::from_str(&text).unwrap()
    });
}

#[wasm_bindgen_test]
fn entry_has_every_documented_field() {
    let card = r#"{"capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[{"url":"https://a.example/","label":"A"}]}}]}}"#;
    let report = check_card(card.into(), JsValue::NULL, None).unwrap();
    let entry = Array::from(&get(&report, "entries")).get(0);
    let keys: Vec<String> = Object::keys(entry.unchecked_ref::<Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    let want = [
        "index",
        "url",
        "urlText",
        "host",
        "hostUnicode",
        "label",
        "purpose",
        "audience",
        "access",
        "kind",
        "skill",
        "skillDeclared",
        "sameOrigin",
        "linkable",
    ];
    assert_eq!(keys, want);
    assert!(get(&entry, "sameOrigin").is_null());
    assert_eq!(get(&entry, "index").as_f64(), Some(0.0));
    assert!(is_plain_object(&get(&report, "views")));
}

#[wasm_bindgen_test]
fn misuse_throws_but_bad_data_does_not() {
    assert!(check_card("{}".into(), "not a url".into(), None).is_err());
    assert!(check_card(JsValue::from_f64(3.0), JsValue::NULL, None).is_err());
    assert!(check_card(JsValue::NULL, JsValue::NULL, None).is_err());
    let bad_limits = Object::new();
    let l = Object::new();
    Reflect::set(&l, &"nope".into(), &JsValue::from_f64(1.0)).unwrap();
    Reflect::set(&bad_limits, &"limits".into(), &l).unwrap();
    assert!(check_card("{}".into(), JsValue::UNDEFINED, Some(bad_limits)).is_err());
    // Not JSON, hostile, huge: findings, never a throw.
    // A string parameter given another type is misuse too, not memory corruption.
    assert!(check_card("{}".into(), Object::new().into(), None).is_err());
    assert!(check_card("{}".into(), JsValue::from_f64(1.0), None).is_err());
    assert!(check_card("<script>".into(), JsValue::NULL, None).is_ok());
    assert!(check_card("[".repeat(10_000).into(), JsValue::NULL, None).is_ok());
    assert_eq!(ui_links_uri(), card_cases::URI);
}
