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
//!   "expiresAt"?}`; the person's answer is a data part of the same media type holding
//!   `{"confirmationId", "decision": "confirm" | "cancel"}`, with the attempt's key.

use serde::Serialize;
use serde_json::{json, Value};

use super::wire::{Event, Part, TaskState};

pub const CONFIRMATION_MEDIA_TYPE: &str = "application/vnd.agent-surfaces.confirmation+json";
/// The message metadata key an action attempt's idempotency key travels under.
pub const ACTION_METADATA_KEY: &str = "agent-surfaces/action";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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
    pub expires_at: Option<String>,
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
    /// The task state that decided the last transition, when one did.
    pub task_state: Option<TaskState>,
}

fn signal_name(s: &Signal) -> &'static str {
    match s {
        Signal::Sent => "sent",
        Signal::Task(_) => "task",
        Signal::ConfirmationAsked(_) => "confirmation-asked",
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
                self.sends += 1;
                Running
            }
            (Running | OutcomeUnknown, Signal::Task(t)) => {
                self.task_state = Some(t);
                settled_by(t).unwrap_or(Running)
            }
            (Running | OutcomeUnknown, Signal::ConfirmationAsked(c)) => {
                self.confirmation = Some(c);
                self.task_state = Some(TaskState::InputRequired);
                NeedsConfirmation
            }
            (NeedsConfirmation, Signal::Confirmed) => {
                self.sends += 1;
                Running
            }
            (NeedsConfirmation, Signal::Declined | Signal::Expired) => Rejected,
            // A task read while waiting for the person can still settle it (the agent may
            // have given up); a status that only repeats the question changes nothing.
            (NeedsConfirmation, Signal::Task(t)) if t != TaskState::InputRequired => {
                self.task_state = Some(t);
                settled_by(t).unwrap_or(Running)
            }
            (NeedsConfirmation, Signal::Task(_)) => NeedsConfirmation,
            (Running, Signal::Lost) => OutcomeUnknown,
            (OutcomeUnknown, Signal::Retry) => {
                self.sends += 1;
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

    /// The person's answer to the confirmation, as the data part's content.
    pub fn confirmation_answer(&self, confirm: bool) -> Option<Value> {
        let c = self.confirmation.as_ref()?;
        Some(json!({
            "confirmationId": c.confirmation_id,
            "decision": if confirm { "confirm" } else { "cancel" },
        }))
    }
}

/// A confirmation request in a message's parts, if the agent sent one.
pub fn confirmation_in(parts: &[Part]) -> Option<Confirmation> {
    parts.iter().find_map(|p| match p {
        Part::Data {
            data, media_type, ..
        } if media_type.as_deref() == Some(CONFIRMATION_MEDIA_TYPE) => {
            let o = data.as_object()?;
            let text = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
            let summary: String = text("summary")?.chars().take(2000).collect();
            Some(Confirmation {
                confirmation_id: text("confirmationId")?,
                summary,
                expires_at: text("expiresAt"),
            })
        }
        _ => None,
    })
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
        if let Some(c) = status
            .message
            .as_ref()
            .and_then(|m| confirmation_in(&m.parts))
        {
            return Some(Signal::ConfirmationAsked(c));
        }
    }
    Some(Signal::Task(status.state))
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

    /// Every attempt waiting on the agent (running, or of unknown outcome) takes the signal
    /// an agent event gives; transitions they do not have are skipped.
    pub fn on_event(&mut self, event: &Event) {
        let Some(signal) = signal_of(event) else {
            return;
        };
        for a in self.list.iter_mut().filter(|a| {
            matches!(
                a.state,
                ActionState::Running | ActionState::OutcomeUnknown | ActionState::NeedsConfirmation
            )
        }) {
            let _ = a.on(signal.clone());
        }
    }

    /// The stream or connection was lost: every running attempt's outcome is unknown.
    pub fn lost(&mut self) {
        for a in self
            .list
            .iter_mut()
            .filter(|a| a.state == ActionState::Running)
        {
            let _ = a.on(Signal::Lost);
        }
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
            expires_at: None,
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
                Signal::Confirmed,
                Signal::Declined,
                Signal::Expired,
                Signal::Lost,
                Signal::Retry,
            ]
        };
        let table: &[(ActionState, [Option<ActionState>; 14])] = &[
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
                    None,
                    None,
                    None,
                    Some(OutcomeUnknown),
                    Some(Running),
                ],
            ),
            (Succeeded, [None; 14]),
            (Rejected, [None; 14]),
            (Failed, [None; 14]),
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
        all.lost();
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
        use crate::a2a::wire::{self, ProtocolVersion};
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
        all.on_event(&event);
        let a = all.latest("s", "pay").unwrap();
        assert_eq!(a.state, NeedsConfirmation);
        let c = a.confirmation.as_ref().unwrap();
        assert_eq!(
            (c.confirmation_id.as_str(), c.summary.as_str()),
            ("c9", "Charge 120 EUR")
        );
        assert_eq!(
            a.confirmation_answer(true),
            Some(json!({"confirmationId": "c9", "decision": "confirm"}))
        );
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
