//! Every UI links rule, data-driven from `tests/fixtures/card-cases.json`. Runs natively and,
//! under `wasm-pack test`, in a browser (like rust-url's `wpt.rs`).

#[path = "support/card_cases.rs"]
mod card_cases;

use card_cases::{run_all, CardInput};
use surfaces_core::card::{check_card, check_card_value, CardLimits, CardOptions};

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
