//! The whole path a console takes: fold the input into surfaces, render every surface in two
//! locales, press every component, edit every bound input, fold the input again over the
//! edits (proposals), and report — under the default limits and under small ones. Errors
//! are fine; panics, hangs, broken limits, and a render or click whose CPU time its work
//! budget does not account for (see `max_pass`), are not.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::json;
use surfaces_core::a2ui::render::{walk, Kind, Node};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
use surfaces_fuzz::{assert_code, assert_path, ids_in, within, MAX_IDS};

const NOW: &str = "2026-01-01T00:00:00Z";
/// CPU time a fold may use (it is linear in its input, at most 128 KiB here).
const MAX_FOLD: Duration = Duration::from_secs(1);
/// CPU time per work unit of a render or click's pass budget (`renderWork`), and what a
/// pass may spend outside its budget (template expansion, copying the model). Natively a
/// unit stands for about a nanosecond; AddressSanitizer and coverage make some counted work
/// up to ~250 ns per unit (measured), so only work the budget does not count trips this.
const NS_PER_UNIT: u64 = 300;
const UNBUDGETED: Duration = Duration::from_millis(200);

fn max_pass(limits: &Limits) -> Duration {
    Duration::from_nanos(limits.render_work.saturating_mul(NS_PER_UNIT)) + UNBUDGETED
}

fn small() -> Limits {
    Limits {
        envelopes: 64,
        surfaces: 2,
        components: 16,
        depth: 4,
        data_model_bytes: 512,
        text_chars: 64,
        options: 4,
        id_chars: 16,
        action_context_bytes: 128,
        part_bytes: 256 * 1024,
        update_burst: 8,
        function_depth: 2,
        function_steps: 16,
        function_output_chars: 64,
        function_work: 200_000,
        render_work: 1_000_000,
        ..Default::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let input_ids = ids_in(data);
    let rated = ApplyContext {
        context_id: Some("task-1".into()),
        now_ms: Some(0.0),
    };
    for (limits, ctx) in [
        (Limits::default(), ApplyContext::default()),
        (small(), rated),
    ] {
        let mut store = SurfaceStore::new(limits);
        within("a fold", MAX_FOLD, || store.apply_bytes(data, &ctx));
        exercise(&mut store, &input_ids, true);
        // The agent sends it all again: over the person's edits, changed values become
        // proposals; the rate limit has had a second to refill.
        let later = ApplyContext {
            now_ms: ctx.now_ms.map(|t| t + 1000.0),
            ..ctx
        };
        within("a fold", MAX_FOLD, || store.apply_bytes(data, &later));
        exercise(&mut store, &input_ids, false);
    }
});

fn exercise(store: &mut SurfaceStore, input_ids: &[String], edit: bool) {
    let max = max_pass(&store.limits);
    let report = store.report();
    assert_eq!(report.envelopes, report.applied + report.ignored);
    for f in &report.findings {
        assert_code(f.code.as_str());
        assert!(
            f.severity == f.code.severity() || f.code == surfaces_core::Code::FindingsTruncated,
            "{f:?}"
        );
        assert_path(&f.path);
    }
    let _ = report.to_json();
    let _ = store.stats();
    let _ = store.client_data_model();
    for surface in report.surfaces.iter().map(|s| s.surface_id.clone()) {
        let mut ids: Vec<String> = input_ids.to_vec();
        let mut bindings: Vec<String> = Vec::new();
        for locale in ["en-US", "de-DE"] {
            store.set_locale(locale).expect("a well-formed tag");
            let Some(tree) = within("a render", max, || store.render(&surface)) else {
                continue;
            };
            check_tree(&tree, store.limits.rendered_nodes, &mut ids, &mut bindings);
        }
        ids.sort();
        ids.dedup();
        ids.truncate(2 * MAX_IDS);
        for id in &ids {
            let _ = within("a click", max, || store.action(&surface, id, NOW));
            let _ = within("checks", max, || store.failing_checks(&surface, id, ""));
        }
        let _ = store.placeholders(&surface);
        let _ = store.proposals(&surface);
        let _ = store.theme(&surface);
        if edit {
            bindings.sort();
            bindings.dedup();
            bindings.truncate(MAX_IDS);
            for (i, b) in bindings.iter().enumerate() {
                let value = match i % 3 {
                    0 => json!("edited \u{202e}value"),
                    1 => json!(true),
                    _ => json!(42.5),
                };
                if store.edit(&surface, b, value).is_ok() {
                    let _ = store.keep_mine(&surface, b);
                }
            }
            // An edit the person could not make through an input: still no panic.
            let _ = store.edit(&surface, "/fuzz/0/x", json!({"a": [1, 2, 3]}));
            if let Some(tree) = store.render(&surface) {
                check_tree(
                    &tree,
                    store.limits.rendered_nodes,
                    &mut Vec::new(),
                    &mut Vec::new(),
                );
            }
            for id in ids.iter().take(MAX_IDS) {
                let _ = store.action(&surface, id, NOW);
            }
        }
    }
}

fn check_tree(tree: &Node, limit: usize, ids: &mut Vec<String>, bindings: &mut Vec<String>) {
    let _ = serde_json::to_value(tree).expect("a render tree serialises");
    let (mut drawn, mut all) = (0usize, 0usize);
    walk(tree, &mut |n| {
        all += 1;
        if !matches!(n.kind, Kind::Placeholder { .. }) {
            drawn += 1;
        }
        if ids.len() < 4 * MAX_IDS {
            ids.push(n.id.clone());
        }
        if let Some(Some(b)) = n.kind.input_binding() {
            if bindings.len() < 4 * MAX_IDS {
                bindings.push(b.to_string());
            }
        }
    });
    assert!(
        drawn <= limit,
        "a render drew {drawn} nodes, over the limit of {limit}"
    );
    // Past the limit, each container still open may end with one placeholder for the rest.
    assert!(
        all <= limit + SLACK,
        "a render holds {all} nodes (placeholders included), over the limit of {limit}"
    );
}

/// Placeholders a render may add past `renderedNodes`: one per container still open when
/// the limit is reached, and containers nest at most `depth` (20 by default) deep.
const SLACK: usize = 64;
