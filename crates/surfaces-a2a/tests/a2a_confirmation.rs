//! The confirmation convention (`docs/actions.md`): an agent's request read out of a task
//! update, the attempt's transitions, the answers built, expiry refused locally, and every
//! malformed request a finding. Runs natively and in Chromium.

use serde_json::{json, Value};
use surfaces_a2a as a2a;
use surfaces_a2a::lifecycle::{
    self, check_confirmation, rfc3339_ms, signal_of, ACTION_METADATA_KEY, CONFIRMATION_MEDIA_TYPE,
    SUMMARY_MAX_CHARS,
};
use surfaces_a2a::{
    endpoint, wire, ActionState, Attempts, ConfirmationEnd, Decision, ProtocolVersion, Signal,
    TaskLimits, TaskState, TaskView,
};
use surfaces_core::a2ui::Limits;
use surfaces_core::Code;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const EXPIRES: &str = "2026-12-01T00:00:00Z";
/// EXPIRES in milliseconds since the epoch.
const EXPIRES_MS: f64 = 1_796_083_200_000.0;

fn request(data: Value) -> Value {
    json!({"kind": "data", "data": data, "metadata": {"mimeType": CONFIRMATION_MEDIA_TYPE}})
}

fn asked(data: Value) -> Value {
    json!({"confirmationId": "c9", "summary": "Charge 120 EUR to the card ending 4242",
           "expiresAt": EXPIRES})
    .as_object()
    .unwrap()
    .clone()
    .into_iter()
    .chain(data.as_object().cloned().unwrap_or_default())
    .collect::<serde_json::Map<_, _>>()
    .into()
}

/// A v0.3 `input-required` status update whose message holds `parts`.
fn status_text(parts: Vec<Value>) -> String {
    json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update", "taskId": "t1",
        "contextId": "c1", "final": true, "status": {"state": "input-required", "message": {
            "kind": "message", "messageId": format!("m-{}", parts.len()), "role": "agent",
            "parts": parts}}}})
    .to_string()
}

/// The key of [`asked_attempt`]'s attempt: what its answer carries.
fn key_1() -> Vec<String> {
    vec!["key-1".to_string()]
}

fn event(parts: Vec<Value>) -> a2a::Event {
    wire::response(ProtocolVersion::V0_3, &status_text(parts)).unwrap()
}

/// A sent attempt, and the same status folded into a task view (for the answer's task).
fn asked_attempt(data: Value) -> (Attempts, TaskView) {
    let mut all = Attempts::default();
    all.begin("booking-1", "book", "key-1")
        .unwrap()
        .on(Signal::Sent)
        .unwrap();
    let parts = vec![
        json!({"kind": "text", "text": "Please confirm."}),
        request(data),
    ];
    all.on_answer(&event(parts.clone()), &key_1());
    let mut task = TaskView::new(true, Limits::default(), TaskLimits::default());
    task.apply_text(ProtocolVersion::V0_3, &status_text(parts));
    (all, task)
}

fn endpoint_v03() -> a2a::Endpoint {
    let card = json!({"name": "Fixture", "url": "http://127.0.0.1:9/", "protocolVersion": "0.3.0",
        "capabilities": {"streaming": true, "extensions": [
            {"uri": "https://a2ui.org/a2a-extension/a2ui/v0.9"}]}});
    endpoint(&card, None).unwrap()
}

fn codes(findings: &[surfaces_core::Finding]) -> Vec<Code> {
    findings.iter().map(|f| f.code).collect()
}

#[test]
fn a_confirmation_request_moves_the_attempt_to_needs_confirmation_in_both_versions() {
    let (all, _) = asked_attempt(asked(json!({})));
    let a = all.latest("booking-1", "book").unwrap();
    assert_eq!(a.state, ActionState::NeedsConfirmation);
    let c = a.confirmation.as_ref().unwrap();
    assert_eq!(c.confirmation_id, "c9");
    assert_eq!(c.summary, "Charge 120 EUR to the card ending 4242");
    assert_eq!(
        (c.expires_at.as_str(), c.expires_at_ms as f64),
        (EXPIRES, EXPIRES_MS)
    );
    assert!(a.findings.is_empty());
    // v1.0 spells the media type `mediaType`, and the state TASK_STATE_INPUT_REQUIRED.
    let v1 = json!({"jsonrpc": "2.0", "id": 1, "result": {"statusUpdate": {"taskId": "t1",
        "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "message": {
            "messageId": "m", "role": "ROLE_AGENT", "parts": [
                {"data": asked(json!({})), "mediaType": CONFIRMATION_MEDIA_TYPE}]}}}}});
    let e = wire::response(ProtocolVersion::V1_0, &v1.to_string()).unwrap();
    assert!(
        matches!(signal_of(&e), Some(Signal::ConfirmationAsked(c)) if c.confirmation_id == "c9")
    );
    // The same part on a `working` status is not a question: nothing waits for the person.
    let working = status_text(vec![request(asked(json!({})))]).replace("input-required", "working");
    let e = wire::response(ProtocolVersion::V0_3, &working).unwrap();
    assert_eq!(signal_of(&e), Some(Signal::Task(TaskState::Working)));
}

#[test]
fn confirming_sends_the_confirmation_id_and_the_attempts_key_once() {
    let (mut all, task) = asked_attempt(asked(json!({})));
    let a = all.latest_mut("booking-1", "book").unwrap();
    let answer = a.answer(Decision::Confirm, EXPIRES_MS - 1.0).unwrap();
    assert_eq!(a.state, ActionState::Running);
    assert_eq!(a.confirmation_end, Some(ConfirmationEnd::Confirmed));
    assert_eq!(answer.decision, Decision::Confirm);
    assert_eq!(
        answer.data,
        json!({"confirmationId": "c9", "decision": "confirm"})
    );
    // The same key as the action that asked; the second message of the attempt.
    assert_eq!(
        answer.metadata,
        json!({"idempotencyKey": "key-1", "attempt": 2})
    );
    let out = a2a::confirmation_message(&endpoint_v03(), "m-confirm", &answer, &task).unwrap();
    let body = wire::send(ProtocolVersion::V0_3, 3, &out, true).body;
    let m = &body["params"]["message"];
    assert_eq!(m["taskId"], "t1");
    assert_eq!(m["contextId"], "c1");
    assert_eq!(
        m["metadata"][ACTION_METADATA_KEY]["idempotencyKey"],
        "key-1"
    );
    assert_eq!(
        m["parts"],
        json!([{"kind": "data", "data": {"confirmationId": "c9", "decision": "confirm"},
                "metadata": {"mimeType": CONFIRMATION_MEDIA_TYPE}}])
    );
    // A second press of Confirm sends nothing: no confirmation is awaited any more.
    let again = a.answer(Decision::Confirm, EXPIRES_MS - 1.0).unwrap_err();
    assert_eq!(
        (again.from, again.signal),
        (ActionState::Running, "confirmed")
    );
    // Only the agent's task says it was done.
    all.on_answer(
        &wire::response(
            ProtocolVersion::V0_3,
            &json!({"jsonrpc": "2.0", "id": 3,
        "result": {"kind": "status-update", "taskId": "t1", "final": true,
                   "status": {"state": "completed"}}})
            .to_string(),
        )
        .unwrap(),
        &key_1(),
    );
    assert_eq!(
        all.latest("booking-1", "book").unwrap().state,
        ActionState::Succeeded
    );
}

#[test]
fn cancelling_ends_the_attempt_rejected_and_sends_a_cancel() {
    let (mut all, task) = asked_attempt(asked(json!({})));
    let a = all.latest_mut("booking-1", "book").unwrap();
    let answer = a.answer(Decision::Cancel, EXPIRES_MS - 1.0).unwrap();
    assert_eq!(a.state, ActionState::Rejected);
    assert_eq!(a.confirmation_end, Some(ConfirmationEnd::Declined));
    assert_eq!(
        answer.data,
        json!({"confirmationId": "c9", "decision": "cancel"})
    );
    assert_eq!(answer.metadata["idempotencyKey"], "key-1");
    assert!(a2a::confirmation_message(&endpoint_v03(), "m", &answer, &task).is_some());
    // Declined is final: whatever the agent says next does not make it done.
    all.on_answer(
        &wire::response(
            ProtocolVersion::V0_3,
            &json!({"jsonrpc": "2.0", "id": 3,
        "result": {"kind": "status-update", "taskId": "t1", "final": true,
                   "status": {"state": "completed"}}})
            .to_string(),
        )
        .unwrap(),
        &key_1(),
    );
    assert_eq!(
        all.latest("booking-1", "book").unwrap().state,
        ActionState::Rejected
    );
    // The Button takes a new click: a new attempt with a new key.
    assert!(all.begin("booking-1", "book", "key-2").is_ok());
}

#[test]
fn confirming_at_or_after_expiry_is_refused_here_and_a_cancel_is_sent() {
    for now in [EXPIRES_MS, EXPIRES_MS + 60_000.0] {
        let (mut all, _) = asked_attempt(asked(json!({})));
        let a = all.latest_mut("booking-1", "book").unwrap();
        assert!(a.confirmation.as_ref().unwrap().expired_at(now));
        let answer = a.answer(Decision::Confirm, now).unwrap();
        assert_eq!(a.state, ActionState::Rejected, "at {now}");
        assert_eq!(a.confirmation_end, Some(ConfirmationEnd::Expired));
        assert_eq!(a.sends, 1, "the confirmation was not sent");
        assert_eq!(answer.decision, Decision::Cancel);
        assert_eq!(answer.data["decision"], "cancel");
    }
    // An expiry in another offset is the same instant.
    let (mut all, _) = asked_attempt(asked(json!({"expiresAt": "2026-12-01T01:00:00+01:00"})));
    let a = all.latest_mut("booking-1", "book").unwrap();
    assert_eq!(
        a.answer(Decision::Confirm, EXPIRES_MS - 1.0)
            .unwrap()
            .decision,
        Decision::Confirm
    );
}

#[test]
fn an_answer_is_refused_when_no_confirmation_is_awaited() {
    let mut all = Attempts::default();
    let a = all.begin("s", "b", "k").unwrap();
    assert!(a.answer(Decision::Confirm, 0.0).is_err());
    a.on(Signal::Sent).unwrap();
    assert!(a.answer(Decision::Cancel, 0.0).is_err());
    assert_eq!(
        a.state,
        ActionState::Running,
        "a refused answer changes nothing"
    );
}

#[test]
fn an_answer_belongs_to_a_task_that_has_not_ended() {
    let (mut all, mut task) = asked_attempt(asked(json!({})));
    let answer = all
        .latest_mut("booking-1", "book")
        .unwrap()
        .answer(Decision::Cancel, 0.0)
        .unwrap();
    task.apply_text(
        ProtocolVersion::V0_3,
        &json!({"jsonrpc": "2.0", "id": 1, "result": {
        "kind": "status-update", "taskId": "t1", "final": true,
        "status": {"state": "canceled"}}})
        .to_string(),
    );
    assert!(a2a::confirmation_message(&endpoint_v03(), "m", &answer, &task).is_none());
    let fresh = TaskView::new(true, Limits::default(), TaskLimits::default());
    assert!(a2a::confirmation_message(&endpoint_v03(), "m", &answer, &fresh).is_none());
}

#[test]
fn malformed_requests_are_findings_and_the_attempt_ends_rejected() {
    use Code::*;
    let long_id = "a".repeat(lifecycle::CONFIRMATION_ID_MAX + 1);
    let cases: Vec<(Value, Vec<Code>)> = vec![
        (json!("confirm me"), vec![A2aConfirmationMalformed]),
        (json!(null), vec![A2aConfirmationMalformed]),
        (json!({}), vec![A2aConfirmationMalformed; 3]),
        (asked(json!({"summary": 5})), vec![A2aConfirmationMalformed]),
        (
            asked(json!({"confirmationId": ["c9"]})),
            vec![A2aConfirmationMalformed],
        ),
        (
            asked(json!({"confirmationId": ""})),
            vec![A2aConfirmationIdInvalid],
        ),
        (
            asked(json!({"confirmationId": "c 9"})),
            vec![A2aConfirmationIdInvalid],
        ),
        (
            asked(json!({"confirmationId": "<b>c9</b>"})),
            vec![A2aConfirmationIdInvalid],
        ),
        (
            asked(json!({"confirmationId": long_id})),
            vec![A2aConfirmationIdInvalid],
        ),
        (
            asked(json!({"summary": "x".repeat(SUMMARY_MAX_CHARS + 1)})),
            vec![A2aConfirmationSummaryTooLong],
        ),
        (
            asked(json!({"summary": ""})),
            vec![A2aConfirmationSummaryInvalid],
        ),
        (
            asked(json!({"summary": " \u{200B} "})),
            vec![A2aConfirmationSummaryInvalid],
        ),
        (
            asked(json!({"summary": "Charge \u{202E}0210\u{202C} EUR"})),
            vec![A2aConfirmationSummaryInvalid],
        ),
        (
            asked(json!({"expiresAt": "tomorrow"})),
            vec![A2aConfirmationExpiryInvalid],
        ),
        (
            asked(json!({"expiresAt": "2026-12-01T00:00:00"})),
            vec![A2aConfirmationExpiryInvalid],
        ),
        (
            asked(json!({"expiresAt": "2026-02-30T00:00:00Z"})),
            vec![A2aConfirmationExpiryInvalid],
        ),
        (
            asked(json!({"expiresAt": "2026-12-01T24:00:00Z"})),
            vec![A2aConfirmationExpiryInvalid],
        ),
        (
            asked(json!({"expiresAt": "2026-12-01"})),
            vec![A2aConfirmationExpiryInvalid],
        ),
        (
            asked(json!({"expiresAt": 1796083200000u64})),
            vec![A2aConfirmationMalformed],
        ),
        (
            json!({"confirmationId": "", "summary": "", "expiresAt": "x"}),
            vec![
                A2aConfirmationIdInvalid,
                A2aConfirmationSummaryInvalid,
                A2aConfirmationExpiryInvalid,
            ],
        ),
    ];
    for (data, want) in cases {
        assert_eq!(
            codes(&check_confirmation(&data).unwrap_err()),
            want,
            "{data}"
        );
        let (all, _) = asked_attempt(data.clone());
        let a = all.latest("booking-1", "book").unwrap();
        assert_eq!(a.state, ActionState::Rejected, "{data}");
        assert_eq!(a.confirmation_end, Some(ConfirmationEnd::Invalid));
        assert_eq!(codes(&a.findings), want);
        // Paths name the part that held the request (the second).
        assert!(
            a.findings
                .iter()
                .all(|f| f.path.starts_with("/parts/1/data")),
            "{:?}",
            a.findings
        );
    }
    // At the limits, a request is read.
    let edge = asked(
        json!({"confirmationId": "a".repeat(lifecycle::CONFIRMATION_ID_MAX),
        "summary": "é".repeat(SUMMARY_MAX_CHARS), "expiresAt": "2026-12-01T00:00:00.123456789z"}),
    );
    let c = check_confirmation(&edge).unwrap();
    assert_eq!(c.summary.chars().count(), SUMMARY_MAX_CHARS);
    assert_eq!(c.expires_at_ms as f64, EXPIRES_MS + 123.0);
    // Two requests in one message: which one the person confirms is not clear.
    let mut all = Attempts::default();
    all.begin("s", "b", "k").unwrap().on(Signal::Sent).unwrap();
    all.on_answer(
        &event(vec![
            request(asked(json!({}))),
            request(asked(json!({"confirmationId": "c10"}))),
        ]),
        &["k".to_string()],
    );
    let a = all.latest("s", "b").unwrap();
    assert_eq!(
        (a.state, codes(&a.findings)),
        (ActionState::Rejected, vec![Code::A2aConfirmationAmbiguous])
    );
}

#[test]
fn rfc3339_instants() {
    let cases: &[(&str, Option<i64>)] = &[
        ("1970-01-01T00:00:00Z", Some(0)),
        ("1970-01-01T00:00:00.5Z", Some(500)),
        ("1969-12-31T23:59:59Z", Some(-1000)),
        ("2000-02-29T12:00:00Z", Some(951_825_600_000)),
        ("2026-12-01T00:00:00Z", Some(1_796_083_200_000)),
        ("2026-12-01t01:30:00+01:30", Some(1_796_083_200_000)),
        ("2026-11-30T19:00:00-05:00", Some(1_796_083_200_000)),
        ("2016-12-31T23:59:60Z", Some(1_483_228_799_000)),
        ("1900-02-29T00:00:00Z", None),
        ("2026-13-01T00:00:00Z", None),
        ("2026-12-01T00:60:00Z", None),
        ("2026-12-01T00:00:00.Z", None),
        ("2026-12-01T00:00:00+1:00", None),
        ("2026-12-01T00:00:00+24:00", None),
        ("2026-12-01 00:00:00Z", None),
        ("+2026-12-01T00:00:00Z", None),
        ("２026-12-01T00:00:00Z", None),
        ("", None),
    ];
    for (text, want) in cases {
        assert_eq!(rfc3339_ms(text), *want, "{text}");
    }
}

#[test]
fn a_snapshot_repeating_an_answered_question_changes_nothing() {
    let (mut all, _) = asked_attempt(asked(json!({})));
    all.latest_mut("booking-1", "book")
        .unwrap()
        .answer(Decision::Confirm, EXPIRES_MS - 1.0)
        .unwrap();
    // The stream answering the confirmation starts with the task as it was: still asking.
    let snapshot = json!({"jsonrpc": "2.0", "id": 2, "result": {"kind": "task", "id": "t1",
        "contextId": "c1", "status": {"state": "input-required", "message": {"kind": "message",
            "messageId": "m-2", "role": "agent", "parts": [request(asked(json!({})))]}}}});
    let e = wire::response(ProtocolVersion::V0_3, &snapshot.to_string()).unwrap();
    let mut seen = Vec::new();
    let mut task = TaskView::new(true, Limits::default(), TaskLimits::default());
    task.apply_text_with(ProtocolVersion::V0_3, &snapshot.to_string(), |e| {
        seen.push(e.clone())
    });
    assert_eq!(seen, vec![e.clone()], "the view shows the event it folds");
    all.on_answer(&e, &key_1());
    assert_eq!(
        all.latest("booking-1", "book").unwrap().state,
        ActionState::Running
    );
    // A new question (another id) is asked again.
    let e = event(vec![request(asked(json!({"confirmationId": "c10"})))]);
    all.on_answer(&e, &key_1());
    let a = all.latest("booking-1", "book").unwrap();
    assert_eq!(a.state, ActionState::NeedsConfirmation);
    assert_eq!(a.confirmation.as_ref().unwrap().confirmation_id, "c10");
    assert_eq!(
        a.confirmation_end, None,
        "the new question is not answered yet"
    );
}

#[test]
fn an_event_about_another_task_is_not_shown_to_the_lifecycle() {
    let (_, mut task) = asked_attempt(asked(json!({})));
    let other = status_text(vec![request(asked(json!({"confirmationId": "c10"})))])
        .replace("\"t1\"", "\"t2\"");
    let mut seen = 0;
    task.apply_text_with(ProtocolVersion::V0_3, &other, |_| seen += 1);
    assert_eq!(seen, 0);
    assert_eq!(codes(&task.findings), vec![Code::A2aTaskMismatch]);
}

#[test]
fn a_request_with_a_member_twice_or_one_more_is_not_confirmed() {
    // The person would be shown one summary and the agent would read the other; the
    // members twice first, or last.
    let text = status_text(vec![request(asked(json!({"summary": "Charge 1 EUR"})))]).replace(
        r#""summary":"Charge 1 EUR""#,
        r#""summary":"Charge 1 EUR","summary":"Charge 900 EUR""#,
    );
    assert!(
        text.contains(r#""Charge 900 EUR"}"#),
        "the duplicate is last: {text}"
    );
    let first = text.replace(
        r#"{"confirmationId":"c9","#,
        r#"{"confirmationId":"c9","confirmationId":"c8","#,
    );
    assert!(first.contains("c8"), "{first}");
    for text in [&first, &text] {
        let e = wire::response(ProtocolVersion::V0_3, text).unwrap();
        let mut all = Attempts::default();
        all.begin("s", "b", "k").unwrap().on(Signal::Sent).unwrap();
        all.on_answer(&e, &["k".to_string()]);
        let a = all.latest("s", "b").unwrap();
        assert_eq!(a.state, ActionState::Rejected, "{text}");
    }
    let e = wire::response(ProtocolVersion::V0_3, &text).unwrap();
    let mut all = Attempts::default();
    all.begin("s", "b", "k").unwrap().on(Signal::Sent).unwrap();
    all.on_answer(&e, &["k".to_string()]);
    let a = all.latest("s", "b").unwrap();
    assert_eq!(a.state, ActionState::Rejected);
    assert_eq!(a.confirmation_end, Some(ConfirmationEnd::Invalid));
    assert_eq!(
        (codes(&a.findings), a.findings[0].path.as_str()),
        (
            vec![Code::A2aConfirmationMalformed],
            "/parts/0/data/summary"
        )
    );
    // A member the request does not have, one finding however many there are.
    let mut extra = asked(json!({"amount": 900}));
    for i in 0..50 {
        extra[format!("more-{i}")] = json!(i);
    }
    let found = check_confirmation(&extra).unwrap_err();
    assert_eq!(codes(&found), vec![Code::A2aConfirmationMalformed]);
    assert_eq!(found[0].path, "/amount");
    // The three members alone, as the convention has them: a question.
    assert!(check_confirmation(&asked(json!({}))).is_ok());
}

#[test]
fn an_answer_moves_only_the_attempts_it_carried() {
    let question = event(vec![request(asked(json!({})))]);
    let completed = wire::response(
        ProtocolVersion::V0_3,
        &json!({"jsonrpc": "2.0", "id": 3, "result": {"kind": "status-update", "taskId": "t1",
            "final": true, "status": {"state": "completed"}}})
        .to_string(),
    )
    .unwrap();
    let mut all = Attempts::default();
    for (b, k) in [("pay", "k-pay"), ("refund", "k-refund")] {
        all.begin("s", b, k).unwrap().on(Signal::Sent).unwrap();
    }
    // The question comes on the answer to "pay": "refund" is not asked it.
    all.on_answer(&question, &["k-pay".to_string()]);
    assert_eq!(
        all.latest("s", "pay").unwrap().state,
        ActionState::NeedsConfirmation
    );
    assert_eq!(
        all.latest("s", "refund").unwrap().state,
        ActionState::Running
    );
    assert!(all.latest("s", "refund").unwrap().confirmation.is_none());
    assert_eq!(
        all.under_way().map(|a| a.component_id.as_str()),
        Some("refund"),
        "the newest under way"
    );
    // "refund"'s answer is over while it still runs: it may or may not have been done.
    all.answer_ended(&["k-refund".to_string()]);
    assert_eq!(
        all.latest("s", "refund").unwrap().state,
        ActionState::OutcomeUnknown
    );
    assert_eq!(
        all.under_way().map(|a| a.component_id.as_str()),
        Some("pay"),
        "the question is still open"
    );
    // The task's end, on an answer that carried nothing: the open question is settled by
    // it (no answer could be sent any more); an outcome unknown learns nothing from it,
    // only from the task read again, about its own message.
    all.on_answer(&completed, &[]);
    assert_eq!(
        all.latest("s", "pay").unwrap().state,
        ActionState::Succeeded
    );
    all.on_answer(&completed, &["k-refund".to_string()]);
    assert_eq!(
        all.latest("s", "refund").unwrap().state,
        ActionState::OutcomeUnknown
    );
    assert!(all.under_way().is_none());
}

#[test]
fn a_message_about_another_task_is_not_folded() {
    let mut task = TaskView::new(true, Limits::default(), TaskLimits::default());
    task.apply_text(ProtocolVersion::V0_3, &status_text(vec![]));
    assert_eq!(task.task_id.as_deref(), Some("t1"));
    let turns = task.turns.len();
    let other = json!({"jsonrpc": "2.0", "id": 4, "result": {"kind": "message",
        "messageId": "m-other", "role": "agent", "taskId": "t2",
        "parts": [{"kind": "text", "text": "Done"}]}})
    .to_string();
    let mut seen = 0;
    task.apply_text_with(ProtocolVersion::V0_3, &other, |_| seen += 1);
    assert_eq!((seen, task.turns.len()), (0, turns));
    assert_eq!(codes(&task.findings), vec![Code::A2aTaskMismatch]);
    // The same message naming this task, or none, is the agent's answer.
    for named in [json!("t1"), Value::Null] {
        let mine = json!({"jsonrpc": "2.0", "id": 5, "result": {"kind": "message",
            "messageId": format!("m-{named}"), "role": "agent", "taskId": named,
            "parts": [{"kind": "text", "text": "Done"}]}})
        .to_string();
        task.apply_text(ProtocolVersion::V0_3, &mine);
    }
    assert_eq!(task.turns.len(), turns + 2);
}
