//! Telemetry carries counts and codes, never content. `SurfaceStore::stats()` is what an app
//! may send to its telemetry: here every place an agent or a person can put a string holds a
//! unique planted one, and none of them may come out in the stats.

use serde_json::{json, Value};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

/// `PLANTED-n`, one per place, so a failure names the place that leaked.
fn p(n: u32) -> String {
    format!("PLANTED-{n}")
}

fn envelopes() -> Vec<Value> {
    let s = p(1);
    vec![
        json!({"version": "v0.9", "createSurface": {"surfaceId": s, "catalogId": BASIC,
            "theme": {"primaryColor": "#123456", "agentDisplayName": p(2)}, "sendDataModel": true}}),
        json!({"version": "v0.9", "createSurface": {"surfaceId": p(3), "catalogId": format!("https://{}.example/catalog.json", p(4).to_lowercase())}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": s, "components": [
            {"id": "root", "component": "Column", "children": [p(5), "field", "go", "ghost-parent"]},
            {"id": p(5), "component": "Text", "text": p(6), "variant": "h2"},
            {"id": "field", "component": "TextField", "label": p(7), "value": {"path": "/name"},
             "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/name"}}}, "message": p(8)}]},
            {"id": "go", "component": "Button", "child": "go-label",
             "action": {"event": {"name": p(9), "context": {"who": {"path": "/name"}, "note": p(10)}}}},
            {"id": "go-label", "component": "Text", "text": p(11)},
            {"id": "ghost-parent", "component": "Card", "child": p(12)}
        ]}}),
        // Refused: an unknown component type, an unknown property, a wrong type.
        json!({"version": "v0.9", "updateComponents": {"surfaceId": s, "components": [
            {"id": "odd", "component": p(13), "text": p(14)}]}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": s, "components": [
            {"id": "t2", "component": "Text", "text": "x", p(15): p(16)}]}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": s, "path": "/name", "value": p(17)}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": s, "path": format!("/{}", p(18)), "value": {p(19): [p(20)]}}}),
        // Refused: an unknown message type, a surface that does not exist, a bad version.
        json!({"version": "v0.9", p(21): {"surfaceId": s}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": p(22), "path": "/", "value": p(23)}}),
        json!({"version": p(24), "deleteSurface": {"surfaceId": s}}),
    ]
}

#[test]
fn stats_carry_no_agent_or_person_content() {
    let mut store = SurfaceStore::new(Limits::default());
    let ctx = ApplyContext {
        context_id: Some(p(25)),
        now_ms: None,
    };
    for env in envelopes() {
        store.apply_envelope(&env, &ctx);
    }
    // Unreadable text, a bidi control and a stream past the limits, as text.
    store.apply_text(&format!("[{{\"version\": \"v0.9\", \"{}\" ", p(26)), &ctx);
    store.apply_text(&format!("{{\"version\":\"v0.9\",\"updateDataModel\":{{\"surfaceId\":\"{}\",\"path\":\"/b\",\"value\":\"\u{202e}{}\"}}}}", p(1), p(27)), &ctx);
    // The person's edits and an action built from them.
    store.edit(&p(1), "/name", json!(p(28))).unwrap();
    let _ = store.edit(&p(1), &format!("/{}", p(29)), json!(p(30)));
    store.apply_envelope(
        &json!({"version": "v0.9", "updateDataModel": {"surfaceId": p(1), "path": "/name", "value": p(31)}}),
        &ctx,
    );
    let action = store
        .action_in(&p(1), "go", "", "2026-11-30T00:00:00Z")
        .unwrap();
    assert!(
        action.to_string().contains(&p(28)),
        "the action carries the edit: {action}"
    );
    let _ = store.action_in(&p(1), &p(32), "", "2026-11-30T00:00:00Z");

    let stats = store.stats();
    // What was done is counted (so this test sees a real stream, not an empty store)...
    assert!(stats.envelopes >= 12, "{stats:?}");
    assert!(stats.applied >= 4 && stats.ignored >= 5, "{stats:?}");
    assert!(
        stats.components.get("Text").copied().unwrap_or(0) >= 2,
        "{stats:?}"
    );
    assert!(stats.findings.len() >= 4, "{stats:?}");
    // ...and nothing that was said.
    let said = format!("{} {stats:?}", serde_json::to_string(&stats).unwrap());
    assert!(
        !said.contains("PLANTED") && !said.contains("planted"),
        "{said}"
    );
    // The report and the render are content by design (what a console shows): the planted
    // strings are there, which proves they reached the store.
    let shown = format!("{:?} {:?}", store.report(), store.render(&p(1)));
    for n in [1, 6, 7, 28] {
        assert!(shown.contains(&p(n)), "PLANTED-{n} never reached the store");
    }
}
