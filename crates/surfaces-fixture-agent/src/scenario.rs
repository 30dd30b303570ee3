//! What the agent answers, per scenario: the A2UI envelopes it sends and when.
//!
//! Every A2UI envelope goes in its own data part with `metadata.mimeType`
//! `application/json+a2ui`, as the Python SDK sends them.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::tasks::{clip, context_ok, Agent, Emitter};
use crate::{clock, A2UI_MIME, ACTION_METADATA_KEY, BASIC_CATALOG, CONFIRMATION_MIME};

/// What the agent does, chosen when it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    Booking,
    Progress,
    SlowAction,
    FailingAction,
    AgentUpdate,
    Message,
    Markup,
    Storm,
    Oversize,
    Cycle,
    ForeignSurface,
    Cut,
    CutAction,
}

/// Updates the `storm` scenario sends, as fast as it can.
pub const STORM_UPDATES: usize = 500;
/// Steps of the `progress` scenario, and the pause before each.
pub const PROGRESS_STEPS: usize = 8;
pub const PROGRESS_STEP_MS: u64 = 250;
/// How long the `slow-action` scenario takes to answer an action.
pub const SLOW_ACTION_MS: u64 = 3000;
/// How long the `cut-action` scenario goes on booking after it cut the action's stream.
pub const CUT_ACTION_MS: u64 = 1500;
/// The size of the string in the `oversize` scenario's large part (just over 1 MiB).
pub const OVERSIZE_BYTES: usize = 1024 * 1024 + 1024;

impl Scenario {
    pub const ALL: [Scenario; 13] = [
        Scenario::Booking,
        Scenario::Progress,
        Scenario::SlowAction,
        Scenario::FailingAction,
        Scenario::AgentUpdate,
        Scenario::Message,
        Scenario::Markup,
        Scenario::Storm,
        Scenario::Oversize,
        Scenario::Cycle,
        Scenario::ForeignSurface,
        Scenario::Cut,
        Scenario::CutAction,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scenario::Booking => "booking",
            Scenario::Progress => "progress",
            Scenario::SlowAction => "slow-action",
            Scenario::FailingAction => "failing-action",
            Scenario::AgentUpdate => "agent-update",
            Scenario::Message => "message",
            Scenario::Markup => "markup",
            Scenario::Storm => "storm",
            Scenario::Oversize => "oversize",
            Scenario::Cycle => "cycle",
            Scenario::ForeignSurface => "foreign-surface",
            Scenario::Cut => "cut",
            Scenario::CutAction => "cut-action",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Scenario::Booking => {
                "a booking form; Book asks the person to confirm, then books once and answers with a confirmation surface"
            }
            Scenario::Progress => "a long job: progress text updated over about 2 seconds",
            Scenario::SlowAction => "the booking form; Book takes 3 seconds",
            Scenario::FailingAction => "the booking form; Book ends in a failed task",
            Scenario::AgentUpdate => {
                "the booking form; Book makes the agent set the date and room to other values"
            }
            Scenario::Message => "answers with Messages, not Tasks: the booking form",
            Scenario::Markup => "hostile: HTML, script and Markdown links in every string",
            Scenario::Storm => "hostile: 500 data model updates as fast as it can",
            Scenario::Oversize => "hostile: a data part over 1 MiB",
            Scenario::Cycle => "hostile: components that would contain themselves",
            Scenario::ForeignSurface => {
                "hostile: each new conversation writes to the previous conversation's surface"
            }
            Scenario::Cut => "hostile: the stream stops midway without a final event",
            Scenario::CutAction => {
                "the booking form; Book's stream is cut off once the action is received, and the agent goes on and books (tasks/get tells)"
            }
        }
    }
}

impl std::str::FromStr for Scenario {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Scenario::ALL
            .into_iter()
            .find(|sc| sc.name() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Scenario::ALL.iter().map(|s| s.name()).collect();
                format!("unknown scenario {s:?}; one of {}", names.join(", "))
            })
    }
}

impl std::fmt::Display for Scenario {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a person's message says: an A2UI action, an answer to a confirmation request, or
/// anything else (text, files, data). `key` is the idempotency key it carries, if any.
pub(crate) enum Input {
    Action {
        name: String,
        context: Value,
        key: Option<String>,
    },
    Answer {
        confirmation_id: String,
        confirm: bool,
        key: Option<String>,
    },
    Other,
}

/// The idempotency key a message carries (`metadata["agent-surfaces/action"]`).
pub(crate) fn key_of(message: &Value) -> Option<String> {
    message
        .pointer("/metadata")
        .and_then(|m| m.get(ACTION_METADATA_KEY))
        .and_then(|a| a.get("idempotencyKey"))
        .and_then(Value::as_str)
        .filter(|k| (1..=128).contains(&k.len()))
        .map(str::to_string)
}

/// Reads a user message: does it carry an A2UI action part (`{version, action}`), or an
/// answer to a confirmation request?
pub(crate) fn input_of(message: &Value) -> Input {
    let parts = message["parts"].as_array().map_or(&[][..], Vec::as_slice);
    let key = key_of(message);
    for p in parts {
        if p.pointer("/metadata/mimeType").and_then(Value::as_str) == Some(CONFIRMATION_MIME) {
            let decision = p.pointer("/data/decision").and_then(Value::as_str);
            return Input::Answer {
                confirmation_id: clip(
                    p.pointer("/data/confirmationId")
                        .and_then(Value::as_str)
                        .unwrap_or_default(),
                    128,
                ),
                // Anything but an explicit confirm is not one.
                confirm: decision == Some("confirm"),
                key,
            };
        }
        if let Some(action) = p.pointer("/data/action").filter(|a| a.is_object()) {
            return Input::Action {
                name: clip(action["name"].as_str().unwrap_or_default(), 128),
                context: action.get("context").cloned().unwrap_or(json!({})),
                key,
            };
        }
    }
    Input::Other
}

fn part(envelope: Value) -> Value {
    json!({"kind": "data", "data": envelope, "metadata": {"mimeType": A2UI_MIME}})
}

fn text(s: impl Into<String>) -> Value {
    json!({"kind": "text", "text": s.into()})
}

fn create(surface: &str, send_data_model: bool) -> Value {
    let mut c = json!({"surfaceId": surface, "catalogId": BASIC_CATALOG});
    if send_data_model {
        c["sendDataModel"] = json!(true);
    }
    json!({"version": "v0.9", "createSurface": c})
}

fn components(surface: &str, list: Value) -> Value {
    json!({"version": "v0.9", "updateComponents": {"surfaceId": surface, "components": list}})
}

fn data(surface: &str, path: Option<&str>, value: Value) -> Value {
    let mut u = json!({"surfaceId": surface, "value": value});
    if let Some(p) = path {
        u["path"] = json!(p);
    }
    json!({"version": "v0.9", "updateDataModel": u})
}

/// The booking form: a TextField, a DateTimeInput, a ChoicePicker and two Buttons: `book`,
/// and `check`, which only answers with text (so a form has two actions a person can start).
fn booking_form(surface: &str) -> Vec<Value> {
    let form = components(
        surface,
        json!([
            {"id": "root", "component": "Column", "children": ["title", "name", "date", "room", "buttons"]},
            {"id": "title", "component": "Text", "text": "Book a meeting room", "variant": "h2"},
            {"id": "name", "component": "TextField", "label": "Your name", "value": {"path": "/booking/name"}},
            {"id": "date", "component": "DateTimeInput", "label": "Date", "value": {"path": "/booking/date"},
             "enableDate": true, "enableTime": false},
            {"id": "room", "component": "ChoicePicker", "label": "Room", "variant": "mutuallyExclusive",
             "options": [
                {"label": "Ballroom", "value": "ballroom"},
                {"label": "Sunset Terrace", "value": "terrace"},
                {"label": "Garden Pavilion", "value": "garden"}
             ],
             "value": {"path": "/booking/room"}},
            {"id": "buttons", "component": "Row", "children": ["book", "check"]},
            {"id": "book-label", "component": "Text", "text": "Book"},
            {"id": "book", "component": "Button", "child": "book-label", "variant": "primary",
             "checks": [{"condition": {"call": "required", "args": {"value": {"path": "/booking/name"}}},
                         "message": "Enter your name."}],
             "action": {"event": {"name": "book", "context": {
                "name": {"path": "/booking/name"},
                "date": {"path": "/booking/date"},
                "room": {"path": "/booking/room"}
             }}}},
            {"id": "check-label", "component": "Text", "text": "Check availability"},
            {"id": "check", "component": "Button", "child": "check-label",
             "action": {"event": {"name": "check", "context": {
                "date": {"path": "/booking/date"},
                "room": {"path": "/booking/room"}
             }}}}
        ]),
    );
    vec![
        part(create(surface, true)),
        part(form),
        part(data(
            surface,
            None,
            json!({"booking": {"name": "", "date": "2026-09-01", "room": ["ballroom"]}}),
        )),
    ]
}

/// A value from an action's context, as short plain text.
fn show(v: &Value) -> String {
    let s = match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(show).collect::<Vec<_>>().join(", "),
        Value::Null => "(none)".into(),
        other => other.to_string(),
    };
    clip(&s, 200)
}

fn summary(context: &Value) -> String {
    match context.as_object() {
        Some(o) if !o.is_empty() => o
            .iter()
            .take(8)
            .map(|(k, v)| format!("{}: {}", clip(k, 40), show(v)))
            .collect::<Vec<_>>()
            .join("; "),
        _ => "(no details)".into(),
    }
}

/// The confirmation surface and the task's end.
fn confirm_parts(surface: &str, context: &Value, reference: Option<&str>) -> Vec<Value> {
    let booked = match reference {
        Some(r) => format!("Booked ({r}): {}.", summary(context)),
        None => format!("Booked: {}.", summary(context)),
    };
    vec![
        text(booked),
        part(create(surface, false)),
        part(components(
            surface,
            json!([
                {"id": "root", "component": "Column", "children": ["title", "details"]},
                {"id": "title", "component": "Text", "text": "Booking confirmed", "variant": "h2"},
                {"id": "details", "component": "Text", "text": summary(context)}
            ]),
        )),
    ]
}

fn confirm(em: &Emitter, context: &Value, reference: Option<&str>) {
    let surface = format!("confirmation-{}", em.n);
    if em.artifact(
        "confirmation",
        "Booking confirmation",
        confirm_parts(&surface, context, reference),
    ) {
        em.status("completed", vec![text("Your room is booked.")], true);
    }
}

/// The answer to a new task's first message.
pub(crate) async fn start(em: Emitter, _input: Input) {
    let n = em.n;
    match em.scenario() {
        Scenario::Booking
        | Scenario::SlowAction
        | Scenario::FailingAction
        | Scenario::AgentUpdate
        | Scenario::CutAction
        | Scenario::Message => {
            if !em.status("working", vec![text("Preparing a booking form…")], false) {
                return;
            }
            let mut parts = vec![text("Fill in the form and choose Book.")];
            parts.extend(booking_form(&format!("booking-{n}")));
            em.status("input-required", parts, true);
        }
        Scenario::Progress => {
            let surface = format!("progress-{n}");
            let first = vec![
                text("Starting a report; it takes about 2 seconds."),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([
                        {"id": "root", "component": "Column", "children": ["title", "status"]},
                        {"id": "title", "component": "Text", "text": "Report", "variant": "h3"},
                        {"id": "status", "component": "Text", "text": {"path": "/progress/text"}}
                    ]),
                )),
                part(data(
                    &surface,
                    None,
                    json!({"progress": {"text": format!("0 of {PROGRESS_STEPS} steps done"), "done": 0}}),
                )),
            ];
            if !em.status("working", first, false) {
                return;
            }
            for i in 1..=PROGRESS_STEPS {
                em.pause(PROGRESS_STEP_MS).await;
                let update = data(
                    &surface,
                    Some("/progress"),
                    json!({"text": format!("{i} of {PROGRESS_STEPS} steps done"), "done": i}),
                );
                if !em.status("working", vec![part(update)], false) {
                    return;
                }
            }
            let done =
                format!("The report is ready: {PROGRESS_STEPS} of {PROGRESS_STEPS} steps done.");
            if em.artifact("report", "Report", vec![text(done)]) {
                em.status("completed", vec![text("Done.")], true);
            }
        }
        Scenario::Markup => {
            let surface = format!("markup-{n}");
            let parts = vec![
                text(
                    "<script>alert('text part')</script> **bold** [click me](javascript:alert(1))",
                ),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([
                        {"id": "root", "component": "Column",
                         "children": ["m1", "m2", "m3", "m4", "m5", "field", "go"]},
                        {"id": "m1", "component": "Text", "text": "<script>alert('surface')</script>", "variant": "h2"},
                        {"id": "m2", "component": "Text", "text": "<img src=x onerror=alert(1)>"},
                        {"id": "m3", "component": "Text",
                         "text": "[Open me](javascript:alert(1)) and [sign in](https://evil.example/phish)"},
                        {"id": "m4", "component": "Text", "text": "\"><svg onload=alert(1)> &lt;b&gt; &amp;"},
                        {"id": "m5", "component": "Text", "text": "# Not a heading\n<iframe src=\"https://evil.example\"></iframe>"},
                        {"id": "field", "component": "TextField", "label": "<b>Label</b><script>x()</script>",
                         "value": {"path": "/m/v"}},
                        {"id": "go-label", "component": "Text", "text": "<u>Send</u>"},
                        {"id": "go", "component": "Button", "child": "go-label",
                         "action": {"event": {"name": "book", "context": {"note": {"path": "/m/v"}}}}}
                    ]),
                )),
                part(data(
                    &surface,
                    None,
                    json!({"m": {"v": "<script>document.cookie</script>"}}),
                )),
            ];
            if em.artifact(
                "markup",
                "<b>Artifact</b><script>alert(2)</script>",
                vec![text("[link](javascript:alert(3))")],
            ) {
                em.status("input-required", parts, true);
            }
        }
        Scenario::Storm => {
            let surface = format!("storm-{n}");
            let first = vec![
                text(format!(
                    "{STORM_UPDATES} updates follow, as fast as they can be sent."
                )),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([{"id": "root", "component": "Text", "text": {"path": "/count"}}]),
                )),
            ];
            if !em.status("working", first, false) {
                return;
            }
            for i in 1..=STORM_UPDATES {
                let update = data(&surface, Some("/count"), json!(i.to_string()));
                if !em.status("working", vec![part(update)], false) {
                    return;
                }
                if i % 50 == 0 {
                    tokio::task::yield_now().await;
                }
            }
            em.status("completed", vec![text("The storm is over.")], true);
        }
        Scenario::Oversize => {
            let surface = format!("oversize-{n}");
            let parts = vec![
                text("The last part of this message is over 1 MiB; a careful client does not read it."),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([
                        {"id": "root", "component": "Column", "children": ["note", "blob"]},
                        {"id": "note", "component": "Text", "text": "A large update was sent after this surface."},
                        {"id": "blob", "component": "Text", "text": {"path": "/blob"}}
                    ]),
                )),
                part(data(&surface, None, json!({"blob": "x".repeat(OVERSIZE_BYTES)}))),
            ];
            em.status("input-required", parts, true);
        }
        Scenario::Cycle => {
            let surface = format!("cycle-{n}");
            let parts = vec![
                text("Two updates follow that would make components contain themselves."),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([
                        {"id": "root", "component": "Column", "children": ["note"]},
                        {"id": "note", "component": "Text", "text": "The updates after this one hold cycles."}
                    ]),
                )),
                // loop-a → loop-b → loop-a (not yet reachable from root)
                part(components(
                    &surface,
                    json!([
                        {"id": "loop-a", "component": "Column", "children": ["loop-b"]},
                        {"id": "loop-b", "component": "Column", "children": ["loop-a"]}
                    ]),
                )),
                // a Card that is its own child
                part(components(
                    &surface,
                    json!([{"id": "itself", "component": "Card", "child": "itself"}]),
                )),
            ];
            em.status("input-required", parts, true);
        }
        Scenario::ForeignSurface => {
            let surface = format!("own-{n}");
            let mut parts = vec![
                text("This conversation's surface."),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([{"id": "root", "component": "Text", "text": "This surface belongs to this conversation."}]),
                )),
            ];
            if let Some(victim) = em.surface_of_other_context() {
                parts.push(text(
                    "The next parts write to a surface of another conversation.",
                ));
                parts.push(part(components(
                    &victim,
                    json!([{"id": "root", "component": "Text", "text": "Taken over by another conversation."}]),
                )));
                parts.push(part(data(&victim, None, json!({"hijacked": true}))));
            }
            em.remember_surface(&surface);
            em.status("input-required", parts, true);
        }
        Scenario::Cut => {
            let surface = format!("cut-{n}");
            let first = vec![
                text("This stream will stop midway, without a final event."),
                part(create(&surface, false)),
                part(components(
                    &surface,
                    json!([{"id": "root", "component": "Text", "text": "Working…"}]),
                )),
            ];
            if !em.status("working", first, false) {
                return;
            }
            em.pause(300).await;
            if !em.status("working", vec![text("Still working…")], false) {
                return;
            }
            em.pause(200).await;
            em.cut();
        }
    }
}

/// The summary a confirmation request shows: what would be booked, under the cap the
/// convention sets (1000 characters).
fn confirmation_summary(context: &Value) -> String {
    clip(&format!("Book a meeting room: {}.", summary(context)), 900)
}

/// The answer to a confirmation request: books once on a confirm that is current and
/// carries the key of the action it confirms; a cancel, a stale or unknown id, an expired
/// confirmation or a missing key books nothing.
async fn answered(em: Emitter, confirmation_id: String, confirmed: bool, key: Option<String>) {
    let pending = em.take_pending();
    let Some(p) = pending.filter(|p| p.id == confirmation_id) else {
        em.status(
            "rejected",
            vec![text(
                "No confirmation with that id is waiting on this task; nothing was booked.",
            )],
            true,
        );
        return;
    };
    if !confirmed {
        em.status(
            "input-required",
            vec![text(
                "Not booked: you canceled. Change the form and choose Book again if you like.",
            )],
            true,
        );
        return;
    }
    if std::time::SystemTime::now() >= p.expires {
        em.status(
            "rejected",
            vec![text(
                "The confirmation expired before it was confirmed; nothing was booked.",
            )],
            true,
        );
        return;
    }
    let Some(key) = key.filter(|k| p.key.as_deref().is_none_or(|pk| pk == k)) else {
        em.status(
            "rejected",
            vec![text(
                "A confirmation must carry the idempotency key of the action it confirms; nothing was booked.",
            )],
            true,
        );
        return;
    };
    if !em.status("working", vec![text("Booking…")], false) {
        return;
    }
    let reference = em.book_once(&key);
    confirm(&em, &p.context, Some(&reference));
}

/// The answer to a later message on a task that waits for input.
pub(crate) async fn continue_task(em: Emitter, input: Input) {
    let (name, context, key) = match input {
        Input::Action { name, context, key } => (name, context, key),
        Input::Answer {
            confirmation_id,
            confirm,
            key,
        } => return answered(em, confirmation_id, confirm, key).await,
        Input::Other => {
            em.status(
                "input-required",
                vec![text("Use the form above, then choose its button.")],
                true,
            );
            return;
        }
    };
    if name == "check" {
        em.status(
            "input-required",
            vec![text(format!(
                "Free on {}: {}. Choose Book to book it.",
                show(&context["date"]),
                show(&context["room"])
            ))],
            true,
        );
        return;
    }
    if name != "book" {
        em.status(
            "input-required",
            vec![text(format!("I do not know the action {name:?}."))],
            true,
        );
        return;
    }
    match em.scenario() {
        Scenario::SlowAction => {
            if !em.status(
                "working",
                vec![text("Checking availability; this takes 3 seconds.")],
                false,
            ) {
                return;
            }
            em.pause(SLOW_ACTION_MS).await;
            confirm(&em, &context, None);
        }
        Scenario::CutAction => {
            if !em.status("working", vec![text("Booking…")], false) {
                return;
            }
            // The person's stream breaks off here (once what was said has gone out); the
            // booking goes on, and the task (`tasks/get`, a resubscribe) says how it ended.
            em.pause(200).await;
            em.cut_streams();
            em.pause(CUT_ACTION_MS).await;
            let reference = match &key {
                Some(k) => em.book_once(k),
                None => em.book_once(&format!("no-key-{}-{}", em.n, em.actions)),
            };
            confirm(&em, &context, Some(&reference));
        }
        Scenario::FailingAction => {
            if !em.status("working", vec![text("Booking…")], false) {
                return;
            }
            em.pause(300).await;
            em.status(
                "failed",
                vec![text(
                    "The booking system refused the request: no rooms are left.",
                )],
                true,
            );
        }
        Scenario::AgentUpdate if em.actions == 1 => {
            let surface = format!("booking-{}", em.n);
            let date = if context["date"] == "2026-09-02" {
                "2026-09-03"
            } else {
                "2026-09-02"
            };
            let taken = context["room"]
                .as_array()
                .is_some_and(|r| r.iter().any(|v| v == "terrace"));
            let room = if taken { "garden" } else { "terrace" };
            em.status(
                "input-required",
                vec![
                    text("That slot is taken. I have proposed another date and room; choose Book again to take them."),
                    part(data(&surface, Some("/booking/date"), json!(date))),
                    part(data(&surface, Some("/booking/room"), json!([room]))),
                ],
                true,
            );
        }
        Scenario::Booking => {
            if !em.status("working", vec![text("Checking the booking…")], false) {
                return;
            }
            let summary = confirmation_summary(&context);
            let (id, expires) = em.ask(key, &context);
            em.status(
                "input-required",
                vec![
                    text("Please confirm the booking before I make it."),
                    json!({"kind": "data", "metadata": {"mimeType": CONFIRMATION_MIME},
                           "data": {"confirmationId": id, "summary": summary,
                                    "expiresAt": clock::at(expires)}}),
                ],
                true,
            );
        }
        _ => {
            if em.status("working", vec![text("Booking…")], false) {
                confirm(&em, &context, None);
            }
        }
    }
}

/// The `message` scenario: one Message per request, no tasks.
pub(crate) fn message_reply(agent: &Arc<Agent>, message: &Value, input: &Input) -> Value {
    let n = agent.next_n();
    let context_id = message
        .get("contextId")
        .and_then(Value::as_str)
        .filter(|c| context_ok(c))
        .map_or_else(|| format!("ctx-{n}"), str::to_string);
    let parts = match input {
        Input::Action { name, context, .. } if name == "book" => {
            confirm_parts(&format!("confirmation-{n}"), context, None)
        }
        _ => {
            let mut parts = vec![text("Fill in the form and choose Book.")];
            parts.extend(booking_form(&format!("booking-{n}")));
            parts
        }
    };
    json!({
        "kind": "message",
        "role": "agent",
        "messageId": format!("msg-{n}"),
        "contextId": context_id,
        "parts": parts,
    })
}
