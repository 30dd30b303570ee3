//! A2A on the wire, both protocol versions: JSON-RPC requests built from typed values, and
//! responses and stream events read into one typed model ([`Event`]). v0.3 tells its
//! objects apart by `kind` (`message`, `task`, `status-update`, `artifact-update`) and
//! spells roles and states in lower case; v1.0 (the protobuf JSON mapping) wraps each in a
//! key (`task`, `message`, `statusUpdate`, `artifactUpdate`), spells `ROLE_USER` and
//! `TASK_STATE_WORKING`, and has no `final` flag: a terminal state ends a stream.

use serde::Serialize;
use serde_json::{json, Map, Value};

use surfaces_core::a2ui::{MEDIA_TYPES, PART_MEDIA_TYPE_AT};
use surfaces_core::{Code, Finding};

use super::read::{self, DataText};

/// The A2A protocol version an endpoint speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ProtocolVersion {
    #[serde(rename = "0.3")]
    V0_3,
    #[serde(rename = "1.0")]
    V1_0,
}

impl ProtocolVersion {
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolVersion::V0_3 => "0.3",
            ProtocolVersion::V1_0 => "1.0",
        }
    }
}

/// The JSON-RPC methods a client calls, named per version by [`Method::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Send,
    Stream,
    GetTask,
    Resubscribe,
    Cancel,
}

impl Method {
    pub fn name(self, v: ProtocolVersion) -> &'static str {
        match (v, self) {
            (ProtocolVersion::V0_3, Method::Send) => "message/send",
            (ProtocolVersion::V0_3, Method::Stream) => "message/stream",
            (ProtocolVersion::V0_3, Method::GetTask) => "tasks/get",
            (ProtocolVersion::V0_3, Method::Resubscribe) => "tasks/resubscribe",
            (ProtocolVersion::V0_3, Method::Cancel) => "tasks/cancel",
            (ProtocolVersion::V1_0, Method::Send) => "SendMessage",
            (ProtocolVersion::V1_0, Method::Stream) => "SendStreamingMessage",
            (ProtocolVersion::V1_0, Method::GetTask) => "GetTask",
            (ProtocolVersion::V1_0, Method::Resubscribe) => "SubscribeToTask",
            (ProtocolVersion::V1_0, Method::Cancel) => "CancelTask",
        }
    }

    /// Whether the answer is a stream of server-sent events.
    pub fn streams(self) -> bool {
        matches!(self, Method::Stream | Method::Resubscribe)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Agent,
}

/// A task's lifecycle state, in either version's spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TaskState {
    Submitted,
    Working,
    InputRequired,
    AuthRequired,
    Completed,
    Canceled,
    Failed,
    Rejected,
    Unknown,
}

impl TaskState {
    fn read(s: &str) -> Option<TaskState> {
        Some(match s {
            "submitted" | "TASK_STATE_SUBMITTED" => TaskState::Submitted,
            "working" | "TASK_STATE_WORKING" => TaskState::Working,
            "input-required" | "TASK_STATE_INPUT_REQUIRED" => TaskState::InputRequired,
            "auth-required" | "TASK_STATE_AUTH_REQUIRED" => TaskState::AuthRequired,
            "completed" | "TASK_STATE_COMPLETED" => TaskState::Completed,
            "canceled" | "TASK_STATE_CANCELED" => TaskState::Canceled,
            "failed" | "TASK_STATE_FAILED" => TaskState::Failed,
            "rejected" | "TASK_STATE_REJECTED" => TaskState::Rejected,
            "unknown" | "TASK_STATE_UNSPECIFIED" => TaskState::Unknown,
            _ => return None,
        })
    }

    /// Nothing more happens to the task (a stream ends with it).
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            TaskState::Completed | TaskState::Canceled | TaskState::Failed | TaskState::Rejected
        )
    }

    /// The agent waits for the person (a stream ends with it too).
    pub fn is_interrupted(self) -> bool {
        matches!(self, TaskState::InputRequired | TaskState::AuthRequired)
    }
}

/// One part of a message or artifact, as received. Agent text is text: never markup.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Part {
    Text {
        text: String,
    },
    Data {
        /// As the agent sent it: an A2UI part is folded from this text.
        data: DataText,
        media_type: Option<String>,
        /// Whether its media type is A2UI's wherever either version puts it.
        #[serde(skip)]
        a2ui: bool,
    },
    File {
        name: Option<String>,
        media_type: Option<String>,
        /// A link to the file, when it is given by reference (never loaded by us).
        uri: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub message_id: Option<String>,
    pub role: Role,
    pub parts: Vec<Part>,
    pub task_id: Option<String>,
    pub context_id: Option<String>,
    /// The idempotency key an action's message carries in its metadata
    /// (`metadata["agent-surfaces/action"].idempotencyKey`, docs/actions.md): how a task
    /// read again shows which of the person's actions it holds.
    pub action_key: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Artifact {
    pub artifact_id: String,
    pub name: Option<String>,
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub state: TaskState,
    pub message: Option<Message>,
}

/// Everything an agent's answer or stream event can be.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    Message(Message),
    Task {
        id: String,
        context_id: Option<String>,
        status: Status,
        history: Vec<Message>,
        artifacts: Vec<Artifact>,
    },
    Status {
        task_id: String,
        context_id: Option<String>,
        status: Status,
        /// v0.3's `final`; in v1.0, a terminal or interrupted state.
        last: bool,
    },
    Artifact {
        task_id: String,
        context_id: Option<String>,
        artifact: Artifact,
        append: bool,
        last_chunk: bool,
    },
}

impl Event {
    /// The task the event is about, when it names one (a message answer may name none).
    pub fn task_id(&self) -> Option<&str> {
        match self {
            Event::Task { id, .. } => Some(id),
            Event::Status { task_id, .. } | Event::Artifact { task_id, .. } => Some(task_id),
            Event::Message(m) => m.task_id.as_deref(),
        }
    }
}

pub(super) fn bad(what: impl Into<String>) -> Finding {
    Finding::new(Code::A2aResponseInvalid, "", what.into())
}

fn str_at(o: &Map<String, Value>, k: &str) -> Option<String> {
    o.get(k).and_then(Value::as_str).map(str::to_string)
}

/// The longest id an event may hold (a task's, a context's, a message's or an artifact's),
/// in bytes. A task view keeps ids for as long as the conversation lasts and hands the
/// context id to every A2UI part it folds, so an id is bounded where it is read: past
/// this, the event is refused, and no later step copies an agent string of unbounded length.
pub const MAX_ID_BYTES: usize = 512;

/// [`str_at`] for an id: an over-long one refuses the event.
fn id_at(o: &Map<String, Value>, k: &str) -> Result<Option<String>, Finding> {
    match o.get(k).and_then(Value::as_str) {
        Some(id) if id.len() > MAX_ID_BYTES => Err(Finding::new(
            Code::A2aLimit,
            format!("/{k}"),
            format!(
                "A `{k}` of {} bytes; the limit is {MAX_ID_BYTES}, so the event is not read.",
                id.len()
            ),
        )),
        id => Ok(id.map(str::to_string)),
    }
}

pub(super) fn object<'v>(v: &'v Value, what: &str) -> Result<&'v Map<String, Value>, Finding> {
    v.as_object()
        .ok_or_else(|| bad(format!("The {what} is not an object.")))
}

/// The members that hold a part's content, in either version (and `@a2a-js/sdk`'s).
const PART_CONTENTS: [&str; 6] = ["text", "data", "url", "raw", "file", "content"];

/// A part of either version, as [`read::parse`] made it.
fn part(v: &Value) -> Result<Part, Finding> {
    let o = object(v, "part")?;
    let media_type = str_at(o, "mediaType")
        .or_else(|| str_at(o, "mimeType"))
        .or_else(|| {
            o.get("metadata")
                .and_then(|m| m.get("mimeType"))
                .and_then(Value::as_str)
                .map(str::to_string)
        });
    // The store reads a part's media type in its own order (`PART_MEDIA_TYPE_AT`): a part is
    // A2UI only when both readings say so, as when the store was handed the whole part.
    let store_media = PART_MEDIA_TYPE_AT
        .iter()
        .find_map(|at| v.pointer(at).and_then(Value::as_str));
    let a2ui = [media_type.as_deref(), store_media]
        .iter()
        .all(|m| m.is_some_and(|m| MEDIA_TYPES.contains(&m)));
    // v0.3 names the kind; v1.0 has one of `text`, `data`, `url`, `raw`. A part with two
    // (or with the SDK's `content` too) would be one thing to this reader and another to
    // the next ("Pay 1 EUR" as `text`, "Pay 900 EUR" as `content`): it is refused.
    let contents = PART_CONTENTS.iter().filter(|k| o.contains_key(**k));
    if contents.count() > 1 {
        return Err(bad(
            "A part holds more than one content (two of `text`, `data`, `url`, `raw`, `file` and `content`); which one counts is not clear.",
        ));
    }
    let kind = str_at(o, "kind");
    match kind.as_deref() {
        Some("text") | None if o.get("text").is_some() => match o.get("text") {
            Some(Value::String(t)) => Ok(Part::Text { text: t.clone() }),
            _ => Err(bad("A text part's `text` is not a string.")),
        },
        Some("data") | None if o.contains_key("data") => Ok(Part::Data {
            // Read by `read::parse`, which keeps a part's data as its text.
            data: DataText::kept(&o["data"])
                .ok_or_else(|| bad("A data part's `data` was not kept as text."))?,
            media_type,
            a2ui,
        }),
        Some("file") => {
            let f = o.get("file").and_then(Value::as_object);
            Ok(Part::File {
                name: f.and_then(|f| str_at(f, "name")),
                media_type: f.and_then(|f| str_at(f, "mimeType")),
                uri: f.and_then(|f| str_at(f, "uri")),
            })
        }
        None if o.contains_key("url") || o.contains_key("raw") => Ok(Part::File {
            name: str_at(o, "filename"),
            media_type,
            uri: str_at(o, "url"),
        }),
        _ => Err(bad("A part is neither text, data nor a file.")),
    }
}

fn parts(v: Option<&Value>, limit: usize) -> Result<Vec<Part>, Finding> {
    let list = match v {
        Some(Value::Array(a)) => a,
        None => return Ok(Vec::new()),
        Some(_) => return Err(bad("`parts` is not an array.")),
    };
    if list.len() > limit {
        return Err(Finding::new(
            Code::A2aLimit,
            "/parts",
            format!("{} parts in one message; the limit is {limit}.", list.len()),
        ));
    }
    list.iter().map(part).collect()
}

/// Parts per message or artifact a reader takes.
pub const MAX_PARTS: usize = 256;

pub use super::read::MAX_VALUES;

fn message(v: &Value) -> Result<Message, Finding> {
    let o = object(v, "message")?;
    let role = match o.get("role").and_then(Value::as_str) {
        Some("user" | "ROLE_USER") => Role::User,
        Some("agent" | "ROLE_AGENT") => Role::Agent,
        _ => return Err(bad("A message's `role` is neither user nor agent.")),
    };
    Ok(Message {
        message_id: id_at(o, "messageId")?,
        role,
        parts: parts(o.get("parts"), MAX_PARTS)?,
        task_id: id_at(o, "taskId")?,
        context_id: id_at(o, "contextId")?,
        action_key: o
            .get("metadata")
            .and_then(|m| m.get(super::lifecycle::ACTION_METADATA_KEY))
            .and_then(|a| a.get("idempotencyKey"))
            .and_then(Value::as_str)
            .map(str::to_string),
    })
}

fn status(v: &Value) -> Result<Status, Finding> {
    let o = object(v, "status")?;
    let state = o
        .get("state")
        .and_then(Value::as_str)
        .and_then(TaskState::read)
        .ok_or_else(|| bad("A status has no state this client knows."))?;
    Ok(Status {
        state,
        message: o.get("message").map(message).transpose()?,
    })
}

fn artifact(v: &Value) -> Result<Artifact, Finding> {
    let o = object(v, "artifact")?;
    Ok(Artifact {
        artifact_id: id_at(o, "artifactId")?.ok_or_else(|| bad("An artifact has no id."))?,
        name: str_at(o, "name"),
        parts: parts(o.get("parts"), MAX_PARTS)?,
    })
}

fn task(o: &Map<String, Value>) -> Result<Event, Finding> {
    let list = |k: &str| -> &[Value] {
        o.get(k)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
    };
    Ok(Event::Task {
        id: id_at(o, "id")?.ok_or_else(|| bad("A task has no id."))?,
        context_id: id_at(o, "contextId")?,
        status: status(
            o.get("status")
                .ok_or_else(|| bad("A task has no status."))?,
        )?,
        history: list("history")
            .iter()
            .map(message)
            .collect::<Result<_, _>>()?,
        artifacts: list("artifacts")
            .iter()
            .map(artifact)
            .collect::<Result<_, _>>()?,
    })
}

fn status_update(o: &Map<String, Value>, v1: bool) -> Result<Event, Finding> {
    let status = status(
        o.get("status")
            .ok_or_else(|| bad("A status update has no status."))?,
    )?;
    // A terminal or interrupted state ends the stream in both versions: v1.0 has no
    // `final`, and v0.3 servers leave it false on `input-required` (the 1.3 SDK's v0.3
    // side does, and so does the 0.3 SDK's default `requires_input`) and close the stream.
    let ends = status.state.is_terminal() || status.state.is_interrupted();
    let last = ends || (!v1 && o.get("final").and_then(Value::as_bool).unwrap_or(false));
    Ok(Event::Status {
        task_id: id_at(o, "taskId")?.ok_or_else(|| bad("A status update names no task."))?,
        context_id: id_at(o, "contextId")?,
        status,
        last,
    })
}

fn artifact_update(o: &Map<String, Value>) -> Result<Event, Finding> {
    Ok(Event::Artifact {
        task_id: id_at(o, "taskId")?.ok_or_else(|| bad("An artifact update names no task."))?,
        context_id: id_at(o, "contextId")?,
        artifact: artifact(
            o.get("artifact")
                .ok_or_else(|| bad("An artifact update has no artifact."))?,
        )?,
        append: o.get("append").and_then(Value::as_bool).unwrap_or(false),
        last_chunk: o.get("lastChunk").and_then(Value::as_bool).unwrap_or(false),
    })
}

/// The `result` of a send, a stream event, a `tasks/get` or a cancel, in `v`'s shapes, for
/// a caller holding it as a value: it is read again from its text, as [`response`] reads.
pub fn event(v: ProtocolVersion, result: &Value) -> Result<Event, Finding> {
    let kept = read::parse(&result.to_string())
        .map_err(|u| u.finding(|e| bad(format!("The result cannot be read ({e})."))))?;
    read_event(v, &kept)
}

/// [`event`] for a value [`read::parse`] made.
pub(crate) fn read_event(v: ProtocolVersion, result: &Value) -> Result<Event, Finding> {
    let o = object(result, "result")?;
    match v {
        ProtocolVersion::V0_3 => match o.get("kind").and_then(Value::as_str) {
            Some("message") => message(result).map(Event::Message),
            Some("task") => task(o),
            Some("status-update") => status_update(o, false),
            Some("artifact-update") => artifact_update(o),
            _ => Err(bad(
                "The result's `kind` is none of message, task, status-update, artifact-update.",
            )),
        },
        ProtocolVersion::V1_0 => {
            if let Some(m) = o.get("message") {
                message(m).map(Event::Message)
            } else if let Some(t) = o.get("task") {
                task(object(t, "task")?)
            } else if let Some(s) = o.get("statusUpdate") {
                status_update(object(s, "status update")?, true)
            } else if let Some(a) = o.get("artifactUpdate") {
                artifact_update(object(a, "artifact update")?)
            } else if o.contains_key("id") && o.contains_key("status") {
                // `GetTask` and `CancelTask` answer with the task itself.
                task(o)
            } else {
                Err(bad(
                    "The result holds none of task, message, statusUpdate, artifactUpdate.",
                ))
            }
        }
    }
}

/// A JSON-RPC response (or one stream event's data): its `result` read as an [`Event`], or
/// the agent's error as a finding. Text that is not JSON is a finding too.
pub fn response(v: ProtocolVersion, text: &str) -> Result<Event, Finding> {
    let value = read::parse_event(text, "The agent's answer")?;
    let o = object(&value, "response")?;
    if let Some(err) = o.get("error") {
        let code = err.get("code").and_then(Value::as_i64).unwrap_or(0);
        let msg = err.get("message").and_then(Value::as_str).unwrap_or("");
        let msg: String = msg.chars().take(500).collect();
        return Err(Finding::new(
            Code::A2aJsonrpcError,
            "/error",
            format!("The agent answered with error {code}: {msg}"),
        ));
    }
    read_event(
        v,
        o.get("result")
            .ok_or_else(|| bad("The response has neither result nor error."))?,
    )
}

/// What a person (or a click) sends: text, data parts, on a task and context if there is one.
#[derive(Debug, Clone, Default)]
pub struct Outgoing {
    pub message_id: String,
    pub text: Option<String>,
    /// Data parts, each with its media type.
    pub data: Vec<(Value, String)>,
    pub task_id: Option<String>,
    pub context_id: Option<String>,
    /// Extension URIs the message activates.
    pub extensions: Vec<String>,
    /// Message metadata (`a2uiClientCapabilities`, `a2uiClientDataModel`).
    pub metadata: Map<String, Value>,
}

/// An HTTP request to make: the JSON-RPC body and the headers that go with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Request {
    pub body: Value,
    pub headers: Vec<(String, String)>,
    /// Whether the answer is a stream of server-sent events.
    pub streams: bool,
}

fn headers(v: ProtocolVersion, extensions: &[String], streams: bool) -> Vec<(String, String)> {
    let mut h = vec![("Content-Type".to_string(), "application/json".to_string())];
    h.push((
        "Accept".to_string(),
        if streams {
            "text/event-stream"
        } else {
            "application/json"
        }
        .to_string(),
    ));
    if !extensions.is_empty() {
        // v1.0 names the header without the `X-` (RFC 6648); v0.3 servers read the old name.
        let name = match v {
            ProtocolVersion::V0_3 => "X-A2A-Extensions",
            ProtocolVersion::V1_0 => "A2A-Extensions",
        };
        h.push((name.to_string(), extensions.join(", ")));
    }
    if v == ProtocolVersion::V1_0 {
        // Without it a v1.0 server takes the request for v0.3 and refuses the method.
        h.push(("A2A-Version".to_string(), "1.0".to_string()));
    }
    h
}

fn rpc(
    v: ProtocolVersion,
    id: u64,
    method: Method,
    params: Value,
    extensions: &[String],
) -> Request {
    Request {
        body: json!({"jsonrpc": "2.0", "id": id, "method": method.name(v), "params": params}),
        headers: headers(v, extensions, method.streams()),
        streams: method.streams(),
    }
}

/// `message/send` or `message/stream` (v1.0: `SendMessage`, `SendStreamingMessage`).
pub fn send(v: ProtocolVersion, id: u64, out: &Outgoing, stream: bool) -> Request {
    let mut parts = Vec::new();
    if let Some(t) = &out.text {
        parts.push(match v {
            ProtocolVersion::V0_3 => json!({"kind": "text", "text": t}),
            ProtocolVersion::V1_0 => json!({"text": t}),
        });
    }
    for (data, media_type) in &out.data {
        parts.push(match v {
            ProtocolVersion::V0_3 => {
                json!({"kind": "data", "data": data, "metadata": {"mimeType": media_type}})
            }
            ProtocolVersion::V1_0 => json!({"data": data, "mediaType": media_type}),
        });
    }
    let mut m = Map::new();
    if v == ProtocolVersion::V0_3 {
        m.insert("kind".into(), json!("message"));
    }
    m.insert("messageId".into(), json!(out.message_id));
    m.insert(
        "role".into(),
        json!(match v {
            ProtocolVersion::V0_3 => "user",
            ProtocolVersion::V1_0 => "ROLE_USER",
        }),
    );
    m.insert("parts".into(), Value::Array(parts));
    if let Some(t) = &out.task_id {
        m.insert("taskId".into(), json!(t));
    }
    if let Some(c) = &out.context_id {
        m.insert("contextId".into(), json!(c));
    }
    if !out.extensions.is_empty() {
        m.insert("extensions".into(), json!(out.extensions));
    }
    if !out.metadata.is_empty() {
        m.insert("metadata".into(), Value::Object(out.metadata.clone()));
    }
    let method = if stream { Method::Stream } else { Method::Send };
    rpc(v, id, method, json!({"message": m}), &out.extensions)
}

/// `tasks/get` (`GetTask`): the task with at most `history` messages of its history.
pub fn get_task(
    v: ProtocolVersion,
    id: u64,
    task_id: &str,
    history: usize,
    extensions: &[String],
) -> Request {
    rpc(
        v,
        id,
        Method::GetTask,
        json!({"id": task_id, "historyLength": history}),
        extensions,
    )
}

/// `tasks/resubscribe` (`SubscribeToTask`): the task's events again, after a lost stream.
pub fn resubscribe(v: ProtocolVersion, id: u64, task_id: &str, extensions: &[String]) -> Request {
    rpc(
        v,
        id,
        Method::Resubscribe,
        json!({"id": task_id}),
        extensions,
    )
}

/// `tasks/cancel` (`CancelTask`).
pub fn cancel(v: ProtocolVersion, id: u64, task_id: &str, extensions: &[String]) -> Request {
    rpc(v, id, Method::Cancel, json!({"id": task_id}), extensions)
}
