//! The render model: bindings read from the effective model, templates expanded over arrays
//! with relative paths, inputs carrying the absolute pointer they edit.

use serde_json::{json, Value};
use surfaces_core::a2ui::render::{Kind, Node};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

fn store(components: Value, model: Value) -> SurfaceStore {
    let mut s = SurfaceStore::new(Limits::default());
    let ctx = ApplyContext::default();
    s.apply_data(
        &json!([
            {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
            {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": components}},
            {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/", "value": model}},
        ]),
        &ctx,
    );
    assert_eq!(s.report().ignored, 0, "{:?}", s.report().findings);
    s
}

fn texts(n: &Node, out: &mut Vec<String>) {
    surfaces_core::a2ui::render::walk(n, &mut |n| {
        if let Kind::Text { text, .. } = &n.kind {
            out.push(text.clone());
        }
    });
}

#[test]
fn templates_expand_over_arrays_with_relative_paths() {
    let s = store(
        json!([
            {"id": "root", "component": "List", "children": {"componentId": "row", "path": "/people"}},
            {"id": "row", "component": "Row", "children": ["name", "role"]},
            {"id": "name", "component": "Text", "text": {"path": "name"}},
            {"id": "role", "component": "Text", "text": {"path": "/roles/default"}},
        ]),
        json!({"people": [{"name": "Ada"}, {"name": "Grace"}], "roles": {"default": "engineer"}}),
    );
    let tree = s.render("s").unwrap();
    let mut t = Vec::new();
    texts(&tree, &mut t);
    assert_eq!(t, ["Ada", "engineer", "Grace", "engineer"]);
    assert!(s.placeholders("s").is_empty());
}

#[test]
fn inputs_carry_the_pointer_they_edit_and_show_the_effective_value() {
    let mut s = store(
        json!([
            {"id": "root", "component": "List", "children": {"componentId": "field", "path": "/items"}},
            {"id": "field", "component": "TextField", "label": {"path": "label"}, "value": {"path": "value"}},
        ]),
        json!({"items": [{"label": "First", "value": "a"}, {"label": "Second", "value": "b"}]}),
    );
    s.edit("s", "/items/1/value", json!("typed")).unwrap();
    let tree = s.render("s").unwrap();
    let Kind::List { children, .. } = &tree.kind else {
        panic!("{tree:?}")
    };
    let fields: Vec<(String, String, Option<String>)> = children
        .iter()
        .map(|c| match &c.kind {
            Kind::TextField {
                label,
                value,
                binding,
                ..
            } => (label.clone(), value.clone(), binding.clone()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        fields,
        [
            ("First".into(), "a".into(), Some("/items/0/value".into())),
            (
                "Second".into(),
                "typed".into(),
                Some("/items/1/value".into())
            )
        ]
    );
}

/// Every input kind says which pointer it edits, both renderers read it from here, and
/// nothing else counts as an input.
#[test]
fn input_kinds_name_their_binding() {
    let s = store(
        json!([
            {"id": "root", "component": "Column", "children": ["t", "c", "p", "sl", "d", "fixed", "label"]},
            {"id": "t", "component": "TextField", "label": "T", "value": {"path": "/t"}},
            {"id": "c", "component": "CheckBox", "label": "C", "value": {"path": "/c"}},
            {"id": "p", "component": "ChoicePicker", "value": {"path": "/p"},
             "options": [{"label": "A", "value": "a"}]},
            {"id": "sl", "component": "Slider", "max": 10, "value": {"path": "/sl"}},
            {"id": "d", "component": "DateTimeInput", "value": {"path": "/d"}},
            {"id": "fixed", "component": "TextField", "label": "F", "value": "literal"},
            {"id": "label", "component": "Text", "text": "x"},
        ]),
        json!({}),
    );
    let tree = s.render("s").unwrap();
    let mut seen = Vec::new();
    surfaces_core::a2ui::render::walk(&tree, &mut |n| {
        seen.push((
            n.id.clone(),
            n.kind.input_binding().map(|b| b.map(str::to_string)),
        ));
    });
    let some = |p: &str| Some(Some(p.to_string()));
    assert_eq!(
        seen,
        [
            ("root".into(), None),
            ("t".into(), some("/t")),
            ("c".into(), some("/c")),
            ("p".into(), some("/p")),
            ("sl".into(), some("/sl")),
            ("d".into(), some("/d")),
            ("fixed".into(), Some(None)),
            ("label".into(), None),
        ]
    );
}

#[test]
fn template_expansion_is_bounded() {
    let items: Vec<Value> = (0..250).map(|i| json!({"n": i})).collect();
    let s = store(
        json!([
            {"id": "root", "component": "Column", "children": {"componentId": "t", "path": "/items"}},
            {"id": "t", "component": "Text", "text": {"path": "n"}},
        ]),
        json!({"items": items}),
    );
    let tree = s.render("s").unwrap();
    let Kind::Column { children, .. } = &tree.kind else {
        panic!()
    };
    assert_eq!(children.len(), 201, "200 items, then one placeholder");
    assert_eq!(s.placeholders("s").len(), 1);
}

#[test]
fn unresolvable_bindings_render_empty_and_nothing_renders_without_root() {
    let s = store(
        json!([{"id": "root", "component": "Text", "text": {"path": "/nope"}}]),
        json!({}),
    );
    assert!(matches!(&s.render("s").unwrap().kind, Kind::Text { text, .. } if text.is_empty()));
    let mut empty = SurfaceStore::new(Limits::default());
    empty.apply_envelope(
        &json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}),
        &ApplyContext::default(),
    );
    assert!(empty.render("s").is_none());
    assert!(empty.render("other").is_none());
}

#[test]
fn buttons_in_templates_resolve_their_item() {
    let s = store(
        json!([
            {"id": "root", "component": "List", "children": {"componentId": "buy", "path": "/products"}},
            {"id": "buy", "component": "Button", "child": "label", "action": {"event": {"name": "buy", "context": {"sku": {"path": "sku"}, "all": {"path": "/currency"}}}}},
            {"id": "label", "component": "Text", "text": {"path": "name"}},
        ]),
        json!({"products": [{"sku": "A1", "name": "Apple"}, {"sku": "B2", "name": "Bread"}], "currency": "EUR"}),
    );
    let tree = s.render("s").unwrap();
    let Kind::List { children, .. } = &tree.kind else {
        panic!()
    };
    let Kind::Button { scope, .. } = &children[1].kind else {
        panic!()
    };
    assert_eq!(scope, "/products/1");
    let msg = s
        .action_in("s", "buy", scope, "2026-11-30T12:00:00Z")
        .unwrap();
    assert_eq!(msg["action"]["context"], json!({"sku": "B2", "all": "EUR"}));
}

/// The locale is the store's: a Button drawn as enabled is never refused on click, and its
/// context is formatted as the person saw it. The check here holds only in German notation.
#[test]
fn render_checks_and_actions_use_the_store_locale() {
    let german_total = json!({"call": "regex", "args": {
        "value": {"call": "formatNumber", "args": {"value": {"path": "/total"}, "decimals": 1}},
        "pattern": "^1\\.234,5$"}});
    let mut s = store(
        json!([
            {"id": "root", "component": "Button", "child": "label",
             "checks": [{"condition": german_total, "message": "Not a German total"}],
             "action": {"event": {"name": "pay", "context": {
                 "shown": {"call": "formatNumber", "args": {"value": {"path": "/total"}, "decimals": 1}}}}}},
            {"id": "label", "component": "Text", "text": "Pay"}
        ]),
        json!({"total": 1234.5}),
    );
    // en-US: the check fails in the render and the click is refused for the same reason.
    assert_eq!(s.locale(), "en-US");
    assert_eq!(s.render("s").unwrap().errors, vec!["Not a German total"]);
    assert!(s.action("s", "root", "2026-01-01T00:00:00Z").is_err());
    // de-DE: enabled when drawn, sent when clicked, with the value as drawn.
    s.set_locale("de-DE").unwrap();
    assert!(s.render("s").unwrap().errors.is_empty());
    let sent = s.action("s", "root", "2026-01-01T00:00:00Z").unwrap();
    assert_eq!(sent["action"]["context"]["shown"], "1.234,5");
    assert!(s.failing_checks("s", "root", "").is_empty());
}

#[test]
fn a_locale_not_shaped_like_a_tag_is_misuse() {
    let mut s = SurfaceStore::default();
    for ok in ["en", "de-DE", "pt_BR", "zh-Hant-TW", "sr-Latn-RS"] {
        assert!(s.set_locale(ok).is_ok(), "{ok}");
        assert_eq!(s.locale(), ok);
    }
    for bad in [
        "",
        "-",
        "de-",
        "1de",
        "de DE",
        "<b>",
        "de-DE-verylongsubtag",
        &"a-".repeat(20),
    ] {
        assert!(s.set_locale(bad).is_err(), "{bad:?}");
    }
    // A refused tag leaves the last good one.
    assert_eq!(s.locale(), "sr-Latn-RS");
}
