//! Folding A2UI envelopes: protocol semantics, limits (at and one past), admission checks,
//! the person's overlay, and actions. Runs natively and in the browser.

use serde_json::{json, Value};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore, UrlPolicy};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/streams.rs"]
mod streams;
use streams::*;

/// Envelopes arriving in A2A task or context `id`, with no clock.
fn in_context(id: &str) -> ApplyContext {
    ApplyContext {
        context_id: Some(id.into()),
        now_ms: None,
    }
}

#[test]
fn invalid_envelopes_are_skipped_and_counted_and_the_rest_apply() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            json!({"version": "v0.8", "createSurface": {"surfaceId": "t", "catalogId": BASIC}}),
            json!({"version": "v0.9", "createSurface": {"surfaceId": "t", "catalogId": BASIC}, "extra": 1}),
            json!({"beginRendering": {"surfaceId": "s", "root": "root"}}),
            json!({"version": "v0.9", "createSurface": {"surfaceId": "u", "catalogId": BASIC}, "deleteSurface": {"surfaceId": "s"}}),
            comps("nope", json!([text("root", "hi")])),
            comps("s", json!([text("root", "hi")])),
        ],
    );
    let r = report(&s);
    assert_eq!(
        (
            r["envelopes"].as_u64(),
            r["applied"].as_u64(),
            r["ignored"].as_u64()
        ),
        (Some(7), Some(2), Some(5))
    );
    assert_eq!(
        codes(&s),
        [
            "unsupported-version",
            "unknown-property",
            "missing-property",
            "legacy-message",
            "no-message",
            "several-messages",
            "surface-unknown"
        ]
    );
    assert_eq!(r["findings"][0]["envelope"], 1);
    assert_eq!(r["findings"][0]["path"], "/version");
    assert_eq!(r["surfaces"][0]["root"], true);
    assert_eq!(r["surfaces"][0]["components"], 1);
}

#[test]
fn v0_9_1_envelopes_are_read_and_other_versions_never() {
    let mut v091 = create("s");
    v091["version"] = json!("v0.9.1");
    let s = fold(Limits::default(), &[v091.clone()]);
    assert_eq!(s.report().applied, 1);
    for v in ["v0.8", "v1.0", "0.9", "v0.9.2", "V0.9"] {
        let mut e = v091.clone();
        e["version"] = json!(v);
        assert_eq!(fold(Limits::default(), &[e]).report().ignored, 1, "{v}");
    }
}

#[test]
fn surface_lifecycle() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            create("s"),
            json!({"version": "v0.9", "deleteSurface": {"surfaceId": "s"}}),
            create("s"),
        ],
    );
    assert_eq!(codes(&s), ["surface-exists"]);
    assert_eq!(s.report().surfaces.len(), 1);
}

#[test]
fn components_merge_by_id_and_a_new_type_replaces() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps(
                "s",
                json!([{"id": "root", "component": "Column", "children": ["a"]}, text("a", "one")]),
            ),
            comps("s", json!([{"id": "a", "component": "Divider"}])),
        ],
    );
    let r = report(&s);
    assert_eq!(r["surfaces"][0]["components"], 2);
    assert_eq!(s.stats().components.get("Divider"), Some(&1));
    assert_eq!(s.stats().components.get("Text"), None);
}

#[test]
fn nothing_renders_until_root_and_dangling_references_are_placeholders() {
    let s = fold(
        Limits::default(),
        &[create("s"), comps("s", json!([text("a", "x")]))],
    );
    assert_eq!(report(&s)["surfaces"][0]["root"], false);
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps(
                "s",
                json!([{"id": "root", "component": "Row", "children": ["a", "ghost"]}, text("a", "x")]),
            ),
        ],
    );
    assert_eq!(
        report(&s)["surfaces"][0]["placeholders"],
        json!([{"componentId": "ghost", "reason": "missing"}])
    );
}

#[test]
fn cycles_and_second_parents_are_refused() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps(
                "s",
                json!([{"id": "root", "component": "Card", "child": "a"}, {"id": "a", "component": "Card", "child": "root"}]),
            ),
            comps(
                "s",
                json!([{"id": "root", "component": "Row", "children": ["a", "b"]}, {"id": "b", "component": "Card", "child": "a"}, text("a", "x")]),
            ),
            comps(
                "s",
                json!([{"id": "root", "component": "Card", "child": "root"}]),
            ),
        ],
    );
    assert_eq!(
        codes(&s),
        [
            "component-cycle",
            "component-two-parents",
            "component-cycle"
        ]
    );
    assert_eq!(
        report(&s)["surfaces"][0]["components"],
        0,
        "a refused update changes nothing"
    );
}

#[test]
fn duplicate_ids_in_one_update_are_refused() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps("s", json!([text("a", "1"), text("a", "2")])),
        ],
    );
    assert_eq!(codes(&s), ["duplicate-component-id"]);
    // Among several repeats, the one the stream reaches first, wherever its id sorts.
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps(
                "s",
                json!([
                    text("z", "1"),
                    text("b", "2"),
                    text("z", "3"),
                    text("b", "4")
                ]),
            ),
        ],
    );
    assert_eq!(s.findings()[0].path, "/updateComponents/components/2/id");
    assert!(s.findings()[0].message.contains("\"z\""));
}

#[test]
fn data_model_upsert_delete_and_whole() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            data(
                "s",
                "/",
                json!({"user": {"name": "Ada"}, "list": [1, 2, 3]}),
            ),
            data("s", "/user/email", json!("ada@example.com")),
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/user/name"}}),
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/list/1"}}),
            data("s", "/a~1b", json!(1)),
            data("s", "/list/x", json!(1)),
            data("s", "/", json!([1])),
        ],
    );
    assert_eq!(codes(&s), ["path-unreachable", "data-model-not-object"]);
    assert_eq!(
        report(&s)["surfaces"][0]["dataModel"],
        json!({"user": {"email": "ada@example.com"}, "list": [1, null, 3], "a/b": 1})
    );
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            data("s", "/x", json!(1)),
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s"}}),
        ],
    );
    assert_eq!(
        report(&s)["surfaces"][0]["dataModel"],
        json!({}),
        "no path and no value clears the model"
    );
}

/// Each message is read by hand from text when it has a fast shape (`a2ui/direct.rs`) and
/// whole otherwise: admission speaks alike either way. A bidi control in a theme was
/// admitted without the warning every other agent text gets.
#[test]
fn every_message_warns_of_bidi_controls_read_either_way() {
    let name = "\u{202E}txt.exe";
    let envs = [
        json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC,
            "theme": {"agentDisplayName": name}}}),
        comps(
            "s",
            json!([{"id": "root", "component": "Text", "text": name}]),
        ),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/n", "value": name}}),
    ];
    let want = [
        "/createSurface/theme/agentDisplayName",
        "/updateComponents/components/0/text",
        "/updateDataModel/value",
    ];
    for s in [
        fold(Limits::default(), &envs),
        fold_text(Limits::default(), &envs),
    ] {
        let paths: Vec<&str> = s.findings().iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, want);
        assert_eq!(codes(&s), ["text-bidi-control"; 3]);
        assert_eq!(s.report().applied, 3);
    }
}

/// Large data values read from text are kept as tapes until read (a2ui/model.rs): what
/// admission says of a value and what the model holds do not depend on it. Each case is
/// folded from text and from parsed values (every value built at once).
#[test]
fn large_values_read_from_text_are_admitted_and_kept_as_built_ones() {
    let long = "w".repeat(300);
    let fold_both = |envs: &[Value]| {
        let by_text = fold_text(Limits::default(), envs);
        let by_value = fold(Limits::default(), envs);
        assert_eq!(report(&by_text), report(&by_value));
        by_text
    };
    // A bidirectional control, escaped or written out, in a value large enough to be a
    // tape.
    for control in ["\\u202e", "\u{202e}"] {
        let text = format!(
            r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}},
            {{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/a",
            "value":{{"x":"{long}","y":["{control}"]}}}}}}]"#
        );
        let mut s = SurfaceStore::default();
        s.apply_text(&text, &ApplyContext::default());
        assert_eq!(codes(&s), ["text-bidi-control"], "{control}");
        assert_eq!(s.findings()[0].path, "/updateDataModel/value/y/0");
        assert_eq!(
            report(&s)["surfaces"][0]["dataModel"]["a"]["y"][0],
            "\u{202e}"
        );
    }
    // A refused key deep in a large value refuses the update.
    let s = fold_both(&[
        create("s"),
        data("s", "/a", json!({"x": long, "y": [{"constructor": 1}]})),
    ]);
    assert_eq!(codes(&s), ["data-forbidden-key"]);
    // Sixty-four tapes are kept and the sixty-fifth value is built; writes through, above
    // and beside them hold what built values hold.
    let mut envs = vec![create("s")];
    for i in 0..66 {
        envs.push(data("s", &format!("/k{i}"), json!({"x": long, "i": i})));
    }
    envs.push(data("s", "/k3/x", json!("changed")));
    envs.push(json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/k4/i"}}));
    envs.push(data("s", "/k5", json!([long, {"deep": [long]}])));
    envs.push(data("s", "/k5/1/deep/-", json!(2)));
    let s = fold_both(&envs);
    assert!(codes(&s).is_empty(), "{:?}", codes(&s));
    let model = &report(&s)["surfaces"][0]["dataModel"];
    assert_eq!(model["k65"]["i"], 65);
    assert_eq!(model["k3"], json!({"x": "changed", "i": 3}));
    assert_eq!(model["k4"], json!({"x": long}));
    assert_eq!(model["k5"], json!([long, {"deep": [long, 2]}]));
}

#[test]
fn missing_containers_are_arrays_for_index_segments_and_padding_is_bounded() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            data("s", "/items/1/name", json!("second")),
            data("s", "/bomb/4294967295", json!(1)),
            data("s", "/many/99999", json!(1)),
        ],
    );
    // Refused for their padding (past 10,000 `null`s), not as unreachable.
    assert_eq!(codes(&s), ["data-model-too-large", "data-model-too-large"]);
    assert_eq!(
        report(&s)["surfaces"][0]["dataModel"],
        json!({"items": [null, {"name": "second"}]})
    );
    // Padding counts against the data-model limit like any other byte.
    let s = fold(
        Limits {
            data_model_bytes: 100,
            ..Limits::default()
        },
        &[create("s"), data("s", "/p/30", json!(1))],
    );
    assert_eq!(codes(&s), ["data-model-too-large"]);
}

#[test]
fn polluting_paths_and_keys_are_refused() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            data("s", "/__proto__/polluted", json!(true)),
            data("s", "/constructor/prototype/x", json!(1)),
            data(
                "s",
                "/ok",
                json!({"nested": {"__proto__": {"polluted": true}}}),
            ),
            data("s", "relative", json!(1)),
            data("s", "/bad~2escape", json!(1)),
            comps(
                "s",
                json!([{"id": "root", "component": "Text", "text": {"path": "/a/__proto__"}}]),
            ),
            comps(
                "s",
                json!([{"id": "root", "component": "List", "children": {"componentId": "t", "path": "/items/prototype"}}]),
            ),
        ],
    );
    assert_eq!(
        codes(&s),
        [
            "path-forbidden-segment",
            "path-forbidden-segment",
            "data-forbidden-key",
            "path-not-absolute",
            "path-invalid",
            "path-forbidden-segment",
            "path-forbidden-segment"
        ]
    );
    assert_eq!(report(&s)["surfaces"][0]["dataModel"], json!({}));
}

#[test]
fn catalogs_not_advertised_are_refused_and_old_ids_are_aliases() {
    let mut other = create("x");
    other["createSurface"]["catalogId"] = json!("https://evil.example/catalog.json");
    let mut old = create("y");
    old["createSurface"]["catalogId"] =
        json!("https://a2ui.org/specification/v0_9/standard_catalog.json");
    let s = fold(
        Limits::default(),
        &[
            other,
            old,
            comps(
                "x",
                json!([{"id": "root", "component": "Row", "children": ["gone"]}]),
            ),
        ],
    );
    let r = report(&s);
    assert_eq!(
        r["surfaces"].as_array().unwrap().len(),
        1,
        "only the alias's"
    );
    assert_eq!(r["surfaces"][0]["surfaceId"], "y");
    assert_eq!(r["surfaces"][0]["catalogRendered"], true);
    // The refused surface's later envelopes name a surface that does not exist.
    assert_eq!(
        codes(&s),
        ["catalog-not-supported", "catalog-alias", "surface-unknown"]
    );
    assert_eq!(r["findings"][0]["severity"], "error");
    assert_eq!(r["findings"][0]["path"], "/createSurface/catalogId");
}

#[test]
fn urls_are_refused_by_scheme_and_by_the_host_allowlist() {
    let img = |u: &str| comps("s", json!([{"id": "root", "component": "Image", "url": u}]));
    let open = |u: &str| {
        comps(
            "s",
            json!([{"id": "b", "component": "Button", "child": "t", "action": {"functionCall": {"call": "openUrl", "args": {"url": u}}}}]),
        )
    };
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            img("javascript:alert(1)"),
            img("data:image/png;base64,AAAA"),
            img("http://a.example/x.png"),
            img("https://a.example/x.png"),
            open("javascript:alert(1)"),
        ],
    );
    assert_eq!(
        codes(&s),
        ["url-refused", "url-refused", "url-refused", "url-refused"]
    );
    let mut store = SurfaceStore::new(Limits::default());
    store.urls = UrlPolicy {
        allowed_hosts: Some(vec!["cdn.example".into()]),
    };
    for e in [
        create("s"),
        img("https://a.example/x.png"),
        img("https://cdn.example/x.png"),
    ] {
        store.apply_envelope(&e, &ApplyContext::default());
    }
    assert_eq!(codes(&store), ["url-refused"]);
    assert_eq!(store.report().applied, 2);
}

#[test]
fn a_surface_belongs_to_the_context_that_created_it() {
    let mut s = SurfaceStore::new(Limits::default());
    let (mine, theirs) = (in_context("ctx-1"), in_context("ctx-2"));
    assert!(s.apply_envelope(&create("s"), &mine));
    assert!(!s.apply_envelope(&comps("s", json!([text("root", "x")])), &theirs));
    assert!(s.apply_envelope(&comps("s", json!([text("root", "x")])), &mine));
    assert_eq!(codes(&s), ["surface-not-owned"]);
}

#[test]
fn update_storms_are_rate_limited_by_the_callers_clock() {
    let limits = Limits {
        update_burst: 3,
        updates_per_second: 2.0,
        ..Limits::default()
    };
    let mut s = SurfaceStore::new(limits);
    let at = |ms: f64| ApplyContext {
        context_id: None,
        now_ms: Some(ms),
    };
    s.apply_envelope(&create("s"), &at(0.0));
    let results: Vec<bool> = [0.0, 1.0, 2.0, 3.0, 4.0, 600.0, 601.0]
        .iter()
        .map(|&t| s.apply_envelope(&data("s", "/n", json!(t)), &at(t)))
        .collect();
    // Burst of 3, then refused until half a second has refilled one token.
    assert_eq!(results, [true, true, true, false, false, true, false]);
    assert_eq!(
        s.stats()
            .findings
            .get(&surfaces_core::Code::UpdateRateExceeded),
        Some(&3)
    );
}

fn one_past(limits: Limits, ok: &[Value], past: &[Value]) -> (SurfaceStore, SurfaceStore) {
    (fold(limits.clone(), ok), fold(limits, past))
}

#[test]
fn envelope_limit() {
    let limits = Limits {
        envelopes: 3,
        ..Limits::default()
    };
    let envs = [
        create("s"),
        data("s", "/a", json!(1)),
        data("s", "/b", json!(2)),
        data("s", "/c", json!(3)),
        data("s", "/d", json!(4)),
    ];
    let (at, past) = one_past(limits, &envs[..3], &envs);
    assert_eq!((at.report().applied, at.report().ignored), (3, 0));
    assert_eq!((past.report().applied, past.report().ignored), (3, 2));
    assert_eq!(
        codes(&past),
        ["envelope-limit"],
        "one finding, not one per envelope"
    );
}

#[test]
fn surface_limit() {
    let limits = Limits {
        surfaces: 2,
        ..Limits::default()
    };
    let (at, past) = one_past(
        limits,
        &[create("a"), create("b")],
        &[create("a"), create("b"), create("c")],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["surface-limit"]);
}

#[test]
fn component_limit() {
    let limits = Limits {
        components: 3,
        ..Limits::default()
    };
    let three = json!([text("a", "1"), text("b", "2"), text("c", "3")]);
    let (at, past) = one_past(
        limits,
        &[create("s"), comps("s", three.clone())],
        &[
            create("s"),
            comps("s", three),
            comps("s", json!([text("d", "4")])),
        ],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["component-limit"]);
    assert_eq!(report(&past)["surfaces"][0]["components"], 3);
}

#[test]
fn depth_limit() {
    let chain = |n: usize| {
        let mut c: Vec<Value> = (0..n - 1)
            .map(|i| json!({"id": if i == 0 { "root".to_string() } else { format!("c{i}") }, "component": "Card", "child": format!("c{}", i + 1)}))
            .collect();
        c.push(text(&format!("c{}", n - 1), "leaf"));
        comps("s", Value::Array(c))
    };
    let limits = Limits {
        depth: 5,
        ..Limits::default()
    };
    let (at, past) = one_past(limits, &[create("s"), chain(5)], &[create("s"), chain(6)]);
    assert_eq!(report(&at)["surfaces"][0]["placeholders"], json!([]));
    assert_eq!(
        report(&past)["surfaces"][0]["placeholders"],
        json!([{"componentId": "c5", "reason": "depth"}])
    );
    // The default, 20.
    let (at, past) = one_past(
        Limits::default(),
        &[create("s"), chain(20)],
        &[create("s"), chain(21)],
    );
    assert_eq!(report(&at)["surfaces"][0]["placeholders"], json!([]));
    assert_eq!(
        report(&past)["surfaces"][0]["placeholders"][0]["reason"],
        "depth"
    );
}

#[test]
fn data_model_bytes_limit() {
    // {"k":"…"} is 8 bytes plus the string.
    let limits = Limits {
        data_model_bytes: 20,
        ..Limits::default()
    };
    let (at, past) = one_past(
        limits,
        &[create("s"), data("s", "/k", json!("x".repeat(12)))],
        &[create("s"), data("s", "/k", json!("x".repeat(13)))],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["data-model-too-large"]);
    assert_eq!(
        report(&past)["surfaces"][0]["dataModel"],
        json!({}),
        "a refused update leaves the model as it was"
    );
}

/// Floats of 16 or 17 digits, as computed values are, are counted at their widest while a
/// large value is read, and the model's limit is held to their exact length: at the limit
/// and one past it, from text (tapes) and from parsed values alike, and the refusal names
/// the exact size.
#[test]
fn data_model_bytes_limit_with_computed_floats() {
    let floats: Vec<f64> = (1..80).map(|i| f64::from(i) / 7.0).collect();
    let value = json!({"f": floats, "n": 1e-7, "s": "x"});
    // {"k": value}
    let exact = serde_json::to_string(&value).unwrap().len() + 6;
    let limits = |bytes| Limits {
        data_model_bytes: bytes,
        ..Limits::default()
    };
    let envs = [create("s"), data("s", "/k", value.clone())];
    for fold in [fold, fold_text] {
        let at = fold(limits(exact), &envs);
        assert!(codes(&at).is_empty(), "{:?}", at.findings());
        assert_eq!(report(&at)["surfaces"][0]["dataModel"]["k"], value);
        let past = fold(limits(exact - 1), &envs);
        assert_eq!(codes(&past), ["data-model-too-large"]);
        assert!(
            past.findings()[0]
                .message
                .contains(&format!("would be {exact} bytes")),
            "{}",
            past.findings()[0].message
        );
        assert_eq!(report(&past)["surfaces"][0]["dataModel"], json!({}));
    }
    // Near the limit the whole model is measured: a second value of such floats beside the
    // first fits exactly when both do.
    let second = data("s", "/j", value.clone());
    let both = 2 * exact - 1; // {"j":…,"k":…}
    for fold in [fold, fold_text] {
        let envs = [create("s"), data("s", "/k", value.clone()), second.clone()];
        assert!(codes(&fold(limits(both), &envs)).is_empty());
        assert_eq!(
            codes(&fold(limits(both - 1), &envs)),
            ["data-model-too-large"]
        );
    }
}

/// Writes beside and into a large value read from text (kept as a tape, which such a write
/// splits: only its path is built, the large values beside it stay tapes, unmeasured) are
/// held to the model's limit exactly as on parsed values, at the limit and one byte past
/// it: the parts split off far from the limit are measured when a later write nears it.
#[test]
fn writes_beside_a_large_value_are_held_to_the_limit() {
    let floats: Vec<f64> = (1..1000).map(|i| f64::from(i) / 7.0).collect();
    let rows: Vec<Value> = (0..100)
        .map(|i| json!({"id": i, "note": "x".repeat(40), "at": [f64::from(i) / 3.0, 1e-9]}))
        .collect();
    let value =
        json!({"grid": floats, "rows": rows, "title": "t", "more": {"a": "y".repeat(5000)}});
    let envs = [
        create("s"),
        data("s", "/", value),
        data("s", "/status", json!("ok")),
        data("s", "/rows/3/note", json!("z")),
        data("s", "/title", json!("a longer title")),
        data("s", "/more/b", json!([1, 2, 3])),
        // Far from the limit until this one, which nears it: the model is measured whole.
        data("s", "/extra", json!("e".repeat(20_000))),
        data("s", "/rows/99", json!(null)),
        data("s", "/grid/8", json!(1e-300 / 3.0)),
    ];
    // The model at its largest, after some write.
    let model_after = |n: usize| {
        let s = fold(Limits::default(), &envs[..n]);
        assert!(codes(&s).is_empty(), "{:?}", s.findings());
        report(&s)["surfaces"][0]["dataModel"].clone()
    };
    let size = (2..=envs.len())
        .map(|n| model_after(n).to_string().len())
        .max()
        .unwrap();
    let model = model_after(envs.len());
    let limits = |bytes| Limits {
        data_model_bytes: bytes,
        ..Limits::default()
    };
    for bytes in [size + 1, size, size - 1, size - 10_000] {
        let (by_value, by_text) = (fold(limits(bytes), &envs), fold_text(limits(bytes), &envs));
        assert_eq!(state(&by_value), state(&by_text), "{bytes}");
        let want: &[&str] = if bytes >= size {
            &[]
        } else {
            &["data-model-too-large"]
        };
        assert_eq!(codes(&by_text), want, "{bytes}");
    }
    assert_eq!(
        report(&fold_text(limits(size), &envs))["surfaces"][0]["dataModel"],
        model
    );
}

/// A write into a part a split left (a list beside an earlier write's path) is made in the
/// part's bytes, once; the next write through it builds it. Folded from text (tapes, split
/// and written in place) and from parsed values (built), the two agree after every
/// envelope, far from the model's limit and at it: for writes that replace a member or an
/// item (by a small value, a large one, a deep one) or add one (a new key, an append), and
/// for those no part takes in place (padding, through a number, a delete, a second write).
#[test]
fn writes_into_parts_agree_with_writes_into_values() {
    let list = |k: u32| -> Vec<Value> {
        (0..120)
            .map(|i| json!({"id": i, "name": format!("n{k}-{i} \"q\" é"), "score": f64::from(i) / 7.0, "tags": ["a", {"b": null}]}))
            .collect()
    };
    let delete = |path: &str| json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": path}});
    let roomy = || Limits {
        data_model_bytes: 1 << 20,
        ..Limits::default()
    };
    let envs = [
        create("s"),
        data(
            "s",
            "/",
            json!({"l0": list(0), "l1": list(1), "l2": list(2), "l3": list(3), "l4": list(4), "l5": list(5), "l6": list(6), "l7": list(7), "title": "t"}),
        ),
        // Splits the root: each list is a part.
        data("s", "/title", json!("split")),
        data("s", "/l0/5/name", json!("one".repeat(1000))),
        data("s", "/l0/6/name", json!("two")),
        data(
            "s",
            "/l1/7",
            json!({"id": 7, "rows": [1.5, "x".repeat(5000)]}),
        ),
        data("s", "/l1/7/rows/0/x", json!(1)),
        data("s", "/l2/8/tags/1/b", json!([true, 1e-7, "b".repeat(3000)])),
        data("s", "/l2/8/tags/1/b/0", json!(false)),
        data("s", "/l3/2/name", json!("c".repeat(3000))),
        data("s", "/l3/9/id/x", json!(1)),
        data("s", "/l4/1/name", json!("d".repeat(3000))),
        data("s", "/l4/9/new", json!(1)),
        data("s", "/l5/120", json!({"id": 120})),
        data("s", "/l5/130/x", json!(1)),
        data("s", "/l5/3/id", json!(-3)),
        data("s", "/l6/4/note \"é\"", json!({"new": "key"})),
        data("s", "/l6/4/note \"é\"/new", json!("again")),
        data("s", "/l7/-", json!({"id": 120})),
        data("s", "/l7/-", json!({"id": 121})),
        delete("/l5/4"),
    ];
    for n in 2..=envs.len() {
        let (by_value, by_text) = (fold(roomy(), &envs[..n]), fold_text(roomy(), &envs[..n]));
        assert_eq!(state(&by_value), state(&by_text), "after {}", envs[n - 1]);
    }
    let s = fold_text(roomy(), &envs);
    assert_eq!(codes(&s), ["path-unreachable", "path-unreachable"]);
    let model = &report(&s)["surfaces"][0]["dataModel"];
    assert_eq!(model["l0"][5]["name"], "one".repeat(1000));
    assert_eq!(
        model["l2"][8]["tags"][1]["b"],
        json!([false, 1e-7, "b".repeat(3000)])
    );
    // (A write into a part is counted as it is made, as any other.)
    agree_at_limits(&envs, roomy(), 499);
}

/// Folds `envs` from text and from parsed values at data-model limits from the first
/// model's size to the largest's, so that each write in turn is the one refused: at the
/// largest, one byte under it, and every `step` bytes under that. The two agree at each,
/// and refuse a write exactly under the largest.
fn agree_at_limits(envs: &[Value], roomy: Limits, step: usize) {
    let sizes: Vec<usize> = (2..=envs.len())
        .map(|n| {
            report(&fold(roomy.clone(), &envs[..n]))["surfaces"][0]["dataModel"]
                .to_string()
                .len()
        })
        .collect();
    let size = *sizes.iter().max().unwrap();
    for bytes in (sizes[0]..size).step_by(step).chain([size - 1, size]) {
        let limits = || Limits {
            data_model_bytes: bytes,
            ..Limits::default()
        };
        let (by_value, by_text) = (fold(limits(), envs), fold_text(limits(), envs));
        assert_eq!(state(&by_value), state(&by_text), "{bytes}");
        assert_eq!(
            codes(&by_text).contains(&"data-model-too-large"),
            bytes < size,
            "{bytes}"
        );
    }
}

/// Large lists and maps a write goes into are kept item by item (only the items written
/// into are built): set at their own paths, inside a larger value (kept so by its split, two
/// levels down), and in parts a split left. Folded from text (kept item by item) and from
/// parsed values (built), the two agree after every envelope, far from the model's limit
/// and at it: for patches in any order and again into one item, deep writes, an item
/// replaced by a large value (built, not kept as a tape inside the list), appends by index
/// and by `-`, padding, new keys, deletes of items on the tape and built, and the whole list
/// replaced after.
#[test]
fn writes_into_long_lists_agree_with_writes_into_values() {
    let list = |k: u32, n: u32| -> Vec<Value> {
        (0..n)
            .map(|i| json!({"id": format!("o-{k}-{i}"), "total": f64::from(i) / 3.0, "status": "new", "lines": [{"sku": format!("s{i}"), "qty": i % 5}]}))
            .collect()
    };
    // Keyed `k-{i}`, and one in seven by a key that needs escapes.
    let map = |k: u32, n: u32| -> Value {
        list(k, n)
            .into_iter()
            .enumerate()
            .map(|(i, v)| match i % 7 {
                0 => (format!("é \"q\" {i}"), v),
                _ => (format!("k-{i}"), v),
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let delete = |path: &str| json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": path}});
    // At a list of `n` items: an append by index and by `-`, an index that pads, a delete
    // of an item on the tape and of one built, and a write through the first.
    let edges = |list: &str, n: usize, on_tape: usize, built: usize| {
        [
            data("s", &format!("{list}/{n}"), json!({"id": "appended"})),
            data("s", &format!("{list}/-"), json!({"id": "dash"})),
            data("s", &format!("{list}/{}/status", n + 5), json!("padded")),
            delete(&format!("{list}/{on_tape}")),
            delete(&format!("{list}/{built}")),
            data("s", &format!("{list}/{on_tape}/x"), json!(1)),
        ]
    };
    let roomy = || Limits {
        data_model_bytes: 1 << 20,
        ..Limits::default()
    };
    let mut envs = vec![
        create("s"),
        data(
            "s",
            "/",
            json!({"title": "t", "orders": list(0, 300), "side": {"a": list(1, 80), "b": list(2, 80), "m": map(9, 80)}}),
        ),
        // The first write through the root's tape splits it: a map two levels down on the
        // path is kept item by item, the lists beside it are parts.
        data("s", "/side/m/k-3/status", json!("first")),
        data("s", "/side/m/k-5/status", json!("second")),
        // A list below a stored tape's top, kept item by item by its split.
        data("s", "/deep", json!({"rows": list(9, 100), "n": 1})),
        data("s", "/deep/rows/5/status", json!("paid")),
        data("s", "/deep/rows/7/status", json!("paid")),
        data("s", "/deep/n", json!(2)),
    ];
    envs.extend(edges("/deep/rows", 100, 20, 5));
    envs.extend([
        data("s", "/deep/rows/9/lines/0/qty", json!(7)),
        // A map of one member, the one the path goes into: nothing left to keep.
        data(
            "s",
            "/one",
            json!({"x": {"only": "s".repeat(4086)}, "y": 1}),
        ),
        data("s", "/one/x/only", json!(1)),
        data("s", "/one/x/other", json!(2)),
        data("s", "/t0", json!(list(3, 200))),
        data("s", "/t1", json!(list(4, 200))),
        data("s", "/m0", map(6, 150)),
        // Into a map stored at its own path: by key, a key that needs escapes, a new key,
        // a member replaced by a large value, deleted, and most of its members in turn.
        data("s", "/m0/k-40/status", json!("paid")),
        data("s", "/m0/é \"q\" 7/total", json!(2)),
        data("s", "/m0/new", json!({"id": "new"})),
        data("s", "/m0/k-3", json!({"pad": "p".repeat(600)})),
        data("s", "/m0/k-90/status", json!("late")),
        delete("/m0/k-41"),
        delete("/m0/k-42/lines"),
        data("s", "/m0/k-41/status", json!("gone")),
        // Into the list inside the root's value.
        data("s", "/orders/150/status", json!("paid")),
        data("s", "/orders/3/status", json!("paid")),
        data("s", "/orders/3/lines/0/qty", json!(9)),
        data("s", "/orders/299/total", json!(1.5)),
        data(
            "s",
            "/orders/0",
            json!({"id": "big", "pad": "p".repeat(600)}),
        ),
        data("s", "/orders/200/status", json!("late")),
        data("s", "/orders/0/pad", json!("q")),
    ]);
    envs.extend(edges("/orders", 300, 10, 150));
    envs.extend([
        // Into lists stored at their own paths.
        data("s", "/t0/7/status", json!("paid")),
        data("s", "/t0/199/lines/-", json!({"sku": "more"})),
        data("s", "/t1/0/status/deeper", json!(1)),
        data("s", "/t1/01", json!(1)),
        data("s", "/t1/x", json!(1)),
        data("s", "/t0/7/status", json!("shipped")),
        // Into lists a split left as parts: the first write is made in its bytes, the next
        // keeps it item by item.
        data("s", "/side/a/4/status", json!("paid")),
        data("s", "/side/a/5/status", json!("paid")),
        data("s", "/side/a/6", json!(["r".repeat(700)])),
        data("s", "/side/b/3/status", json!("paid")),
        data("s", "/side/b/4/status", json!("paid")),
        // The whole list replaced, then written into again.
        data("s", "/t0", json!(list(5, 150))),
        data("s", "/t0/20/status", json!("again")),
        delete("/t1"),
        data("s", "/t1/0", json!(1)),
    ]);
    // Past half the map's members and half a list's items written into: the rest are built.
    for i in 0..150 {
        envs.push(data("s", &format!("/m0/k-{i}/total"), json!(i)));
    }
    envs.push(data("s", "/t2", json!(list(7, 100))));
    for i in (0..100).rev() {
        envs.push(data("s", &format!("/t2/{i}/status"), json!(i)));
    }
    for n in 2..=envs.len() {
        let (by_value, by_text) = (fold(roomy(), &envs[..n]), fold_text(roomy(), &envs[..n]));
        assert_eq!(state(&by_value), state(&by_text), "after {}", envs[n - 1]);
    }
    let s = fold_text(roomy(), &envs);
    assert_eq!(
        codes(&s),
        ["path-unreachable", "path-unreachable", "path-unreachable"]
    );
    let model = &report(&s)["surfaces"][0]["dataModel"];
    assert_eq!(model["orders"][3]["lines"][0]["qty"], 9);
    assert_eq!(model["orders"][0]["pad"], "q");
    assert_eq!(model["orders"][200]["status"], "late");
    assert_eq!(model["orders"][150], Value::Null);
    assert_eq!(model["orders"][304], Value::Null);
    assert_eq!(model["orders"][305]["status"], "padded");
    assert_eq!(model["t0"][20]["status"], "again");
    assert_eq!(model["t0"][7]["status"], "new");
    assert_eq!(model["side"]["a"][6][0], "r".repeat(700));
    assert_eq!(model["t1"], json!([1]));
    assert_eq!(model["side"]["m"]["k-5"]["status"], "second");
    assert_eq!(model["side"]["b"][4]["status"], "paid");
    assert_eq!(model["deep"]["rows"][7]["status"], "paid");
    assert_eq!(model["one"]["x"], json!({"only": 1, "other": 2}));
    assert_eq!(model["m0"]["k-40"]["status"], "paid");
    assert_eq!(model["m0"]["é \"q\" 7"]["total"], 2);
    assert_eq!(model["m0"]["k-41"], json!({"status": "gone", "total": 41}));
    assert_eq!(model["t2"][0]["status"], 0);
    assert_eq!(model["m0"]["k-3"]["pad"], "p".repeat(600));
    assert_eq!(model["m0"]["new"]["id"], "new");
    agree_at_limits(&envs, roomy(), 997);
}

/// A write refused (here for its padding) leaves the model as it was, on the path where it is
/// tried on the live model (well under the limit) as on the one where it is tried on a copy:
/// the containers it would have made on the way were model bytes no limit counted, so an
/// agent could grow the model without bound by repeating it with new keys. And text and
/// parsed values agree although a tape of computed floats is measured at a bound.
#[test]
fn a_refused_write_makes_no_containers() {
    let key = "k".repeat(400);
    let mut envs = vec![create("s")];
    for i in 0..20 {
        envs.push(data("s", &format!("/{key}{i}/10001"), json!(1)));
        envs.push(data("s", &format!("/{key}{i}/0/x/10001"), json!(1)));
    }
    for fold in [fold, fold_text] {
        let s = fold(Limits::default(), &envs);
        assert_eq!(codes(&s), ["data-model-too-large"; 40]);
        assert_eq!(report(&s)["surfaces"][0]["dataModel"], json!({}));
    }
    let floats: Vec<f64> = (1..600).map(|i| f64::from(i) / 7.0).collect();
    let envs = [
        create("s"),
        data("s", "/f", json!(floats)),
        data("s", "/m/10300", json!(1)),
    ];
    let (by_value, by_text) = (
        fold(Limits::default(), &envs),
        fold_text(Limits::default(), &envs),
    );
    assert_eq!(codes(&by_value), ["data-model-too-large"]);
    assert_eq!(state(&by_value), state(&by_text));
}

#[test]
fn text_chars_limit() {
    let limits = Limits {
        text_chars: 5,
        ..Limits::default()
    };
    let (at, past) = one_past(
        limits,
        &[
            create("s"),
            comps("s", json!([text("root", "éééé\u{1F600}")])),
        ],
        &[create("s"), comps("s", json!([text("root", "123456")]))],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["text-too-long"]);
    assert_eq!(
        past.findings()[0].path,
        "/updateComponents/components/0/text"
    );
}

#[test]
fn options_limit() {
    let picker = |n: usize| {
        let options: Vec<Value> = (0..n)
            .map(|i| json!({"label": format!("o{i}"), "value": format!("{i}")}))
            .collect();
        comps(
            "s",
            json!([{"id": "root", "component": "ChoicePicker", "options": options, "value": []}]),
        )
    };
    let (at, past) = one_past(
        Limits::default(),
        &[create("s"), picker(50)],
        &[create("s"), picker(51)],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["too-many-options"]);
}

#[test]
fn id_chars_limit() {
    let (at, past) = one_past(
        Limits::default(),
        &[create(&"s".repeat(128))],
        &[create(&"s".repeat(129))],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["id-too-long"]);
    let (at, past) = one_past(
        Limits::default(),
        &[
            create("s"),
            comps("s", json!([text(&"c".repeat(128), "x")])),
        ],
        &[
            create("s"),
            comps("s", json!([text(&"c".repeat(129), "x")])),
        ],
    );
    assert!(codes(&at).is_empty());
    assert_eq!(codes(&past), ["id-too-long"]);
}

#[test]
fn part_bytes_limit() {
    let limits = Limits {
        part_bytes: 120,
        ..Limits::default()
    };
    let env = create("s");
    let size = serde_json::to_string(&json!([env])).unwrap().len();
    let mut at = SurfaceStore::new(Limits {
        part_bytes: size,
        ..limits.clone()
    });
    let part =
        json!({"kind": "data", "data": [env], "metadata": {"mimeType": "application/a2ui+json"}});
    at.apply_part(part.clone(), true, &ApplyContext::default());
    let mut past = SurfaceStore::new(Limits {
        part_bytes: size - 1,
        ..limits
    });
    past.apply_part(part, true, &ApplyContext::default());
    assert_eq!(at.report().applied, 1);
    assert_eq!(
        (past.report().applied, codes(&past)),
        (0, vec!["part-too-large"])
    );
}

/// A part's data given as text ([`SurfaceStore::apply_part_text`]) folds as the parsed part
/// does, its size being the text's length; the limit at that length and one byte short.
#[test]
fn a_part_given_as_text_folds_as_the_parsed_part() {
    use surfaces_core::a2ui::PartOutcome;
    let ctx = ApplyContext::default();
    let data = json!([
        create("s"),
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"children": ["t"], "component": "Column", "id": "root"},
            {"component": "Text", "id": "t", "text": {"path": "/name"}},
            {"component": "Nope", "id": "x"}
        ]}},
        {"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": "/name", "value": "Ada"}},
        "not an envelope"
    ]);
    let text = serde_json::to_string(&data).unwrap();
    let part =
        json!({"kind": "data", "data": data, "metadata": {"mimeType": "application/a2ui+json"}});
    let report = |s: &SurfaceStore| serde_json::to_value(s.report()).unwrap();
    for (media, advertised) in [
        (Some("application/a2ui+json"), true),
        (Some("application/json+a2ui"), true),
        (Some("application/json"), true),
        (None, true),
        (Some("application/a2ui+json"), false),
    ] {
        let mut parsed = SurfaceStore::new(Limits::default());
        let mut part = part.clone();
        match media {
            Some(m) => part["metadata"]["mimeType"] = json!(m),
            None => part
                .as_object_mut()
                .unwrap()
                .remove("metadata")
                .map(drop)
                .unwrap(),
        }
        let by_value = parsed.apply_part(part, advertised, &ctx);
        let mut given = SurfaceStore::new(Limits::default());
        let by_text = given.apply_part_text(media, Some(&text), advertised, &ctx);
        assert_eq!(by_value, by_text, "{media:?} {advertised}");
        assert_eq!(report(&parsed), report(&given), "{media:?} {advertised}");
    }
    let mut none = SurfaceStore::new(Limits::default());
    assert_eq!(
        none.apply_part_text(Some("application/a2ui+json"), None, true, &ctx),
        PartOutcome::NotA2ui
    );
    for (limit, applied) in [(text.len(), 4), (text.len() - 1, 0)] {
        let mut s = SurfaceStore::new(Limits {
            part_bytes: limit,
            ..Limits::default()
        });
        let outcome = s.apply_part_text(Some("application/a2ui+json"), Some(&text), true, &ctx);
        assert_eq!(outcome, PartOutcome::A2ui(applied), "{limit}");
        if applied == 0 {
            assert_eq!(codes(&s), ["part-too-large"]);
        }
    }
    // A part that is not A2UI is not measured: nothing is said of it.
    let mut small = SurfaceStore::new(Limits {
        part_bytes: 1,
        ..Limits::default()
    });
    let other = small.apply_part_text(Some("application/json"), Some(&text), true, &ctx);
    assert_eq!((other, codes(&small).len()), (PartOutcome::NotA2ui, 0));
}

#[test]
fn parts_need_the_media_type_and_an_advertising_agent() {
    use surfaces_core::a2ui::PartOutcome;
    let env = create("s");
    let mut s = SurfaceStore::new(Limits::default());
    let ctx = ApplyContext::default();
    let typed =
        |m: &str, data: Value| json!({"kind": "data", "data": data, "metadata": {"mimeType": m}});
    assert_eq!(
        s.apply_part(typed("application/json", json!([env])), true, &ctx),
        PartOutcome::NotA2ui
    );
    assert_eq!(
        s.apply_part(typed("application/a2ui+json", json!([env])), false, &ctx),
        PartOutcome::NotA2ui
    );
    assert_eq!(
        s.apply_part(json!({"kind": "text", "text": "hi"}), true, &ctx),
        PartOutcome::NotA2ui
    );
    assert_eq!(
        s.apply_part(
            typed("application/json+a2ui", json!({"messages": [env]})),
            true,
            &ctx
        ),
        PartOutcome::A2ui(1)
    );
    assert_eq!(
        s.apply_part(
            json!({"data": create("t"), "mediaType": "application/a2ui+json"}),
            true,
            &ctx
        ),
        PartOutcome::A2ui(1)
    );
    assert_eq!(s.report().surfaces.len(), 2);
}

#[test]
fn text_input_as_array_messages_or_json_lines() {
    let lines = format!(
        "{}\n\n{}\nnot json\n",
        create("a"),
        comps("a", json!([text("root", "x")]))
    );
    let mut s = SurfaceStore::new(Limits::default());
    assert_eq!(s.apply_text(&lines, &ApplyContext::default()), 3);
    assert_eq!((s.report().applied, s.report().ignored), (2, 1));
    assert_eq!(codes(&s), ["envelope-not-json"]);
    let mut s = SurfaceStore::new(Limits::default());
    s.apply_text(
        &json!({"messages": [create("a"), create("b")]}).to_string(),
        &ApplyContext::default(),
    );
    assert_eq!(s.report().applied, 2);
}

#[test]
fn edits_are_an_overlay_agent_updates_never_erase() {
    let mut s = fold(
        Limits::default(),
        &[
            create("s"),
            data("s", "/", json!({"form": {"name": "", "age": 1}})),
        ],
    );
    s.edit("s", "/form/name", json!("Ada")).unwrap();
    s.apply_envelope(
        &data("s", "/form", json!({"name": "agent's", "age": 2})),
        &ApplyContext::default(),
    );
    let r = report(&s);
    assert_eq!(
        r["surfaces"][0]["dataModel"],
        json!({"form": {"name": "Ada", "age": 2}})
    );
    assert!(s.edit("s", "/__proto__/x", json!(1)).is_err());
    assert!(s.edit("nope", "/x", json!(1)).is_err());
    assert!(s.edit("s", "", json!(1)).is_err());
}

fn button_surface(context: Value) -> SurfaceStore {
    fold(
        Limits::default(),
        &[
            create("s"),
            data(
                "s",
                "/",
                json!({"form": {"email": "agent@example.com", "n": 3}}),
            ),
            comps(
                "s",
                json!([
                    {"id": "root", "component": "Button", "child": "t", "action": {"event": {"name": "submit", "context": context}}},
                    text("t", "Send"),
                    {"id": "local", "component": "Button", "child": "t2", "action": {"functionCall": {"call": "openUrl", "args": {"url": "https://a.example/"}}}},
                ]),
            ),
        ],
    )
}

#[test]
fn actions_resolve_context_from_the_effective_model_at_click_time() {
    let mut s = button_surface(
        json!({"email": {"path": "/form/email"}, "n": {"path": "/form/n"}, "fixed": "yes", "gone": {"path": "/missing"}, "fn": {"call": "required", "args": {"value": "x"}}}),
    );
    s.edit("s", "/form/email", json!("person@example.com"))
        .unwrap();
    let msg = s.action("s", "root", "2026-11-30T12:00:00Z").unwrap();
    assert_eq!(
        msg,
        json!({"version": "v0.9", "action": {"name": "submit", "surfaceId": "s", "sourceComponentId": "root", "timestamp": "2026-11-30T12:00:00Z",
            "context": {"email": "person@example.com", "n": 3, "fixed": "yes", "fn": true}}})
    );
    assert!(matches!(
        s.action("s", "local", "2026-11-30T12:00:00Z"),
        Err(surfaces_core::a2ui::ActionError::LocalFunction)
    ));
    assert!(s.action("s", "t", "x").is_err(), "a Text has no action");
}

#[test]
fn action_context_bytes_limit() {
    // {"v":"…"} is 8 bytes plus the string; the default limit is 16384. Text literals are
    // capped at 5000 characters, so the long value comes from the data model.
    let with = |n: usize| {
        let mut s = button_surface(json!({"v": {"path": "/big"}}));
        s.apply_envelope(
            &data("s", "/big", json!("x".repeat(n))),
            &ApplyContext::default(),
        );
        s
    };
    assert!(with(16384 - 8)
        .action("s", "root", "2026-11-30T12:00:00Z")
        .is_ok());
    assert!(matches!(
        with(16384 - 7).action("s", "root", "2026-11-30T12:00:00Z"),
        Err(surfaces_core::a2ui::ActionError::ContextTooLarge {
            bytes: 16385,
            limit: 16384
        })
    ));
}

#[test]
fn action_names_are_1_to_128_characters() {
    let named = |n: &str| {
        fold(
            Limits::default(),
            &[
                create("s"),
                comps(
                    "s",
                    json!([{"id": "root", "component": "Button", "child": "t", "action": {"event": {"name": n}}}, text("t", "x")]),
                ),
            ],
        )
    };
    assert!(named(&"n".repeat(128))
        .action("s", "root", "2026-11-30T12:00:00Z")
        .is_ok());
    assert!(named(&"n".repeat(129))
        .action("s", "root", "2026-11-30T12:00:00Z")
        .is_err());
    assert!(named("")
        .action("s", "root", "2026-11-30T12:00:00Z")
        .is_err());
}

#[test]
fn stats_hold_codes_and_counts_only() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps("s", json!([text("root", "SECRET-AGENT-TEXT")])),
            data("s", "/secret", json!("SECRET-VALUE")),
        ],
    );
    let stats = serde_json::to_string(&s.stats()).unwrap();
    assert!(!stats.contains("SECRET"), "{stats}");
    assert_eq!(s.stats().components.get("Text"), Some(&1));
}

/// Everything a store shows: report, findings (with messages), counters.
fn state(s: &SurfaceStore) -> (Value, Vec<String>, String) {
    (
        report(s),
        s.findings().iter().map(|f| format!("{f:?}")).collect(),
        format!("{:?}", s.stats()),
    )
}

/// Text (where data updates take a fast path) and parsed values (the general path) fold
/// alike, findings included, on the edge cases of the fast path: null paths and values,
/// repeated keys, escapes, key order, versions, limits, rate, ownership.
#[test]
fn text_and_parsed_values_fold_alike() {
    let d = |body: &str| format!(r#"{{"version":"v0.9","updateDataModel":{body}}}"#);
    let envelopes = [
        format!(
            r#"{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}}"#
        ),
        d(r#"{"surfaceId":"s","path":"/a","value":1}"#),
        d(r#"{"surfaceId":"s","path":"/a","value":null}"#),
        d(r#"{"surfaceId":"s","path":"/a"}"#),
        d(r#"{"surfaceId":"s","path":null,"value":1}"#),
        d(r#"{"surfaceId":"s","value":{"whole":true}}"#),
        d(r#"{"surfaceId":"s","value":[1]}"#),
        d(r#"{"surfaceId":"s","path":"/b/0/c","value":"x\"y"}"#),
        d(r#"{"surfaceId":"s\u0073","path":"/esc","value":2}"#),
        r#"{"updateDataModel":{"value":5,"path":"/order","surfaceId":"s"},"version":"v0.9.1"}"#
            .into(),
        r#"{"version":"v1.0","updateDataModel":{"surfaceId":"s","path":"/v","value":6}}"#.into(),
        d(r#"{"surfaceId":"s","path":"/a","value":1,"extra":1}"#),
        d(r#"{"surfaceId":"nope","path":"/a","value":1}"#),
        d(r#"{"surfaceId":"s","path":"a/b","value":1}"#),
        d(r#"{"surfaceId":"s","path":"/~2","value":1}"#),
        d(r#"{"surfaceId":"s","path":"/__proto__/x","value":1}"#),
        d(r#"{"surfaceId":"s","path":"/p","value":{"constructor":1}}"#),
        d(r#"{"surfaceId":"s","path":"/a/b","value":1}"#),
        d(r#"{"surfaceId":"s","path":"/big","value":"0123456789012345678901234567890123456789"}"#),
        d(&format!(
            r#"{{"surfaceId":"{}","path":"/a","value":1}}"#,
            "i".repeat(20)
        )),
        d(r#"{"surfaceId":"s","path":"/n","value":123456789.5}"#),
        d(r#"{"surfaceId":"s","path":"/a","value":7}"#),
        d(r#"{"surfaceId":"s","path":"/a","value":8}"#),
        d(r#"{"surfaceId":"s","path":"/a","value":9}"#),
    ];
    let text = format!("[{}]", envelopes.join(","));
    for (limits, ctx) in [
        (Limits::default(), ApplyContext::default()),
        (
            Limits {
                data_model_bytes: 120,
                id_chars: 10,
                envelopes: 24,
                update_burst: 20,
                ..Limits::default()
            },
            ApplyContext {
                context_id: Some("task".into()),
                now_ms: Some(0.0),
            },
        ),
    ] {
        // As one batch, and one envelope at a time (so no later update can hide a difference).
        let mut by_text = SurfaceStore::new(limits.clone());
        assert_eq!(by_text.apply_text(&text, &ctx), envelopes.len());
        let mut by_value = SurfaceStore::new(limits.clone());
        by_value.apply_data_owned(serde_json::from_str(&text).unwrap(), &ctx);
        assert_eq!(state(&by_text), state(&by_value));
        assert!(by_text.report().applied > 5 && by_text.report().ignored > 5);
        let mut by_text = SurfaceStore::new(limits.clone());
        let mut by_value = SurfaceStore::new(limits);
        for e in &envelopes {
            by_text.apply_text(&format!("[{e}]"), &ctx);
            by_value.apply_data_owned(serde_json::from_str(e).unwrap(), &ctx);
            assert_eq!(state(&by_text), state(&by_value), "after {e}");
        }
    }
    // Another context may not write into the surface, by either path.
    let mut a = SurfaceStore::new(Limits::default());
    let mut b = SurfaceStore::new(Limits::default());
    let (own, other) = (in_context("mine"), in_context("theirs"));
    let update = format!("[{}]", d(r#"{"surfaceId":"s","path":"/a","value":1}"#));
    for s in [&mut a, &mut b] {
        s.apply_text(&format!("[{}]", envelopes[0]), &own);
    }
    a.apply_text(&update, &other);
    b.apply_data_owned(serde_json::from_str(&update).unwrap(), &other);
    assert_eq!(state(&a), state(&b));
    assert_eq!(codes(&a), ["surface-not-owned"]);
}

/// A key given twice is read differently by parsers that keep the first and those that keep
/// the last: in text it refuses its envelope (parsed values cannot carry one, so there the
/// two paths differ by design).
#[test]
fn a_repeated_key_refuses_its_envelope_in_text() {
    let d = |body: &str| format!(r#"{{"version":"v0.9","updateDataModel":{body}}}"#);
    for (dup, path) in [
        (
            d(r#"{"surfaceId":"s","surfaceId":"s","path":"/dup","value":3}"#),
            "/updateDataModel/surfaceId",
        ),
        (
            r#"{"version":"v0.8","version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/v","value":4}}"#.into(),
            "/version",
        ),
        (
            d(r#"{"surfaceId":"s","path":"/x","value":{"a":1,"\u0061":2}}"#),
            "/updateDataModel/value/a",
        ),
        // Past eight keys, and after an inner object with keys of its own closed.
        (
            d(r#"{"surfaceId":"s","path":"/x","value":{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k3":9}}"#),
            "/updateDataModel/value/k3",
        ),
        (
            d(r#"{"surfaceId":"s","path":"/x","value":{"a":{"b":1,"c":2},"d":3,"a":4}}"#),
            "/updateDataModel/value/a",
        ),
    ] {
        let text = format!("[{},{dup},{}]", create("s"), d(r#"{"surfaceId":"s","path":"/ok","value":1}"#));
        let mut s = SurfaceStore::new(Limits::default());
        assert_eq!(s.apply_text(&text, &ApplyContext::default()), 3);
        let r = s.report();
        assert_eq!((r.applied, r.ignored), (2, 1), "{dup}");
        assert_eq!(codes(&s), ["duplicate-key"]);
        assert_eq!(r.findings[0].path, path);
        assert_eq!(r.findings[0].envelope, Some(1));
    }
    // The keys of an object closed are not its parent's, nor its sibling's.
    let text = format!(
        "[{},{}]",
        create("s"),
        d(
            r#"{"surfaceId":"s","path":"/x","value":{"a":{"b":1,"c":{"b":2}},"b":[{"b":3},{"b":4}],"c":5}}"#
        )
    );
    let mut s = SurfaceStore::new(Limits::default());
    s.apply_text(&text, &ApplyContext::default());
    assert_eq!((s.report().applied, s.report().ignored), (2, 0));
}

/// Text nested past the JSON reader's depth limit refuses only its own envelope, and a key
/// that serde_json reserves for its own use is an ordinary key: no text inside a value is
/// parsed again, so nothing gets around the depth limit.
#[test]
fn the_json_reader_keeps_its_depth_limit_and_reserves_no_keys() {
    let deep = format!(
        r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/d","value":{}{}}}}}"#,
        "[".repeat(200),
        "]".repeat(200)
    );
    let text = format!(r#"[{},{deep}]"#, create("s"));
    let mut s = SurfaceStore::new(Limits::default());
    assert_eq!(s.apply_text(&text, &ApplyContext::default()), 2);
    assert_eq!(codes(&s), ["envelope-too-deep"]);
    assert_eq!(
        s.report().applied,
        1,
        "the envelope before it still applies"
    );

    // serde_json reads the first key of an object to decide this, so each stands alone.
    for key in [
        "$serde_json::private::RawValue",
        "$serde_json::private::Number",
    ] {
        let reserved = json!({ key: "[[[1]]]" });
        let text = json!([create("t"), data("t", "/r", reserved.clone())]).to_string();
        let mut s = SurfaceStore::new(Limits::default());
        s.apply_text(&text, &ApplyContext::default());
        assert_eq!(codes(&s), Vec::<&str>::new(), "{key}");
        assert_eq!(
            report(&s)["surfaces"][0]["dataModel"],
            json!({ "r": reserved }),
            "{key}"
        );
    }
}

/// Bidirectional controls in agent text (a component's string, a data-model value) are a
/// warning, as in cards: the envelope applies, the finding names where, and text without
/// them (including other non-ASCII text) gives none.
#[test]
fn bidi_controls_in_agent_text_are_a_warning() {
    let s = fold(
        Limits::default(),
        &[
            create("s"),
            comps("s", json!([text("root", "invoice\u{202E}fdp.exe")])),
            data(
                "s",
                "/who",
                json!({"name": ["Ada", "\u{2067}evil\u{2069}"]}),
            ),
            data("s", "/plain", json!("Grüße, Ωμέγα, 日本語 — “quoted”")),
        ],
    );
    let r = s.report();
    assert_eq!(r.applied, 4);
    let bidi: Vec<(&str, &str, Option<usize>)> = r
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.path.as_str(), f.envelope))
        .collect();
    assert_eq!(
        bidi,
        vec![
            (
                "text-bidi-control",
                "/updateComponents/components/0/text",
                Some(1)
            ),
            (
                "text-bidi-control",
                "/updateDataModel/value/name/1",
                Some(2)
            ),
        ]
    );
    assert!(r
        .findings
        .iter()
        .all(|f| f.severity == surfaces_core::Severity::Warning));
    assert!(
        r.findings[0].message.contains("U+202E"),
        "{}",
        r.findings[0].message
    );
}
