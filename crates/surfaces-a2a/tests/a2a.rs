//! A2A as data: requests built for both protocol versions, answers and stream events read,
//! a task view folding A2UI parts into its surfaces. Runs natively and in Chromium.

use serde_json::{json, Value};
use surfaces_a2a as a2a;
use surfaces_a2a::{
    endpoint, wire, Event, Outgoing, ProtocolVersion, Shown, SseDecoder, SseLimits, TaskLimits,
    TaskState, TaskView,
};
use surfaces_core::a2ui::{Limits, BASIC_CATALOG_ID};
use surfaces_core::Code;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const A2UI_V09: &str = "https://a2ui.org/a2a-extension/a2ui/v0.9";

fn card(version: ProtocolVersion) -> Value {
    let mut c = json!({
        "name": "Fixture", "capabilities": {"streaming": true, "extensions": [
            {"uri": A2UI_V09, "params": {"supportedCatalogIds": [BASIC_CATALOG_ID]}}]}});
    match version {
        ProtocolVersion::V0_3 => {
            c["url"] = json!("http://127.0.0.1:9/a2a");
            c["protocolVersion"] = json!("0.3.0");
        }
        ProtocolVersion::V1_0 => {
            c["supportedInterfaces"] = json!([{"url": "http://127.0.0.1:9/a2a",
                "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]);
        }
    }
    c
}

fn envelopes() -> Vec<Value> {
    vec![
        json!({"version": "v0.9", "createSurface": {"surfaceId": "book", "catalogId": BASIC_CATALOG_ID}}),
        json!({"version": "v0.9", "updateComponents": {"surfaceId": "book", "components": [
            {"id": "root", "component": "Column", "children": ["title", "go"]},
            {"id": "title", "component": "Text", "text": {"path": "/title"}},
            {"id": "go", "component": "Button", "child": "go-label",
             "action": {"event": {"name": "book", "context": {"title": {"path": "/title"}}}}},
            {"id": "go-label", "component": "Text", "text": "Book"}]}}),
        json!({"version": "v0.9", "updateDataModel": {"surfaceId": "book", "path": "/title", "value": "Room 4"}}),
    ]
}

/// The same agent answer in each version's shapes: a task working, then a status update
/// carrying the A2UI parts (one envelope per part, as the Python SDK sends), then done.
fn stream(v: ProtocolVersion) -> Vec<Value> {
    let parts: Vec<Value> = envelopes()
        .into_iter()
        .map(|e| match v {
            ProtocolVersion::V0_3 => {
                json!({"kind": "data", "data": e, "metadata": {"mimeType": "application/json+a2ui"}})
            }
            ProtocolVersion::V1_0 => json!({"data": e, "mediaType": "application/json+a2ui"}),
        })
        .collect();
    let rpc = |result: Value| json!({"jsonrpc": "2.0", "id": 1, "result": result});
    match v {
        ProtocolVersion::V0_3 => vec![
            rpc(json!({"kind": "task", "id": "t1", "contextId": "c1",
                "status": {"state": "submitted"}, "history": []})),
            rpc(
                json!({"kind": "status-update", "taskId": "t1", "contextId": "c1", "final": false,
                "status": {"state": "working", "message": {"kind": "message", "messageId": "m1",
                    "role": "agent", "parts": [{"kind": "text", "text": "Here is the form."}]}}}),
            ),
            rpc(
                json!({"kind": "status-update", "taskId": "t1", "contextId": "c1", "final": false,
                "status": {"state": "working", "message": {"kind": "message", "messageId": "m2",
                    "role": "agent", "contextId": "c1", "parts": parts}}}),
            ),
            rpc(
                json!({"kind": "status-update", "taskId": "t1", "contextId": "c1", "final": true,
                "status": {"state": "input-required"}}),
            ),
        ],
        ProtocolVersion::V1_0 => vec![
            rpc(json!({"task": {"id": "t1", "contextId": "c1",
                "status": {"state": "TASK_STATE_SUBMITTED"}}})),
            rpc(json!({"statusUpdate": {"taskId": "t1", "contextId": "c1",
                "status": {"state": "TASK_STATE_WORKING", "message": {"messageId": "m1",
                    "role": "ROLE_AGENT", "parts": [{"text": "Here is the form."}]}}}})),
            rpc(json!({"statusUpdate": {"taskId": "t1", "contextId": "c1",
                "status": {"state": "TASK_STATE_WORKING", "message": {"messageId": "m2",
                    "role": "ROLE_AGENT", "contextId": "c1", "parts": parts}}}})),
            rpc(json!({"statusUpdate": {"taskId": "t1", "contextId": "c1",
                "status": {"state": "TASK_STATE_INPUT_REQUIRED"}}})),
        ],
    }
}

fn sse(events: &[Value]) -> String {
    events
        .iter()
        .map(|e| format!("data: {e}\n\n"))
        .collect::<String>()
}

fn view() -> TaskView {
    TaskView::new(true, Limits::default(), TaskLimits::default())
}

#[test]
fn both_versions_fold_the_same_stream_into_the_same_view() {
    let mut views = Vec::new();
    for v in [ProtocolVersion::V0_3, ProtocolVersion::V1_0] {
        let e = endpoint(&card(v), None).unwrap();
        assert_eq!(e.version, v);
        let mut t = view();
        let out = a2a::a2ui_message(&e, "u1", Some("Book a room"), vec![], &t, None);
        t.sent(&out);
        assert!(!t.settled);
        let text = sse(&stream(v));
        // The bytes arrive in awkward pieces; the view is the same.
        let mut d = SseDecoder::new(SseLimits::default());
        for piece in text.as_bytes().chunks(7) {
            for ev in d.push(piece) {
                t.apply_text(v, &ev.unwrap().data);
            }
        }
        t.stream_ended();
        assert!(t.findings.is_empty(), "{:?}", t.findings);
        assert!(t.settled);
        assert_eq!(t.state, Some(TaskState::InputRequired));
        assert_eq!(
            (t.task_id.as_deref(), t.context_id.as_deref()),
            (Some("t1"), Some("c1"))
        );
        assert_eq!(t.turns.len(), 3);
        assert_eq!(
            t.turns[1].parts,
            vec![Shown::Text {
                text: "Here is the form.".into()
            }]
        );
        assert_eq!(
            t.turns[2].parts,
            vec![Shown::Interface { envelopes: 1 }; 3],
            "each A2UI part is folded, not kept as data"
        );
        let r = t.surfaces.report();
        assert_eq!((r.applied, r.ignored), (3, 0));
        // The click's action goes back on the same task, with the extension activated.
        let click = t
            .surfaces
            .action("book", "go", "2026-01-01T00:00:00Z")
            .unwrap();
        assert_eq!(click["action"]["context"], json!({"title": "Room 4"}));
        let out = a2a::a2ui_message(&e, "u2", None, vec![click], &t, None);
        let req = wire::send(v, 2, &out, true);
        assert!(req.streams);
        views.push((v, req, t.turns.clone()));
    }
    // The turns agree across versions.
    assert_eq!(views[0].2, views[1].2);
    let (_, v03, _) = &views[0];
    assert_eq!(v03.body["method"], "message/stream");
    let m = &v03.body["params"]["message"];
    assert_eq!(m["kind"], "message");
    assert_eq!(m["role"], "user");
    assert_eq!(
        (m["taskId"].as_str(), m["contextId"].as_str()),
        (Some("t1"), Some("c1"))
    );
    assert_eq!(m["parts"][0]["kind"], "data");
    assert_eq!(
        m["parts"][0]["metadata"]["mimeType"],
        "application/json+a2ui"
    );
    assert_eq!(m["parts"][0]["data"]["action"]["name"], "book");
    assert_eq!(m["extensions"], json!([A2UI_V09]));
    assert_eq!(
        m["metadata"]["a2uiClientCapabilities"]["v0.9"]["supportedCatalogIds"],
        json!([BASIC_CATALOG_ID])
    );
    assert!(v03
        .headers
        .contains(&("X-A2A-Extensions".into(), A2UI_V09.into())));
    assert!(!v03.headers.iter().any(|(k, _)| k == "A2A-Version"));
    let (_, v10, _) = &views[1];
    assert_eq!(v10.body["method"], "SendStreamingMessage");
    let m = &v10.body["params"]["message"];
    assert_eq!(m["role"], "ROLE_USER");
    assert!(m.get("kind").is_none());
    assert_eq!(m["parts"][0]["mediaType"], "application/json+a2ui");
    assert!(v10
        .headers
        .contains(&("A2A-Extensions".into(), A2UI_V09.into())));
    assert!(v10.headers.contains(&("A2A-Version".into(), "1.0".into())));
}

#[test]
fn a_snapshot_after_a_reconnect_folds_nothing_twice() {
    let v = ProtocolVersion::V0_3;
    let mut t = view();
    for e in stream(v) {
        t.apply_text(v, &e.to_string());
    }
    let before = t.surfaces.report();
    // tasks/get repeats the history, with the message that carried the A2UI parts.
    let history: Vec<Value> = stream(v)[1..3]
        .iter()
        .map(|e| e["result"]["status"]["message"].clone())
        .collect();
    let snapshot = json!({"jsonrpc": "2.0", "id": 3, "result": {"kind": "task", "id": "t1",
        "contextId": "c1", "status": {"state": "completed"}, "history": history}});
    t.apply_text(v, &snapshot.to_string());
    assert_eq!(t.surfaces.report(), before, "nothing folded again");
    assert_eq!(t.turns.len(), 2);
    assert_eq!(t.state, Some(TaskState::Completed));
}

#[test]
fn a_stream_cut_before_its_last_event_leaves_the_outcome_unknown() {
    let v = ProtocolVersion::V1_0;
    let e = endpoint(&card(v), None).unwrap();
    let mut t = view();
    t.sent(&a2a::a2ui_message(&e, "u1", Some("go"), vec![], &t, None));
    for ev in &stream(v)[..2] {
        t.apply_text(v, &ev.to_string());
    }
    t.stream_ended();
    assert!(!t.settled);
    assert_eq!(t.findings.last().unwrap().code, Code::A2aStreamCut);
}

#[test]
fn what_cannot_be_read_is_a_finding_never_a_panic() {
    let v = ProtocolVersion::V0_3;
    let mut t = view();
    for (text, code) in [
        ("not json", Code::A2aNotJson),
        (
            r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}"#,
            Code::A2aJsonrpcError,
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"bogus"}}"#,
            Code::A2aResponseInvalid,
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"robot","parts":[]}}"#,
            Code::A2aResponseInvalid,
        ),
        (
            r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t","status":{"state":"sleeping"}}}"#,
            Code::A2aResponseInvalid,
        ),
        (r#"[]"#, Code::A2aResponseInvalid),
    ] {
        t.apply_text(v, text);
        assert_eq!(t.findings.last().map(|f| f.code), Some(code), "{text}");
    }
    // An event about another task is not folded into this one.
    t.apply(Event::Status {
        task_id: "a".into(),
        context_id: None,
        status: wire::Status {
            state: TaskState::Working,
            message: None,
        },
        last: false,
    });
    t.apply_text(v, r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"b","status":{"state":"completed"},"final":true}}"#);
    assert_eq!(t.findings.last().unwrap().code, Code::A2aTaskMismatch);
    assert_eq!(t.state, Some(TaskState::Working));
}

#[test]
fn a2ui_parts_from_an_agent_that_does_not_advertise_a2ui_are_data() {
    let v = ProtocolVersion::V0_3;
    let mut t = TaskView::new(false, Limits::default(), TaskLimits::default());
    for e in stream(v) {
        t.apply_text(v, &e.to_string());
    }
    assert_eq!(t.surfaces.report().envelopes, 0);
    assert!(matches!(t.turns[1].parts[0], Shown::Data { .. }));
}

#[test]
fn turns_and_artifacts_are_bounded_at_and_past_the_limit() {
    let limits = TaskLimits {
        turns: 3,
        artifacts: 2,
        seen_ids: 100,
        findings: 10,
        kept_bytes: 1 << 20,
    };
    let mut t = TaskView::new(true, Limits::default(), limits);
    let msg = |i: usize| {
        json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "message", "messageId": format!("m{i}"),
            "role": "agent", "parts": [{"kind": "text", "text": format!("{i}")}]}})
        .to_string()
    };
    for i in 0..3 {
        t.apply_text(ProtocolVersion::V0_3, &msg(i));
    }
    assert_eq!(t.turns.len(), 3);
    assert!(t.findings.is_empty());
    t.apply_text(ProtocolVersion::V0_3, &msg(3));
    assert_eq!(t.turns.len(), 3);
    assert_eq!(t.turns[0].message_id.as_deref(), Some("m1"));
    assert_eq!(t.findings.len(), 1);
    assert_eq!(t.findings[0].code, Code::A2aLimit);
    for i in 0..3 {
        t.apply(Event::Artifact {
            task_id: "t".into(),
            context_id: None,
            artifact: wire::Artifact {
                artifact_id: format!("a{i}"),
                name: None,
                parts: vec![],
            },
            append: false,
            last_chunk: true,
        });
    }
    assert_eq!(t.artifacts.len(), 2);
    assert_eq!(t.findings.last().unwrap().code, Code::A2aLimit);
}

#[test]
fn requests_for_tasks_name_each_versions_methods() {
    for (v, get, resub, cancel) in [
        (
            ProtocolVersion::V0_3,
            "tasks/get",
            "tasks/resubscribe",
            "tasks/cancel",
        ),
        (
            ProtocolVersion::V1_0,
            "GetTask",
            "SubscribeToTask",
            "CancelTask",
        ),
    ] {
        let ext = vec![A2UI_V09.to_string()];
        let g = wire::get_task(v, 1, "t1", 50, &ext);
        assert_eq!(
            (g.body["method"].as_str(), &g.body["params"]),
            (Some(get), &json!({"id": "t1", "historyLength": 50}))
        );
        assert!(!g.streams);
        let r = wire::resubscribe(v, 2, "t1", &ext);
        assert_eq!(r.body["method"], resub);
        assert!(r.streams);
        assert!(r
            .headers
            .contains(&("Accept".into(), "text/event-stream".into())));
        assert_eq!(wire::cancel(v, 3, "t1", &ext).body["method"], cancel);
    }
    // A message with nothing A2UI activates nothing and carries no capabilities.
    let plain = Outgoing {
        message_id: "x".into(),
        text: Some("hi".into()),
        ..Outgoing::default()
    };
    let req = wire::send(ProtocolVersion::V0_3, 1, &plain, false);
    assert!(req.body["params"]["message"].get("metadata").is_none());
    assert!(!req.headers.iter().any(|(k, _)| k.contains("Extensions")));
}

#[test]
fn a_stream_that_breaks_its_bounds_is_a_finding_and_reading_goes_on() {
    let v = ProtocolVersion::V0_3;
    let mut t = view();
    let limits = SseLimits {
        line_bytes: 4096,
        event_bytes: 4096,
        events: 3,
    };
    let mut d = SseDecoder::new(limits);
    let big = format!("data: {}\n\n", "x".repeat(5000));
    let events = stream(v);
    let text = format!("{}{big}{}", sse(&events[..2]), sse(&events[2..]));
    t.apply_stream_bytes(v, &mut d, text.as_bytes());
    let codes: Vec<Code> = t.findings.iter().map(|f| f.code).collect();
    assert_eq!(
        codes,
        vec![Code::A2aStreamLineTooLong, Code::A2aStreamTooManyEvents]
    );
    // The third event (A2UI parts) was read; the fourth was past the count.
    assert_eq!(t.surfaces.report().applied, 3);
    assert_eq!(t.state, Some(TaskState::Working));
}

/// A stream of events each within its bounds must not add up to an unbounded view: text and
/// data kept over turns and artifacts stop at `kept_bytes` (at it, and one byte past it), and
/// an artifact appended to chunk by chunk holds at most MAX_PARTS parts.
#[test]
fn what_a_long_conversation_keeps_is_bounded() {
    let limits = TaskLimits {
        kept_bytes: 1000,
        ..TaskLimits::default()
    };
    let mut t = TaskView::new(true, Limits::default(), limits);
    let msg = |i: usize, n: usize| {
        Event::Message(wire::Message {
            message_id: Some(format!("m{i}")),
            role: a2a::Role::Agent,
            parts: vec![wire::Part::Text {
                text: "x".repeat(n),
            }],
            task_id: None,
            context_id: None,
            action_key: None,
        })
    };
    // Four turns of 250 bytes (a 2-byte id and 248 of text): exactly at the budget, all kept.
    for i in 0..4 {
        t.apply(msg(i, 248));
    }
    assert_eq!(t.turns.len(), 4);
    assert!(t.findings.is_empty());
    // One byte past: the oldest turn goes.
    t.apply(msg(4, 1));
    assert_eq!(t.turns.len(), 4);
    assert_eq!(t.turns[0].message_id.as_deref(), Some("m1"));
    assert_eq!(t.findings[0].code, Code::A2aLimit);
    // A million appended chunks of one part each: the artifact stops at MAX_PARTS.
    let mut t = TaskView::new(true, Limits::default(), TaskLimits::default());
    for i in 0..1000 {
        t.apply(Event::Artifact {
            task_id: "t".into(),
            context_id: None,
            artifact: wire::Artifact {
                artifact_id: "a".into(),
                name: None,
                parts: vec![wire::Part::Text {
                    text: format!("{i}"),
                }],
            },
            append: true,
            last_chunk: false,
        });
    }
    assert_eq!(t.artifacts[0].parts.len(), wire::MAX_PARTS);
    assert_eq!(t.findings.len(), 1, "said once");
    // And artifacts' bytes count against the same budget.
    let mut t = TaskView::new(true, Limits::default(), limits);
    t.apply(Event::Artifact {
        task_id: "t".into(),
        context_id: None,
        artifact: wire::Artifact {
            artifact_id: "big".into(),
            name: None,
            parts: vec![
                // With the artifact's id, exactly at the budget.
                wire::Part::Text {
                    text: "y".repeat(997),
                },
                wire::Part::Text { text: "z".into() },
            ],
        },
        append: false,
        last_chunk: true,
    });
    assert_eq!(t.artifacts[0].parts.len(), 1);
    assert!(matches!(&t.artifacts[0].parts[0], Shown::Text { text } if text.len() == 997));
}

/// Every id an event holds, in every place it is read, is at most `wire::MAX_ID_BYTES`: at
/// it the event is read, one byte past it the event is refused with a finding (a view keeps
/// ids, and hands the context id to every part it folds).
#[test]
fn ids_are_bounded_at_and_past_the_limit_wherever_an_event_holds_them() {
    let msg = |id: &str, ctx: &str, task: &str| {
        json!({"kind": "message", "messageId": id, "role": "agent", "contextId": ctx,
            "taskId": task, "parts": [{"kind": "text", "text": "hi"}]})
    };
    let events = |x: &str| {
        vec![
            msg(x, "c", "t"),
            msg("m", x, "t"),
            msg("m", "c", x),
            json!({"kind": "task", "id": x, "status": {"state": "working"}}),
            json!({"kind": "task", "id": "t", "contextId": x, "status": {"state": "working"}}),
            json!({"kind": "task", "id": "t", "status": {"state": "working"},
                "history": [msg(x, "c", "t")]}),
            json!({"kind": "task", "id": "t", "status": {"state": "working",
                "message": msg(x, "c", "t")}}),
            json!({"kind": "task", "id": "t", "status": {"state": "working"},
                "artifacts": [{"artifactId": x, "parts": []}]}),
            json!({"kind": "status-update", "taskId": x, "status": {"state": "working"}}),
            json!({"kind": "status-update", "taskId": "t", "contextId": x,
                "status": {"state": "working"}}),
            json!({"kind": "artifact-update", "taskId": x, "artifact": {"artifactId": "a", "parts": []}}),
            json!({"kind": "artifact-update", "taskId": "t", "contextId": x,
                "artifact": {"artifactId": "a", "parts": []}}),
            json!({"kind": "artifact-update", "taskId": "t",
                "artifact": {"artifactId": x, "parts": []}}),
        ]
    };
    let at = "i".repeat(wire::MAX_ID_BYTES);
    let past = "i".repeat(wire::MAX_ID_BYTES + 1);
    for (ok, bad) in events(&at).into_iter().zip(events(&past)) {
        let rpc = |r: &Value| json!({"jsonrpc": "2.0", "id": 1, "result": r}).to_string();
        assert!(
            wire::response(ProtocolVersion::V0_3, &rpc(&ok)).is_ok(),
            "{ok}"
        );
        assert!(a2a::sdk::read(&ok.to_string()).is_ok(), "{ok}");
        let f = wire::response(ProtocolVersion::V0_3, &rpc(&bad)).unwrap_err();
        assert_eq!(f.code, Code::A2aLimit, "{bad}");
        assert!(f.message.contains("the limit is 512"), "{}", f.message);
        assert_eq!(
            a2a::sdk::read(&bad.to_string()).unwrap_err().code,
            Code::A2aLimit
        );
        // A view refuses it whole: nothing of it is kept, a finding says so.
        let mut t = view();
        t.apply_text(ProtocolVersion::V0_3, &rpc(&bad));
        assert!(t.turns.is_empty() && t.artifacts.is_empty() && t.task_id.is_none());
        assert!(t.context_id.is_none());
        assert_eq!(t.findings.len(), 1);
    }
}

/// A card naming an extension URI many times activates it once: each request names the
/// activated URIs in a header and in its message.
#[test]
fn a_card_repeating_an_extension_activates_it_once() {
    const V091: &str = "https://a2ui.org/a2a-extension/a2ui/v0.9.1";
    let mut c = card(ProtocolVersion::V1_0);
    let many: Vec<Value> = (0..10_000)
        .map(|i| json!({"uri": if i % 2 == 0 { A2UI_V09 } else { V091 }}))
        .collect();
    c["capabilities"]["extensions"] = json!(many);
    let e = endpoint(&c, None).unwrap();
    assert_eq!(e.a2ui_extensions, [A2UI_V09, V091]);
    let out = a2a::a2ui_message(&e, "m", Some("hi"), vec![], &view(), None);
    let req = wire::send(e.version, 1, &out, true);
    let header = req
        .headers
        .iter()
        .find(|(k, _)| k == "A2A-Extensions")
        .unwrap();
    assert_eq!(header.1, format!("{A2UI_V09}, {V091}"));
    assert_eq!(
        req.body["params"]["message"]["extensions"],
        json!([A2UI_V09, V091])
    );
    assert!(req.body.to_string().len() < 2000);
}
