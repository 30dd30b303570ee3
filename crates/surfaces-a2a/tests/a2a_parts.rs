//! A part's data as the readers keep it (`src/read.rs`): its text, folded by the store's
//! text reader into the same surfaces its values would make, in every shape an answer
//! comes in, under the same `partBytes`; and shown as values only where it is not A2UI.
#![cfg(not(target_arch = "wasm32"))]

#[path = "../../surfaces-core/tests/support/spec.rs"]
mod spec;

use serde_json::{json, Value};
use surfaces_a2a::{sdk, wire, DataText, Event, ProtocolVersion, Shown, TaskLimits, TaskView};
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};

const MIME: &str = "application/json+a2ui";

/// Every official example's messages, in file-name order.
fn examples() -> Vec<(String, Value)> {
    spec::example_files()
        .into_iter()
        .map(|(name, v)| (name, v["messages"].clone()))
        .collect()
}

fn report(s: &SurfaceStore) -> Value {
    serde_json::to_value(s.report()).unwrap()
}

/// What the store makes of `data` handed over as a value.
fn by_value(data: &Value, limits: Limits) -> Value {
    let mut s = SurfaceStore::new(limits);
    let part = json!({"kind": "data", "data": data, "metadata": {"mimeType": MIME}});
    s.apply_part(part, true, &ApplyContext::default());
    report(&s)
}

/// One agent message holding `parts`, as each shape says it: v0.3 and v1.0 JSON-RPC
/// responses (read by `wire::response`) and `@a2a-js/sdk`'s object (read by `sdk::read`).
fn shapes(parts: &[Value]) -> Vec<(&'static str, Event)> {
    let v03 = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "message", "messageId": "m",
        "role": "agent", "parts": parts}});
    let v1_parts: Vec<Value> = parts
        .iter()
        .map(|p| {
            let mut p = p.clone();
            let o = p.as_object_mut().unwrap();
            o.remove("kind");
            if let Some(m) = o.remove("metadata") {
                o.insert("mediaType".into(), m["mimeType"].clone());
            }
            p
        })
        .collect();
    let v1 = json!({"jsonrpc": "2.0", "id": 1, "result": {"message": {"messageId": "m",
        "role": "ROLE_AGENT", "parts": v1_parts}}});
    let sdk_parts: Vec<Value> = parts
        .iter()
        .map(|p| match p.get("data") {
            Some(d) => json!({"content": {"$case": "data", "value": d},
                "mediaType": p["metadata"]["mimeType"]}),
            None => json!({"content": {"$case": "text", "value": p["text"]}}),
        })
        .collect();
    let sdk_shape = json!({"messageId": "m", "role": 2, "parts": sdk_parts});
    // Spaced, with each object's keys in reverse order: the text is not what `serde_json`
    // would write, so nothing passes by being read back the way it was written.
    let spaced = reversed;
    vec![
        (
            "v0.3",
            wire::response(ProtocolVersion::V0_3, &spaced(&v03)).unwrap(),
        ),
        (
            "v1.0",
            wire::response(ProtocolVersion::V1_0, &spaced(&v1)).unwrap(),
        ),
        ("sdk", sdk::read(&spaced(&sdk_shape)).unwrap()),
    ]
}

/// `v` as text with each object's keys in reverse order and spaces after every `:` and
/// `,` (`serde_json` writes its sorted objects compactly, so this is written by hand).
fn reversed(v: &Value) -> String {
    match v {
        Value::Object(o) => {
            let members: Vec<String> = o
                .iter()
                .rev()
                .map(|(k, v)| format!("{}: {}", Value::from(k.as_str()), reversed(v)))
                .collect();
            format!("{{ {} }}", members.join(",\n "))
        }
        Value::Array(a) => {
            let items: Vec<String> = a.iter().map(reversed).collect();
            format!("[ {} ]", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// The codes of what the task's surfaces refused.
fn store_codes(v: &TaskView) -> Vec<String> {
    v.surfaces
        .findings()
        .iter()
        .map(|f| f.code.to_string())
        .collect()
}

fn view(limits: Limits) -> TaskView {
    TaskView::new(true, limits, TaskLimits::default())
}

#[test]
fn every_official_example_folds_from_its_text_as_from_its_values_in_every_shape() {
    for (name, messages) in examples() {
        let want = by_value(&messages, Limits::default());
        let part = json!({"kind": "data", "data": messages, "metadata": {"mimeType": MIME}});
        for (shape, event) in shapes(&[part]) {
            let mut v = view(Limits::default());
            v.apply(event);
            assert_eq!(report(&v.surfaces), want, "{name} as {shape}");
            assert!(v.findings.is_empty(), "{name} as {shape}: {:?}", v.findings);
            assert!(
                matches!(v.turns[0].parts[..], [Shown::Interface { envelopes }] if envelopes > 0),
                "{name} as {shape}: {:?}",
                v.turns[0].parts
            );
        }
    }
}

#[test]
fn part_bytes_is_the_datas_compact_size_however_it_was_spaced() {
    let data = json!([
        {"version": "v0.9", "createSurface": {"surfaceId": "s",
            "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
        {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
            {"id": "root", "component": "Text", "text": "a b  c"}]}}
    ]);
    let compact = data.to_string().len();
    let part = json!({"kind": "data", "data": data, "metadata": {"mimeType": MIME}});
    for (limit, folded) in [(compact, true), (compact - 1, false)] {
        let limits = Limits {
            part_bytes: limit,
            ..Limits::default()
        };
        for (shape, event) in shapes(std::slice::from_ref(&part)) {
            let mut v = view(limits.clone());
            v.apply(event);
            let codes = store_codes(&v);
            if folded {
                assert_eq!(
                    report(&v.surfaces),
                    by_value(&data, limits.clone()),
                    "{shape}"
                );
                assert!(codes.is_empty(), "{limit} {shape}: {codes:?}");
            } else {
                assert_eq!(codes, ["part-too-large"], "{limit} {shape}");
                assert_eq!(v.surfaces.surface_ids().count(), 0, "{limit} {shape}");
            }
        }
    }
}

#[test]
fn data_that_is_not_a2ui_is_shown_as_its_values() {
    // A string, a number, null and an object whose keys hold `data` and `parts` of their
    // own: each shown as the value the agent sent, never as the text it was kept as.
    let datas = [
        json!("just text"),
        json!(12.5),
        Value::Null,
        json!({"data": {"parts": [{"data": 1}]}, "parts": "x"}),
    ];
    for d in &datas {
        let parts = [
            json!({"kind": "data", "data": d, "metadata": {"mimeType": "application/json"}}),
            json!({"kind": "text", "text": "[1, 2]"}),
        ];
        for (shape, event) in shapes(&parts) {
            let mut v = view(Limits::default());
            v.apply(event);
            assert_eq!(
                v.turns[0].parts,
                [
                    Shown::Data {
                        media_type: Some("application/json".into()),
                        data: DataText::of(d)
                    },
                    Shown::Text {
                        text: "[1, 2]".into()
                    }
                ],
                "{d} as {shape}"
            );
        }
    }
}

#[test]
fn data_nested_past_the_readers_limit_is_refused_alone() {
    // `serde_json` reads 128 levels; kept as text, such data is only scanned, so its depth
    // is checked where it is read: the part is refused with a finding, the rest is shown.
    let deep: String = "[".repeat(200) + &"]".repeat(200);
    let text = format!(
        r#"{{"jsonrpc": "2.0", "id": 1, "result": {{"kind": "message", "messageId": "m",
        "role": "agent", "parts": [{{"kind": "data", "data": {deep},
        "metadata": {{"mimeType": "application/json"}}}}, {{"kind": "text", "text": "after"}}]}}}}"#
    );
    let mut v = view(Limits::default());
    v.apply(wire::response(ProtocolVersion::V0_3, &text).unwrap());
    assert_eq!(
        v.turns[0].parts,
        [Shown::Text {
            text: "after".into()
        }]
    );
    let codes: Vec<String> = v.findings.iter().map(|f| f.code.to_string()).collect();
    assert_eq!(codes, ["a2a-response-invalid"]);
    assert_eq!(v.findings[0].path, "/parts/0/data");
    // As A2UI, the store's reader refuses it with its own finding, and nothing is drawn.
    let a2ui = text.replace("application/json", MIME);
    let mut v = view(Limits::default());
    v.apply(wire::response(ProtocolVersion::V0_3, &a2ui).unwrap());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.surfaces.surface_ids().count(), 0);
    assert_eq!(store_codes(&v), ["envelope-too-deep"]);
    // Outside a part's data the reader's limit holds as it did: the event is not read.
    let metadata = text.replace(
        r#""messageId": "m""#,
        &format!(r#""messageId": "m", "metadata": {deep}"#),
    );
    assert!(wire::response(ProtocolVersion::V0_3, &metadata).is_err());
}

#[test]
fn a_part_is_a2ui_only_where_both_readings_of_its_media_type_say_so() {
    // The part's own reading (`mediaType`, `mimeType`, `metadata.mimeType`) is what is shown;
    // the store's (`metadata.mimeType` first) must agree for the part to be folded.
    let data = json!([{"version": "v0.9", "createSurface": {"surfaceId": "s",
        "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]);
    let cases = [
        (json!({"mediaType": MIME}), true, MIME),
        (json!({"metadata": {"mimeType": MIME}}), true, MIME),
        (
            json!({"mediaType": "application/json", "metadata": {"mimeType": MIME}}),
            false,
            "application/json",
        ),
        (
            json!({"mediaType": MIME, "metadata": {"mimeType": "application/json"}}),
            false,
            MIME,
        ),
    ];
    for (fields, folded, shown) in cases {
        let mut part = fields.clone();
        part["data"] = data.clone();
        let text = json!({"jsonrpc": "2.0", "id": 1, "result": {"message": {"messageId": "m",
            "role": "ROLE_AGENT", "parts": [part]}}})
        .to_string();
        let mut v = view(Limits::default());
        v.apply(wire::response(ProtocolVersion::V1_0, &text).unwrap());
        let expected = if folded {
            Shown::Interface { envelopes: 1 }
        } else {
            Shown::Data {
                media_type: Some(shown.into()),
                data: DataText::of(&data),
            }
        };
        assert_eq!(v.turns[0].parts, [expected], "{fields}");
    }
}

#[test]
fn unspaced_text_keeps_strings_and_numbers_as_sent() {
    let text = r#"{ "a" : [ 1e2 , "x \" y\\" , { } ] ,
        "b":	"\u0020 é" }"#;
    let event = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"message","messageId":"m","role":"agent",
        "parts":[{{"kind":"data","data":{text}}}]}}}}"#
    );
    let Event::Message(m) = wire::response(ProtocolVersion::V0_3, &event).unwrap() else {
        panic!("a message");
    };
    let surfaces_a2a::wire::Part::Data { data, .. } = &m.parts[0] else {
        panic!("a data part");
    };
    assert_eq!(data.text(), text);
    assert_eq!(
        data.unspaced(),
        r#"{"a":[1e2,"x \" y\\",{}],"b":"\u0020 é"}"#
    );
}

#[test]
fn an_event_of_too_many_values_is_refused_before_they_are_built() {
    // A v0.3 answer whose message's metadata holds `n` numbers: with the response, the
    // message and its members, ten values besides them.
    let answer = |n: usize| {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"message","messageId":"m","role":"agent","parts":[],"metadata":{{"x":[{}]}}}}}}"#,
            vec!["0"; n].join(",")
        )
    };
    let code = |r: Result<Event, surfaces_core::Finding>| r.err().map(|f| f.code.as_str());
    let at = answer(wire::MAX_VALUES - 10);
    let past = answer(wire::MAX_VALUES - 9);
    assert_eq!(code(wire::response(ProtocolVersion::V0_3, &at)), None);
    assert_eq!(
        code(wire::response(ProtocolVersion::V0_3, &past)),
        Some("a2a-stream-event-too-large")
    );
    // The JavaScript client's reader counts the same way.
    assert_eq!(code(sdk::read(&at)), None);
    assert_eq!(code(sdk::read(&past)), Some("a2a-stream-event-too-large"));
    // Tiny parts, far more than a message may hold: refused by the count, not built first.
    let parts = vec![r#"{"kind":"data","data":0}"#; 100_000].join(",");
    let text = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"message","messageId":"m","role":"agent","parts":[{parts}]}}}}"#
    );
    assert_eq!(
        code(wire::response(ProtocolVersion::V0_3, &text)),
        Some("a2a-stream-event-too-large")
    );
    // Within the count, the parts limit is still the message's own finding.
    let parts = vec![r#"{"kind":"text","text":"a"}"#; wire::MAX_PARTS + 1].join(",");
    let text = format!(
        r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"message","messageId":"m","role":"agent","parts":[{parts}]}}}}"#
    );
    assert_eq!(
        code(wire::response(ProtocolVersion::V0_3, &text)),
        Some("a2a-limit")
    );
}

#[test]
fn data_shown_as_values_is_counted_before_it_is_built_and_kept_as_text() {
    // A part's data counts as one value in its event; read to be shown, it is counted alone.
    let objects = |n: usize| format!("[0,{}]", vec![r#"{"a":0}"#; n].join(","));
    let answer = |data: &str| {
        format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"kind":"message","messageId":"m","role":"agent","parts":[{{"kind":"data","data":{data},"metadata":{{"mimeType":"application/json"}}}},{{"kind":"text","text":"after"}}]}}}}"#
        )
    };
    // The array, a zero, and each object with its member: at the limit, and past it.
    let at = objects((wire::MAX_VALUES - 2) / 2);
    let past = objects((wire::MAX_VALUES - 2) / 2 + 1);
    let mut v = view(Limits::default());
    v.apply(wire::response(ProtocolVersion::V0_3, &answer(&at)).unwrap());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    let Shown::Data { data, .. } = &v.turns[0].parts[0] else {
        panic!("{:?}", v.turns[0].parts)
    };
    // Kept as its text without spaces (here as it came), which is what `kept_bytes` counts.
    assert_eq!(data.text(), at);
    assert_eq!(
        data.value().unwrap().as_array().unwrap().len(),
        (wire::MAX_VALUES - 2) / 2 + 1
    );
    // Sent spaced, it is kept without the spaces.
    let spaced = at.replace(',', ", ");
    let mut s = view(Limits::default());
    s.apply(wire::response(ProtocolVersion::V0_3, &answer(&spaced)).unwrap());
    assert!(matches!(&s.turns[0].parts[0], Shown::Data { data, .. } if data.text() == at));
    let mut v = view(Limits::default());
    v.apply(wire::response(ProtocolVersion::V0_3, &answer(&past)).unwrap());
    assert_eq!(
        v.turns[0].parts,
        [Shown::Text {
            text: "after".into()
        }]
    );
    let codes: Vec<&str> = v.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["a2a-stream-event-too-large"]);
    assert_eq!(v.findings[0].path, "/parts/0/data");
    // The SDK's text and URL contents are kept places too; they are strings, and anything
    // else is read as nothing, never built: a text part refused, a URL unknown.
    let sdk = |case: &str, value: &str| {
        format!(
            r#"{{"messageId":"m","role":2,"parts":[{{"content":{{"$case":"{case}","value":{value}}}}}]}}"#
        )
    };
    for value in [&at, &past] {
        let f = sdk::read(&sdk("text", value)).unwrap_err();
        assert_eq!(f.code.as_str(), "a2a-response-invalid");
        let Ok(Event::Message(m)) = sdk::read(&sdk("url", value)) else {
            panic!("a URL part that is not a string is read")
        };
        assert!(matches!(&m.parts[0], wire::Part::File { uri: None, .. }));
    }
    // A string that cannot be read (half a surrogate pair) refuses the event, as before.
    for case in ["text", "url"] {
        let f = sdk::read(&sdk(case, r#""\ud800""#)).unwrap_err();
        assert!(
            f.message.contains("content cannot be read"),
            "{case}: {}",
            f.message
        );
    }
    let Ok(Event::Message(m)) = sdk::read(&sdk("url", r#""https://a.example/f""#)) else {
        panic!("a URL part is read")
    };
    assert!(
        matches!(&m.parts[0], wire::Part::File { uri: Some(u), .. } if u == "https://a.example/f")
    );
}

/// An event's parts, and a stream chunk's events, are one part for `idnHosts`: an agent
/// cannot spread hosts with `xn--` labels over many small parts of one event to have each
/// decoded and looked at. The next event counts again from none.
#[test]
fn an_events_parts_name_at_most_idn_hosts_together() {
    let limits = Limits {
        idn_hosts: 2,
        ..Limits::default()
    };
    let create = json!([{"version": "v0.9", "createSurface": {"surfaceId": "s",
        "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]);
    let image = |host: &str| {
        let update = json!([{"version": "v0.9", "updateComponents": {"surfaceId": "s",
            "components": [{"id": "root", "component": "Image",
                            "url": format!("https://{host}/a.png")}]}}]);
        json!({"kind": "data", "data": update, "metadata": {"mimeType": MIME}})
    };
    let hosts = [
        "xn--mnchen-3ya.example",
        "xn--nxasmq6b.example",
        "xn--80ak6aa92e.example",
    ];
    let first = json!({"kind": "data", "data": create, "metadata": {"mimeType": MIME}});
    let refused = |v: &TaskView| {
        store_codes(v)
            .iter()
            .filter(|c| *c == "url-refused")
            .count()
    };
    for (name, event) in shapes(&[first.clone(), image(hosts[0]), image(hosts[1])]) {
        let mut v = view(limits.clone());
        v.apply(event);
        assert_eq!(refused(&v), 0, "{name}: two hosts, at the limit");
    }
    for (name, event) in shapes(&[first, image(hosts[0]), image(hosts[1]), image(hosts[2])]) {
        let mut v = view(limits.clone());
        v.apply(event);
        assert_eq!(refused(&v), 1, "{name}: a third host in the same event");
        // The next event is a part of its own.
        let (_, again) = shapes(&[image(hosts[2])]).remove(0);
        v.apply(again);
        assert_eq!(
            refused(&v),
            1,
            "{name}: the third host in an event of its own"
        );
    }
    // A stream chunk of several events is one part too.
    let events: String = hosts
        .iter()
        .map(|h| {
            let body = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "message",
                "messageId": format!("m-{h}"), "role": "agent",
                "parts": [image(h)]}});
            format!("data: {body}\n\n")
        })
        .collect();
    let mut v = view(limits);
    v.apply_text(
        ProtocolVersion::V0_3,
        &json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "message", "messageId": "c",
            "role": "agent", "parts": [json!({"kind": "data", "data": create,
            "metadata": {"mimeType": MIME}})]}})
        .to_string(),
    );
    let mut decoder = surfaces_a2a::SseDecoder::default();
    v.apply_stream_bytes(ProtocolVersion::V0_3, &mut decoder, events.as_bytes());
    assert_eq!(refused(&v), 1, "three hosts in one chunk of three events");
}
