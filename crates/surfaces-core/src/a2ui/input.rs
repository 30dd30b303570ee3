//! Getting envelopes out of what transports carry: A2A data parts, JSON arrays,
//! `{"messages": [...]}` objects, single envelopes and JSON Lines.

use serde_json::Value;

use super::fast;
use super::pointer::json_size;
use super::store::{ApplyContext, SurfaceStore};
use crate::finding::Severity;

/// Media types of an A2UI data part (v0.9 and v0.9.1 spellings).
pub const MEDIA_TYPES: [&str; 2] = ["application/json+a2ui", "application/a2ui+json"];
/// Extension URIs an agent's card advertises A2UI v0.9 / v0.9.1 with.
pub const EXTENSION_URIS: [&str; 2] = [
    "https://a2ui.org/a2a-extension/a2ui/v0.9",
    "https://a2ui.org/a2a-extension/a2ui/v0.9.1",
];

/// Whether an agent card advertises A2UI v0.9 or v0.9.1 in `capabilities.extensions`.
pub fn card_advertises_a2ui(card: &Value) -> bool {
    card.pointer("/capabilities/extensions")
        .and_then(Value::as_array)
        .is_some_and(|exts| {
            exts.iter().any(|e| {
                e.get("uri")
                    .and_then(Value::as_str)
                    .is_some_and(|u| EXTENSION_URIS.contains(&u))
            })
        })
}

/// What became of a part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartOutcome {
    /// A2UI: this many envelopes were read from it (applied or ignored).
    A2ui(usize),
    /// Not A2UI (another media type, not a data part, or the agent does not advertise the
    /// extension): an ordinary data part for the caller to show as data.
    NotA2ui,
}

fn media_type(part: &Value) -> Option<&str> {
    [
        "/metadata/mimeType",
        "/mimeType",
        "/mediaType",
        "/metadata/mediaType",
    ]
    .iter()
    .find_map(|p| part.pointer(p).and_then(Value::as_str))
}

impl SurfaceStore {
    /// Applies an A2A data part (`{"kind": "data", "data": …, "metadata": {"mimeType": …}}`,
    /// or the v1.0 shape with `mediaType`). `advertised` says whether the agent's card
    /// advertises the A2UI extension; without it, nothing is rendered from the part.
    /// The part is taken so that its envelopes move into the store instead of being copied.
    pub fn apply_part(
        &mut self,
        mut part: Value,
        advertised: bool,
        ctx: &ApplyContext,
    ) -> PartOutcome {
        if !advertised || !media_type(&part).is_some_and(|m| MEDIA_TYPES.contains(&m)) {
            return PartOutcome::NotA2ui;
        }
        let Some(data) = part.as_object_mut().and_then(|o| o.remove("data")) else {
            return PartOutcome::NotA2ui;
        };
        let size = json_size(&data);
        if size > self.limits.part_bytes {
            let limit = self.limits.part_bytes;
            self.note(
                None,
                Severity::Error,
                "part-too-large",
                "/data".into(),
                format!("The part is {size} bytes; parts over {limit} bytes are not read."),
            );
            return PartOutcome::A2ui(0);
        }
        PartOutcome::A2ui(self.apply_data_owned(data, ctx))
    }

    /// Applies parsed data: an array of envelopes, `{"messages": [...]}`, or one envelope.
    /// Returns how many envelopes it held.
    pub fn apply_data(&mut self, data: &Value, ctx: &ApplyContext) -> usize {
        let list: &[Value] = match data {
            Value::Array(items) => items,
            Value::Object(o) if o.contains_key("messages") && !o.contains_key("version") => {
                match &o["messages"] {
                    Value::Array(items) => items,
                    other => std::slice::from_ref(other),
                }
            }
            other => std::slice::from_ref(other),
        };
        for env in list {
            self.apply_envelope(env, ctx);
        }
        list.len()
    }

    /// Like [`SurfaceStore::apply_data`], taking the data so envelopes move, not copy.
    pub fn apply_data_owned(&mut self, data: Value, ctx: &ApplyContext) -> usize {
        let list: Vec<Value> = match data {
            Value::Array(items) => items,
            Value::Object(mut o) if o.contains_key("messages") && !o.contains_key("version") => {
                match o.remove("messages") {
                    Some(Value::Array(items)) => items,
                    Some(other) => vec![other],
                    None => Vec::new(),
                }
            }
            other => vec![other],
        };
        let n = list.len();
        for env in list {
            self.apply_envelope_owned(env, ctx);
        }
        n
    }

    /// Applies bytes as they came off a file or socket: UTF-8 text holding JSON or JSON
    /// Lines. Bytes that are not UTF-8 are a finding, never an error of the call.
    pub fn apply_bytes(&mut self, bytes: &[u8], ctx: &ApplyContext) -> usize {
        match std::str::from_utf8(bytes) {
            Ok(text) => self.apply_text(text, ctx),
            Err(e) => {
                let at = e.valid_up_to();
                self.note(
                    None,
                    Severity::Error,
                    "text-not-utf8",
                    String::new(),
                    format!("The input is not UTF-8 text (an invalid byte at offset {at})."),
                );
                0
            }
        }
    }

    /// Applies text holding JSON (see [`SurfaceStore::apply_data`]) or JSON Lines.
    pub fn apply_text(&mut self, text: &str, ctx: &ApplyContext) -> usize {
        if text.len() > self.limits.part_bytes {
            let limit = self.limits.part_bytes;
            self.note(
                None,
                Severity::Error,
                "part-too-large",
                String::new(),
                format!(
                    "The text is {} bytes; over {limit} it is not read.",
                    text.len()
                ),
            );
            return 0;
        }
        // An array, the usual batch, read in one pass (data updates on the fast path).
        if let Some(batch) = fast::batch(text) {
            let n = batch.len();
            for e in batch {
                self.apply_read(e, ctx);
            }
            return n;
        }
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            return self.apply_data_owned(v, ctx);
        }
        let mut n = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            n += 1;
            self.apply_envelope_text(line, ctx);
        }
        n
    }

    /// Applies one envelope given as JSON text. Returns whether it was applied.
    pub fn apply_envelope_text(&mut self, text: &str, ctx: &ApplyContext) -> bool {
        match serde_json::from_str::<fast::Envelope>(text) {
            Ok(e) => self.apply_read(e, ctx),
            Err(e) => {
                let index = self.envelopes;
                self.envelopes += 1;
                self.ignored += 1;
                self.note(
                    Some(index),
                    Severity::Error,
                    "envelope-not-json",
                    String::new(),
                    format!("This envelope is not JSON ({e})."),
                );
                false
            }
        }
    }

    fn apply_read(&mut self, e: fast::Envelope, ctx: &ApplyContext) -> bool {
        match e {
            fast::Envelope::Data(u) => self
                .counted(|store| store.data_update(&u.surface_id, u.path.as_deref(), u.value, ctx)),
            fast::Envelope::Other(v) => self.apply_envelope_owned(v, ctx),
        }
    }
}
