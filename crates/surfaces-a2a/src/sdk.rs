//! A2A as JavaScript clients hand it over, for front ends that bring their own client.
//!
//! `@a2a-js/sdk` 1.x returns its v1.0 model as ts-proto objects, whatever version the agent
//! speaks (its `compat/v0_3` transport translates v0.3 answers into that model): enums are
//! numbers (`role: 1`, `state: 2`), a part is `{content: {$case: "text" | "data" | "url" |
//! "raw", value}, mediaType, filename, metadata}`, unset strings are `""`, and a stream
//! event is `{payload: {$case: "task" | "message" | "statusUpdate" | "artifactUpdate",
//! value}}`. [`read`] reads that shape, the v1.0 JSON shape and the v0.3 JSON shape (what
//! raw JSON-RPC clients and older SDKs give) into the one [`Event`] model the wire reader
//! makes, by rewriting the known positions of the object into v1.0 JSON and reading that
//! with the wire's reader: one reader decides what is valid.
//!
//! Going out, [`to_sdk_message`] turns an [`Outgoing`] into the message object the SDK's
//! `sendMessage` takes, with the A2UI media type both where v1.0 reads it (`mediaType`) and
//! where the SDK's v0.3 translation keeps it (the part's `metadata.mimeType`).
//!
//! The rewrite walks a fixed shape (event → task → messages → parts), never the agent's
//! data values, so its depth is not the agent's to choose.

use serde_json::{json, Map, Value};

use super::read;
use super::wire::{self, bad, object as obj, Event, Outgoing, ProtocolVersion};
use surfaces_core::{Code, Finding};

/// One of the rewrites below: an object of the SDK's (or JSON) in, v1.0 JSON out.
type Rewrite = fn(&Value) -> Result<Value, Finding>;

/// `@a2a-js/sdk`'s `Role` enum.
fn role_name(n: i64) -> Option<&'static str> {
    match n {
        1 => Some("ROLE_USER"),
        2 => Some("ROLE_AGENT"),
        _ => None,
    }
}

/// `@a2a-js/sdk`'s `TaskState` enum (the order of the v1.0 proto).
fn state_name(n: i64) -> Option<&'static str> {
    Some(match n {
        0 => "TASK_STATE_UNSPECIFIED",
        1 => "TASK_STATE_SUBMITTED",
        2 => "TASK_STATE_WORKING",
        3 => "TASK_STATE_COMPLETED",
        4 => "TASK_STATE_FAILED",
        5 => "TASK_STATE_CANCELED",
        6 => "TASK_STATE_INPUT_REQUIRED",
        7 => "TASK_STATE_REJECTED",
        8 => "TASK_STATE_AUTH_REQUIRED",
        _ => return None,
    })
}

/// An enum field: a number of the SDK's becomes the v1.0 name; a name is left for the
/// reader to judge.
fn named(
    v: Option<&Value>,
    name: fn(i64) -> Option<&'static str>,
    unknown: &str,
) -> Result<Value, Finding> {
    match v {
        Some(Value::Number(n)) => n
            .as_i64()
            .and_then(name)
            .map(|s| json!(s))
            .ok_or_else(|| bad(unknown)),
        Some(v) => Ok(v.clone()),
        None => Ok(Value::Null),
    }
}

/// The fields of `o` kept as they are, less the empty strings ts-proto writes for "unset".
fn copy(o: &Map<String, Value>, keys: &[&str], out: &mut Map<String, Value>) {
    for k in keys {
        match o.get(*k) {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if s.is_empty() => {}
            Some(v) => {
                out.insert((*k).to_string(), v.clone());
            }
        }
    }
}

/// What a part holds in JSON (v1.0, or v0.3 with `kind`), where the SDK has `content`.
const JSON_CONTENT: [&str; 6] = ["kind", "text", "data", "url", "raw", "file"];

fn part(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "part")?;
    let mut out = Map::new();
    copy(o, &["mediaType", "filename", "metadata"], &mut out);
    match o.get("content") {
        // Already JSON: `{text}`, `{data}`, `{url}`, `{raw}` (v1.0) or `kind` (v0.3).
        None | Some(Value::Null) => {
            // `data` is kept as its text (`null` too), which `copy` keeps as it is.
            copy(o, &JSON_CONTENT, &mut out);
        }
        // Both: one reader would show the one, another the other ("Pay 1 EUR" as text,
        // "Pay 900 EUR" as content).
        Some(_) if JSON_CONTENT.iter().any(|k| o.contains_key(*k)) => {
            return Err(bad(
                "A part holds its content twice (`content` and a JSON field such as `text`); which one counts is not clear.",
            ));
        }
        Some(c) => {
            let c = obj(c, "part's content")?;
            // `read::parse` kept `value` as its text: data stays text, the rest is read.
            let kept = c.get("value").and_then(Value::as_str);
            // Text and URLs are strings: anything else is read as `null` (a text part then
            // refused by the reader, a URL unknown), never built into values. A string that
            // cannot be read (a lone surrogate) refuses the event, as it did when built.
            let value = || -> Result<Value, Finding> {
                match kept {
                    Some(t) if t.starts_with('"') => surfaces_core::json::read_string(t)
                        .map(Value::String)
                        .map_err(|e| bad(format!("A part's content cannot be read ({e})."))),
                    _ => Ok(Value::Null),
                }
            };
            match c.get("$case").and_then(Value::as_str) {
                Some("text") => {
                    out.insert("text".into(), value()?);
                }
                Some("data") => {
                    let text = kept.unwrap_or("null").to_string();
                    out.insert("data".into(), Value::String(text));
                }
                Some("url") => {
                    out.insert("url".into(), value()?);
                }
                // The bytes are never read here: a file is shown by name and type.
                Some("raw") => {
                    out.insert("raw".into(), Value::Null);
                }
                _ => return Err(bad("A part's content is none of text, data, url, raw.")),
            }
        }
    }
    Ok(Value::Object(out))
}

fn parts(o: &Map<String, Value>) -> Result<Option<Value>, Finding> {
    match o.get("parts") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(list)) => {
            if list.len() > wire::MAX_PARTS {
                // Left for the reader to refuse with its own finding, without the copy.
                return Ok(Some(Value::Array(list.clone())));
            }
            Ok(Some(Value::Array(
                list.iter().map(part).collect::<Result<_, _>>()?,
            )))
        }
        Some(_) => Err(bad("`parts` is not an array.")),
    }
}

fn message(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "message")?;
    let mut out = Map::new();
    copy(
        o,
        &["messageId", "taskId", "contextId", "metadata", "extensions"],
        &mut out,
    );
    let role = named(
        o.get("role"),
        role_name,
        "A message's `role` is neither user nor agent.",
    )?;
    out.insert("role".into(), role);
    if let Some(p) = parts(o)? {
        out.insert("parts".into(), p);
    }
    Ok(Value::Object(out))
}

fn status(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "status")?;
    let mut out = Map::new();
    copy(o, &["timestamp"], &mut out);
    let state = named(
        o.get("state"),
        state_name,
        "A status has no state this client knows.",
    )?;
    out.insert("state".into(), state);
    if let Some(m) = o.get("message").filter(|m| !m.is_null()) {
        out.insert("message".into(), message(m)?);
    }
    Ok(Value::Object(out))
}

fn artifact(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "artifact")?;
    let mut out = Map::new();
    copy(
        o,
        &["artifactId", "name", "description", "metadata"],
        &mut out,
    );
    if let Some(p) = parts(o)? {
        out.insert("parts".into(), p);
    }
    Ok(Value::Object(out))
}

/// The list at `k`, each item rewritten by `f` (absent or null: none).
fn list(o: &Map<String, Value>, k: &str, f: Rewrite) -> Result<Option<Value>, Finding> {
    match o.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(a)) => Ok(Some(Value::Array(
            a.iter().map(f).collect::<Result<_, _>>()?,
        ))),
        Some(_) => Err(bad(format!("`{k}` is not an array."))),
    }
}

fn task(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "task")?;
    let mut out = Map::new();
    copy(o, &["id", "contextId", "metadata"], &mut out);
    if let Some(s) = o.get("status").filter(|s| !s.is_null()) {
        out.insert("status".into(), status(s)?);
    }
    for (k, f) in [("history", message as Rewrite), ("artifacts", artifact)] {
        if let Some(l) = list(o, k, f)? {
            out.insert(k.into(), l);
        }
    }
    Ok(Value::Object(out))
}

fn status_update(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "status update")?;
    let mut out = Map::new();
    copy(o, &["taskId", "contextId", "metadata"], &mut out);
    if let Some(s) = o.get("status").filter(|s| !s.is_null()) {
        out.insert("status".into(), status(s)?);
    }
    Ok(Value::Object(out))
}

fn artifact_update(v: &Value) -> Result<Value, Finding> {
    let o = obj(v, "artifact update")?;
    let mut out = Map::new();
    copy(
        o,
        &["taskId", "contextId", "append", "lastChunk", "metadata"],
        &mut out,
    );
    if let Some(a) = o.get("artifact").filter(|a| !a.is_null()) {
        out.insert("artifact".into(), artifact(a)?);
    }
    Ok(Value::Object(out))
}

/// The v1.0 result key for a stream payload's `$case` (or a v1.0 JSON key), and its reader.
fn wrapped(key: &str) -> Option<Rewrite> {
    match key {
        "task" => Some(task),
        "message" => Some(message),
        "statusUpdate" => Some(status_update),
        "artifactUpdate" => Some(artifact_update),
        _ => None,
    }
}

fn one(key: &str, value: Value) -> Value {
    let mut m = Map::new();
    m.insert(key.to_string(), value);
    Value::Object(m)
}

/// Reads what a JavaScript A2A client returns — a send's result (a Message or a Task), a
/// stream event, a `getTask` or `cancelTask` answer — in `@a2a-js/sdk` 1.x's objects, v1.0
/// JSON or v0.3 JSON (told apart by `kind`), or a whole JSON-RPC response of either. What
/// is not one of them is a finding, never an error. `text` is the object's JSON (what
/// `JSON.stringify` makes of it).
pub fn read(text: &str) -> Result<Event, Finding> {
    let v = read::parse_event(text, "The event")?;
    read_event(&v)
}

/// [`read`] for a caller holding the object as a value: it is read again from its text.
pub fn event(v: &Value) -> Result<Event, Finding> {
    read(&v.to_string())
}

fn read_event(v: &Value) -> Result<Event, Finding> {
    let mut v = v;
    let o = obj(v, "event")?;
    if o.contains_key("jsonrpc") {
        if let Some(err) = o.get("error") {
            let code = err.get("code").and_then(Value::as_i64).unwrap_or(0);
            let msg: String = err
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("")
                .chars()
                .take(500)
                .collect();
            return Err(Finding::new(
                Code::A2aJsonrpcError,
                "/error",
                format!("The agent answered with error {code}: {msg}"),
            ));
        }
        v = o
            .get("result")
            .ok_or_else(|| bad("The response has neither result nor error."))?;
    }
    let o = obj(v, "event")?;
    if o.get("kind").is_some_and(Value::is_string) {
        return wire::read_event(ProtocolVersion::V0_3, v);
    }
    // A stream event of the SDK: `{payload: {$case, value}}`.
    if let Some(p) = o.get("payload").and_then(Value::as_object) {
        let case = p.get("$case").and_then(Value::as_str).unwrap_or("");
        let read =
            wrapped(case).ok_or_else(|| bad("A stream payload's `$case` is not one A2A has."))?;
        let inner = read(p.get("value").unwrap_or(&Value::Null))?;
        return wire::read_event(ProtocolVersion::V1_0, &one(case, inner));
    }
    // v1.0 JSON: one of the four keys, read as the console's reader reads it, with nothing
    // rewritten (an empty string is a value there, a `null` member a member), so that the
    // same bytes get the same verdict from both.
    if ["task", "message", "statusUpdate", "artifactUpdate"]
        .iter()
        .any(|key| o.get(*key).is_some_and(Value::is_object))
    {
        return wire::read_event(ProtocolVersion::V1_0, v);
    }
    // A send's result, a `getTask` answer: the Message or Task itself, as the SDK gives it
    // (its enums numbers: rewritten) or as v1.0 JSON (their names: read as it is).
    let sdk_shape = |e: Option<&Value>| e.is_some_and(Value::is_number);
    if o.contains_key("messageId") && o.contains_key("role") {
        let m = if sdk_shape(o.get("role")) {
            message(v)?
        } else {
            v.clone()
        };
        return wire::read_event(ProtocolVersion::V1_0, &one("message", m));
    }
    if o.contains_key("id") && o.contains_key("status") {
        let t = if sdk_shape(o.get("status").and_then(|s| s.get("state"))) {
            task(v)?
        } else {
            v.clone()
        };
        return wire::read_event(ProtocolVersion::V1_0, &one("task", t));
    }
    Err(bad(
        "This is none of a Message, a Task, a status or artifact update, or a stream event.",
    ))
}

/// The message object `@a2a-js/sdk` 1.x's `sendMessage` and `sendMessageStream` take
/// (`{message: …}`), for either protocol version the agent speaks: the SDK's v0.3 transport
/// translates it, keeping a part's `metadata` but not its `mediaType`, so a data part's
/// media type is in both.
pub fn to_sdk_message(out: &Outgoing) -> Value {
    let mut parts = Vec::new();
    if let Some(t) = &out.text {
        parts.push(json!({
            "content": {"$case": "text", "value": t},
            "mediaType": "", "filename": "",
        }));
    }
    for (data, media_type) in &out.data {
        parts.push(json!({
            "content": {"$case": "data", "value": data},
            "mediaType": media_type,
            "filename": "",
            "metadata": {"mimeType": media_type},
        }));
    }
    let mut m = json!({
        "messageId": out.message_id,
        "role": 1,
        "parts": parts,
        "taskId": out.task_id.clone().unwrap_or_default(),
        "contextId": out.context_id.clone().unwrap_or_default(),
        "extensions": out.extensions,
        "referenceTaskIds": [],
    });
    // Absent, not null: the SDK reads an unset map as `undefined`.
    if !out.metadata.is_empty() {
        m["metadata"] = Value::Object(out.metadata.clone());
    }
    m
}

/// The message as a raw JSON-RPC client sends it to an agent speaking `v` (the `message`
/// of [`wire::send`]'s params).
pub fn to_json_message(v: ProtocolVersion, out: &Outgoing) -> Value {
    wire::send(v, 0, out, false).body["params"]["message"].take()
}

/// The HTTP headers that activate the message's extensions at an agent speaking `v`
/// (`X-A2A-Extensions` for v0.3, `A2A-Extensions` for v1.0), as `@a2a-js/sdk`'s
/// `serviceParameters` takes them.
pub fn extension_headers(v: ProtocolVersion, out: &Outgoing) -> Map<String, Value> {
    // Inserted one by one: collected, the map would sort first, with a sort of its own in
    // the `.wasm` (surfaces-core's `client_data_model` says the same).
    let mut headers = Map::new();
    for (name, value) in wire::send(v, 0, out, false).headers {
        if name.ends_with("A2A-Extensions") {
            headers.insert(name, Value::String(value));
        }
    }
    headers
}
