//! Building A2UI streams in tests: envelopes, components and the store's codes.
#![allow(dead_code)]

use serde_json::{json, Value};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

pub const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

/// An envelope the hand reader stops at (a key given twice): what follows it in a batch is
/// scanned before it is read, so a test puts it first to read an envelope that way.
pub const STOPS_THE_HAND_READER: &str =
    r#"{"version":"v0.9","deleteSurface":{"surfaceId":"x","surfaceId":"x"}}"#;

pub fn create(id: &str) -> Value {
    json!({"version": "v0.9", "createSurface": {"surfaceId": id, "catalogId": BASIC}})
}
pub fn comps(id: &str, components: Value) -> Value {
    json!({"version": "v0.9", "updateComponents": {"surfaceId": id, "components": components}})
}
pub fn data(id: &str, path: &str, value: Value) -> Value {
    json!({"version": "v0.9", "updateDataModel": {"surfaceId": id, "path": path, "value": value}})
}
pub fn text(id: &str, t: &str) -> Value {
    json!({"id": id, "component": "Text", "text": t})
}

pub fn fold(limits: Limits, envs: &[Value]) -> SurfaceStore {
    let mut s = SurfaceStore::new(limits);
    for e in envs {
        s.apply_envelope(e, &ApplyContext::default());
    }
    s
}

/// The same envelopes as one JSON array of text.
pub fn fold_text(limits: Limits, envs: &[Value]) -> SurfaceStore {
    let mut s = SurfaceStore::new(limits);
    s.apply_text(
        &Value::Array(envs.to_vec()).to_string(),
        &ApplyContext::default(),
    );
    s
}

pub fn codes(s: &SurfaceStore) -> Vec<&'static str> {
    s.findings().iter().map(|f| f.code.as_str()).collect()
}

pub fn report(s: &SurfaceStore) -> Value {
    s.report().to_json()
}
