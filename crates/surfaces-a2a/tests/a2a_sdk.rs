//! What JavaScript A2A clients hand over (`a2a::sdk`): `@a2a-js/sdk` 1.3.0's objects, recorded
//! from a real run against the fixture agent (`tests/e2e/a2a-js.test.mjs` with
//! `RECORD_A2A_JS=1` writes `tests/fixtures/a2a-js/booking.json`), read into the same events
//! and task view as the wire's JSON; and the messages built for that SDK.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use serde_json::{json, Value};
use surfaces_a2a::{sdk, Event, Outgoing, ProtocolVersion, Role, TaskLimits, TaskState, TaskView};
use surfaces_core::a2ui::Limits;
use surfaces_core::Code;

fn recording() -> Value {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/a2a-js/booking.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap()
}

/// An event as what it says (a data part's data as its values: the three shapes may space
/// or order its text differently).
fn said(e: &Event) -> Value {
    match e {
        Event::Message(m) => json!({"message": m}),
        Event::Task {
            id,
            context_id,
            status,
            history,
            artifacts,
        } => {
            json!({"task": [id, context_id, status, history, artifacts]})
        }
        Event::Status {
            task_id,
            context_id,
            status,
            last,
        } => {
            json!({"status": [task_id, context_id, status, last]})
        }
        Event::Artifact {
            task_id,
            context_id,
            artifact,
            append,
            last_chunk,
        } => {
            json!({"artifact": [task_id, context_id, artifact, append, last_chunk]})
        }
    }
}

fn view() -> TaskView {
    TaskView::new(true, Limits::default(), TaskLimits::default())
}

fn surface_ids(v: &TaskView) -> Vec<String> {
    let mut ids: Vec<String> = v.surfaces.surface_ids().map(str::to_string).collect();
    ids.sort();
    ids
}

#[test]
fn a_recorded_booking_from_the_js_sdk_folds_into_the_task() {
    let rec = recording();
    let mut v = view();
    let mut states = Vec::new();
    for exchange in rec["exchanges"].as_array().unwrap() {
        for e in exchange.as_array().unwrap() {
            let event = sdk::event(e).unwrap_or_else(|f| panic!("{f:?} reading {e}"));
            v.apply(event);
        }
        states.push(v.state);
    }
    assert_eq!(
        states,
        [
            Some(TaskState::InputRequired),
            Some(TaskState::InputRequired),
            Some(TaskState::Completed)
        ]
    );
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.surfaces.report().ignored, 0);
    let ids = surface_ids(&v);
    assert!(ids.iter().any(|s| s.starts_with("booking-")), "{ids:?}");
    assert!(
        ids.iter().any(|s| s.starts_with("confirmation-")),
        "{ids:?}"
    );
    // The agent's words, read from `content: {$case: "text"}` parts with numeric roles.
    let texts: Vec<String> = v
        .turns
        .iter()
        .filter(|t| t.role == Role::Agent)
        .flat_map(|t| t.parts.iter())
        .filter_map(|p| match p {
            surfaces_a2a::Shown::Text { text } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(texts.contains(&"Please confirm the booking before I make it.".to_string()));
    assert!(texts.contains(&"Your room is booked.".to_string()));

    // The SDK's getTask answer, read into a fresh view, rebuilds the same surfaces.
    let mut again = view();
    again.apply(sdk::event(&rec["getTask"]).unwrap());
    assert_eq!(again.state, Some(TaskState::Completed));
    assert_eq!(surface_ids(&again), ids);
}

#[test]
fn the_three_shapes_of_one_status_update_read_alike() {
    let sdk_shape = json!({"payload": {"$case": "statusUpdate", "value": {
    "taskId": "t1", "contextId": "c1", "metadata": null,
    "status": {"state": 6, "timestamp": "", "message": {
        "messageId": "m1", "contextId": "c1", "taskId": "t1", "role": 2,
        "extensions": [], "referenceTaskIds": [], "metadata": null,
        "parts": [
            {"content": {"$case": "text", "value": "Pick one"}, "mediaType": "", "filename": "", "metadata": null},
            {"content": {"$case": "data", "value": {"k": 1}}, "mediaType": "", "filename": "",
             "metadata": {"mimeType": "application/json"}}
        ]}}}}});
    let v1 = json!({"statusUpdate": {"taskId": "t1", "contextId": "c1",
        "status": {"state": "TASK_STATE_INPUT_REQUIRED", "message": {
            "messageId": "m1", "contextId": "c1", "taskId": "t1", "role": "ROLE_AGENT",
            "parts": [{"text": "Pick one"}, {"data": {"k": 1}, "metadata": {"mimeType": "application/json"}}]}}}});
    let v03 = json!({"kind": "status-update", "taskId": "t1", "contextId": "c1", "final": true,
        "status": {"state": "input-required", "message": {
            "kind": "message", "messageId": "m1", "contextId": "c1", "taskId": "t1", "role": "agent",
            "parts": [{"kind": "text", "text": "Pick one"},
                      {"kind": "data", "data": {"k": 1}, "metadata": {"mimeType": "application/json"}}]}}});
    let a = said(&sdk::event(&sdk_shape).unwrap());
    assert_eq!(a["status"][2]["state"], "input-required");
    assert_eq!(
        a["status"][2]["message"]["parts"][1]["mediaType"],
        "application/json"
    );
    assert_eq!(a, said(&sdk::event(&v1).unwrap()));
    // v0.3's `final` on input-required: the same event.
    assert_eq!(a, said(&sdk::event(&v03).unwrap()));
    // A whole JSON-RPC response is read through its result, and its error is a finding.
    let rpc = json!({"jsonrpc": "2.0", "id": 3, "result": v1});
    assert_eq!(said(&sdk::event(&rpc).unwrap()), a);
    let err = sdk::event(
        &json!({"jsonrpc": "2.0", "id": 3, "error": {"code": -32001, "message": "Task not found"}}),
    )
    .unwrap_err();
    assert_eq!(err.code, Code::A2aJsonrpcError);
}

#[test]
fn a_send_result_is_the_message_or_task_itself() {
    let m = sdk::event(&json!({"messageId": "m", "role": 2, "taskId": "", "contextId": "c",
        "parts": [{"content": {"$case": "url", "value": "https://example.com/a.pdf"}, "mediaType": "application/pdf", "filename": "a.pdf"}]}))
        .unwrap();
    let Event::Message(m) = m else {
        panic!("{m:?}")
    };
    assert_eq!(m.task_id, None, "ts-proto's empty string is no task");
    assert_eq!(m.context_id.as_deref(), Some("c"));
    assert_eq!(
        m.parts,
        [surfaces_a2a::wire::Part::File {
            name: Some("a.pdf".into()),
            media_type: Some("application/pdf".into()),
            uri: Some("https://example.com/a.pdf".into())
        }]
    );
    let t = sdk::event(&json!({"id": "t", "contextId": "c", "status": {"state": 3}, "history": [], "artifacts": [
        {"artifactId": "a", "name": "", "description": "", "parts": [{"content": {"$case": "raw", "value": {"type": "Buffer", "data": [1, 2]}}, "mediaType": "image/png", "filename": ""}]}]}))
        .unwrap();
    let Event::Task {
        status, artifacts, ..
    } = t
    else {
        panic!("{t:?}")
    };
    assert_eq!(status.state, TaskState::Completed);
    assert_eq!(artifacts[0].name, None);
    // The bytes are not carried: a file is named by its type.
    assert!(
        matches!(&artifacts[0].parts[0], surfaces_a2a::wire::Part::File { uri: None, media_type: Some(t), .. } if t == "image/png")
    );
}

#[test]
fn what_is_not_a2a_is_a_finding() {
    for bad in [
        json!(null),
        json!(42),
        json!("text"),
        json!([]),
        json!({}),
        json!({"payload": {"$case": "pushConfig", "value": {}}}),
        json!({"payload": {"$case": "task", "value": 7}}),
        json!({"messageId": "m", "role": 9, "parts": []}),
        json!({"messageId": "m", "role": 2, "parts": [{"content": {"$case": "html", "value": "<b>"}}]}),
        json!({"messageId": "m", "role": 2, "parts": {"0": {}}}),
        json!({"id": "t", "status": {"state": 42}}),
        json!({"id": "t", "status": {"state": 3}, "history": "none"}),
        json!({"jsonrpc": "2.0", "id": 1}),
    ] {
        let f = sdk::event(&bad).expect_err(&bad.to_string());
        assert!(f.code.as_str().starts_with("a2a-"), "{bad}: {f:?}");
    }
    // Past the reader's part bound: refused by the same reader the wire uses.
    let many: Vec<Value> = (0..=surfaces_a2a::wire::MAX_PARTS)
        .map(|_| json!({"content": {"$case": "text", "value": "x"}}))
        .collect();
    let f = sdk::event(&json!({"messageId": "m", "role": 2, "parts": many})).unwrap_err();
    assert_eq!(f.code, Code::A2aLimit);
    let at: Vec<Value> = (0..surfaces_a2a::wire::MAX_PARTS)
        .map(|_| json!({"content": {"$case": "text", "value": "x"}}))
        .collect();
    assert!(sdk::event(&json!({"messageId": "m", "role": 2, "parts": at})).is_ok());
}

fn outgoing() -> Outgoing {
    let mut metadata = serde_json::Map::new();
    metadata.insert("a2uiClientCapabilities".into(), json!({"v0.9": {}}));
    Outgoing {
        message_id: "m1".into(),
        text: Some("I need a room".into()),
        data: vec![(
            json!({"version": "v0.9", "action": {"name": "book"}}),
            "application/json+a2ui".into(),
        )],
        task_id: Some("t1".into()),
        context_id: None,
        extensions: vec!["https://a2ui.org/a2a-extension/a2ui/v0.9".into()],
        metadata,
    }
}

#[test]
fn a_message_for_the_js_sdk_reads_back_as_the_message_sent() {
    let out = outgoing();
    let m = sdk::to_sdk_message(&out);
    assert_eq!(m["role"], 1);
    assert_eq!(m["contextId"], "", "ts-proto's unset string");
    // The media type where v1.0 reads it, and where the SDK's v0.3 translation keeps it.
    assert_eq!(m["parts"][1]["mediaType"], "application/json+a2ui");
    assert_eq!(
        m["parts"][1]["metadata"]["mimeType"],
        "application/json+a2ui"
    );
    let Event::Message(back) = sdk::event(&m).unwrap() else {
        panic!()
    };
    assert_eq!(back.role, Role::User);
    assert_eq!(back.task_id.as_deref(), Some("t1"));
    assert_eq!(back.context_id, None);
    // The JSON shapes of both versions say the same as the wire's builder.
    for v in [ProtocolVersion::V0_3, ProtocolVersion::V1_0] {
        let json = sdk::to_json_message(v, &out);
        let wrapped = match v {
            ProtocolVersion::V0_3 => json.clone(),
            ProtocolVersion::V1_0 => json!({ "message": json }),
        };
        let read = sdk::event(&wrapped).unwrap();
        assert_eq!(said(&read), said(&Event::Message(back.clone())), "{v:?}");
    }
    let h = sdk::extension_headers(ProtocolVersion::V0_3, &out);
    assert_eq!(
        h.get("X-A2A-Extensions").and_then(Value::as_str),
        Some("https://a2ui.org/a2a-extension/a2ui/v0.9")
    );
    let h = sdk::extension_headers(ProtocolVersion::V1_0, &out);
    assert_eq!(h.keys().collect::<Vec<_>>(), ["A2A-Extensions"]);
    let none = Outgoing {
        extensions: vec![],
        ..outgoing()
    };
    assert!(sdk::extension_headers(ProtocolVersion::V1_0, &none).is_empty());
}

/// The v1.0 JSON the npm package's reader (`sdk::read`) and the console's (`wire::response`)
/// both take: one verdict and one event for each, whichever reads it.
#[test]
fn v1_json_gets_one_verdict_from_both_readers() {
    let status = |part: Value, task_id: &str| {
        json!({"jsonrpc": "2.0", "id": 1, "result": {"statusUpdate": {"taskId": task_id,
            "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "message": {
                "messageId": "m1", "role": "ROLE_AGENT", "parts": [part]}}}}})
    };
    let cases = [
        // JSON's empty strings are values (ts-proto's "unset" is the SDK's shape only).
        status(json!({"text": ""}), "t1"),
        status(json!({"url": ""}), "t1"),
        status(json!({"raw": ""}), "t1"),
        status(json!({"text": "ok"}), ""),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"message": {"messageId": "", "role": "ROLE_AGENT",
            "parts": [{"text": "ok"}]}}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"artifactUpdate": {"taskId": "t1",
            "artifact": {"artifactId": "", "parts": [{"text": "ok"}]}}}}),
        // A part holding its content twice, whichever way: refused by both.
        status(
            json!({"text": "Pay 1 EUR", "content": {"$case": "text", "value": "Pay 900 EUR"}}),
            "t1",
        ),
        status(json!({"text": "Pay 1 EUR", "data": {"amount": 900}}), "t1"),
        status(
            json!({"data": {"a": 1}, "url": "https://example.com/"}),
            "t1",
        ),
        // A `null` member is a member: the part holds two.
        status(json!({"data": {"a": 1}, "text": null}), "t1"),
        status(json!({"data": {"a": 1}, "content": null}), "t1"),
    ];
    for (i, case) in cases.iter().enumerate() {
        let text = case.to_string();
        let npm = sdk::read(&text).map(|e| said(&e));
        let console = surfaces_a2a::wire::response(ProtocolVersion::V1_0, &text).map(|e| said(&e));
        match (&npm, &console) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "case {i}: {text}"),
            (Err(a), Err(b)) => assert_eq!(a.code, b.code, "case {i}: {text}"),
            _ => panic!("case {i}: npm {npm:?}, console {console:?}: {text}"),
        }
        // The first six are read, the last five refused.
        assert_eq!(npm.is_ok(), i < 6, "case {i}: {npm:?}");
    }
    // In the SDK's own objects an empty string is a field left unset, as before.
    let Event::Message(m) = sdk::event(&json!({"messageId": "", "role": 2, "taskId": "",
        "parts": [{"content": {"$case": "text", "value": ""}, "mediaType": "", "filename": ""}]}))
    .unwrap() else {
        panic!("a message")
    };
    assert_eq!((m.message_id, m.task_id), (None, None));
}
