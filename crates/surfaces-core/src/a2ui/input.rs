//! Getting envelopes out of what transports carry: A2A data parts, JSON arrays,
//! `{"messages": [...]}` objects, single envelopes and JSON Lines.

use crate::Code;
use serde_json::Value;

use super::direct::{Declined, Stop};
use super::fast;
use super::pointer::json_size;
use super::schema::SchemaError;
use super::store::{ApplyContext, Refusal, SurfaceStore};
use crate::json_scan;

/// A finding for what the scan found: its place as a path and as a line and column.
fn scan_error(
    positions: &mut json_scan::Positions,
    issue: &json_scan::Issue,
    batch: bool,
) -> SchemaError {
    let (message, _, _) = issue.envelope_message(positions, batch);
    SchemaError::new(issue.problem.envelope_code(), issue.path.clone(), message)
}

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

/// Where a part's media type is looked for, first found first: v0.3 puts it in the
/// metadata, v1.0 beside the data. (For a caller of [`SurfaceStore::apply_part_text`].)
pub const PART_MEDIA_TYPE_AT: [&str; 4] = [
    "/metadata/mimeType",
    "/mimeType",
    "/mediaType",
    "/metadata/mediaType",
];

/// Whether a part of this media type is A2UI to be read: only from an agent whose card
/// advertises the extension.
pub fn part_is_a2ui(media_type: Option<&str>, advertised: bool) -> bool {
    advertised && media_type.is_some_and(|m| MEDIA_TYPES.contains(&m))
}

fn media_type(part: &Value) -> Option<&str> {
    PART_MEDIA_TYPE_AT
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
        self.begin_part();
        if !part_is_a2ui(media_type(&part), advertised) {
            return PartOutcome::NotA2ui;
        }
        let Some(data) = part.as_object_mut().and_then(|o| o.remove("data")) else {
            return PartOutcome::NotA2ui;
        };
        if self.part_too_large(json_size(&data)) {
            return PartOutcome::A2ui(0);
        }
        PartOutcome::A2ui(self.apply_data_owned(data, ctx))
    }

    /// [`SurfaceStore::apply_part`] for a part whose media type the caller found where
    /// that looks for it, and whose `data` it gives as JSON text (a JavaScript host's
    /// `JSON.stringify` of a part it was handed parsed). The text goes through the reader
    /// a stream's text goes through, where parsed data is walked as a value: a chat log's
    /// part folded in a quarter of the time. Its size is the text's length.
    pub fn apply_part_text(
        &mut self,
        media_type: Option<&str>,
        data: Option<&str>,
        advertised: bool,
        ctx: &ApplyContext,
    ) -> PartOutcome {
        self.begin_part();
        if !part_is_a2ui(media_type, advertised) {
            return PartOutcome::NotA2ui;
        }
        let Some(data) = data else {
            return PartOutcome::NotA2ui;
        };
        if self.part_too_large(data.len()) {
            return PartOutcome::A2ui(0);
        }
        PartOutcome::A2ui(self.apply_text(data, ctx))
    }

    /// Whether a part's data of `size` bytes is past the limit, said when it is.
    fn part_too_large(&mut self, size: usize) -> bool {
        let past = size > self.limits.part_bytes;
        if past {
            self.refuse(true, &size.to_string());
        }
        past
    }

    /// Records that a part whose data is at least `at_least` bytes was not read, past
    /// `partBytes`: for a caller that can tell before copying it (a JavaScript string longer
    /// than the limit in UTF-16 units is longer in UTF-8 bytes).
    pub fn refuse_part_past_limit(&mut self, at_least: usize) {
        self.refuse(true, &format!("at least {at_least}"));
    }

    /// Applies parsed data: an array of envelopes, `{"messages": [...]}`, or one envelope.
    /// Returns how many envelopes it held.
    pub fn apply_data(&mut self, data: &Value, ctx: &ApplyContext) -> usize {
        self.begin_part();
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
            self.envelope_owned(env.clone(), ctx);
        }
        list.len()
    }

    /// Like [`SurfaceStore::apply_data`], taking the data so envelopes move, not copy.
    pub fn apply_data_owned(&mut self, data: Value, ctx: &ApplyContext) -> usize {
        self.begin_part();
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
            self.envelope_owned(env, ctx);
        }
        n
    }

    /// Applies bytes as they came off a file or socket: UTF-8 text holding JSON (see
    /// [`SurfaceStore::apply_data`]) or JSON Lines. An envelope whose bytes are not UTF-8
    /// is refused on its own, like any other bad envelope.
    ///
    /// Bytes that are UTF-8 throughout (checked sixteen bytes at a time: `simdutf8`) are
    /// read as [`SurfaceStore::apply_text`] reads text, straight into the store; any others
    /// are split into envelopes first ([`SurfaceStore::apply_scanned`]), so that each
    /// envelope's own bytes are checked. (Split first, a stream a browser handed over as
    /// bytes folded slower than the same stream as text: BENCHMARKS.md.)
    pub fn apply_bytes(&mut self, bytes: &[u8], ctx: &ApplyContext) -> usize {
        match simdutf8::basic::from_utf8(bytes).ok() {
            Some(text) => self.apply_text(text, ctx),
            None => self.apply_scanned(bytes, ctx),
        }
    }

    /// [`SurfaceStore::apply_bytes`] of bytes split into envelopes by [`crate::json_scan`]
    /// first, each then read alone (by the hand reader where it takes the envelope, else by
    /// serde_json), never as a batch or as lines: the reference the tests hold the batch,
    /// the lines and the resumption after a problem to, and the way bytes that are not all
    /// UTF-8 go.
    #[doc(hidden)]
    pub fn apply_scanned(&mut self, bytes: &[u8], ctx: &ApplyContext) -> usize {
        self.begin_part();
        self.apply_document(bytes, None, 0, ctx)
    }

    /// Applies text holding JSON (see [`SurfaceStore::apply_data`]) or JSON Lines.
    ///
    /// The text is split into envelopes first ([`crate::json_scan`]), so one envelope that
    /// is not JSON, nests too deeply, repeats a key, holds a number no float can hold or a
    /// lone surrogate is refused alone, and its neighbours still apply. Every item read
    /// counts against the `envelopes` limit, the unreadable ones included.
    pub fn apply_text(&mut self, text: &str, ctx: &ApplyContext) -> usize {
        self.begin_part();
        self.apply_document(text.as_bytes(), Some(text), 0, ctx)
    }

    /// Applies text given as UTF-16 units (a JavaScript string's), as [`Self::apply_text`]
    /// applies its UTF-8, a lone surrogate read as U+FFFD (as `TextEncoder` writes it). For
    /// a host whose string is UTF-16 anyway: converting it here is a fraction of the cost of
    /// its engine's UTF-8 encoder on text mostly not ASCII ([`crate::utf16`]).
    pub fn apply_utf16(&mut self, text: crate::utf16::Utf16Text, ctx: &ApplyContext) -> usize {
        self.begin_part();
        // UTF-8 takes at least a byte a unit: refused before it is converted.
        if text.len() > self.limits.part_bytes {
            self.refuse_text_past_limit(text.len());
            return 0;
        }
        let (text, bidi) = text.into_utf8();
        let clean_to = bidi.unwrap_or(text.len());
        self.apply_document(text.as_bytes(), Some(&text), clean_to, ctx)
    }

    /// Applies text a host copied as Latin-1 bytes (a JavaScript string with no character
    /// past U+00FF, [`crate::latin1`]), as [`Self::apply_text`] applies its UTF-8. No bidi
    /// control lies below U+0100, so the reader searches such text for none (through
    /// `apply_text` it searched every string past ASCII once more).
    pub fn apply_latin1(&mut self, text: crate::latin1::Latin1Text, ctx: &ApplyContext) -> usize {
        self.begin_part();
        let text = text.into_utf8();
        self.apply_document(text.as_bytes(), Some(&text), text.len(), ctx)
    }

    /// `text` is `bytes` as a string when the caller had one (no UTF-8 to check); no bidi
    /// control starts in its first `clean_to` bytes (the reader searches from there).
    fn apply_document(
        &mut self,
        bytes: &[u8],
        text: Option<&str>,
        clean_to: usize,
        ctx: &ApplyContext,
    ) -> usize {
        if bytes.len() > self.limits.part_bytes {
            self.refuse(false, &bytes.len().to_string());
            return 0;
        }
        // A byte-order mark is what some editors save; fetch().json() drops it too.
        const BOM: &str = "\u{FEFF}";
        let original = bytes.len();
        let text = text.map(|t| t.strip_prefix(BOM).unwrap_or(t));
        let bytes = match bytes.strip_prefix(BOM.as_bytes()) {
            Some(rest) => {
                self.note(
                    None,
                    crate::Finding::new(
                        Code::TextBom,
                        String::new(),
                        "The text starts with a byte-order mark; it is ignored.",
                    ),
                );
                rest
            }
            None => bytes,
        };
        // What is known clean of bidi controls moves back with the mark.
        let clean_to = clean_to.saturating_sub(original - bytes.len());
        // A JSON array given as text is read straight into the store; only from a problem on
        // is it scanned (see `direct::read_batch`). What it reads is what the scan passes.
        // One envelope alone, the usual part of a live stream, likewise, when the hand reader
        // takes it whole (`direct::read_one`). Nothing read borrows the store's limits or
        // policy, so the reader lends them as they are (a batch's reader is still reading
        // while the store applies, so it reads copies).
        let mut read = 0;
        // What the readers above learnt of the first envelope left to the scan.
        let mut tried = None;
        // What the hand reader learnt of the whole text, read as one envelope.
        let mut whole_tried = None;
        match text {
            Some(text) if json_scan::is_array(text.as_bytes()) => {
                let stop;
                let (limits, urls) = (self.limits.clone(), self.urls.clone());
                (read, stop) = super::direct::read_batch(text, clean_to, &limits, &urls, |e| {
                    self.apply_read(e, ctx);
                });
                match stop {
                    Stop::Whole => return read,
                    Stop::Problem => {}
                    Stop::Declined(why) => tried = Some(why),
                }
            }
            Some(text) => match super::direct::read_one(text, clean_to, &self.limits, &self.urls) {
                Ok(e) => {
                    self.apply_read(e, ctx);
                    return 1;
                }
                Err(why) if super::direct::may_be_lines(text) => {
                    // JSON Lines, read line by line up to a line the hand reader leaves.
                    let (limits, urls) = (self.limits.clone(), self.urls.clone());
                    let lines = super::direct::read_lines(text, clean_to, &limits, &urls, |e| {
                        self.apply_read(e, ctx);
                    });
                    match lines {
                        Some((n, Stop::Whole)) => return n,
                        Some((n, Stop::Declined(why))) => (read, tried) = (n, Some(why)),
                        Some((n, Stop::Problem)) => read = n,
                        None => whole_tried = Some(why),
                    }
                }
                Err(why) => whole_tried = Some(why),
            },
            None => {}
        }
        let split = json_scan::split(bytes, text.is_none());
        // The hand reader gave up on the whole text: on its one envelope, if it is one.
        if let Some(whole) = whole_tried {
            if split.shape == json_scan::Shape::Single && split.broken.is_none() {
                tried = Some(whole);
            }
        }
        let mut positions = json_scan::Positions::new(bytes);
        let mut n = read;
        for (i, item) in split.items.iter().enumerate().skip(read) {
            n += 1;
            let tried = if i == read { tried } else { None };
            self.apply_item(bytes, text, item, &mut positions, tried, ctx);
        }
        if let Some(issue) = split.broken {
            // What follows a break cannot be split into envelopes: it counts as one, refused.
            n += 1;
            self.counted(|_| Err(Refusal(vec![scan_error(&mut positions, &issue, true)])));
        }
        n
    }

    /// Records that a text of at least `at_least` bytes was not read, past `partBytes`: for a
    /// caller that can tell a text is too large before copying it (a JavaScript string
    /// longer than the limit in UTF-16 units is longer in UTF-8 bytes).
    pub fn refuse_text_past_limit(&mut self, at_least: usize) {
        self.refuse(false, &format!("at least {at_least}"));
    }

    /// Records that `size` bytes were not read, past `partBytes`, as [`Self::apply_bytes`]
    /// refuses them: for a caller that can tell before copying them (a `Uint8Array`).
    pub fn refuse_bytes_past_limit(&mut self, size: usize) {
        self.refuse(false, &size.to_string());
    }

    /// The one finding for a text, or a `part`'s data, past `partBytes`, however its size
    /// was learnt.
    fn refuse(&mut self, part: bool, size: &str) {
        let limit = self.limits.part_bytes;
        let (path, message) = if part {
            (
                "/data",
                format!("The part is {size} bytes; parts over {limit} bytes are not read."),
            )
        } else {
            (
                "",
                format!("The text is {size} bytes; over {limit} it is not read."),
            )
        };
        self.note(None, crate::Finding::new(Code::PartTooLarge, path, message));
    }

    /// Applies one envelope given as JSON text. Returns whether it was applied.
    pub fn apply_envelope_text(&mut self, text: &str, ctx: &ApplyContext) -> bool {
        self.begin_part();
        let b = text.as_bytes();
        let item = match json_scan::scan_document(b, false) {
            Ok(issues) => json_scan::Item {
                start: 0,
                end: b.len(),
                issues,
            },
            Err(issue) => json_scan::Item {
                start: 0,
                end: b.len(),
                issues: vec![issue],
            },
        };
        let positions = &mut json_scan::Positions::new(b);
        self.apply_item(b, Some(text), &item, positions, None, ctx)
    }

    /// Applies one scanned item: refused with what the scan found, or read and applied.
    /// `tried`: why the hand reader left it, when it was tried already (not read by hand
    /// again).
    fn apply_item(
        &mut self,
        bytes: &[u8],
        text: Option<&str>,
        item: &json_scan::Item,
        positions: &mut json_scan::Positions,
        tried: Option<Declined>,
        ctx: &ApplyContext,
    ) -> bool {
        if !item.is_clean() {
            // Built only for an envelope within the limit: past it nothing is said.
            return self.counted(|_| {
                Err(Refusal(
                    item.issues
                        .iter()
                        .map(|i| scan_error(positions, i, false))
                        .collect(),
                ))
            });
        }
        // A clean item is UTF-8 (the scan checked bytes that did not come as a string) and
        // starts and ends at ASCII; as a `&str`, serde_json need not check its strings again.
        let source = match text {
            Some(t) => t.get(item.start..item.end).ok_or(()),
            None => std::str::from_utf8(&bytes[item.start..item.end]).map_err(|_| ()),
        };
        let Ok(source) = source else {
            return self.not_read("not UTF-8");
        };
        // Read as a batch reads it, so that an envelope reads the same wherever it stands
        // (`Limits::envelope_values` counts what is built): by hand when the hand reader
        // takes it, else by serde_json.
        let mut tried = tried;
        if tried.is_none() {
            match super::direct::read_one(source, 0, &self.limits, &self.urls) {
                Ok(e) => return self.apply_read(e, ctx),
                Err(why) => tried = Some(why),
            }
        }
        if tried == Some(Declined::TooLarge) {
            return self.too_large();
        }
        match super::direct::read_by_serde(source, &self.limits) {
            // The scan's item is the value alone.
            Ok((e, end)) if json_scan::skip_ws(source.as_bytes(), end) == source.len() => {
                self.apply_read(e, ctx)
            }
            Err((Declined::TooLarge, _)) => self.too_large(),
            // Never expected: the scan found this value clean. Refused, not trusted.
            Ok(_) => self.not_read("more than one value"),
            Err((Declined::Shape, e)) => self.not_read(&e.to_string()),
        }
    }

    fn too_large(&mut self) -> bool {
        let limit = self.limits.envelope_values;
        self.counted(|_| {
            Err(Refusal(vec![SchemaError::new(
                Code::EnvelopeTooLarge,
                String::new(),
                format!(
                    "This envelope holds more than {limit} JSON values (envelopeValues); it is \
                     not read."
                ),
            )]))
        })
    }

    /// An envelope the scan found clean that could not be read.
    fn not_read(&mut self, why: &str) -> bool {
        self.counted(|_| {
            Err(Refusal(vec![SchemaError::new(
                Code::EnvelopeNotJson,
                String::new(),
                format!("This envelope could not be read ({why})."),
            )]))
        })
    }

    fn apply_read(&mut self, e: fast::Envelope, ctx: &ApplyContext) -> bool {
        match e {
            fast::Envelope::Data(u) => self
                .counted(|store| store.data_update(&u.surface_id, u.path.as_deref(), u.value, ctx)),
            fast::Envelope::Message { message, .. } => self.counted(|store| match message {
                fast::Message::Components {
                    surface_id,
                    components,
                } => {
                    let checked = super::store::Checked::Not;
                    store.components_update(&surface_id, components, checked, ctx)
                }
                fast::Message::Create(new) => store.create_surface(new, ctx),
                fast::Message::Delete { surface_id } => store.delete_surface(&surface_id, ctx),
            }),
            fast::Envelope::Other(v) => self.envelope_owned(v, ctx),
        }
    }
}
