//! A2A, the protocol agents are reached by, as pure data: no I/O here. The caller (the
//! console, a JavaScript front end, a test) does the HTTP; this module says what to send
//! and reads what comes back, for A2A v0.3 and v1.0 over JSON-RPC.
//!
//! - `card.rs` — the endpoint, protocol version and A2UI versions an agent's card names;
//! - `wire.rs` — requests built from typed values, answers and stream events read into one
//!   typed [`Event`] (both versions' shapes);
//! - `read.rs` — the JSON reader under both: each part's data is kept as its text;
//! - `sse.rs` — server-sent events decoded incrementally, bounded;
//! - `task.rs` — a task as a person sees it: turns, state, artifacts, and its A2UI parts
//!   folded into its surfaces;
//! - `sdk.rs` — the same model read from, and messages written for, what JavaScript A2A
//!   clients hand over (`@a2a-js/sdk` 1.x objects, or either version's JSON);
//! - `lifecycle.rs` — one action's life, from click to effect (or to `outcome_unknown`),
//!   with its idempotency key and the confirmation convention;
//! - `saved.rs` — a conversation's task kept across a reload (bounded), and restored.

mod card;
pub mod lifecycle;
mod read;
pub mod saved;
pub mod sdk;
pub mod sse;
mod task;
pub mod wire;

pub use card::{endpoint, Endpoint};
pub use lifecycle::{
    ActionState, Answer, Attempt, Attempts, Confirmation, ConfirmationEnd, Decision, Signal,
};
pub use read::{json_with_data_as_sent, DataText};
pub use sse::{SseDecoder, SseEvent, SseLimits, SseProblem};
pub use task::{ArtifactView, Shown, TaskLimits, TaskView, Turn};
pub use wire::{Event, Method, Outgoing, ProtocolVersion, Request, Role, TaskState};

use serde_json::{json, Map, Value};

use surfaces_core::a2ui::BASIC_CATALOG_ID;

/// The A2UI media type for a data part to an agent speaking these extension URIs: v0.9.1
/// spells it `application/a2ui+json`, v0.9 `application/json+a2ui`.
pub fn a2ui_media_type(extensions: &[String]) -> &'static str {
    if extensions.iter().any(|u| u.ends_with("/v0.9.1")) {
        "application/a2ui+json"
    } else {
        "application/json+a2ui"
    }
}

/// `a2uiClientCapabilities` keyed by the A2UI versions the agent advertises (and the flat
/// form one SDK reads; the top level allows extra keys).
pub fn client_capabilities(extensions: &[String]) -> Value {
    let ids = json!([BASIC_CATALOG_ID]);
    let mut caps = Map::new();
    for uri in extensions {
        if let Some(v) = uri.rsplit('/').next() {
            caps.insert(v.to_string(), json!({"supportedCatalogIds": ids}));
        }
    }
    caps.insert("supportedCatalogIds".into(), ids);
    Value::Object(caps)
}

/// A message from the person to an agent at `endpoint`: text and/or an A2UI client message
/// (an action, an error report), on the task and context of the conversation so far. It
/// activates the A2UI extensions the agent advertises and carries the client's
/// capabilities (and, when given, `a2uiClientDataModel`).
pub fn a2ui_message(
    endpoint: &Endpoint,
    message_id: &str,
    text: Option<&str>,
    a2ui: Vec<Value>,
    task: &TaskView,
    client_data_model: Option<Value>,
) -> Outgoing {
    let mut metadata = Map::new();
    if !endpoint.a2ui_extensions.is_empty() {
        metadata.insert(
            "a2uiClientCapabilities".into(),
            client_capabilities(&endpoint.a2ui_extensions),
        );
        if let Some(m) = client_data_model {
            metadata.insert("a2uiClientDataModel".into(), m);
        }
    }
    let media_type = a2ui_media_type(&endpoint.a2ui_extensions);
    Outgoing {
        message_id: message_id.to_string(),
        text: text.map(str::to_string),
        data: a2ui
            .into_iter()
            .map(|d| (d, media_type.to_string()))
            .collect(),
        // An action belongs to the task it came from; a conversation keeps its context.
        task_id: task
            .task_id
            .clone()
            .filter(|_| !task.state.is_some_and(TaskState::is_terminal)),
        context_id: task.context_id.clone(),
        extensions: endpoint.a2ui_extensions.clone(),
        metadata,
    }
}

/// The person's answer to a confirmation request, as a message on the task that asked
/// ([`Attempt::answer`] says what it holds): one data part of
/// [`lifecycle::CONFIRMATION_MEDIA_TYPE`] with the confirmation id and the decision, and
/// the attempt's idempotency key in the metadata under [`lifecycle::ACTION_METADATA_KEY`].
/// `None` when the task has no id or has ended: an answer belongs to the task that asked.
pub fn confirmation_message(
    endpoint: &Endpoint,
    message_id: &str,
    answer: &Answer,
    task: &TaskView,
) -> Option<Outgoing> {
    let mut out = a2ui_message(endpoint, message_id, None, Vec::new(), task, None);
    out.task_id.as_ref()?;
    out.data.push((
        answer.data.clone(),
        lifecycle::CONFIRMATION_MEDIA_TYPE.to_string(),
    ));
    out.metadata.insert(
        lifecycle::ACTION_METADATA_KEY.into(),
        answer.metadata.clone(),
    );
    Some(out)
}
