//! The A2UI fold, edit rule, render model and actions, data-driven from
//! `tests/fixtures/a2ui-cases.json` (docs/a2ui-cases.md). Runs natively and, under
//! `wasm-pack test`, in Chromium (the corpus is embedded), like rust-url's `wpt.rs`. The
//! CLI (`crates/surfaces-cli/tests/a2ui_cases.rs`) and the npm package
//! (`tests/e2e/a2ui-cases.test.mjs`) are held to the same expectations.
//!
//! `UPDATE_A2UI_CASES=1 cargo test -p surfaces-core --test a2ui_cases` rewrites every
//! case's `expect` from the current code; review the fixture's diff.

#[path = "support/a2ui_cases.rs"]
mod a2ui_cases;

use a2ui_cases::{done, read, refused, render_view, report_view, run_all, sent, Action, Case};
use serde_json::Value;
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore, UrlPolicy};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// A case through the core's own API.
fn run(case: &Case) -> a2ui_cases::Outcome {
    let limits: Limits = case
        .limits
        .clone()
        .map(|l| serde_json::from_value(Value::Object(l)).expect("the case's limits"))
        .unwrap_or_default();
    let mut store = SurfaceStore::new(limits);
    if let Some(hosts) = &case.allowed_hosts {
        store.urls = UrlPolicy {
            allowed_hosts: Some(hosts.clone()),
        };
    }
    if let Some(tag) = &case.locale {
        store.set_locale(tag).expect("the case's locale");
    }
    let edited = |r: Result<(), surfaces_core::a2ui::EditError>| match r {
        Ok(()) => done(),
        Err(e) => refused(e.code().as_str(), e.to_string()),
    };
    let steps = case
        .steps
        .iter()
        .map(|step| match step.action() {
            Action::Input {
                text,
                context_id,
                now_ms,
            } => {
                let ctx = ApplyContext {
                    context_id: context_id.map(str::to_string),
                    now_ms,
                };
                read(store.apply_text(&text, &ctx))
            }
            Action::Edit(e) => edited(store.edit(&e.surface_id, &e.pointer, e.value.clone())),
            Action::AcceptAgent(a) => edited(store.accept_agent(&a.surface_id, &a.pointer)),
            Action::KeepMine(k) => edited(store.keep_mine(&k.surface_id, &k.pointer)),
            Action::Click(c) => {
                match store.action_in(&c.surface_id, &c.component_id, &c.scope, c.timestamp()) {
                    Ok(message) => sent(message),
                    Err(e) => refused(e.code().as_str(), e.to_string()),
                }
            }
        })
        .collect();
    let render = case
        .render
        .iter()
        .map(|id| {
            let tree = store.render(id).map_or(Value::Null, |node| {
                serde_json::to_value(node).expect("a render node serialises")
            });
            (id.clone(), render_view(&tree))
        })
        .collect();
    a2ui_cases::Outcome {
        report: report_view(&store.report().to_json()),
        steps,
        render,
    }
}

#[test]
fn every_case_holds() {
    #[cfg(not(target_arch = "wasm32"))]
    if std::env::var_os("UPDATE_A2UI_CASES").is_some() {
        refresh();
        return;
    }
    run_all(run);
}

/// Rewrites every case's `expect` from the current code (the refresh command).
#[cfg(not(target_arch = "wasm32"))]
fn refresh() {
    let mut cases = a2ui_cases::cases();
    for case in &mut cases {
        let got = run(case);
        assert_eq!(
            got,
            run(case),
            "{}: the outcome is not deterministic",
            case.name
        );
        let broken = a2ui_cases::invariants(&got.report);
        assert!(broken.is_empty(), "{}: {broken:?}", case.name);
        case.expect = Some(got);
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(a2ui_cases::FIXTURE);
    std::fs::write(&path, a2ui_cases::fixture_text(&cases)).expect("write the fixture");
    eprintln!(
        "rewrote the expectations of {} cases in {}",
        cases.len(),
        path.display()
    );
}

/// The fixture is in the form the refresh command writes, so a refresh diffs only what
/// changed.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn the_fixture_is_in_refresh_form() {
    if std::env::var_os("UPDATE_A2UI_CASES").is_some() {
        return; // being rewritten
    }
    let cases = a2ui_cases::cases();
    assert!(
        a2ui_cases::fixture_text(&cases) == a2ui_cases::CASES,
        "{} is not in the form the refresh writes: run {}",
        a2ui_cases::FIXTURE,
        a2ui_cases::REFRESH
    );
}
