//! `SurfaceStore` as JavaScript sees it, in a real browser: plain-object reports, findings
//! instead of throws for bad envelopes, throws only for misuse.
#![cfg(target_arch = "wasm32")]

use agent_surfaces::SurfaceStore;
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap()
}

fn get(v: &JsValue, path: &str) -> JsValue {
    path.split('.')
        .fold(v.clone(), |at, k| match k.parse::<u32>() {
            Ok(i) if Array::is_array(&at) => Array::from(&at).get(i),
            _ => Reflect::get(&at, &JsValue::from_str(k)).unwrap(),
        })
}

fn options(text: &str) -> Option<Object> {
    Some(js(text).into())
}

const STREAM: &str = r#"[
  {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
  {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[
    {"id":"root","component":"Column","children":["f","b"]},
    {"id":"f","component":"TextField","label":"Email","value":{"path":"/form/email"}},
    {"id":"t","component":"Text","text":"Send"},
    {"id":"b","component":"Button","child":"t","action":{"event":{"name":"send","context":{"email":{"path":"/form/email"}}}}}]}},
  {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/form","value":{"email":"agent@example.com"}}},
  {"version":"v0.8","updateDataModel":{"surfaceId":"s","path":"/x","value":1}}
]"#;

#[wasm_bindgen_test]
fn fold_report_edit_action_from_js_values() {
    let mut store = SurfaceStore::new(None).unwrap();
    assert_eq!(
        store
            .apply_envelopes(JsValue::from_str(STREAM), None)
            .unwrap(),
        4
    );
    let r = store.report().unwrap();
    assert_eq!(get(&r, "applied").as_f64(), Some(3.0));
    assert_eq!(get(&r, "ignored").as_f64(), Some(1.0));
    assert_eq!(
        get(&r, "findings.0.code").as_string().as_deref(),
        Some("unsupported-version")
    );
    assert_eq!(get(&r, "findings.0.envelope").as_f64(), Some(3.0));
    assert_eq!(
        get(&r, "surfaces.0.surfaceId").as_string().as_deref(),
        Some("s")
    );
    assert!(get(&r, "surfaces.0.placeholders").is_array());
    store
        .edit(
            "s".into(),
            "/form/email".into(),
            JsValue::from_str("me@example.com"),
        )
        .unwrap();
    let a = store
        .action("s".into(), "b".into(), "2026-11-30T12:00:00Z".into())
        .unwrap();
    assert_eq!(get(&a, "ok").as_bool(), Some(true));
    assert_eq!(
        get(&a, "message.action.context.email")
            .as_string()
            .as_deref(),
        Some("me@example.com")
    );
    let refused = store
        .action("s".into(), "t".into(), JsValue::UNDEFINED)
        .unwrap();
    assert_eq!(get(&refused, "ok").as_bool(), Some(false));
    assert_eq!(
        get(&refused, "code").as_string().as_deref(),
        Some("action-missing")
    );
    let stats = store.stats().unwrap();
    assert!(get(&stats, "foldMs").as_f64().unwrap() >= 0.0);
    assert_eq!(
        get(&stats, "findings.unsupported-version").as_f64(),
        Some(1.0)
    );
}

#[wasm_bindgen_test]
fn parts_limits_and_misuse() {
    let mut store = SurfaceStore::new(options(r#"{"limits":{"surfaces":1}}"#)).unwrap();
    let part = js(
        r#"{"kind":"data","metadata":{"mimeType":"application/json+a2ui"},"data":{"messages":[
        {"version":"v0.9","createSurface":{"surfaceId":"a","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
        {"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]}}"#,
    );
    let not_advertised = store.apply_part(part.clone(), None).unwrap();
    assert_eq!(get(&not_advertised, "a2ui").as_bool(), Some(false));
    let out = store
        .apply_part(
            part,
            options(r#"{"advertised":true,"contextId":"c1","nowMs":5}"#),
        )
        .unwrap();
    assert_eq!(get(&out, "envelopes").as_f64(), Some(2.0));
    let r = store.report().unwrap();
    assert_eq!(
        get(&r, "findings.0.code").as_string().as_deref(),
        Some("surface-limit")
    );
    assert_eq!(get(&r, "surfaces.0.catalogRendered").as_bool(), Some(true));
    assert!(SurfaceStore::new(options(r#"{"limits":{"bogus":1}}"#)).is_err());
    assert!(SurfaceStore::new(options(r#"{"allowedHosts":"cdn.example"}"#)).is_err());
    assert!(store
        .edit("a".into(), "/__proto__/x".into(), JsValue::TRUE)
        .is_err());
    assert!(store
        .edit("zzz".into(), "/x".into(), JsValue::TRUE)
        .is_err());
    assert!(
        store
            .apply_envelopes(JsValue::from_str("not json at all"), None)
            .is_ok(),
        "bad data never throws"
    );
    let caps = SurfaceStore::client_capabilities().unwrap();
    let v09 = Reflect::get(&caps, &JsValue::from_str("v0.9")).unwrap();
    assert!(get(&v09, "supportedCatalogIds").is_array());
}
