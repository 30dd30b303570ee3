//! What one envelope may make the reader build, measured: `envelopeValues` bounds the
//! values built, so the heap a bounded text can take is bounded too, on every path. Alone
//! in its test binary, whose allocator counts (native only: the figure is the process's).
#![cfg(not(target_arch = "wasm32"))]

use std::sync::atomic::Ordering::Relaxed;

use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{reset_peak, PEAK, TOTAL};
#[path = "support/streams.rs"]
mod streams;
use streams::STOPS_THE_HAND_READER;

/// One test at a time: the allocator counts the whole process, and tests run in threads.
static ALONE: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn alone() -> std::sync::MutexGuard<'static, ()> {
    ALONE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The most the heap grew while `text` was applied to a fresh store, and the codes said.
fn peak_growth(limits: &Limits, text: &str) -> (usize, Vec<&'static str>) {
    let mut s = SurfaceStore::new(limits.clone());
    let before = reset_peak();
    s.apply_text(text, &ApplyContext::default());
    let grown = PEAK.load(Relaxed) - before;
    let codes = s.findings().iter().map(|f| f.code.as_str()).collect();
    (grown, codes)
}

const MB: usize = 1 << 20;

/// About 1 MB of one-member objects, in envelopes read each way: the first two are built
/// as trees (the envelope has no fast shape; the data holds a bidi control), the third has
/// a component the hand reader leaves to serde_json, the fourth is read by hand into the
/// catalog's form. Built whole, the first took 84 MB; each now stops at the limit.
#[test]
fn an_envelope_of_tiny_values_builds_no_more_than_the_limit_on_any_path() {
    let _alone = alone();
    let objects = vec![r#"{"a":0}"#; 130_000].join(",");
    let general = format!(
        r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","value":[{objects}]}},"x":0}}"#
    );
    let marked = format!(
        r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/d","value":[{objects},"\u202e"]}}}}"#
    );
    let tabs = vec![r#"{"title":"t","child":"c"}"#; 35_000].join(",");
    let untyped = format!(
        r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Tabs","tabs":[{tabs}]}}]}}}}"#
    );
    let ids = vec![r#""c""#; 250_000].join(",");
    let typed = format!(
        r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Column","children":[{ids}]}}]}}}}"#
    );
    let limits = Limits::default();
    for (what, env) in [
        ("general", &general),
        ("marked", &marked),
        ("untyped", &untyped),
        ("typed", &typed),
    ] {
        assert!(env.len() < limits.part_bytes, "{what}: {}", env.len());
        let stop = STOPS_THE_HAND_READER;
        for (way, text) in [
            ("alone", env.clone()),
            ("batch", format!("[{env}]")),
            // The rest is scanned, then read.
            ("scanned", format!("[{stop},{env}]")),
            ("lines", format!("{env}\n{stop}\n")),
        ] {
            let (grown, mut codes) = peak_growth(&limits, &text);
            codes.retain(|c| *c != "duplicate-key");
            codes.dedup();
            assert_eq!(codes, ["envelope-too-large"], "{what} {way}");
            // The limit's 32,768 values in one-member objects are about 10 MB natively, and
            // the text's tape or typed lists another 2 MB.
            assert!(grown < 20 * MB, "{what} {way}: {} MB", grown / MB);
        }
    }
    // The measure sees a tree built: within a raised limit, the general envelope is built
    // whole (and refused by the schema after).
    let raised = Limits {
        envelope_values: usize::MAX,
        ..Limits::default()
    };
    let (grown, codes) = peak_growth(&raised, &general);
    assert_eq!(codes, ["unknown-property"]);
    assert!(grown > 50 * MB, "{} MB", grown / MB);
}

/// A person's edit of a value the agent then changes leaves the agent's value as a
/// proposal, shown beside each input bound there, its text made for each. A template of
/// 200 TextFields bound to one 30 KB array would make 6 MB of it a render; the render's
/// bytes (256 KB), which each binding takes from too, stop it after eight (red-team review).
#[test]
fn a_large_proposal_bound_by_every_template_item_is_written_within_the_render_bytes() {
    let _alone = alone();
    use serde_json::json;
    use streams::{comps, create, data, fold};
    let limits = Limits::default();
    let mut s = fold(
        limits.clone(),
        &[
            create("s"),
            comps(
                "s",
                json!([
                    {"id": "root", "component": "List", "children": {"componentId": "f", "path": "/items"}},
                    {"id": "f", "component": "TextField", "label": "Big", "value": {"path": "/big"}},
                ]),
            ),
            data("s", "/items", json!(vec![0; 200])),
            data("s", "/big", json!("start")),
        ],
    );
    s.edit("s", "/big", json!("mine")).unwrap();
    s.apply_envelope(
        &data("s", "/big", json!(vec![0; 15_000])),
        &ApplyContext::default(),
    );
    assert_eq!(s.proposals("s").len(), 1);
    let before = TOTAL.load(Relaxed);
    let tree = s.render("s").unwrap();
    let allocated = TOTAL.load(Relaxed) - before;
    let mut shown = 0;
    surfaces_core::a2ui::render::walk(&tree, &mut |n| {
        if let Some(p) = &n.proposal {
            assert_eq!(p.len(), 30_001);
            shown += 1;
        }
    });
    // 256 KB of render text holds eight copies of the 30,001-byte proposal.
    assert_eq!(shown, limits.render_bytes / 30_001);
    assert!(allocated < 2 * MB, "{} KB", allocated / 1024);
}
