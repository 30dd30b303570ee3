//! Properties of the fold that hold for any stream (the standing hostile-input suite):
//! nothing panics, findings are well formed, limits are never exceeded, folding is
//! deterministic, and a stream folds alike as a JSON array, as parsed values and as JSON
//! Lines. Streams are generated from envelope parts an agent could send, hostile ones
//! included; proptest shrinks a failure to a short stream.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use serde_json::{json, Value};
use surfaces_core::a2ui::render::walk;
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

#[path = "support/streams.rs"]
mod streams;
use streams::*;

const IDS: [&str; 6] = ["root", "a", "b", "c", "__proto__", "x"];
const SEGS: [&str; 7] = ["a", "b", "0", "1", "-", "items", "constructor"];

fn limits() -> Limits {
    Limits {
        surfaces: 3,
        components: 12,
        data_model_bytes: 600,
        data_model_depth: 6,
        findings: 20,
        envelopes: 40,
        render_work: 200_000,
        ..Limits::default()
    }
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        "[a-z\u{202E}<>&]{0,12}".prop_map(Value::from),
        (0usize..3000).prop_map(|n| Value::from("w".repeat(n))),
    ];
    leaf.prop_recursive(8, 40, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(&SEGS[..]), inner, 0..4).prop_map(
                |m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
            ),
        ]
    })
}

fn path() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&SEGS[..]), 0..9)
        .prop_map(|segs| segs.iter().map(|s| format!("/{s}")).collect())
}

fn dynamic() -> impl Strategy<Value = Value> {
    prop_oneof![
        "[a-z ]{0,8}".prop_map(Value::from),
        path().prop_map(|p| json!({ "path": p })),
        (path(), "[a-z(|)*+{}0-9\\[\\]]{0,10}").prop_map(
            |(p, pat)| json!({"call": "regex", "args": {"value": {"path": p}, "pattern": pat}})
        ),
        "[a-z${}/ ]{0,16}".prop_map(|t| json!({"call": "formatString", "args": {"value": t}})),
    ]
}

fn component() -> impl Strategy<Value = Value> {
    let id = prop::sample::select(&IDS[..]);
    let child = prop::sample::select(&IDS[..]);
    prop_oneof![
        (id.clone(), dynamic())
            .prop_map(|(id, t)| json!({"id": id, "component": "Text", "text": t})),
        (id.clone(), prop::collection::vec(child.clone(), 0..3))
            .prop_map(|(id, c)| json!({"id": id, "component": "Column", "children": c})),
        (id.clone(), child.clone(), path()).prop_map(|(id, c, p)| json!({"id": id,
            "component": "List", "children": {"componentId": c, "path": p}})),
        (id.clone(), child.clone(), dynamic()).prop_map(|(id, c, cond)| json!({"id": id,
            "component": "Button", "child": c, "action": {"event": {"name": "go",
            "context": {"v": {"path": "/a"}}}}, "checks": [{"condition": cond, "message": "m"}]})),
        (id.clone(), path(), "[a-z+*]{0,6}").prop_map(|(id, p, re)| json!({"id": id,
            "component": "TextField", "label": "L", "value": {"path": p}, "validationRegexp": re})),
        (id, dynamic()).prop_map(|(id, u)| json!({"id": id, "component": "Image", "url": u})),
    ]
}

fn envelope() -> impl Strategy<Value = Value> {
    let sid = prop::sample::select(&["s", "t", "u", "v"][..]);
    prop_oneof![
        2 => sid.clone().prop_map(create),
        4 => (sid.clone(), prop::collection::vec(component(), 0..5)).prop_map(|(s, c)| comps(s, Value::Array(c))),
        4 => (sid.clone(), path(), value()).prop_map(|(s, p, v)| data(s, &p, v)),
        1 => sid.clone().prop_map(|s| json!({"version": "v0.9", "deleteSurface": {"surfaceId": s}})),
        1 => (sid, value()).prop_map(|(s, v)| json!({"version": "v0.8", "createSurface": {"surfaceId": s, "extra": v}})),
        1 => value(),
    ]
}

fn depth(v: &Value) -> usize {
    match v {
        Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

fn is_kebab(code: &str) -> bool {
    !code.is_empty()
        && code.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

fn check_invariants(s: &SurfaceStore, l: &Limits) {
    let r = s.report();
    assert_eq!(r.envelopes, r.applied + r.ignored);
    assert!(r.findings.len() <= l.findings + 1);
    // The stats count every finding, the report those up to the limit and then the rest.
    let counted = s.stats().findings.values().sum::<usize>();
    // (The count of the rest is the store's, not read back out of the message.)
    let dropped = s.findings_dropped();
    let truncated =
        r.findings.last().map(|f| f.code) == Some(surfaces_core::Code::FindingsTruncated);
    assert_eq!(truncated, dropped > 0);
    if let Some(f) = r.findings.last().filter(|_| truncated) {
        assert_eq!(r.findings.len() - 1, l.findings);
        assert!(f.message.starts_with(&format!("{dropped} ")), "{f:?}");
    }
    assert_eq!(counted, r.findings.len() - usize::from(truncated) + dropped);
    for f in &r.findings {
        assert!(is_kebab(f.code.as_str()), "{f:?}");
        // A code has one severity wherever it is found (docs/codes.md), except that a
        // truncation that left out errors is itself an error.
        if f.code != surfaces_core::Code::FindingsTruncated {
            assert_eq!(f.severity, f.code.severity(), "{f:?}");
        }
        assert!(f.path.is_empty() || f.path.starts_with('/'), "{f:?}");
        assert!(!f.message.is_empty(), "{f:?}");
    }
    assert!(r.surfaces.len() <= l.surfaces);
    for surface in &r.surfaces {
        assert!(surface.components <= l.components);
        let size = serde_json::to_string(&surface.data_model).unwrap().len();
        assert!(size <= l.data_model_bytes, "{size}");
        assert!(depth(&surface.data_model) <= l.data_model_depth);
        let mut german = s.clone();
        german.set_locale("de-DE").unwrap();
        if let Some(tree) = german.render(&surface.surface_id) {
            walk(&tree, &mut |n| {
                for f in &n.faults {
                    assert!(is_kebab(f.code.as_str()), "{f:?}");
                }
            });
        }
        for id in ["root", "a", "b", "c", "x"] {
            let _ = s.action(&surface.surface_id, id, "2026-01-01T00:00:00Z");
        }
    }
}

/// Keys and path segments for data-model streams: no refused ones, so that most values
/// are admitted (refusals are the other properties' business).
const DATA_SEGS: [&str; 6] = ["a", "b", "0", "1", "-", "items"];

/// Data values large enough that the reader keeps most of them as tapes (see
/// `a2ui/model.rs`): strings of up to 300 characters, containers of up to six members.
fn large_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        2 => Just(Value::Null),
        2 => any::<bool>().prop_map(Value::from),
        2 => any::<i64>().prop_map(Value::from),
        2 => any::<f64>().prop_map(|f| json!(f)),
        4 => "[a-z\"\\\\\u{e9}]{0,12}".prop_map(Value::from),
        1 => Just(Value::from("\u{202E}")),
        4 => (0usize..300).prop_map(|n| Value::from("w".repeat(n))),
    ];
    leaf.prop_recursive(4, 60, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(prop::sample::select(&DATA_SEGS[..]), inner, 0..6)
                .prop_map(|m| Value::Object(
                    m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                )),
        ]
    })
}

/// One step of a data-model stream: an update (twice as likely), a delete, or a person's
/// edit, at a path of up to four segments, and whether the store is read (rendered and
/// reported) after it.
fn model_step() -> impl Strategy<Value = (u8, String, Value, bool)> {
    let path = prop::collection::vec(prop::sample::select(&DATA_SEGS[..]), 0..5)
        .prop_map(|segs| segs.iter().map(|s| format!("/{s}")).collect());
    (0u8..4, path, large_value(), any::<bool>())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// A store that keeps large values as tapes until they are read (text read by
    /// `apply_text`) holds what one that builds every value at once holds (values given
    /// as parsed JSON): the same models, proposals and findings, whether or not it was read
    /// between writes.
    #[test]
    fn taped_values_fold_as_built_ones(steps in prop::collection::vec(model_step(), 0..24)) {
        let l = Limits {
            data_model_bytes: 4_000,
            data_model_depth: 8,
            envelopes: 200,
            updates_per_second: 1e9,
            update_burst: 1_000,
            ..limits()
        };
        let ctx = ApplyContext::default();
        let mut taped = SurfaceStore::new(l.clone());
        let mut built = SurfaceStore::new(l.clone());
        taped.apply_text(&Value::Array(vec![create("s")]).to_string(), &ctx);
        built.apply_data_owned(Value::Array(vec![create("s")]), &ctx);
        for (kind, p, v, read) in steps {
            let env = match kind {
                0 | 1 => data("s", &p, v),
                2 => json!({"version": "v0.9", "updateDataModel": {"surfaceId": "s", "path": p}}),
                _ => {
                    let small = if v.to_string().len() > 40 { json!("typed") } else { v };
                    let a = taped.edit("s", &p, small.clone()).map_err(|e| e.to_string());
                    let b = built.edit("s", &p, small).map_err(|e| e.to_string());
                    prop_assert_eq!(a, b);
                    continue;
                }
            };
            taped.apply_text(&Value::Array(vec![env.clone()]).to_string(), &ctx);
            built.apply_data_owned(Value::Array(vec![env]), &ctx);
            if read {
                prop_assert_eq!(report(&taped), report(&built));
                prop_assert_eq!(taped.render("s"), built.render("s"));
            }
        }
        prop_assert_eq!(report(&taped), report(&built));
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 160,
        // Shrunk failures are reported, and kept as cases in hostile.rs, not as files.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn any_stream_folds_within_its_limits_alike_in_every_form(
        envs in prop::collection::vec(envelope(), 0..30)
    ) {
        let l = limits();
        let ctx = ApplyContext::default();
        let array = Value::Array(envs.clone()).to_string();
        let mut by_text = SurfaceStore::new(l.clone());
        by_text.apply_text(&array, &ctx);
        check_invariants(&by_text, &l);

        // Deterministic: the same stream again gives the same state.
        let mut again = SurfaceStore::new(l.clone());
        again.apply_text(&array, &ctx);
        prop_assert_eq!(report(&by_text), report(&again));

        // Text read straight into the store folds as scanned bytes do (split first, each
        // envelope read alone), and as the same bytes given as bytes.
        let mut scanned = SurfaceStore::new(l.clone());
        scanned.apply_scanned(array.as_bytes(), &ctx);
        prop_assert_eq!(report(&by_text), report(&scanned));
        let mut by_bytes = SurfaceStore::new(l.clone());
        by_bytes.apply_bytes(array.as_bytes(), &ctx);
        prop_assert_eq!(report(&by_text), report(&by_bytes));

        // One envelope a call, as a live stream sends them: read straight from each text
        // (`direct::read_one`) as from scanned bytes, and as the array.
        let mut one_by_one = SurfaceStore::new(l.clone());
        let mut one_by_one_scanned = SurfaceStore::new(l.clone());
        for e in &envs {
            let text = e.to_string();
            prop_assert_eq!(
                one_by_one.apply_text(&text, &ctx),
                one_by_one_scanned.apply_scanned(text.as_bytes(), &ctx)
            );
        }
        prop_assert_eq!(report(&one_by_one), report(&one_by_one_scanned));
        if !envs.is_empty() && envs.iter().all(Value::is_object) {
            // (Alone, an array is a document of its own, not an envelope of the wrong type.)
            prop_assert_eq!(report(&by_text), report(&one_by_one), "{}", array);
        }

        // Parsed values and JSON Lines fold as the array does.
        let mut by_value = SurfaceStore::new(l.clone());
        by_value.apply_data_owned(Value::Array(envs.clone()), &ctx);
        prop_assert_eq!(report(&by_text), report(&by_value));
        if envs.len() > 1 {
            let lines: Vec<String> = envs.iter().map(Value::to_string).collect();
            let mut by_lines = SurfaceStore::new(l.clone());
            by_lines.apply_text(&lines.join("\n"), &ctx);
            prop_assert_eq!(report(&by_text), report(&by_lines));
            // Read line by line by hand (`direct::read_lines`) as when scanned first
            // (bytes), with blank lines, CRLF line ends and a line of no JSON among them.
            let messy = format!(
                "{}\r\n\n  \n{}\nnot json\n{}",
                lines[0],
                lines[1..].join("\r\n"),
                lines[1]
            );
            for text in [lines.join("\n"), messy] {
                let mut read = SurfaceStore::new(l.clone());
                let mut scanned = SurfaceStore::new(l.clone());
                prop_assert_eq!(
                    read.apply_text(&text, &ctx),
                    scanned.apply_scanned(text.as_bytes(), &ctx)
                );
                prop_assert_eq!(report(&read), report(&scanned), "{}", text);
            }
        }
    }

    /// `apply_bytes` reads as text what simdutf8 takes for UTF-8: text of every width, cut
    /// anywhere and with a byte changed anywhere, is UTF-8 to it exactly when it is to the
    /// standard library.
    #[test]
    fn simdutf8_takes_for_utf8_what_the_standard_library_does(
        text in r#"[a\u{e9}\u{3b1}\u{6771}\u{1F600}\\"{}:,0-9 ]{0,200}"#,
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bytes = text.into_bytes();
        if !bytes.is_empty() {
            let i = at.index(bytes.len());
            bytes[i] = byte;
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        prop_assert_eq!(
            simdutf8::basic::from_utf8(&bytes).is_ok(),
            std::str::from_utf8(&bytes).is_ok(),
            "{:x?}", bytes
        );
    }

    #[test]
    fn any_bytes_give_a_report(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let l = limits();
        let mut s = SurfaceStore::new(l.clone());
        s.apply_bytes(&bytes, &ApplyContext::default());
        check_invariants(&s, &l);
    }

    #[test]
    fn cut_and_spliced_streams_give_a_report(
        envs in prop::collection::vec(envelope(), 1..8),
        cut in any::<prop::sample::Index>(),
        splice in "[\\[\\]{},:\"\\\\0-9a-z \n]{0,6}",
    ) {
        let text = Value::Array(envs).to_string();
        let at = cut.index(text.len());
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let broken = format!("{}{}{}", &text[..at], splice, &text[at..]);
        let l = limits();
        let mut s = SurfaceStore::new(l.clone());
        let n = s.apply_text(&broken, &ApplyContext::default());
        check_invariants(&s, &l);
        // Read straight from text up to the break, then scanned from there: the same as
        // scanning it all.
        let mut scanned = SurfaceStore::new(l.clone());
        prop_assert_eq!(n, scanned.apply_scanned(broken.as_bytes(), &ApplyContext::default()));
        prop_assert_eq!(report(&s), report(&scanned));
    }

    #[test]
    fn one_envelope_cut_and_spliced_reads_as_scanned(
        env in envelope(),
        cut in any::<prop::sample::Index>(),
        splice in "[\\[\\]{},:\"\\\\0-9a-z \n]{0,6}",
    ) {
        let text = env.to_string();
        let at = cut.index(text.len() + 1);
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let broken = format!("{}{}{}", &text[..at], splice, &text[at..]);
        let l = limits();
        let ctx = ApplyContext::default();
        let (mut direct, mut scanned) = (SurfaceStore::new(l.clone()), SurfaceStore::new(l.clone()));
        prop_assert_eq!(direct.apply_text(&broken, &ctx), scanned.apply_scanned(broken.as_bytes(), &ctx));
        check_invariants(&direct, &l);
        prop_assert_eq!(report(&direct), report(&scanned));
    }
}
