//! What a client tells an agent about the envelopes it refused (`TaskView::refusals_for_agent`,
//! `A2aTask.reportRefusals` in the package): A2UI `error` client messages valid against the
//! official `client_to_server.json`, our words (a code and its summary, never the agent's
//! text), and at most as many as asked.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../surfaces-core/tests/support/spec.rs"]
mod spec;

use serde_json::{json, Value};
use surfaces_a2a::{wire, Event, TaskLimits, TaskView};
use surfaces_core::a2ui::Limits;

const MIME: &str = "application/json+a2ui";
const CATALOG: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";
/// Agent text that must never be echoed back to the agent.
const PLANTED: &str = "PLANTED-7f3a";

fn agent_message(envelopes: Vec<Value>) -> Event {
    let parts: Vec<Value> = envelopes
        .into_iter()
        .map(|e| json!({"kind": "data", "data": e, "metadata": {"mimeType": MIME}}))
        .collect();
    wire::event(
        wire::ProtocolVersion::V0_3,
        &json!({"kind": "message", "messageId": "m1", "role": "agent", "parts": parts}),
    )
    .unwrap()
}

#[test]
fn refusals_are_official_error_messages_in_our_words_and_bounded() {
    let mut view = TaskView::new(true, Limits::default(), TaskLimits::default());
    let mut envelopes = vec![
        json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": CATALOG}}),
        // A cycle, an unknown component and a surface never created: three refusals.
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Column", "children": ["root"]}]}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": PLANTED}]}}),
    ];
    for i in 0..30 {
        envelopes.push(json!({"version": "v0.9", "updateDataModel": {"surfaceId": format!("{PLANTED}-{i}"), "path": "/x", "value": PLANTED}}));
    }
    view.apply(agent_message(envelopes));
    let refused = view.surfaces.report().ignored;
    assert!(refused >= 32, "{refused}");

    let schema = {
        let path = spec::spec_dir().join("a2ui/v0_9/json/client_to_server.json");
        let s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .build(&s)
            .unwrap()
    };
    let all = view.refusals_for_agent(usize::MAX);
    assert!(all.len() >= 32);
    for m in &all {
        assert!(schema.is_valid(m), "{m}");
        assert_eq!(m["error"]["code"], "VALIDATION_FAILED");
        assert!(!m.to_string().contains(PLANTED), "agent text echoed: {m}");
        assert!(m["error"]["message"].as_str().unwrap().contains(": "));
    }
    // Bounded by what is asked, oldest first.
    let some = view.refusals_for_agent(20);
    assert_eq!(some.len(), 20);
    assert_eq!(some[..], all[..20]);
    assert!(view.refusals_for_agent(0).is_empty());
}
