//! A2A against the official Python SDKs: what our core sends, and what it reads back from
//! real servers. `scripts/record-a2a.py` runs a small agent on each pinned `a2a-sdk`
//! (0.3, and 1.3 with its v0.3 compat), posts the requests this file builds
//! (`tests/fixtures/a2a/our-requests.json`) exactly as given, and records the card and every
//! raw answer (SSE bytes as received). Here the core reads those recordings.
//!
//! `UPDATE_A2A_REQUESTS=1 cargo test -p surfaces-a2a --test a2a_recorded` rewrites
//! `our-requests.json`; the recordings must then be redone (`python3 scripts/record-a2a.py`).
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use serde_json::{json, Value};
use surfaces_a2a as a2a;
use surfaces_a2a::{
    endpoint, wire, Endpoint, Event, ProtocolVersion, Role, Shown, SseDecoder, SseLimits,
    TaskLimits, TaskState, TaskView,
};
use surfaces_core::a2ui::Limits;

const A2UI_V09: &str = "https://a2ui.org/a2a-extension/a2ui/v0.9";
/// Stand-ins for the ids the server gives; the recorder fills them in.
const TASK_ID: &str = "$TASK_ID";
const CONTEXT_ID: &str = "$CONTEXT_ID";
const CLICKED_AT: &str = "2026-01-01T00:00:00Z";
const SURFACE: &str = "booking";
const BUTTON: &str = "book";
const ASK: &str = "Book a room for two nights";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/a2a")
}

fn read_json(path: PathBuf) -> Value {
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The A2UI envelopes the fixture agents send (they read the same file).
fn envelopes() -> Vec<Value> {
    read_json(fixtures().join("envelopes.json"))
        .as_array()
        .unwrap()
        .clone()
}

fn view() -> TaskView {
    TaskView::new(true, Limits::default(), TaskLimits::default())
}

/// The endpoint the requests are built for: what each recorded card must give (its URL
/// aside, which the recorder posts to).
fn endpoint_for(v: ProtocolVersion) -> Endpoint {
    Endpoint {
        url: "http://127.0.0.1/".into(),
        version: v,
        a2ui_extensions: vec![A2UI_V09.into()],
        streaming: true,
    }
}

fn version_key(v: ProtocolVersion) -> &'static str {
    v.as_str()
}

/// A view that has seen the agent's form, on the task the server will name.
fn view_with_form(v: ProtocolVersion) -> TaskView {
    let parts: Vec<Value> = envelopes()
        .into_iter()
        .map(|e| match v {
            ProtocolVersion::V0_3 => {
                json!({"kind": "data", "data": e, "metadata": {"mimeType": "application/json+a2ui"}})
            }
            ProtocolVersion::V1_0 => json!({"data": e, "mediaType": "application/json+a2ui"}),
        })
        .collect();
    let message = match v {
        ProtocolVersion::V0_3 => {
            json!({"kind": "message", "messageId": "form", "role": "agent", "parts": parts})
        }
        ProtocolVersion::V1_0 => {
            json!({"message": {"messageId": "form", "role": "ROLE_AGENT", "parts": parts}})
        }
    };
    let mut t = view();
    t.apply_text(
        v,
        &json!({"jsonrpc": "2.0", "id": 1, "result": message}).to_string(),
    );
    assert!(t.findings.is_empty(), "{:?}", t.findings);
    t.task_id = Some(TASK_ID.into());
    t.context_id = Some(CONTEXT_ID.into());
    t.state = Some(TaskState::InputRequired);
    t
}

/// The requests, in the order the recorder posts them: a send (its own task), a stream (a
/// second task), that task read back, and a click on its form streamed on the same task.
fn our_requests(v: ProtocolVersion) -> Vec<(&'static str, wire::Request)> {
    let e = endpoint_for(v);
    let fresh = view();
    let send = a2a::a2ui_message(&e, "msg-send", Some(ASK), vec![], &fresh, None);
    let stream = a2a::a2ui_message(&e, "msg-stream", Some(ASK), vec![], &fresh, None);
    let form = view_with_form(v);
    let click = form
        .surfaces
        .action(SURFACE, BUTTON, CLICKED_AT)
        .expect("the form's button gives an action");
    let action = a2a::a2ui_message(&e, "msg-action", None, vec![click], &form, None);
    vec![
        ("send", wire::send(v, 1, &send, false)),
        ("stream", wire::send(v, 2, &stream, true)),
        ("get", wire::get_task(v, 3, TASK_ID, 10, &e.a2ui_extensions)),
        ("action", wire::send(v, 4, &action, true)),
    ]
}

fn requests_json() -> Value {
    let mut all = serde_json::Map::new();
    for v in [ProtocolVersion::V0_3, ProtocolVersion::V1_0] {
        let list: Vec<Value> = our_requests(v)
            .into_iter()
            .map(|(name, r)| {
                json!({"name": name, "body": r.body, "headers": r.headers, "streams": r.streams})
            })
            .collect();
        all.insert(version_key(v).into(), Value::Array(list));
    }
    json!({
        "about": "Requests built by surfaces-a2a (crates/surfaces-a2a/tests/a2a_recorded.rs); scripts/record-a2a.py posts them to the official SDKs. $TASK_ID and $CONTEXT_ID are filled with the ids the server gave the stream's task.",
        "requests": all,
    })
}

#[test]
fn our_requests_are_the_ones_recorded() {
    let path = fixtures().join("our-requests.json");
    let now = requests_json();
    if std::env::var_os("UPDATE_A2A_REQUESTS").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
        return;
    }
    let stored = read_json(path);
    assert!(
        stored == now,
        "what the core sends changed: rerun with UPDATE_A2A_REQUESTS=1, then `python3 scripts/record-a2a.py`.\nnow: {}",
        serde_json::to_string_pretty(&now).unwrap()
    );
}

/// One recorded server: the SDK, the protocol version spoken, and its exchanges.
struct Recording {
    dir: PathBuf,
    version: ProtocolVersion,
    index: Value,
}

impl Recording {
    fn load(name: &str, version: ProtocolVersion) -> Recording {
        let dir = fixtures().join(name);
        let index = read_json(dir.join("exchanges.json"));
        assert_eq!(index["protocolVersion"], version.as_str(), "{name}");
        Recording {
            dir,
            version,
            index,
        }
    }

    fn exchange(&self, name: &str) -> &Value {
        self.index["exchanges"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == name)
            .unwrap_or_else(|| panic!("{}: no exchange {name}", self.dir.display()))
    }

    fn body(&self, name: &str) -> Vec<u8> {
        let file = self.exchange(name)["file"].as_str().unwrap();
        std::fs::read(self.dir.join(file)).unwrap()
    }

    fn sent(&self, name: &str) -> &Value {
        &self.exchange(name)["sent"]
    }
}

/// Every SSE event of `bytes`, decoded from pieces of odd sizes (1, 2, 3, 5, 7, 11, ...).
fn sse_events(bytes: &[u8]) -> Vec<String> {
    let mut d = SseDecoder::new(SseLimits::default());
    let mut out = Vec::new();
    let sizes = [1usize, 2, 3, 5, 7, 11, 13, 17, 64, 251];
    let (mut at, mut i) = (0, 0);
    while at < bytes.len() {
        let end = (at + sizes[i % sizes.len()]).min(bytes.len());
        for ev in d.push(&bytes[at..end]) {
            out.push(ev.expect("an SSE event within bounds").data);
        }
        at = end;
        i += 1;
    }
    d.finish();
    // The same bytes in one piece give the same events.
    let mut whole = SseDecoder::new(SseLimits::default());
    let again: Vec<String> = whole
        .push(bytes)
        .into_iter()
        .map(|e| e.unwrap().data)
        .collect();
    assert_eq!(out, again);
    out
}

fn texts(t: &TaskView, role: Role) -> Vec<String> {
    t.turns
        .iter()
        .filter(|turn| turn.role == role)
        .flat_map(|turn| &turn.parts)
        .filter_map(|p| match p {
            Shown::Text { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn interfaces(t: &TaskView) -> Vec<usize> {
    t.turns
        .iter()
        .flat_map(|turn| &turn.parts)
        .filter_map(|p| match p {
            Shown::Interface { envelopes } => Some(*envelopes),
            _ => None,
        })
        .collect()
}

/// `v` with every integral float as an integer: the v1.0 SDK carries data in protobuf
/// `Struct`s, whose numbers are doubles, so the agent's `2` comes back as `2.0`.
fn ints(v: &Value) -> Value {
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() == 0.0 && f.abs() < 9e15 => json!(f as i64),
            _ => v.clone(),
        },
        Value::Array(a) => Value::Array(a.iter().map(ints).collect()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), ints(v))).collect()),
        _ => v.clone(),
    }
}

/// The request as the recorder sent it: ours with the server's ids filled in.
fn filled(ours: &Value, task: &str, context: &str) -> Value {
    let text = ours
        .to_string()
        .replace(TASK_ID, task)
        .replace(CONTEXT_ID, context);
    serde_json::from_str(&text).unwrap()
}

fn check(rec: &Recording) {
    let v = rec.version;
    let label = rec.dir.display().to_string();
    // The card: the endpoint the recorder posted to, in this version, with A2UI v0.9.
    let card = read_json(rec.dir.join("card.json"));
    let e = endpoint(&card, Some(v)).unwrap();
    assert_eq!(e.version, v, "{label}");
    assert_eq!(e.url, rec.index["endpoint"].as_str().unwrap(), "{label}");
    assert_eq!(
        e.a2ui_extensions,
        endpoint_for(v).a2ui_extensions,
        "{label}"
    );
    assert!(e.streaming, "{label}");
    assert!(surfaces_core::a2ui::card_advertises_a2ui(&card), "{label}");

    // What was sent is what the core builds (ids filled in), and every answer is a 200.
    let stored = read_json(fixtures().join("our-requests.json"));
    let ours = stored["requests"][version_key(v)].as_array().unwrap();
    let task_id = rec.index["taskId"].as_str().unwrap();
    let context_id = rec.index["contextId"].as_str().unwrap();
    for (i, o) in ours.iter().enumerate() {
        let x = &rec.index["exchanges"][i];
        assert_eq!(x["name"], o["name"], "{label}");
        let want = filled(o, task_id, context_id);
        assert_eq!(x["sent"]["body"], want["body"], "{label}: {}", o["name"]);
        assert_eq!(
            x["sent"]["headers"], want["headers"],
            "{label}: {}",
            o["name"]
        );
        assert_eq!(x["status"], 200, "{label}: {}", o["name"]);
    }

    // Every recorded answer and stream event reads.
    let envelopes = envelopes().len();
    for name in ["send", "get"] {
        let body = String::from_utf8(rec.body(name)).unwrap();
        wire::response(v, &body).unwrap_or_else(|f| panic!("{label} {name}: {f:?}\n{body}"));
    }
    for name in ["stream", "action"] {
        let events = sse_events(&rec.body(name));
        assert!(!events.is_empty(), "{label} {name}: {events:?}");
        for data in &events {
            wire::response(v, data).unwrap_or_else(|f| panic!("{label} {name}: {f:?}\n{data}"));
        }
    }

    // The send: its own task, waiting for the person, the form folded once.
    let mut t = view();
    let out = a2a::a2ui_message(&e, "msg-send", Some(ASK), vec![], &t, None);
    t.sent(&out);
    t.apply_text(v, &String::from_utf8(rec.body("send")).unwrap());
    t.stream_ended();
    assert!(t.findings.is_empty(), "{label} send: {:?}", t.findings);
    assert!(t.settled, "{label}");
    assert_eq!(t.state, Some(TaskState::InputRequired), "{label}");
    assert_ne!(t.task_id.as_deref(), Some(task_id), "{label}: its own task");
    assert_eq!(texts(&t, Role::User), vec![ASK.to_string()], "{label}");
    assert_eq!(
        texts(&t, Role::Agent),
        vec!["Here is the booking form.".to_string()],
        "{label}"
    );
    assert_eq!(interfaces(&t), vec![1; envelopes], "{label}");
    let r = t.surfaces.report();
    assert_eq!((r.applied, r.ignored), (envelopes, 0), "{label}");

    // The stream, read back, then the click streamed on the same task.
    let mut t = view();
    let out = a2a::a2ui_message(&e, "msg-stream", Some(ASK), vec![], &t, None);
    t.sent(&out);
    let mut d = SseDecoder::new(SseLimits::default());
    for piece in rec.body("stream").chunks(9) {
        t.apply_stream_bytes(v, &mut d, piece);
    }
    t.stream_ended();
    // The 1.3 SDK's v0.3 side ends the stream on `input-required` with `final: false`
    // (`input_required_with_final_false_ends_a_v0_3_stream`): still the stream's end.
    assert!(t.findings.is_empty(), "{label} stream: {:?}", t.findings);
    assert!(t.settled, "{label}");
    assert_eq!(t.state, Some(TaskState::InputRequired), "{label}");
    assert_eq!(
        (t.task_id.as_deref(), t.context_id.as_deref()),
        (Some(task_id), Some(context_id)),
        "{label}"
    );
    assert_eq!(t.turns.len(), 3, "{label}: {:?}", t.turns);
    assert_eq!(interfaces(&t), vec![1; envelopes], "{label}");
    let report = t.surfaces.report();
    assert_eq!((report.applied, report.ignored), (envelopes, 0), "{label}");

    // tasks/get repeats the history: nothing is folded twice.
    match wire::response(v, &String::from_utf8(rec.body("get")).unwrap()).unwrap() {
        Event::Task { id, status, .. } => {
            assert_eq!(id, task_id, "{label}");
            assert_eq!(status.state, TaskState::InputRequired, "{label}");
        }
        other => panic!("{label}: tasks/get gave {other:?}"),
    }
    t.apply_text(v, &String::from_utf8(rec.body("get")).unwrap());
    assert!(t.findings.is_empty(), "{label} get: {:?}", t.findings);
    assert!(t.settled, "{label}");
    assert_eq!(t.surfaces.report(), report, "{label}");
    assert_eq!(t.turns.len(), 3, "{label}: {:?}", t.turns);

    // The click, built from the surfaces the SDK's answer drew, is what was sent.
    let click = t.surfaces.action(SURFACE, BUTTON, CLICKED_AT).unwrap();
    assert_eq!(
        ints(&click["action"]["context"]),
        json!({"room": "Room 4", "nights": 2})
    );
    let out = a2a::a2ui_message(&e, "msg-action", None, vec![click], &t, None);
    let req = wire::send(v, 4, &out, true);
    assert_eq!(ints(&req.body), rec.sent("action")["body"], "{label}");
    assert_eq!(
        serde_json::to_value(&req.headers).unwrap(),
        rec.sent("action")["headers"],
        "{label}"
    );
    t.sent(&out);
    let mut d = SseDecoder::new(SseLimits::default());
    for piece in rec.body("action").chunks(5) {
        t.apply_stream_bytes(v, &mut d, piece);
    }
    t.stream_ended();
    assert!(t.findings.is_empty(), "{label} action: {:?}", t.findings);
    assert!(t.settled, "{label}");
    assert_eq!(t.state, Some(TaskState::Completed), "{label}");
    assert_eq!(
        texts(&t, Role::Agent).last().map(String::as_str),
        Some("Booked Room 4 for 2 nights (book from book)."),
        "{label}"
    );
    assert_eq!(
        t.surfaces.report(),
        report,
        "{label}: the form is unchanged"
    );
}

#[test]
fn sdk_0_3_speaking_v0_3() {
    check(&Recording::load("sdk-0.3", ProtocolVersion::V0_3));
}

#[test]
fn sdk_1_3_speaking_v1_0() {
    check(&Recording::load("sdk-1.3", ProtocolVersion::V1_0));
}

#[test]
fn sdk_1_3_speaking_v0_3_from_its_hybrid_card() {
    // Its stream ends on `input-required` with `final: false`; see the test below.
    check(&Recording::load("sdk-1.3-v0.3", ProtocolVersion::V0_3));
}

/// a2a-sdk 1.3 speaking v0.3 ends a stream after an `input-required` status update whose
/// `final` is false (its compat layer sets `final` only for completed, canceled, failed,
/// rejected); a2a-sdk 0.3 too ends the stream there when an agent leaves `final` at its
/// default (`TaskUpdater.requires_input(final=False)`). A terminal or interrupted state is
/// a stream's last event in v0.3 too, so the stream is not read as cut.
#[test]
fn input_required_with_final_false_ends_a_v0_3_stream() {
    let rec = Recording::load("sdk-1.3-v0.3", ProtocolVersion::V0_3);
    let e = endpoint(&read_json(rec.dir.join("card.json")), Some(rec.version)).unwrap();
    let mut t = view();
    t.sent(&a2a::a2ui_message(
        &e,
        "msg-stream",
        Some(ASK),
        vec![],
        &t,
        None,
    ));
    let mut d = SseDecoder::new(SseLimits::default());
    t.apply_stream_bytes(rec.version, &mut d, &rec.body("stream"));
    t.stream_ended();
    assert_eq!(t.state, Some(TaskState::InputRequired));
    assert!(t.findings.is_empty(), "{:?}", t.findings);
    assert!(t.settled);
}
