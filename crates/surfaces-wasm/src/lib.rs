//! The npm package `agent-surfaces`: a thin camelCase binding over `surfaces-core`.
//!
//! Reports cross into JavaScript as plain objects and arrays (never `Map`s), with `null` for
//! absent values, matching the TypeScript types declared below. Bad data never throws; only
//! misuse of the API does (a `fetchedFrom` that is not an http(s) URL, unknown limit names).

mod a2ui;
mod card;
mod mount;

use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use a2ui::SurfaceStore;
pub use card::{check_card, ui_links_uri};
pub use mount::{mount_surface, MountedSurface};

/// Serialises a report the way the `.d.ts` promises: plain objects, `null` for `None`.
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Plain JS data (an object, array, string…) as a `serde_json::Value`, through JSON text so
/// that what JS would serialise is exactly what the core sees.
pub(crate) fn from_js(v: &JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    let text = js_sys::JSON::stringify(v)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| JsError::new(&format!("{what} cannot be turned into JSON")))?;
    serde_json::from_str(&text).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// Reads an optional property of an options object.
pub(crate) fn option(options: &Option<js_sys::Object>, key: &str) -> JsValue {
    options
        .as_ref()
        .and_then(|o| js_sys::Reflect::get(o, &JsValue::from_str(key)).ok())
        .filter(|v| !v.is_undefined() && !v.is_null())
        .unwrap_or(JsValue::UNDEFINED)
}
