//! A conversation's task kept across a reload of the page, or a lost stream: what a
//! console stores (in the browser's session storage) so that it can rebuild the task from
//! the agent (`tasks/get`, resubscribe) without doing any action twice, and without losing
//! what the person typed.
//!
//! The record ([`SavedTask`]) names the agent and the task, and holds the conversation's
//! action attempts (ids, idempotency keys, states: never the agent's text) and the person's
//! edits of the task's surfaces. Everything the agent said is read again from the agent.
//! Its JSON is at most [`SAVED_MAX_BYTES`] bytes ([`SavedTask::encode`] drops what does
//! not fit, settled attempts first, and says how much); a stored text that is longer, not
//! the format, or not valid is refused by [`SavedTask::decode`] with a reason, never a
//! panic.
//!
//! Restored ([`SavedTask::attempts`]), an attempt that was under way is `outcome_unknown`:
//! the answer it waited for is gone with the page. It stays so until the task, read again,
//! says otherwise ([`Attempts::on_task_read`](super::Attempts::on_task_read)): only when the
//! task's history holds a message with its key did the agent get it. Nothing is sent again
//! on its own: a retry is the person's, with the same key.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::lifecycle::{ActionState, Attempt, Attempts, Confirmation, ConfirmationEnd};
use super::wire::{Event, Message, Role, Status, TaskState};
use super::{TaskLimits, TaskView};
use surfaces_core::a2ui::Limits;

/// The record's format; another is refused.
pub const FORMAT: u32 = 1;
/// The longest record, in bytes of its JSON.
pub const SAVED_MAX_BYTES: usize = 64 * 1024;
/// Attempts a record keeps (the newest); older ones go first when the record is too large.
pub const SAVED_MAX_ATTEMPTS: usize = 64;
/// The longest id a record holds (agent name, task, context, surface, component, key,
/// confirmation), in bytes.
pub const SAVED_ID_MAX: usize = 512;
/// History messages [`keys_in_history`] reads at most.
pub const HISTORY_READ_MAX: usize = 1000;

/// One conversation's task, as kept across a reload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SavedTask {
    pub format: u32,
    /// The agent's name on the console's server.
    pub agent: String,
    pub task_id: String,
    #[serde(default)]
    pub context_id: Option<String>,
    /// Oldest first.
    #[serde(default)]
    pub attempts: Vec<SavedAttempt>,
    /// The person's edits of the task's surfaces (each surface's overlay).
    #[serde(default)]
    pub edits: Vec<SavedEdit>,
}

/// An action attempt, without anything the agent wrote but ids.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SavedAttempt {
    pub surface_id: String,
    pub component_id: String,
    pub idempotency_key: String,
    pub sends: u32,
    pub state: ActionState,
    /// The confirmation asked for, by id (the question itself is read again from the task).
    #[serde(default)]
    pub confirmation_id: Option<String>,
    #[serde(default)]
    pub confirmation_end: Option<ConfirmationEnd>,
}

/// A person's value at a pointer of a surface's data model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SavedEdit {
    pub surface_id: String,
    pub pointer: String,
    pub value: Value,
}

/// A record encoded for storage.
#[derive(Debug, Clone, PartialEq)]
pub struct Encoded {
    /// At most [`SAVED_MAX_BYTES`] bytes.
    pub text: String,
    /// Attempts left out to fit (settled ones first, oldest first).
    pub dropped_attempts: usize,
    /// Edits left out to fit (largest first).
    pub dropped_edits: usize,
}

/// Why a stored record was not restored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SavedError {
    TooLarge {
        bytes: usize,
        limit: usize,
    },
    /// Not JSON, or not a record's shape.
    Unreadable(String),
    Format(u32),
    /// A field breaks a rule (which, in words).
    Invalid(String),
}

impl std::fmt::Display for SavedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SavedError::TooLarge { bytes, limit } => {
                write!(
                    f,
                    "the saved task is {bytes} bytes; at most {limit} are read"
                )
            }
            SavedError::Unreadable(why) => write!(f, "the saved task cannot be read ({why})"),
            SavedError::Format(n) => write!(f, "the saved task is of format {n}, not {FORMAT}"),
            SavedError::Invalid(why) => write!(f, "the saved task is not valid: {why}"),
        }
    }
}

impl std::error::Error for SavedError {}

fn id_ok(s: &str) -> bool {
    (1..=SAVED_ID_MAX).contains(&s.len())
}

/// The size of `v`'s compact JSON (what `serde_json::to_string` writes).
fn size<T: Serialize>(v: &T) -> usize {
    serde_json::to_string(v).map_or(usize::MAX, |s| s.len())
}

/// The bytes a list adds to a record for its items: `[`, `]` and the commas are already
/// in the empty list's `[]`, bar one comma per item after the first.
impl SavedTask {
    /// The record of a conversation with `agent` (its name on the server): `None` while the
    /// conversation has no task (nothing the agent could give back yet).
    ///
    /// It holds only what [`Self::decode`] reads back: an attempt or an edit with an id it
    /// would refuse is left out (an agent's ids may be longer than a record keeps), a
    /// context id it would refuse is not kept, and a task id it would refuse (A2A does not
    /// bound them) means no record.
    pub fn capture(agent: &str, task: &TaskView, attempts: &Attempts) -> Option<SavedTask> {
        let task_id = task.task_id.clone().filter(|t| id_ok(t))?;
        if !id_ok(agent) {
            return None;
        }
        let keepable = |a: &&Attempt| {
            id_ok(&a.surface_id)
                && id_ok(&a.component_id)
                && id_ok(&a.idempotency_key)
                && a.confirmation
                    .as_ref()
                    .is_none_or(|c| id_ok(&c.confirmation_id))
        };
        let list: Vec<&Attempt> = attempts.list.iter().filter(keepable).collect();
        let skip = list.len().saturating_sub(SAVED_MAX_ATTEMPTS);
        let attempts = list
            .into_iter()
            .skip(skip)
            .map(|a| SavedAttempt {
                surface_id: a.surface_id.clone(),
                component_id: a.component_id.clone(),
                idempotency_key: a.idempotency_key.clone(),
                sends: a.sends,
                state: a.state,
                confirmation_id: a.confirmation.as_ref().map(|c| c.confirmation_id.clone()),
                confirmation_end: a.confirmation_end,
            })
            .collect();
        let mut edits = Vec::new();
        for sid in task.surfaces.surface_ids().filter(|s| id_ok(s)) {
            for (pointer, value) in task.surfaces.edits(sid).into_iter().flatten() {
                edits.push(SavedEdit {
                    surface_id: sid.to_string(),
                    pointer: pointer.clone(),
                    value: value.clone(),
                });
            }
        }
        Some(SavedTask {
            format: FORMAT,
            agent: agent.to_string(),
            task_id,
            context_id: task.context_id.clone().filter(|c| id_ok(c)),
            attempts,
            edits,
        })
    }

    /// The record as JSON of at most [`SAVED_MAX_BYTES`] bytes. What does not fit is left
    /// out and counted: settled attempts (oldest first), then edits (largest first), then
    /// attempts under way (oldest first). A record that is only its ids is always kept.
    pub fn encode(&self) -> Encoded {
        let mut rest = self.clone();
        rest.attempts.clear();
        rest.edits.clear();
        let base = size(&rest);
        let attempt_sizes: Vec<usize> = self.attempts.iter().map(size).collect();
        let edit_sizes: Vec<usize> = self.edits.iter().map(size).collect();
        let mut keep_a = vec![true; self.attempts.len()];
        let mut keep_e = vec![true; self.edits.len()];
        // What is kept of each list, as (bytes of its items, how many): a list's JSON is its
        // items and the commas between them.
        let sum = |sizes: &[usize]| sizes.iter().fold(0_usize, |a, b| a.saturating_add(*b));
        let mut kept_a = (sum(&attempt_sizes), attempt_sizes.len());
        let mut kept_e = (sum(&edit_sizes), edit_sizes.len());
        let list = |(bytes, n): (usize, usize)| bytes.saturating_add(n.saturating_sub(1));
        let total = |a, e| base.saturating_add(list(a)).saturating_add(list(e));
        // The order things go in: settled attempts, edits by size, attempts under way.
        let mut order: Vec<(bool, usize)> = Vec::new();
        order.extend(
            (0..self.attempts.len())
                .filter(|&i| self.attempts[i].state.is_final())
                .map(|i| (true, i)),
        );
        let mut by_size: Vec<usize> = (0..self.edits.len()).collect();
        by_size.sort_by_key(|&i| std::cmp::Reverse(edit_sizes[i]));
        order.extend(by_size.into_iter().map(|i| (false, i)));
        order.extend(
            (0..self.attempts.len())
                .filter(|&i| !self.attempts[i].state.is_final())
                .map(|i| (true, i)),
        );
        let mut order = order.into_iter();
        while total(kept_a, kept_e) > SAVED_MAX_BYTES {
            match order.next() {
                Some((true, i)) => {
                    keep_a[i] = false;
                    kept_a = (kept_a.0.saturating_sub(attempt_sizes[i]), kept_a.1 - 1);
                }
                Some((false, i)) => {
                    keep_e[i] = false;
                    kept_e = (kept_e.0.saturating_sub(edit_sizes[i]), kept_e.1 - 1);
                }
                None => break,
            }
        }
        rest.attempts = self
            .attempts
            .iter()
            .zip(&keep_a)
            .filter(|(_, k)| **k)
            .map(|(a, _)| a.clone())
            .collect();
        rest.edits = self
            .edits
            .iter()
            .zip(&keep_e)
            .filter(|(_, k)| **k)
            .map(|(e, _)| e.clone())
            .collect();
        let text = serde_json::to_string(&rest).unwrap_or_default();
        Encoded {
            text,
            dropped_attempts: keep_a.iter().filter(|k| !**k).count(),
            dropped_edits: keep_e.iter().filter(|k| !**k).count(),
        }
    }

    /// Reads a stored record: refused when it is longer than [`SAVED_MAX_BYTES`], not JSON
    /// of the record's shape, of another format, or when an id is empty or longer than
    /// [`SAVED_ID_MAX`] bytes or it holds more than [`SAVED_MAX_ATTEMPTS`] attempts.
    pub fn decode(text: &str) -> Result<SavedTask, SavedError> {
        if text.len() > SAVED_MAX_BYTES {
            return Err(SavedError::TooLarge {
                bytes: text.len(),
                limit: SAVED_MAX_BYTES,
            });
        }
        // What the scan every envelope and card goes through refuses is refused here: a key
        // given twice anywhere (read as a struct, serde_json refused a field given twice),
        // nesting past 100, a number no float holds. Then the core's reader builds it
        // (`surfaces_core::json`), not a copy of serde_json's own in this crate.
        match surfaces_core::json_scan::scan_document(text.as_bytes(), false) {
            Ok(issues) => {
                if let Some(issue) = issues.first() {
                    return Err(SavedError::Unreadable(issue.problem.describe()));
                }
            }
            Err(issue) => return Err(SavedError::Unreadable(issue.problem.describe())),
        }
        let t: SavedTask = surfaces_core::json::read_value(text)
            .and_then(serde_json::from_value)
            .map_err(|e| SavedError::Unreadable(e.to_string()))?;
        if t.format != FORMAT {
            return Err(SavedError::Format(t.format));
        }
        let invalid = |what: &str| Err(SavedError::Invalid(what.to_string()));
        if !id_ok(&t.agent) || !id_ok(&t.task_id) || !t.context_id.as_deref().is_none_or(id_ok) {
            return invalid("the agent, task or context id is empty or too long");
        }
        if t.attempts.len() > SAVED_MAX_ATTEMPTS {
            return invalid("too many attempts");
        }
        let attempts_ok = t.attempts.iter().all(|a| {
            id_ok(&a.surface_id)
                && id_ok(&a.component_id)
                && id_ok(&a.idempotency_key)
                && a.confirmation_id.as_deref().is_none_or(id_ok)
        });
        if !attempts_ok {
            return invalid("an attempt's id or key is empty or too long");
        }
        if !t.edits.iter().all(|e| id_ok(&e.surface_id)) {
            return invalid("an edit's surface id is empty or too long");
        }
        Ok(t)
    }

    /// The attempts as they stand after a reload. One that was under way (pending, running,
    /// or waiting for the person's confirmation) is `outcome_unknown`: what it waited for
    /// went with the page, and only the task, read again, can say how it stands (a question
    /// still open is asked again by the task). Settled ones stay as they were.
    pub fn attempts(&self) -> Attempts {
        let list = self
            .attempts
            .iter()
            .map(|s| {
                let mut a = Attempt::new(&s.surface_id, &s.component_id, &s.idempotency_key);
                a.sends = s.sends;
                a.state = if s.state.is_final() {
                    s.state
                } else {
                    ActionState::OutcomeUnknown
                };
                // Only the id is kept: the question, if still open, is the task's to ask
                // again. An answered one is known by its id, so that the task repeating it
                // is not taken for a new question.
                a.confirmation = s.confirmation_id.as_ref().map(|id| Confirmation {
                    confirmation_id: id.clone(),
                    summary: String::new(),
                    expires_at: String::new(),
                    expires_at_ms: 0,
                });
                a.confirmation_end = s.confirmation_end;
                a
            })
            .collect();
        Attempts { list }
    }

    /// An empty view of the saved task, bound to it: an event about another task is refused
    /// (a finding), and what is sent goes on its context.
    pub fn task_view(&self, advertised: bool, surfaces: Limits, limits: TaskLimits) -> TaskView {
        let mut view = TaskView::new(advertised, surfaces, limits);
        view.task_id = Some(self.task_id.clone());
        view.context_id.clone_from(&self.context_id);
        view
    }

    /// Puts the person's edits back on the surfaces the task drew again. An edit of a
    /// surface the task no longer has, or that the surface refuses, is dropped. Returns how
    /// many were put back.
    pub fn reapply_edits(&self, task: &mut TaskView) -> usize {
        self.edits
            .iter()
            .filter(|e| {
                task.surfaces
                    .edit(&e.surface_id, &e.pointer, e.value.clone())
                    .is_ok()
            })
            .count()
    }
}

/// A task's state and its newest [`HISTORY_READ_MAX`] history messages, newest first;
/// `None` for an event that is not a task.
fn task_and_history(event: &Event) -> Option<(&Status, Vec<&Message>)> {
    match event {
        Event::Task {
            status, history, ..
        } => Some((
            status,
            history.iter().rev().take(HISTORY_READ_MAX).collect(),
        )),
        _ => None,
    }
}

/// The idempotency key a person's message carries, if it is one a record could hold.
fn key_of(m: &Message) -> Option<&str> {
    (m.role == Role::User)
        .then_some(m.action_key.as_deref())
        .flatten()
        .filter(|k| id_ok(k))
}

/// The idempotency keys the person's messages carry in a task read again (a `tasks/get`
/// answer, or a stream event that is the task; see [`keys_answered`]): whether the agent got
/// an action at all. The newest [`HISTORY_READ_MAX`] messages are read; an event that is
/// not a task gives none.
pub fn keys_in_history(event: &Event) -> BTreeSet<String> {
    task_and_history(event)
        .map(|(_, history)| {
            history
                .into_iter()
                .filter_map(key_of)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The keys of the person's messages the task's state answers: what
/// [`Attempts::on_task_read`](super::Attempts::on_task_read) may settle. A task working, or
/// ended, answers every message it holds. A task waiting for the person
/// (`input-required`, `auth-required`) may be waiting since before the message arrived (an
/// agent keeps the message before it moves on), so it answers only a message that an
/// agent's message follows: a later one in the history, or a status message that is not
/// among the history's messages up to it. A confirmation the task asks for answers the
/// person's newest message alone, when that message is an action's.
pub fn keys_answered(event: &Event) -> BTreeSet<String> {
    let Some((status, history)) = task_and_history(event) else {
        return BTreeSet::new();
    };
    let waiting = matches!(
        status.state,
        TaskState::InputRequired | TaskState::AuthRequired
    );
    let said = status.message.as_ref().filter(|m| m.role == Role::Agent);
    // The status message is newer than the history when the history does not hold it.
    let mut answered = !waiting
        || said.is_some_and(|s| {
            s.message_id.is_none() || !history.iter().any(|m| m.message_id == s.message_id)
        });
    let mut keys = BTreeSet::new();
    for m in &history {
        if m.role == Role::Agent {
            answered = true;
        } else if let Some(k) = key_of(m).filter(|_| answered) {
            keys.insert(k.to_string());
        }
    }
    // A question asks about the person's newest message only: an older action, whose
    // outcome was lost, is not asked it (two Buttons would share one question), and none is
    // when the newest message is not an action's.
    if super::lifecycle::signal_of(event).is_some_and(|s| super::lifecycle::is_question(&s)) {
        let newest = history
            .iter()
            .find(|m| m.role == Role::User)
            .and_then(|m| key_of(m));
        // A set made anew by insertion: `retain` brought the B-tree's code for removing into
        // the `.wasm` for this one use (2.5 KB), and `collect` a sort and a bulk build.
        let mut asked = BTreeSet::new();
        if let Some(k) = newest.filter(|k| keys.contains(*k)) {
            asked.insert(k.to_string());
        }
        return asked;
    }
    keys
}
