//! The Basic Catalog's functions on anything an agent could write. The input is JSON text:
//! either a dynamic value (usually `{"call": name, "args": {…}}`), or an array
//! `[value, dataModel, locale]` whose model the value's `{"path"}` bindings read. Text that
//! is not JSON is used as a `formatString` template. Evaluation runs within the default
//! budget, as part of a pass: it must never panic, a call's result is a boolean or a string
//! no longer than the budget allows, and its CPU time must match the work it was charged
//! (a budget that undercounts some work bounds nothing; libFuzzer's `-timeout` catches a hang).
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use surfaces_core::a2ui::functions::{evaluate, Budget, Env, Meter, DEFAULT_PASS_WORK};
use surfaces_core::a2ui::pointer;
use surfaces_fuzz::thread_cpu_time;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (expr, model, locale) = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Array(mut a)) if (2..=3).contains(&a.len()) && !a[0].is_array() => {
            let locale = a
                .get(2)
                .and_then(Value::as_str)
                .unwrap_or("en-US")
                .to_string();
            a.truncate(2);
            let model = a.pop().unwrap();
            (a.pop().unwrap(), model, locale)
        }
        Ok(v) => (v, default_model(), "en-US".to_string()),
        Err(_) => (
            json!({"call": "formatString", "args": {"value": text}}),
            default_model(),
            "en-US".to_string(),
        ),
    };
    let model: &Value = &model;
    for locale in [locale.as_str(), "de-DE", "ar"] {
        let meter = Meter::new(DEFAULT_PASS_WORK);
        let lookup = move |p: &str| {
            let abs = if p.starts_with('/') {
                p.to_string()
            } else {
                format!("/{p}")
            };
            pointer::get(model, &pointer::parse(&abs).ok()?)
        };
        let env = Env::in_pass(&lookup, locale, Budget::default(), &meter);
        let budget = env.budget;
        let started = thread_cpu_time();
        let result = evaluate(&expr, &env, 0);
        let took = thread_cpu_time().saturating_sub(started);
        let max = Duration::from_nanos(budget.work.saturating_mul(NS_PER_UNIT)) + UNBUDGETED;
        check_cost(&expr, took, max, DEFAULT_PASS_WORK - meter.left());
        let is_call = expr.as_object().is_some_and(|o| o.contains_key("call"));
        if let (true, Ok(v)) = (is_call, &result) {
            match v {
                Value::Bool(_) => {}
                Value::String(s) => assert!(
                    s.chars().count() <= budget.output_chars,
                    "a call returned {} characters, over the budget of {}",
                    s.chars().count(),
                    budget.output_chars
                ),
                other => panic!("a call returned neither a boolean nor a string: {other}"),
            }
        }
        if let Err(e) = &result {
            let _ = e.to_string();
        }
    }
});

/// CPU time per work unit of the evaluation's budget, and what it may spend outside it.
/// Natively a unit stands for about a nanosecond; AddressSanitizer and coverage make some
/// counted work up to ~250 ns per unit (measured): 2,000,000 units come to 0.65 s.
const NS_PER_UNIT: u64 = 300;
const UNBUDGETED: Duration = Duration::from_millis(50);
/// A work unit stands for about a nanosecond natively. Work that costs a thousand times
/// what it is charged, even under AddressSanitizer, is work the budget does not count.
const MAX_NS_PER_UNIT: u128 = 1000;
/// Below this much CPU time, the clock is too coarse for a ratio to mean anything.
const MEASURABLE: Duration = Duration::from_millis(20);

fn check_cost(expr: &Value, took: Duration, max: Duration, units: u64) {
    if std::env::var_os("FUZZ_SHOW_TIMES").is_some() {
        let shown: String = expr.to_string().chars().take(100).collect();
        eprintln!(
            "an evaluation: {took:?} for {units} units ({} ns per unit) of {shown}",
            took.as_nanos() / u128::from(units.max(1))
        );
    }
    assert!(
        took <= max,
        "an evaluation used {took:?} of CPU time for {units} work units; the limit is {max:?}"
    );
    if took >= MEASURABLE {
        let per_unit = took.as_nanos() / u128::from(units.max(1));
        assert!(
            per_unit <= MAX_NS_PER_UNIT,
            "an evaluation used {took:?} of CPU time for {units} work units: {per_unit} ns per unit, \
             over {MAX_NS_PER_UNIT}: work the budget does not count"
        );
    }
}

fn default_model() -> Value {
    json!({
        "name": "Ada", "count": 3, "price": 1234.5, "neg": -0.004, "big": 1e300,
        "when": "2026-01-31T23:59:59Z", "day": "2026-02-29", "ms": 1767225600000u64,
        "list": [1, "two", null, {"x": true}], "empty": "", "flag": false,
        "nested": {"template": "${/name} has ${/count}", "deep": {"er": [[["x"]]]}}
    })
}
