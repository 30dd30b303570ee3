//! A conversation's task kept across a reload (`a2a::saved`, `docs/actions.md`): the record
//! captured, bounded at its limit and one past it, read back or refused; the task rebuilt
//! from a `tasks/get` answer with the person's edits put back; and each attempt that was
//! under way settled by the task only when the task shows the agent got it.

use serde_json::{json, Value};
use surfaces_a2a::lifecycle::{ACTION_METADATA_KEY, CONFIRMATION_MEDIA_TYPE};
use surfaces_a2a::saved::{
    keys_answered, keys_in_history, SavedAttempt, SavedEdit, SavedError, SavedTask, FORMAT,
    HISTORY_READ_MAX, SAVED_ID_MAX, SAVED_MAX_ATTEMPTS, SAVED_MAX_BYTES,
};
use surfaces_a2a::{
    wire, ActionState, Attempts, ConfirmationEnd, ProtocolVersion, Signal, TaskLimits, TaskState,
    TaskView,
};
use surfaces_core::a2ui::Limits;
use surfaces_core::Code;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

const A2UI: &str = "application/json+a2ui";
const V03: ProtocolVersion = ProtocolVersion::V0_3;

fn a2ui(envelope: Value) -> Value {
    json!({"kind": "data", "data": envelope, "metadata": {"mimeType": A2UI}})
}

/// The booking form the fixture agent draws, as an agent message's parts.
fn form_parts(surface: &str) -> Vec<Value> {
    vec![
        json!({"kind": "text", "text": "Fill in the form and choose Book."}),
        a2ui(
            json!({"version": "v0.9", "createSurface": {"surfaceId": surface,
            "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}),
        ),
        a2ui(
            json!({"version": "v0.9", "updateComponents": {"surfaceId": surface, "components": [
                {"id": "root", "component": "Column", "children": ["name", "book"]},
                {"id": "name", "component": "TextField", "label": "Your name", "value": {"path": "/booking/name"}},
                {"id": "book-label", "component": "Text", "text": "Book"},
                {"id": "book", "component": "Button", "child": "book-label",
                 "action": {"event": {"name": "book", "context": {"name": {"path": "/booking/name"}}}}}
            ]}}),
        ),
        a2ui(
            json!({"version": "v0.9", "updateDataModel": {"surfaceId": surface,
            "value": {"booking": {"name": ""}}}}),
        ),
    ]
}

fn agent_message(id: &str, parts: Vec<Value>) -> Value {
    json!({"kind": "message", "role": "agent", "messageId": id, "taskId": "task-1",
           "contextId": "ctx-1", "parts": parts})
}

/// The person's action message, as the console sends it: an A2UI action and the key.
fn action_message(id: &str, key: &str) -> Value {
    json!({"kind": "message", "role": "user", "messageId": id, "taskId": "task-1",
           "contextId": "ctx-1",
           "metadata": {ACTION_METADATA_KEY: {"idempotencyKey": key, "attempt": 1}},
           "parts": [a2ui(json!({"version": "v0.9", "action": {"name": "book",
               "surfaceId": "booking-1", "sourceComponentId": "book",
               "timestamp": "2026-12-01T00:00:00Z", "context": {"name": "Ada"}}}))]})
}

/// A `tasks/get` answer (v0.3) for task-1 in `state`, with `history`.
fn get_answer(state: &str, history: Vec<Value>, status_parts: Option<Vec<Value>>) -> String {
    let mut status = json!({"state": state});
    if let Some(parts) = status_parts {
        status["message"] = agent_message("msg-status", parts);
    }
    json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "task", "id": "task-1",
        "contextId": "ctx-1", "status": status, "history": history, "artifacts": []}})
    .to_string()
}

fn the_form() -> Value {
    agent_message("msg-1", form_parts("booking-1"))
}

fn view() -> TaskView {
    TaskView::new(true, Limits::default(), TaskLimits::default())
}

fn attempt(key: &str, state: ActionState) -> SavedAttempt {
    SavedAttempt {
        surface_id: "booking-1".into(),
        component_id: "book".into(),
        idempotency_key: key.into(),
        sends: 1,
        state,
        confirmation_id: None,
        confirmation_end: None,
    }
}

fn record(attempts: Vec<SavedAttempt>, edits: Vec<SavedEdit>) -> SavedTask {
    SavedTask {
        format: FORMAT,
        agent: "fixture".into(),
        task_id: "task-1".into(),
        context_id: Some("ctx-1".into()),
        attempts,
        edits,
    }
}

fn edit(value: &str) -> SavedEdit {
    SavedEdit {
        surface_id: "booking-1".into(),
        pointer: "/booking/name".into(),
        value: json!(value),
    }
}

/// A record whose JSON is exactly `bytes` long: one edit padded to fit.
fn record_of(bytes: usize, attempts: Vec<SavedAttempt>) -> SavedTask {
    let empty = record(attempts.clone(), vec![edit("")]);
    let base = serde_json::to_string(&empty).unwrap().len();
    let r = record(attempts, vec![edit(&"x".repeat(bytes - base))]);
    assert_eq!(serde_json::to_string(&r).unwrap().len(), bytes);
    r
}

#[test]
fn a_conversation_is_captured_and_read_back() {
    let mut task = view();
    task.apply_text(V03, &get_answer("input-required", vec![the_form()], None));
    task.surfaces
        .edit("booking-1", "/booking/name", json!("Ada Lovelace"))
        .unwrap();
    let mut attempts = Attempts::default();
    attempts
        .begin("booking-1", "book", "key-1")
        .unwrap()
        .on(Signal::Sent)
        .unwrap();
    let saved = SavedTask::capture("fixture", &task, &attempts).unwrap();
    assert_eq!(saved.task_id, "task-1");
    assert_eq!(saved.context_id.as_deref(), Some("ctx-1"));
    assert_eq!(saved.attempts, vec![attempt("key-1", ActionState::Running)]);
    assert_eq!(saved.edits, vec![edit("Ada Lovelace")]);
    let encoded = saved.encode();
    assert_eq!((encoded.dropped_attempts, encoded.dropped_edits), (0, 0));
    assert_eq!(SavedTask::decode(&encoded.text).unwrap(), saved);
    // Nothing the agent wrote is kept: its text is read again from the agent.
    assert!(!encoded.text.contains("Fill in the form"));
    assert!(!encoded.text.contains("Your name"));
    // No task yet: nothing to keep.
    assert_eq!(SavedTask::capture("fixture", &view(), &attempts), None);
}

#[test]
fn a_record_at_its_limit_is_kept_whole_and_one_byte_past_it_loses_an_edit() {
    let at = record_of(SAVED_MAX_BYTES, vec![attempt("k", ActionState::Running)]);
    let e = at.encode();
    assert_eq!(e.text.len(), SAVED_MAX_BYTES);
    assert_eq!((e.dropped_attempts, e.dropped_edits), (0, 0));
    assert_eq!(SavedTask::decode(&e.text).unwrap(), at);

    let past = record_of(
        SAVED_MAX_BYTES + 1,
        vec![attempt("k", ActionState::Running)],
    );
    let e = past.encode();
    assert!(e.text.len() <= SAVED_MAX_BYTES);
    assert_eq!((e.dropped_attempts, e.dropped_edits), (0, 1));
    let back = SavedTask::decode(&e.text).unwrap();
    assert!(back.edits.is_empty());
    // The attempt under way, which says what not to send again, is kept.
    assert_eq!(back.attempts, vec![attempt("k", ActionState::Running)]);
}

#[test]
fn settled_attempts_go_before_edits_and_attempts_under_way_last() {
    let mut r = record_of(
        SAVED_MAX_BYTES,
        vec![
            attempt("old", ActionState::Succeeded),
            attempt("now", ActionState::Running),
        ],
    );
    // Past the limit by a few bytes: the settled attempt goes, the edit stays.
    r.edits[0].value = json!(format!("{}abc", r.edits[0].value.as_str().unwrap()));
    let e = r.encode();
    assert!(e.text.len() <= SAVED_MAX_BYTES);
    assert_eq!((e.dropped_attempts, e.dropped_edits), (1, 0));
    let back = SavedTask::decode(&e.text).unwrap();
    assert_eq!(back.attempts, vec![attempt("now", ActionState::Running)]);
    assert_eq!(back.edits.len(), 1);
    // Edits of any size are dropped largest first.
    let mut r = record(
        vec![],
        vec![edit("small"), edit(&"y".repeat(SAVED_MAX_BYTES))],
    );
    r.edits[0].pointer = "/booking/other".into();
    let e = r.encode();
    assert_eq!((e.dropped_attempts, e.dropped_edits), (0, 1));
    assert_eq!(SavedTask::decode(&e.text).unwrap().edits[0].value, "small");
}

#[test]
fn a_stored_text_that_is_not_a_record_is_refused_with_a_reason() {
    // At the limit it is read; one byte past it is not even parsed.
    let at = serde_json::to_string(&record_of(SAVED_MAX_BYTES, vec![])).unwrap();
    assert!(SavedTask::decode(&at).is_ok());
    let past = format!("{at} ");
    assert_eq!(
        SavedTask::decode(&past),
        Err(SavedError::TooLarge {
            bytes: SAVED_MAX_BYTES + 1,
            limit: SAVED_MAX_BYTES
        })
    );
    assert!(matches!(
        SavedTask::decode("not json"),
        Err(SavedError::Unreadable(_))
    ));
    let good =
        serde_json::to_value(record(vec![attempt("k", ActionState::Failed)], vec![])).unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        SavedTask::decode(&v.to_string())
    };
    assert!(with(&|_| {}).is_ok());
    assert_eq!(
        with(&|v| v["format"] = json!(2)),
        Err(SavedError::Format(2))
    );
    assert!(matches!(
        with(&|v| v["extra"] = json!(1)),
        Err(SavedError::Unreadable(_))
    ));
    assert!(matches!(
        with(&|v| v["attempts"][0]["state"] = json!("done")),
        Err(SavedError::Unreadable(_))
    ));
    assert!(matches!(
        with(&|v| v["taskId"] = json!("")),
        Err(SavedError::Invalid(_))
    ));
    // Ids: at their limit, and one byte past it.
    assert!(with(&|v| v["taskId"] = json!("t".repeat(SAVED_ID_MAX))).is_ok());
    assert!(matches!(
        with(&|v| v["taskId"] = json!("t".repeat(SAVED_ID_MAX + 1))),
        Err(SavedError::Invalid(_))
    ));
    assert!(matches!(
        with(&|v| v["attempts"][0]["idempotencyKey"] = json!("k".repeat(SAVED_ID_MAX + 1))),
        Err(SavedError::Invalid(_))
    ));
    // Attempts: at their limit, and one past it.
    let many = |n: usize| {
        let list: Vec<Value> = (0..n)
            .map(|i| serde_json::to_value(attempt(&format!("k{i}"), ActionState::Failed)).unwrap())
            .collect();
        with(&|v| v["attempts"] = json!(list))
    };
    assert!(many(SAVED_MAX_ATTEMPTS).is_ok());
    assert!(matches!(
        many(SAVED_MAX_ATTEMPTS + 1),
        Err(SavedError::Invalid(_))
    ));
    // A key given twice is refused, at the top or deep in an edit's value: readers disagree
    // on which of the two counts.
    let once = r#"{"format":1,"agent":"a","taskId":"t","edits":[{"surfaceId":"s","pointer":"/a","value":{"x":1}}]}"#;
    assert!(SavedTask::decode(once).is_ok());
    for twice in [
        once.replace(r#""taskId":"t""#, r#""taskId":"t","taskId":"u""#),
        once.replace(r#"{"x":1}"#, r#"{"x":1,"x":2}"#),
    ] {
        assert!(
            matches!(SavedTask::decode(&twice), Err(SavedError::Unreadable(ref m)) if m.contains("twice")),
            "{twice}"
        );
    }
    // Deep nesting is refused by the reader, not a stack overflow.
    let deep = format!(
        r#"{{"format":1,"agent":"a","taskId":"t","edits":[{{"surfaceId":"s","pointer":"/a","value":{}1{}}}]}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert!(matches!(
        SavedTask::decode(&deep),
        Err(SavedError::Unreadable(_))
    ));
}

#[test]
fn capture_keeps_the_newest_attempts_only() {
    let mut task = view();
    task.apply_text(V03, &get_answer("input-required", vec![the_form()], None));
    let mut attempts = Attempts::default();
    for i in 0..SAVED_MAX_ATTEMPTS + 1 {
        let a = attempts
            .begin("booking-1", "book", &format!("k{i}"))
            .unwrap();
        a.on(Signal::Sent).unwrap();
        a.on(Signal::Task(TaskState::Completed)).unwrap();
    }
    let saved = SavedTask::capture("fixture", &task, &attempts).unwrap();
    assert_eq!(saved.attempts.len(), SAVED_MAX_ATTEMPTS);
    assert_eq!(saved.attempts[0].idempotency_key, "k1");
}

#[test]
fn attempts_under_way_are_restored_as_of_unknown_outcome() {
    let mut asked = attempt("c", ActionState::NeedsConfirmation);
    asked.confirmation_id = Some("confirm-1".into());
    let r = record(
        vec![
            attempt("p", ActionState::Pending),
            attempt("r", ActionState::Running),
            asked,
            attempt("u", ActionState::OutcomeUnknown),
            attempt("s", ActionState::Succeeded),
            attempt("x", ActionState::Rejected),
            attempt("f", ActionState::Failed),
        ],
        vec![],
    );
    let states: Vec<_> = r.attempts().list.iter().map(|a| a.state).collect();
    use ActionState::*;
    assert_eq!(
        states,
        [
            OutcomeUnknown,
            OutcomeUnknown,
            OutcomeUnknown,
            OutcomeUnknown,
            Succeeded,
            Rejected,
            Failed
        ]
    );
    let restored = r.attempts();
    assert_eq!(restored.list[2].idempotency_key, "c");
    assert_eq!(
        restored.list[2]
            .confirmation
            .as_ref()
            .map(|c| c.confirmation_id.as_str()),
        Some("confirm-1")
    );
}

#[test]
fn the_task_is_rebuilt_from_tasks_get_with_the_persons_edits_put_back() {
    let saved = record(
        vec![attempt("key-1", ActionState::Running)],
        vec![
            edit("Ada Lovelace"),
            SavedEdit {
                surface_id: "gone-1".into(),
                pointer: "/x".into(),
                value: json!(1),
            },
        ],
    );
    let mut task = saved.task_view(true, Limits::default(), TaskLimits::default());
    let answer = get_answer(
        "working",
        vec![
            json!({"kind": "message", "role": "user", "messageId": "m0", "parts": [{"kind": "text", "text": "I need a room"}]}),
            the_form(),
            action_message("m2", "key-1"),
        ],
        None,
    );
    task.apply_text(V03, &answer);
    assert!(task.findings.is_empty(), "{:?}", task.findings);
    assert_eq!(task.state, Some(TaskState::Working));
    assert_eq!(task.surface_ids_for_test(), ["booking-1"]);
    // The person's action in the history is what was sent, not a surface to draw.
    let report = task.surfaces.report();
    assert_eq!((report.applied, report.ignored), (3, 0));
    assert_eq!(task.turns.len(), 3);
    // The edit of a surface the task still has is back; the other is dropped.
    assert_eq!(saved.reapply_edits(&mut task), 1);
    let model = task.surfaces.client_data_model();
    assert_eq!(model, None, "the form did not ask for its model");
    assert_eq!(
        task.surfaces.edits("booking-1").unwrap()["/booking/name"],
        "Ada Lovelace"
    );
    // The task read twice folds nothing twice.
    task.apply_text(V03, &answer);
    assert_eq!(task.turns.len(), 3);
    assert_eq!(task.surfaces.report().applied, 3);
}

/// `TaskView`'s surface ids as a vector, for comparing.
trait Ids {
    fn surface_ids_for_test(&self) -> Vec<String>;
}
impl Ids for TaskView {
    fn surface_ids_for_test(&self) -> Vec<String> {
        self.surfaces.surface_ids().map(str::to_string).collect()
    }
}

#[test]
fn an_answer_about_another_task_does_not_rebuild_the_saved_one() {
    let saved = record(vec![], vec![edit("Ada")]);
    let mut task = saved.task_view(true, Limits::default(), TaskLimits::default());
    let other = get_answer("input-required", vec![the_form()], None).replace("task-1", "task-9");
    task.apply_text(V03, &other);
    assert_eq!(task.task_id.as_deref(), Some("task-1"));
    assert_eq!(task.surfaces.surface_ids().count(), 0);
    assert_eq!(task.findings[0].code, Code::A2aTaskMismatch);
    assert_eq!(saved.reapply_edits(&mut task), 0);
}

/// Restored attempts settled by one `tasks/get` answer.
fn settle(saved: &[SavedAttempt], answer: &str) -> Vec<ActionState> {
    let mut attempts = record(saved.to_vec(), vec![]).attempts();
    let event = wire::response(V03, answer).unwrap();
    attempts.on_task_read(&event, &keys_answered(&event));
    attempts.list.iter().map(|a| a.state).collect()
}

#[test]
fn an_attempt_of_unknown_outcome_is_settled_only_by_a_task_that_got_it() {
    use ActionState::*;
    let running = [attempt("key-1", Running)];
    let got =
        |state: &str| get_answer(state, vec![the_form(), action_message("m2", "key-1")], None);
    // The agent got it: the task's state is its answer.
    assert_eq!(settle(&running, &got("working")), [Running]);
    assert_eq!(settle(&running, &got("completed")), [Succeeded]);
    assert_eq!(settle(&running, &got("failed")), [Failed]);
    assert_eq!(settle(&running, &got("rejected")), [Rejected]);
    // Waiting for the person with nothing said since the action: the task may be waiting
    // as it was before the action arrived (the agent keeps a message before it moves on).
    assert_eq!(settle(&running, &got("input-required")), [OutcomeUnknown]);
    // Something said since (a later agent message, or a status message of its own): the
    // wait is the answer.
    let answered = get_answer(
        "input-required",
        vec![
            the_form(),
            action_message("m2", "key-1"),
            agent_message("m3", vec![]),
        ],
        None,
    );
    assert_eq!(settle(&running, &answered), [Succeeded]);
    let said = vec![json!({"kind": "text", "text": "Booked."})];
    let status_said = get_answer(
        "input-required",
        vec![the_form(), action_message("m2", "key-1")],
        Some(said.clone()),
    );
    assert_eq!(settle(&running, &status_said), [Succeeded]);
    // A status message that is the form's own (already in the history before the action)
    // is the old wait.
    let mut old: Value = serde_json::from_str(&get_answer(
        "input-required",
        vec![the_form(), action_message("m2", "key-1")],
        Some(said),
    ))
    .unwrap();
    old["result"]["status"]["message"]["messageId"] = json!("msg-1");
    assert_eq!(settle(&running, &old.to_string()), [OutcomeUnknown]);
    // Not in the history: the task still waiting for the form says nothing of it.
    let not_got = get_answer("input-required", vec![the_form()], None);
    assert_eq!(settle(&running, &not_got), [OutcomeUnknown]);
    // Another key in the history is another attempt.
    let other = get_answer(
        "completed",
        vec![the_form(), action_message("m2", "key-2")],
        None,
    );
    assert_eq!(settle(&running, &other), [OutcomeUnknown]);
    // Settled attempts stay settled whatever the task says.
    assert_eq!(
        settle(&[attempt("key-1", Failed)], &got("completed")),
        [Failed]
    );
}

fn question(id: &str) -> Vec<Value> {
    vec![
        json!({"kind": "text", "text": "Please confirm."}),
        json!({"kind": "data", "metadata": {"mimeType": CONFIRMATION_MEDIA_TYPE},
               "data": {"confirmationId": id, "summary": "Book room 4",
                        "expiresAt": "2099-01-01T00:00:00Z"}}),
    ]
}

#[test]
fn a_question_still_open_is_asked_again_and_one_answered_is_not() {
    use ActionState::*;
    let history = vec![the_form(), action_message("m2", "key-1")];
    let asking = get_answer("input-required", history, Some(question("confirm-1")));
    // Reloaded while the question was open: the task asks it again, with its words.
    let mut open = attempt("key-1", NeedsConfirmation);
    open.confirmation_id = Some("confirm-1".into());
    let mut attempts = record(vec![open.clone()], vec![]).attempts();
    let event = wire::response(V03, &asking).unwrap();
    attempts.on_task_read(&event, &keys_answered(&event));
    let a = &attempts.list[0];
    assert_eq!(a.state, NeedsConfirmation);
    assert_eq!(a.confirmation.as_ref().unwrap().summary, "Book room 4");
    // Reloaded after the person confirmed, and the confirmation did not arrive: the task
    // repeating the question answered is not a new one, and proves nothing.
    let mut confirmed = attempt("key-1", Running);
    confirmed.sends = 2;
    confirmed.confirmation_id = Some("confirm-1".into());
    confirmed.confirmation_end = Some(ConfirmationEnd::Confirmed);
    assert_eq!(settle(&[confirmed.clone()], &asking), [OutcomeUnknown]);
    // A new question (another id) is asked.
    let again = get_answer(
        "input-required",
        vec![the_form(), action_message("m2", "key-1")],
        Some(question("confirm-2")),
    );
    assert_eq!(settle(&[confirmed], &again), [NeedsConfirmation]);
}

#[test]
fn keys_are_read_from_the_persons_messages_of_either_version() {
    let read = |v: ProtocolVersion, text: &str| {
        keys_in_history(&wire::response(v, text).unwrap())
            .into_iter()
            .collect::<Vec<_>>()
    };
    let v03 = get_answer(
        "working",
        vec![the_form(), action_message("m2", "key-1")],
        None,
    );
    assert_eq!(read(V03, &v03), ["key-1"]);
    // v1.0, wrapped in `task` (a stream event) or not (GetTask); an agent's message
    // claiming a key does not count.
    let msg = |role: &str, key: &str| {
        json!({"role": role, "messageId": key, "parts": [],
               "metadata": {ACTION_METADATA_KEY: {"idempotencyKey": key}}})
    };
    let task = json!({"id": "task-1", "status": {"state": "TASK_STATE_WORKING"},
        "history": [msg("ROLE_USER", "a"), msg("ROLE_AGENT", "b")]});
    let wrapped = json!({"jsonrpc": "2.0", "id": 1, "result": {"task": task}}).to_string();
    let bare = json!({"jsonrpc": "2.0", "id": 1, "result": task}).to_string();
    for text in [wrapped, bare] {
        assert_eq!(read(ProtocolVersion::V1_0, &text), ["a"]);
    }
    // An event that is not the task holds no history.
    let status = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update",
        "taskId": "task-1", "final": false, "status": {"state": "working"}}});
    assert!(read(V03, &status.to_string()).is_empty());
    // The newest HISTORY_READ_MAX messages are read: the oldest of them counts, one older not.
    let mut history: Vec<Value> = vec![msg("user", "past"), msg("user", "oldest-read")];
    history.extend((0..HISTORY_READ_MAX - 1).map(|i| msg("user", &format!("k{i}"))));
    let text = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "task", "id": "task-1",
        "status": {"state": "working"}, "history": history}})
    .to_string();
    let event = wire::response(V03, &text).unwrap();
    let keys = keys_in_history(&event);
    assert!(keys.contains("oldest-read"));
    assert!(keys.contains(&format!("k{}", HISTORY_READ_MAX - 2)));
    assert!(!keys.contains("past"));
    assert_eq!(keys.len(), HISTORY_READ_MAX);
    assert_eq!(
        keys_answered(&event),
        keys,
        "a working task answers what it holds"
    );
}

#[test]
fn a_stream_that_stops_while_the_task_works_is_not_settled() {
    // An action's stream starts with the task as it was (waiting for the person), then the
    // agent works again, then the stream stops: the outcome is not known.
    let mut task = view();
    task.apply_text(V03, &get_answer("input-required", vec![the_form()], None));
    assert!(task.settled);
    task.sent(&surfaces_a2a::Outgoing {
        message_id: "m2".into(),
        ..Default::default()
    });
    task.apply_text(V03, &get_answer("input-required", vec![the_form()], None));
    assert!(task.settled, "the snapshot of the task as it was");
    let working = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update",
        "taskId": "task-1", "final": false, "status": {"state": "working"}}});
    task.apply_text(V03, &working.to_string());
    assert!(!task.settled, "a task working again has more to say");
    task.stream_ended();
    assert_eq!(task.findings.last().unwrap().code, Code::A2aStreamCut);
    // Its last word settles it.
    let done = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update",
        "taskId": "task-1", "final": true, "status": {"state": "completed"}}});
    task.apply_text(V03, &done.to_string());
    assert!(task.settled);
}

#[test]
fn capture_keeps_only_what_decode_reads_back() {
    // An agent's ids may be longer than a record keeps (A2UI admits 128 characters, up to
    // 512 bytes; A2A does not bound task ids): what the record could not read back is left
    // out, never a record that a reload then refuses whole.
    let long = "é".repeat(SAVED_ID_MAX / 2 + 1);
    let at_limit = "a".repeat(SAVED_ID_MAX);
    let mut attempts = Attempts::default();
    attempts.begin(&long, "book", "key-long").unwrap();
    attempts.begin(&at_limit, "book", "key-limit").unwrap();
    let mut task = view();
    task.task_id = Some("task-1".into());
    task.context_id = Some(String::new());
    let saved = SavedTask::capture("fixture", &task, &attempts).unwrap();
    let keys: Vec<&str> = saved
        .attempts
        .iter()
        .map(|a| a.idempotency_key.as_str())
        .collect();
    assert_eq!(
        keys,
        ["key-limit"],
        "the id at the limit is kept, one past it not"
    );
    assert_eq!(saved.context_id, None, "an empty context id is not kept");
    let back = SavedTask::decode(&saved.encode().text).expect("what capture keeps decodes");
    assert_eq!(back, saved);
    // A task id a record cannot hold: no record (the console says the tab cannot keep it).
    task.task_id = Some("t".repeat(SAVED_ID_MAX + 1));
    assert!(SavedTask::capture("fixture", &task, &attempts).is_none());
    task.task_id = Some("t".repeat(SAVED_ID_MAX));
    assert!(SavedTask::capture("fixture", &task, &attempts).is_some());
}

/// A question the task asks is about the person's newest message: an older action of
/// unknown outcome whose message the task holds is not asked it too, and none is when the
/// newest message is no action's.
#[test]
fn a_question_read_again_is_asked_of_the_newest_action_only() {
    use ActionState::*;
    let mut older = attempt("key-1", OutcomeUnknown);
    older.component_id = "older".into();
    let newer = attempt("key-2", OutcomeUnknown);
    let history = vec![
        the_form(),
        action_message("m2", "key-1"),
        agent_message("m3", vec![]),
        action_message("m4", "key-2"),
    ];
    let asking = get_answer("input-required", history.clone(), Some(question("c-2")));
    let event = wire::response(V03, &asking).unwrap();
    assert_eq!(
        keys_answered(&event).into_iter().collect::<Vec<_>>(),
        ["key-2"]
    );
    let mut attempts = record(vec![older.clone(), newer.clone()], vec![]).attempts();
    attempts.on_task_read(&event, &keys_answered(&event));
    let states: Vec<_> = attempts.list.iter().map(|a| a.state).collect();
    assert_eq!(states, [OutcomeUnknown, NeedsConfirmation]);
    // The newest message the person's own text: no action is asked.
    let mut typed = history.clone();
    typed.push(json!({"kind": "message", "role": "user", "messageId": "m5",
        "parts": [{"kind": "text", "text": "what about tomorrow?"}]}));
    let event = wire::response(
        V03,
        &get_answer("input-required", typed, Some(question("c-3"))),
    )
    .unwrap();
    assert!(keys_answered(&event).is_empty());
    // Without a question, the task's state answers every message it holds, as before.
    let event = wire::response(V03, &get_answer("completed", history, None)).unwrap();
    assert_eq!(keys_answered(&event).len(), 2);
}
