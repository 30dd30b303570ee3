//! The whole path a console takes: fold the input into surfaces, render every surface in two
//! locales, press every component, edit every bound input, fold the input again over the
//! edits (proposals), and report — under the default limits and under small ones. Errors
//! are fine; panics, hangs, broken limits and a fold, render or click that uses more than a
//! second of CPU time (a pass's work budget stands for about 10 ms natively) are not.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use serde_json::json;
use surfaces_core::a2ui::render::{walk, Kind, Node, MAX_RENDERED_NODES};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
use surfaces_fuzz::{assert_code, assert_path, ids_in, within, MAX_IDS};

const NOW: &str = "2026-01-01T00:00:00Z";
/// CPU time one fold, render or click may use. The pass budget stands for about 10 ms
/// natively; AddressSanitizer and coverage make the same work several times slower.
const MAX_PASS: Duration = Duration::from_secs(1);

fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    within(what, MAX_PASS, f)
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
        ..Default::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let input_ids = ids_in(data);
    let rated = ApplyContext {
        context_id: Some("task-1".into()),
        now_ms: Some(0.0),
    };
    for (limits, ctx) in [(Limits::default(), ApplyContext::default()), (small(), rated)] {
        let mut store = SurfaceStore::new(limits);
        timed("a fold", || store.apply_bytes(data, &ctx));
        exercise(&mut store, &input_ids, true);
        // The agent sends it all again: over the person's edits, changed values become
        // proposals; the rate limit has had a second to refill.
        let later = ApplyContext {
            now_ms: ctx.now_ms.map(|t| t + 1000.0),
            ..ctx
        };
        timed("a fold", || store.apply_bytes(data, &later));
        exercise(&mut store, &input_ids, false);
    }
});

fn exercise(store: &mut SurfaceStore, input_ids: &[String], edit: bool) {
    let report = store.report();
    assert_eq!(report.envelopes, report.applied + report.ignored);
    for f in &report.findings {
        assert_code(f.code);
        assert_path(&f.path);
    }
    let _ = report.to_json();
    let _ = store.stats();
    let _ = store.client_data_model();
    for surface in report.surfaces.iter().map(|s| s.surface_id.clone()) {
        let mut ids: Vec<String> = input_ids.to_vec();
        let mut bindings: Vec<String> = Vec::new();
        for locale in ["en-US", "de-DE"] {
            let Some(tree) = timed("a render", || store.render_for(&surface, locale)) else {
                continue;
            };
            check_tree(&tree, &mut ids, &mut bindings);
        }
        ids.sort();
        ids.dedup();
        ids.truncate(2 * MAX_IDS);
        for id in &ids {
            let _ = timed("a click", || store.action(&surface, id, NOW));
            let _ = timed("checks", || store.failing_checks(&surface, id, ""));
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
            if let Some(tree) = store.render_for(&surface, "en-US") {
                check_tree(&tree, &mut Vec::new(), &mut Vec::new());
            }
            for id in ids.iter().take(MAX_IDS) {
                let _ = store.action(&surface, id, NOW);
            }
        }
    }
}

fn check_tree(tree: &Node, ids: &mut Vec<String>, bindings: &mut Vec<String>) {
    let _ = serde_json::to_value(tree).expect("a render tree serialises");
    let mut drawn = 0usize;
    walk(tree, &mut |n| {
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
        drawn <= MAX_RENDERED_NODES,
        "a render drew {drawn} nodes, over {MAX_RENDERED_NODES}"
    );
}
