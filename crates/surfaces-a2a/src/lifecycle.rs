//! The life of one action a person takes, as a state machine (the contract view's "proposal
//! versus effect"): a click is a *proposal*; only the agent's task says whether it had an
//! *effect*, and a lost stream or a timeout proves nothing either way. So:
//!
//! ```text
//!  pending ──sent──▶ running ──completed / input-required──▶ succeeded
//!                      │  ├──rejected / canceled / auth-required──▶ rejected
//!                      │  ├──failed──▶ failed
//!                      │  ├──confirmation asked──▶ needs_confirmation ──confirm──▶ running
//!                      │  │                            └──cancel / expired──▶ rejected
//!                      │  ├──confirmation asked, malformed (findings)──▶ rejected
//!                      └──stream cut / timeout / connection lost──▶ outcome_unknown
//!  outcome_unknown ──the task, read again (tasks/get)──▶ as above;  ──retry──▶ running
//! ```
//!
//! Every attempt carries one idempotency key, the caller's (a random id): a retry of the
//! same attempt sends the same key, so an agent that honours it does the thing once; a new
//! click is a new attempt with a new key, and is refused while one is under way for that
//! Button (a double click sends once).
//!
//! Conventions this library defines for agents (documented in `docs/actions.md`):
//! - the message carrying an action has `metadata["agent-surfaces/action"] =
//!   {"idempotencyKey", "attempt"}`;
//! - an agent asks for confirmation by moving the task to `input-required` with a data part
//!   of media type [`CONFIRMATION_MEDIA_TYPE`] holding `{"confirmationId", "summary",
//!   "expiresAt"}`; the person's answer is a data part of the same media type holding
//!   `{"confirmationId", "decision": "confirm" | "cancel"}`, with the attempt's key.
//!
//! A confirmation request that breaks the convention (see [`read_confirmation`]) cannot be
//! shown to the person as it was meant, so it cannot be confirmed: the attempt ends
//! `rejected` with findings. Confirming after `expiresAt` is refused here, before anything
//! is sent: the attempt ends `rejected` (expired) and the answer sent is a cancel.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::wire::{Event, Part, TaskState};
use surfaces_core::{Code, Finding};

pub const CONFIRMATION_MEDIA_TYPE: &str = "application/vnd.agent-surfaces.confirmation+json";
/// The message metadata key an action attempt's idempotency key travels under.
pub const ACTION_METADATA_KEY: &str = "agent-surfaces/action";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionState {
    /// Clicked; the message is being built and not yet sent.
    Pending,
    /// The agent asks the person to confirm before it acts.
    NeedsConfirmation,
    /// Sent; the agent's task has not said how it ended.
    Running,
    Succeeded,
    /// Not done, and known not to be: refused, canceled, or not confirmed.
    Rejected,
    Failed,
    /// Sent, but the stream or connection ended (or time ran out) before the task said:
    /// it may or may not have been done. Never shown as success.
    OutcomeUnknown,
}

impl ActionState {
    /// The action is under way: its Button stays disabled.
    pub fn is_busy(self) -> bool {
        matches!(
            self,
            ActionState::Pending | ActionState::Running | ActionState::NeedsConfirmation
        )
    }

    pub fn is_final(self) -> bool {
        matches!(
            self,
            ActionState::Succeeded | ActionState::Rejected | ActionState::Failed
        )
    }
}

/// What the agent claims and asks the person to confirm. The summary is the agent's text:
/// show it as its claim, as text, never as a control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Confirmation {
    pub confirmation_id: String,
    pub summary: String,
    /// As the agent wrote it (an RFC 3339 date-time).
    pub expires_at: String,
    /// The same instant, in milliseconds since 1970-01-01T00:00:00Z.
    pub expires_at_ms: i64,
}

impl Confirmation {
    /// Whether it can no longer be confirmed at `now_ms` (milliseconds since the epoch):
    /// the instant `expiresAt` names is already past the end.
    pub fn expired_at(&self, now_ms: f64) -> bool {
        now_ms >= self.expires_at_ms as f64
    }
}

/// The longest confirmation summary read, in characters. A longer one is refused rather than
/// cut: what is cut off could be the part that matters ("… and charge 900 EUR").
pub const SUMMARY_MAX_CHARS: usize = 1000;
/// The longest confirmation id, in bytes (ASCII letters, digits and `._:-` only).
pub const CONFIRMATION_ID_MAX: usize = 128;

/// How the person's side of a confirmation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmationEnd {
    /// The person confirmed; the confirmation was sent.
    Confirmed,
    /// The person canceled.
    Declined,
    /// The person confirmed after `expiresAt`: refused before sending.
    Expired,
    /// The agent's request broke the convention, so it could not be confirmed.
    Invalid,
}

/// The person's answer to a confirmation request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Confirm,
    Cancel,
}

/// What to send for an answer: the data part (of [`CONFIRMATION_MEDIA_TYPE`]) and the
/// message metadata under [`ACTION_METADATA_KEY`] (the attempt's idempotency key).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Answer {
    /// What is sent: a confirm refused as expired is sent as a cancel.
    pub decision: Decision,
    pub data: Value,
    pub metadata: Value,
}

/// What moves an attempt on.
#[derive(Debug, Clone, PartialEq)]
pub enum Signal {
    /// The message was handed to the network.
    Sent,
    /// The agent's task reached this state (an answer, a stream event, a `tasks/get`).
    Task(TaskState),
    /// The agent asked for confirmation (read from an `input-required` status).
    ConfirmationAsked(Confirmation),
    /// The agent asked for confirmation in a way that breaks the convention: what was wrong.
    ConfirmationInvalid(Vec<Finding>),
    /// The person confirmed; the confirmation is being sent.
    Confirmed,
    /// The person declined, or the confirmation expired before they answered.
    Declined,
    Expired,
    /// The stream ended before the task's last event, the connection was lost, or the
    /// caller's time ran out.
    Lost,
    /// The person retries an attempt whose outcome is unknown (same key).
    Retry,
}

/// A transition the machine does not have (misuse by the caller, not bad data).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub from: ActionState,
    pub signal: &'static str,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "an action that is {:?} cannot take `{}`",
            self.from, self.signal
        )
    }
}

impl std::error::Error for Refused {}

/// One action attempt.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Attempt {
    pub surface_id: String,
    pub component_id: String,
    pub idempotency_key: String,
    /// How many times it was sent (a retry sends it again, with the same key).
    pub sends: u32,
    pub state: ActionState,
    pub confirmation: Option<Confirmation>,
    /// How the confirmation ended, once it did.
    pub confirmation_end: Option<ConfirmationEnd>,
    /// What was wrong with a confirmation request the agent sent.
    pub findings: Vec<Finding>,
    /// The task state that decided the last transition, when one did.
    pub task_state: Option<TaskState>,
}

fn signal_name(s: &Signal) -> &'static str {
    match s {
        Signal::Sent => "sent",
        Signal::Task(_) => "task",
        Signal::ConfirmationAsked(_) => "confirmation-asked",
        Signal::ConfirmationInvalid(_) => "confirmation-invalid",
        Signal::Confirmed => "confirmed",
        Signal::Declined => "declined",
        Signal::Expired => "expired",
        Signal::Lost => "lost",
        Signal::Retry => "retry",
    }
}

/// Where a task state leaves a sent action.
fn settled_by(t: TaskState) -> Option<ActionState> {
    match t {
        TaskState::Submitted | TaskState::Working | TaskState::Unknown => None,
        TaskState::Completed | TaskState::InputRequired => Some(ActionState::Succeeded),
        TaskState::Rejected | TaskState::Canceled | TaskState::AuthRequired => {
            Some(ActionState::Rejected)
        }
        TaskState::Failed => Some(ActionState::Failed),
    }
}

impl Attempt {
    pub fn new(surface_id: &str, component_id: &str, idempotency_key: &str) -> Self {
        Attempt {
            surface_id: surface_id.to_string(),
            component_id: component_id.to_string(),
            idempotency_key: idempotency_key.to_string(),
            sends: 0,
            state: ActionState::Pending,
            confirmation: None,
            confirmation_end: None,
            findings: Vec::new(),
            task_state: None,
        }
    }

    /// Moves the attempt on, or refuses a transition the machine does not have.
    pub fn on(&mut self, signal: Signal) -> Result<ActionState, Refused> {
        use ActionState::*;
        let refused = Refused {
            from: self.state,
            signal: signal_name(&signal),
        };
        let next = match (self.state, signal) {
            (Pending, Signal::Sent) => {
                self.sends = self.sends.saturating_add(1);
                Running
            }
            (Running | OutcomeUnknown, Signal::Task(t)) => {
                self.task_state = Some(t);
                settled_by(t).unwrap_or(Running)
            }
            // A task snapshot (a stream's first event, a `tasks/get`) can repeat the question
            // the person already answered: that is not a new question.
            (Running | OutcomeUnknown, Signal::ConfirmationAsked(c))
                if self
                    .confirmation
                    .as_ref()
                    .is_some_and(|old| old.confirmation_id == c.confirmation_id)
                    && self.confirmation_end.is_some() =>
            {
                self.state
            }
            (Running | OutcomeUnknown, Signal::ConfirmationAsked(c)) => {
                self.confirmation = Some(c);
                self.confirmation_end = None;
                self.task_state = Some(TaskState::InputRequired);
                NeedsConfirmation
            }
            (Running | OutcomeUnknown, Signal::ConfirmationInvalid(findings)) => {
                self.findings = findings;
                self.confirmation_end = Some(ConfirmationEnd::Invalid);
                self.task_state = Some(TaskState::InputRequired);
                Rejected
            }
            (NeedsConfirmation, Signal::Confirmed) => {
                self.sends = self.sends.saturating_add(1);
                self.confirmation_end = Some(ConfirmationEnd::Confirmed);
                Running
            }
            (NeedsConfirmation, Signal::Declined) => {
                self.confirmation_end = Some(ConfirmationEnd::Declined);
                Rejected
            }
            (NeedsConfirmation, Signal::Expired) => {
                self.confirmation_end = Some(ConfirmationEnd::Expired);
                Rejected
            }
            // A task read while waiting for the person can still settle it (the agent may
            // have given up); a status that only repeats the question changes nothing.
            (NeedsConfirmation, Signal::Task(t)) if t != TaskState::InputRequired => {
                self.task_state = Some(t);
                settled_by(t).unwrap_or(Running)
            }
            (NeedsConfirmation, Signal::Task(_)) => NeedsConfirmation,
            (Running, Signal::Lost) => OutcomeUnknown,
            (OutcomeUnknown, Signal::Retry) => {
                self.sends = self.sends.saturating_add(1);
                Running
            }
            (OutcomeUnknown, Signal::Lost) => OutcomeUnknown,
            _ => return Err(refused),
        };
        self.state = next;
        Ok(next)
    }

    /// The metadata a message sending this attempt carries (its key and send count).
    pub fn metadata(&self) -> Value {
        json!({"idempotencyKey": self.idempotency_key, "attempt": self.sends.max(1)})
    }

    /// The person's answer to the confirmation asked, at `now_ms` (milliseconds since the
    /// epoch, the caller's clock): moves the attempt on and says what to send. Confirm moves
    /// it to `running`; cancel ends it `rejected`; confirm at or after `expiresAt` is refused
    /// here (`rejected`, [`ConfirmationEnd::Expired`]) and a cancel is sent instead, so the
    /// agent can let go of what it held. Refused when no confirmation is awaited.
    pub fn answer(&mut self, decision: Decision, now_ms: f64) -> Result<Answer, Refused> {
        let c = match (&self.confirmation, self.state) {
            (Some(c), ActionState::NeedsConfirmation) => c.clone(),
            _ => {
                return Err(Refused {
                    from: self.state,
                    signal: match decision {
                        Decision::Confirm => "confirmed",
                        Decision::Cancel => "declined",
                    },
                })
            }
        };
        let sent = match decision {
            Decision::Confirm if c.expired_at(now_ms) => {
                self.on(Signal::Expired)?;
                Decision::Cancel
            }
            Decision::Confirm => {
                self.on(Signal::Confirmed)?;
                Decision::Confirm
            }
            Decision::Cancel => {
                self.on(Signal::Declined)?;
                Decision::Cancel
            }
        };
        Ok(Answer {
            decision: sent,
            data: json!({
                "confirmationId": c.confirmation_id,
                "decision": match sent {
                    Decision::Confirm => "confirm",
                    Decision::Cancel => "cancel",
                },
            }),
            metadata: self.metadata(),
        })
    }
}

/// Milliseconds since the epoch of an RFC 3339 date-time (`2026-12-01T00:00:00Z`,
/// `…T01:00:00.5+01:00`), or `None` when it is not one. Leap seconds count as the second
/// before; years are four digits, as RFC 3339 has them.
pub fn rfc3339_ms(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<i64> {
        let d = b.get(r)?;
        if d.iter().all(u8::is_ascii_digit) {
            Some(d.iter().fold(0, |n, c| n * 10 + i64::from(c - b'0')))
        } else {
            None
        }
    };
    let sep = |i: usize, c: &[u8]| b.get(i).is_some_and(|x| c.contains(x));
    if !(sep(4, b"-") && sep(7, b"-") && sep(10, b"Tt") && sep(13, b":") && sep(16, b":")) {
        return None;
    }
    let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    let (hour, minute, second) = (digits(11..13)?, digits(14..16)?, digits(17..19)?);
    let days_in = surfaces_core::calendar::days_in_month(year, u32::try_from(month).ok()?)?;
    if !(1..=i64::from(days_in)).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut i = 19;
    let mut millis = 0;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        // Only the first three digits count; more are allowed but bounded by the caller's
        // length check.
        let frac = &b[start..i];
        if frac.is_empty() {
            return None;
        }
        millis = frac
            .iter()
            .chain(std::iter::repeat(&b'0'))
            .take(3)
            .fold(0, |n, c| n * 10 + i64::from(c - b'0'));
    }
    let offset_min = match &b[i..] {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let two = |x: u8, y: u8| -> Option<i64> {
                (x.is_ascii_digit() && y.is_ascii_digit())
                    .then(|| i64::from(x - b'0') * 10 + i64::from(y - b'0'))
            };
            let (oh, om) = (two(*h1, *h2)?, two(*m1, *m2)?);
            if oh > 23 || om > 59 {
                return None;
            }
            (oh * 60 + om) * if *sign == b'+' { 1 } else { -1 }
        }
        _ => return None,
    };
    // Days since 1970-01-01 (H. Hinnant's days_from_civil).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + hour * 3600 + minute * 60 + second.min(59) - offset_min * 60;
    Some(secs * 1000 + millis)
}

fn id_ok(id: &str) -> bool {
    (1..=CONFIRMATION_ID_MAX).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._:-".contains(&b))
}

/// The members of a confirmation request, and all of them.
const REQUEST_FIELDS: [&str; 3] = ["confirmationId", "summary", "expiresAt"];

/// Where the JSON text `text` first gives a key twice in one object, if it does (`None` too
/// for text the scan cannot read: [`check_confirmation`] says what is wrong with it), by the
/// scan every envelope and card is read with. Readers disagree on which of two counts, so a
/// request with one is not confirmed whichever the person would be shown.
fn member_twice(text: &str) -> Option<String> {
    let issues = surfaces_core::json_scan::scan_document(text.as_bytes(), false).ok()?;
    issues.into_iter().find_map(|i| match i.problem {
        surfaces_core::json_scan::Problem::DuplicateKey(_) => Some(i.path),
        _ => None,
    })
}

/// Reads a confirmation request from its data part's content. Every rule it breaks is a
/// finding (path relative to the part's data); a request with any finding is not usable.
pub fn check_confirmation(data: &Value) -> Result<Confirmation, Vec<Finding>> {
    let Some(o) = data.as_object() else {
        return Err(vec![Finding::new(
            Code::A2aConfirmationMalformed,
            "",
            "The confirmation request is not a JSON object.",
        )]);
    };
    let mut findings = Vec::new();
    // Anything else the agent put in the request is not shown to the person, who confirms
    // only what the summary says ("amount": 900 beside a summary of 1 EUR).
    // One finding names the first such member: an agent's keys are not copied by the
    // thousand into findings.
    if let Some(key) = o.keys().find(|k| !REQUEST_FIELDS.contains(&k.as_str())) {
        findings.push(Finding::new(
            Code::A2aConfirmationMalformed,
            surfaces_core::Pointer::root().key(key).to_string(),
            "A confirmation request holds only `confirmationId`, `summary` and `expiresAt`; what else it holds is not shown to the person, so the request is not confirmed.",
        ));
    }
    let mut text = |key: &str| match o.get(key) {
        Some(Value::String(s)) => Some(s.as_str()),
        Some(_) => {
            findings.push(Finding::new(
                Code::A2aConfirmationMalformed,
                format!("/{key}"),
                format!("`{key}` is not a string."),
            ));
            None
        }
        None => {
            findings.push(Finding::new(
                Code::A2aConfirmationMalformed,
                format!("/{key}"),
                format!("`{key}` is missing."),
            ));
            None
        }
    };
    let (id, summary, expires) = (text("confirmationId"), text("summary"), text("expiresAt"));
    if let Some(id) = id.filter(|id| !id_ok(id)) {
        findings.push(Finding::new(
            Code::A2aConfirmationIdInvalid,
            "/confirmationId",
            format!(
                "The confirmation id ({} bytes) is empty, longer than {CONFIRMATION_ID_MAX} bytes, or holds characters other than ASCII letters, digits and `._:-`.",
                id.len()
            ),
        ));
    }
    if let Some(summary) = summary {
        let chars = summary.chars().count();
        if chars > SUMMARY_MAX_CHARS {
            findings.push(Finding::new(
                Code::A2aConfirmationSummaryTooLong,
                "/summary",
                format!("The summary is {chars} characters long; at most {SUMMARY_MAX_CHARS} are shown, and a summary is never cut."),
            ));
        } else if surfaces_core::text::draws_nothing(summary) {
            findings.push(Finding::new(
                Code::A2aConfirmationSummaryInvalid,
                "/summary",
                "The summary shows nothing: the person would confirm without being told what.",
            ));
        } else if let Some(c) = surfaces_core::text::first_bidi_control(summary) {
            findings.push(Finding::new(
                Code::A2aConfirmationSummaryInvalid,
                "/summary",
                format!(
                    "The summary holds the bidirectional control {}, which can reorder what it says.",
                    surfaces_core::text::codepoint(c)
                ),
            ));
        }
    }
    let expires_at_ms = expires.and_then(|e| {
        let ms = (e.len() <= 64).then(|| rfc3339_ms(e)).flatten();
        if ms.is_none() {
            findings.push(Finding::new(
                Code::A2aConfirmationExpiryInvalid,
                "/expiresAt",
                "`expiresAt` is not an RFC 3339 date-time (such as 2026-12-01T00:00:00Z).",
            ));
        }
        ms
    });
    match (id, summary, expires, expires_at_ms) {
        (Some(id), Some(summary), Some(expires), Some(ms)) if findings.is_empty() => {
            Ok(Confirmation {
                confirmation_id: id.to_string(),
                summary: summary.to_string(),
                expires_at: expires.to_string(),
                expires_at_ms: ms,
            })
        }
        _ => Err(findings),
    }
}

/// The confirmation request in a message's parts: `None` when there is none, the request,
/// or what is wrong with it (paths name the part: `/parts/N/data/…`). More than one
/// request in one message is refused: which one the person would confirm is not clear.
pub fn read_confirmation(parts: &[Part]) -> Option<Result<Confirmation, Vec<Finding>>> {
    let mut asked = parts.iter().enumerate().filter_map(|(i, p)| match p {
        Part::Data {
            data, media_type, ..
        } if media_type.as_deref() == Some(CONFIRMATION_MEDIA_TYPE) => Some((i, data)),
        _ => None,
    });
    let (i, data) = asked.next()?;
    if asked.next().is_some() {
        return Some(Err(vec![Finding::new(
            Code::A2aConfirmationAmbiguous,
            "/parts",
            "One message holds more than one confirmation request.",
        )]));
    }
    let checked = data.value().map_err(|f| vec![f]).and_then(|value| {
        match member_twice(data.text()) {
            Some(path) => Err(vec![Finding::new(
                Code::A2aConfirmationMalformed,
                path,
                "The confirmation request gives this member twice; readers disagree on which one counts, so it is not confirmed.",
            )]),
            None => check_confirmation(&value),
        }
    });
    Some(checked.map_err(|fs| {
        fs.into_iter()
            .map(|f| f.under(&format!("/parts/{i}/data")))
            .collect()
    }))
}

/// The signal an agent event gives an attempt sent on its task.
pub fn signal_of(event: &Event) -> Option<Signal> {
    let status = match event {
        Event::Task { status, .. } | Event::Status { status, .. } => status,
        // A message answer (no task) is the agent's whole reply: done.
        Event::Message(_) => return Some(Signal::Task(TaskState::Completed)),
        Event::Artifact { .. } => return None,
    };
    if status.state == TaskState::InputRequired {
        match status
            .message
            .as_ref()
            .and_then(|m| read_confirmation(&m.parts))
        {
            Some(Ok(c)) => return Some(Signal::ConfirmationAsked(c)),
            Some(Err(findings)) => return Some(Signal::ConfirmationInvalid(findings)),
            None => {}
        }
    }
    Some(Signal::Task(status.state))
}

/// Whether `signal` asks the person something (a question to confirm, or one that breaks
/// the convention).
pub(crate) fn is_question(signal: &Signal) -> bool {
    matches!(
        signal,
        Signal::ConfirmationAsked(_) | Signal::ConfirmationInvalid(_)
    )
}

/// The attempts of a conversation, one per click; a Button with one under way takes no
/// second click.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Attempts {
    pub list: Vec<Attempt>,
}

/// A click refused because the Button's last attempt is still under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Busy(pub ActionState);

impl Attempts {
    /// Starts an attempt for a click, unless one for the same Button is under way.
    pub fn begin(
        &mut self,
        surface_id: &str,
        component_id: &str,
        idempotency_key: &str,
    ) -> Result<&mut Attempt, Busy> {
        if let Some(a) = self.latest(surface_id, component_id) {
            if a.state.is_busy() {
                return Err(Busy(a.state));
            }
        }
        self.list
            .push(Attempt::new(surface_id, component_id, idempotency_key));
        Ok(self.list.last_mut().expect("just pushed"))
    }

    /// The Button's latest attempt.
    pub fn latest(&self, surface_id: &str, component_id: &str) -> Option<&Attempt> {
        self.list
            .iter()
            .rev()
            .find(|a| a.surface_id == surface_id && a.component_id == component_id)
    }

    pub fn latest_mut(&mut self, surface_id: &str, component_id: &str) -> Option<&mut Attempt> {
        self.list
            .iter_mut()
            .rev()
            .find(|a| a.surface_id == surface_id && a.component_id == component_id)
    }

    /// What an event of an answer says of the attempts that answer is about: those whose
    /// messages it answers (`keys`, their idempotency keys), running or waiting for the
    /// person's confirmation. No other attempt learns from it: an answer settles only the
    /// attempt it carried (a question the agent asks on it is about that one, so two
    /// Buttons never share a question), and one of unknown outcome learns only from the
    /// task read again ([`Self::on_task_read`]). Transitions an attempt does not have are
    /// skipped.
    ///
    /// An attempt waiting for the person's confirmation takes every event of its task,
    /// whatever answer carries it: the task's end (canceled, failed, or done without the
    /// answer) settles the question, which no answer could be sent to any more.
    pub fn on_answer(&mut self, event: &Event, keys: &[String]) {
        if let Some(signal) = signal_of(event) {
            self.answered(signal, keys);
        }
    }

    /// [`Self::on_answer`] with the event's signal already taken from it ([`signal_of`]),
    /// for a caller that reads an answer whole and acts on its last word.
    pub fn answered(&mut self, signal: Signal, keys: &[String]) {
        for a in self.list.iter_mut().filter(|a| match a.state {
            ActionState::Running => keys.contains(&a.idempotency_key),
            ActionState::NeedsConfirmation => true,
            _ => false,
        }) {
            let _ = a.on(signal.clone());
        }
    }

    /// The answer carrying `keys` is over: those of its attempts still running (it broke
    /// off, ended before the task's last word, or while the task still works) may or may
    /// not have been done. Says whether there was one.
    pub fn answer_ended(&mut self, keys: &[String]) -> bool {
        let mut lost = false;
        for a in self
            .list
            .iter_mut()
            .filter(|a| a.state == ActionState::Running && keys.contains(&a.idempotency_key))
        {
            lost |= a.on(Signal::Lost).is_ok();
        }
        lost
    }

    /// The attempt under way on this task (pending, running or waiting for the person's
    /// confirmation), if one is: what the agent says next is about that one.
    pub fn under_way(&self) -> Option<&Attempt> {
        self.list.iter().rev().find(|a| a.state.is_busy())
    }

    /// What the task, read again (a `tasks/get`, or a resubscribed stream's first event),
    /// says of the attempts waiting on it. `keys` are the idempotency keys of the person's
    /// messages that the task's state answers ([`super::saved::keys_answered`]: the task
    /// holds the message and has moved on since). A running attempt, or one of unknown
    /// outcome, is settled by the task only when its key is there. Without it the task's
    /// state says nothing of the attempt (it may not have arrived, the history was cut
    /// short, or the task still waits as it did before the message), and the attempt stays
    /// as it is. One that waits for the person's confirmation takes the task's word as
    /// [`Self::on_answer`] does.
    ///
    /// Returns the keys of the attempts of unknown outcome it found still under way at the
    /// agent (working, or asking the person): what the reader follows next (a resubscribed
    /// stream, another read) is about them, as an answer is about what it carried.
    pub fn on_task_read(&mut self, event: &Event, keys: &BTreeSet<String>) -> Vec<String> {
        match signal_of(event) {
            Some(signal) => self.on_task_signal(signal, keys),
            None => Vec::new(),
        }
    }

    /// [`Self::on_task_read`] with the task's signal already taken from it ([`signal_of`]),
    /// for a caller that reads the task once and acts on it later.
    ///
    /// A question is not given to an action while another is under way: the agent writes
    /// the history it names actions in, so a question that came with the other's answer
    /// could be listed after this one's message; it is that answer's to give.
    pub fn on_task_signal(&mut self, signal: Signal, keys: &BTreeSet<String>) -> Vec<String> {
        let busy: Vec<String> = self
            .list
            .iter()
            .filter(|a| a.state.is_busy())
            .map(|a| a.idempotency_key.clone())
            .collect();
        let asks = is_question(&signal);
        let mut again = Vec::new();
        for a in self.list.iter_mut() {
            let known = keys.contains(&a.idempotency_key);
            let waits = match a.state {
                ActionState::Running | ActionState::OutcomeUnknown => {
                    known && !(asks && busy.iter().any(|k| *k != a.idempotency_key))
                }
                ActionState::NeedsConfirmation => true,
                _ => false,
            };
            let unknown = a.state == ActionState::OutcomeUnknown;
            if waits && a.on(signal.clone()).is_ok_and(ActionState::is_busy) && unknown {
                again.push(a.idempotency_key.clone());
            }
        }
        again
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ActionState::*;

    fn confirmation() -> Confirmation {
        Confirmation {
            confirmation_id: "c1".into(),
            summary: "Book room 4 for 2 nights".into(),
            expires_at: "2026-12-01T00:00:00Z".into(),
            expires_at_ms: 1_796_083_200_000,
        }
    }

    /// Every (state, signal) pair: the machine's table, written out, so a transition added
    /// or lost is seen here.
    #[test]
    fn every_transition() {
        let signals = || {
            vec![
                Signal::Sent,
                Signal::Task(TaskState::Working),
                Signal::Task(TaskState::Completed),
                Signal::Task(TaskState::InputRequired),
                Signal::Task(TaskState::Rejected),
                Signal::Task(TaskState::Canceled),
                Signal::Task(TaskState::AuthRequired),
                Signal::Task(TaskState::Failed),
                Signal::ConfirmationAsked(confirmation()),
                Signal::ConfirmationInvalid(vec![]),
                Signal::Confirmed,
                Signal::Declined,
                Signal::Expired,
                Signal::Lost,
                Signal::Retry,
            ]
        };
        let table: &[(ActionState, [Option<ActionState>; 15])] = &[
            (
                Pending,
                [
                    Some(Running),
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                ],
            ),
            (
                Running,
                [
                    None,
                    Some(Running),
                    Some(Succeeded),
                    Some(Succeeded),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Failed),
                    Some(NeedsConfirmation),
                    Some(Rejected),
                    None,
                    None,
                    None,
                    Some(OutcomeUnknown),
                    None,
                ],
            ),
            (
                NeedsConfirmation,
                [
                    None,
                    Some(Running),
                    Some(Succeeded),
                    Some(NeedsConfirmation),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Failed),
                    None,
                    None,
                    Some(Running),
                    Some(Rejected),
                    Some(Rejected),
                    None,
                    None,
                ],
            ),
            (
                OutcomeUnknown,
                [
                    None,
                    Some(Running),
                    Some(Succeeded),
                    Some(Succeeded),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Rejected),
                    Some(Failed),
                    Some(NeedsConfirmation),
                    Some(Rejected),
                    None,
                    None,
                    None,
                    Some(OutcomeUnknown),
                    Some(Running),
                ],
            ),
            (Succeeded, [None; 15]),
            (Rejected, [None; 15]),
            (Failed, [None; 15]),
        ];
        for (from, row) in table {
            for (signal, want) in signals().into_iter().zip(row) {
                let mut a = Attempt::new("s", "b", "k");
                a.state = *from;
                let got = a.on(signal.clone()).ok();
                assert_eq!(got, *want, "{from:?} + {signal:?}");
                if got.is_none() {
                    assert_eq!(a.state, *from, "a refused transition changes nothing");
                }
            }
        }
    }

    #[test]
    fn a_retry_keeps_the_key_and_a_new_click_waits_its_turn() {
        let mut all = Attempts::default();
        let a = all.begin("s", "book", "key-1").unwrap();
        a.on(Signal::Sent).unwrap();
        assert_eq!(
            a.metadata(),
            json!({"idempotencyKey": "key-1", "attempt": 1})
        );
        // A double click while it runs is refused: it sends once.
        assert_eq!(all.begin("s", "book", "key-2").unwrap_err(), Busy(Running));
        // Another Button is free.
        assert!(all.begin("s", "other", "key-3").is_ok());
        all.answer_ended(&["key-1".to_string()]);
        let a = all.latest_mut("s", "book").unwrap();
        assert_eq!(a.state, OutcomeUnknown);
        a.on(Signal::Retry).unwrap();
        assert_eq!(
            a.metadata(),
            json!({"idempotencyKey": "key-1", "attempt": 2})
        );
        a.on(Signal::Task(TaskState::Completed)).unwrap();
        // Done: the next click is a new attempt with its own key.
        let b = all.begin("s", "book", "key-4").unwrap();
        assert_eq!((b.idempotency_key.as_str(), b.state), ("key-4", Pending));
    }

    #[test]
    fn a_confirmation_is_read_from_an_input_required_status() {
        use crate::wire::{self, ProtocolVersion};
        let text = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update",
            "taskId": "t", "final": true, "status": {"state": "input-required", "message": {
                "kind": "message", "messageId": "m", "role": "agent", "parts": [
                    {"kind": "text", "text": "Please confirm."},
                    {"kind": "data", "metadata": {"mimeType": CONFIRMATION_MEDIA_TYPE},
                     "data": {"confirmationId": "c9", "summary": "Charge 120 EUR", "expiresAt": "2026-12-01T00:00:00Z"}}]}}}});
        let event = wire::response(ProtocolVersion::V0_3, &text.to_string()).unwrap();
        let mut all = Attempts::default();
        all.begin("s", "pay", "k")
            .unwrap()
            .on(Signal::Sent)
            .unwrap();
        all.on_answer(&event, &["k".to_string()]);
        let a = all.latest("s", "pay").unwrap();
        assert_eq!(a.state, NeedsConfirmation);
        let c = a.confirmation.as_ref().unwrap();
        assert_eq!(
            (c.confirmation_id.as_str(), c.summary.as_str()),
            ("c9", "Charge 120 EUR")
        );
        assert_eq!(c.expires_at_ms, rfc3339_ms("2026-12-01T00:00:00Z").unwrap());
        // Without the part, input-required is the agent's answer: the action was taken.
        let plain = json!({"jsonrpc": "2.0", "id": 1, "result": {"kind": "status-update",
            "taskId": "t", "final": true, "status": {"state": "input-required"}}});
        let event = wire::response(ProtocolVersion::V0_3, &plain.to_string()).unwrap();
        assert_eq!(
            signal_of(&event),
            Some(Signal::Task(TaskState::InputRequired))
        );
    }
}
