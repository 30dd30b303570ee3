//! `SurfaceStore`: the A2UI fold for JavaScript.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::Value;
use surfaces_core::a2ui::{self, ApplyContext, Limits, PartOutcome, UrlPolicy};
use wasm_bindgen::prelude::*;

use crate::{
    from_js, json_text, now_ms, option, option_as, option_bool, option_string, optional_string_arg,
    string_arg, to_js,
};

// Report, option and contract types are generated from the core's Rust types (tsify, the
// core's `ts` feature); what stays here are the options read field by field, the action
// message (built as JSON) and the class and function signatures.
#[wasm_bindgen(typescript_custom_section)]
const A2UI_TYPES: &'static str = r#"
export interface SurfaceStoreOptions {
  limits?: Partial<A2uiLimits>;
  /** BCP 47 locale for numbers, currencies and plurals in renders, checks and actions (default "en-US"). */
  locale?: string;
  /** When given, only https: media and links on these hosts are admitted. */
  allowedHosts?: string[];
}

export interface ApplyOptions {
  /** The A2A task or context the envelopes arrived in; a surface belongs to its creator's. */
  contextId?: string;
  /** Milliseconds on any clock you keep, for the per-surface update rate. */
  nowMs?: number;
}

export interface ApplyPartOptions extends ApplyOptions {
  /** Whether the agent's card advertises the A2UI extension; without it nothing renders. */
  advertised?: boolean;
}

export interface ActionMessage {
  version: "v0.9";
  action: {
    name: string;
    surfaceId: string;
    sourceComponentId: string;
    timestamp: string;
    context: Record<string, unknown>;
  };
}

export type ActionResult =
  | { ok: true; message: ActionMessage }
  | { ok: false; code: FindingCode; reason: string };
"#;

#[wasm_bindgen]
extern "C" {
    /// The host's `JSON.parse`, handed the string as it is.
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = parse)]
    fn json_parse(text: &js_sys::JsString) -> Result<JsValue, JsValue>;
    /// A `Uint8Array` or an `ArrayBuffer` seen for its size alone.
    type ByteView;
    /// A view's length as the number it is: js-sys's `u32` wraps one of 2^32 or more.
    #[wasm_bindgen(method, getter, structural)]
    fn length(this: &ByteView) -> f64;
    /// A buffer's length, likewise.
    #[wasm_bindgen(method, getter, structural, js_name = byteLength)]
    fn byte_length(this: &ByteView) -> f64;
}

/// A part's property: a getter that throws is a usage error, as it was when the whole part
/// was stringified.
fn property_of(v: &JsValue, key: &str) -> Result<JsValue, JsError> {
    js_sys::Reflect::get(v, &JsValue::from_str(key))
        .map_err(|_| JsError::new("applyPart: the part cannot be turned into JSON"))
}

/// Whether `JSON.stringify` would make `v`'s JSON with its own `toJSON`.
fn has_to_json(v: &JsValue) -> bool {
    v.is_object()
        && js_sys::Reflect::get(v, &JsValue::from_str("toJSON")).map_or(true, |f| f.is_function())
}

/// A part's media type, the first string found where [`a2ui::PART_MEDIA_TYPE_AT`] says.
fn part_media_type(part: &JsValue) -> Result<Option<String>, JsError> {
    'places: for at in a2ui::PART_MEDIA_TYPE_AT {
        let mut v = part.clone();
        for key in at.split('/').skip(1) {
            if !v.is_object() {
                continue 'places;
            }
            v = property_of(&v, key)?;
        }
        if let Some(m) = v.as_string() {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

fn context(options: &Option<js_sys::Object>) -> Result<ApplyContext, JsError> {
    Ok(ApplyContext {
        context_id: option_string(options, "contextId")?,
        now_ms: option_as(options, "nowMs", JsValue::as_f64, "a number")?,
    })
}

/// Surfaces folded from A2UI envelopes. Bad envelopes are skipped and counted, never thrown.
#[wasm_bindgen(skip_typescript)]
pub struct SurfaceStore {
    // Shared with mounted renderers, whose event handlers record edits and build actions.
    pub(crate) inner: Rc<RefCell<a2ui::SurfaceStore>>,
    fold_ms: f64,
}

impl SurfaceStore {
    /// Another handle on the same surfaces (an `A2aTask`'s, for `mountSurface`).
    pub(crate) fn sharing(inner: Rc<RefCell<a2ui::SurfaceStore>>) -> SurfaceStore {
        SurfaceStore {
            inner,
            fold_ms: 0.0,
        }
    }
}

#[wasm_bindgen]
impl SurfaceStore {
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<js_sys::Object>) -> Result<SurfaceStore, JsError> {
        crate::host_url();
        crate::start_units_copy();
        let given = option(&options, "limits")?;
        let limits: Limits = if given.is_undefined() {
            Limits::default()
        } else {
            // Read from the text itself: through a `Value` first, a store's construction
            // took ten times as long (13 µs in Node), as long as folding a small surface.
            Limits::from_json(&json_text(&given, "SurfaceStore: limits")?)
                .map_err(|e| JsError::new(&format!("SurfaceStore: bad limits: {e}")))?
        };
        if limits.depth > a2ui::MAX_RENDER_DEPTH {
            return Err(JsError::new(&format!(
                "SurfaceStore: limits.depth is at most {}: each level is a level of recursion for the renderer",
                a2ui::MAX_RENDER_DEPTH
            )));
        }
        let hosts = option(&options, "allowedHosts")?;
        let allowed_hosts = if hosts.is_undefined() {
            None
        } else {
            let text = json_text(&hosts, "SurfaceStore: allowedHosts")?;
            let v: Vec<String> = surfaces_core::json::read_value(&text)
                .ok()
                .and_then(|v| serde_json::from_value(v).ok())
                .ok_or_else(|| {
                    JsError::new("SurfaceStore: allowedHosts must be an array of host names")
                })?;
            Some(v.into_iter().map(|h| h.to_ascii_lowercase()).collect())
        };
        let mut inner = a2ui::SurfaceStore::new(limits);
        inner.urls = UrlPolicy { allowed_hosts };
        if let Some(tag) = option_string(&options, "locale")? {
            inner
                .set_locale(&tag)
                .map_err(|e| JsError::new(&format!("SurfaceStore: {e}")))?;
        }
        Ok(SurfaceStore {
            inner: Rc::new(RefCell::new(inner)),
            fold_ms: 0.0,
        })
    }

    /// Sets the locale (a BCP 47 tag) every later render, check and action is formatted
    /// for, so what is shown and what is checked agree. Throws on a string that is not a tag.
    #[wasm_bindgen(js_name = setLocale)]
    pub fn set_locale(&mut self, tag: JsValue) -> Result<(), JsError> {
        let tag = string_arg(&tag, "setLocale: the tag")?;
        self.inner
            .borrow_mut()
            .set_locale(&tag)
            .map_err(|e| JsError::new(&format!("setLocale: {e}")))
    }

    /// The store's locale.
    pub fn locale(&self) -> String {
        self.inner.borrow().locale().to_string()
    }

    /// Applies an A2A data part. Returns whether it was A2UI and how many envelopes it held.
    #[wasm_bindgen(js_name = applyPart)]
    pub fn apply_part(
        &mut self,
        part: JsValue,
        options: Option<js_sys::Object>,
    ) -> Result<JsValue, JsError> {
        let advertised = option_bool(&options, "advertised")?.unwrap_or(false);
        let ctx = context(&options)?;
        // A part given as JSON text, or an object with its own `toJSON` (a class that sends
        // itself in the shape it stands for), is read as the object `JSON.parse` makes.
        let part = if let Some(text) = part.dyn_ref::<js_sys::JsString>() {
            json_parse(text).map_err(|_| JsError::new("applyPart: the part is not JSON"))?
        } else if has_to_json(&part) {
            let text = js_sys::JSON::stringify(&part)
                .map_err(|_| JsError::new("applyPart: the part cannot be turned into JSON"))?;
            json_parse(&text).map_err(|_| JsError::new("applyPart: the part is not JSON"))?
        } else {
            part
        };
        // Read where `apply_part` reads a part, its data as the text `JSON.stringify` makes:
        // read as text, a chat log's part folds in a quarter of the time it takes walked as
        // a `serde_json` value. The data is made text only for a part that is A2UI.
        let media_type = part_media_type(&part)?;
        let data = if a2ui::part_is_a2ui(media_type.as_deref(), advertised) {
            // `JSON.stringify` of data it leaves out (a function) is no data, as it was when
            // the whole part was stringified; of data it cannot make JSON of, a usage error.
            js_sys::JSON::stringify(&property_of(&part, "data")?)
                .map_err(|_| JsError::new("applyPart: the part's data cannot be turned into JSON"))?
                .dyn_into::<js_sys::JsString>()
                .ok()
        } else {
            None
        };
        // UTF-8 takes at least a byte per UTF-16 unit: data longer than the limit in units
        // is refused before it is copied into wasm memory (which never shrinks again).
        if let Some(units) = data.as_ref().map(|d| d.length() as usize) {
            if units > self.inner.borrow().limits.part_bytes {
                self.inner.borrow_mut().refuse_part_past_limit(units);
                return to_js(&serde_json::json!({ "a2ui": true, "envelopes": 0 }));
            }
        }
        let data = match data {
            Some(d) => Some(
                crate::text_of(&d)
                    .ok_or_else(|| JsError::new("applyPart: the part's data is not text"))?,
            ),
            None => None,
        };
        let started = now_ms();
        let outcome = self.inner.borrow_mut().apply_part_text(
            media_type.as_deref(),
            data.as_deref(),
            advertised,
            &ctx,
        );
        self.fold_ms += now_ms() - started;
        let (a2ui, envelopes) = match outcome {
            PartOutcome::A2ui(n) => (true, n),
            PartOutcome::NotA2ui => (false, 0),
        };
        to_js(&serde_json::json!({ "a2ui": a2ui, "envelopes": envelopes }))
    }

    /// Applies envelopes given as JSON text (an array, `{messages}`, one envelope, or JSON
    /// Lines), as that text's UTF-8 bytes (a `Uint8Array` or an `ArrayBuffer`, as a
    /// response's body gives them), or as parsed values. Returns how many envelopes were read.
    #[wasm_bindgen(js_name = applyEnvelopes)]
    pub fn apply_envelopes(
        &mut self,
        input: JsValue,
        options: Option<js_sys::Object>,
    ) -> Result<usize, JsError> {
        let ctx = context(&options)?;
        let started = now_ms();
        // Bytes are copied into wasm memory as they are (a copy at memory speed), where a
        // string is written as UTF-8 by the host's encoder: in Chromium at about a byte a
        // nanosecond even over ASCII, as long as a `JSON.parse` of a data-heavy text takes
        // (`node bench/encode-cost.mjs`). Their UTF-8 is checked in wasm
        // (`SurfaceStore::apply_bytes`). A buffer or a view of one, its length read once as
        // the number it is (js-sys's `u32` wraps one of 2^32 or more). Any other view (a
        // `Uint16Array`, a `DataView`) would be read as the object `JSON.stringify` makes of
        // it: a mistake, said as one.
        let bytes = if let Some(buffer) = input.dyn_ref::<js_sys::ArrayBuffer>() {
            Some((buffer.unchecked_ref::<ByteView>().byte_length(), None))
        } else if js_sys::ArrayBuffer::is_view(&input) {
            let view = input.dyn_ref::<js_sys::Uint8Array>().ok_or_else(|| {
                JsError::new("applyEnvelopes: bytes must be a Uint8Array or an ArrayBuffer")
            })?;
            Some((view.unchecked_ref::<ByteView>().length(), Some(view)))
        } else {
            None
        };
        if let Some((size, view)) = bytes {
            let n = if size > self.inner.borrow().limits.part_bytes as f64 {
                // Refused before any view of them is made or anything copied.
                self.inner
                    .borrow_mut()
                    .refuse_bytes_past_limit(size as usize);
                0
            } else {
                let len = size as usize;
                let mut copy = vec![0; len];
                // What is copied is the length checked: a view of a growable shared buffer
                // can grow meanwhile (it cannot shrink). No view is made of no bytes: one of
                // a detached buffer (its length 0) throws, through wasm.
                if len > 0 {
                    let source = match view {
                        Some(view) => view.subarray(0, len as u32),
                        None => js_sys::Uint8Array::new_with_byte_offset_and_length(
                            &input, 0, len as u32,
                        ),
                    };
                    source.copy_to(&mut copy);
                }
                self.inner.borrow_mut().apply_bytes(&copy, &ctx)
            };
            self.fold_ms += now_ms() - started;
            return Ok(n);
        }
        // Objects are read as the JSON text they stand for, so that they meet the same
        // `partBytes` limit and the same reader as text.
        let stringified;
        let js_text: &js_sys::JsString = match input.dyn_ref::<js_sys::JsString>() {
            Some(s) => s,
            // JSON.stringify(undefined) is undefined, not a string: checked, not assumed.
            None => {
                stringified = js_sys::JSON::stringify(&input)
                    .ok()
                    .map(JsValue::from)
                    .and_then(|t| t.dyn_into::<js_sys::JsString>().ok())
                    .ok_or_else(|| {
                        JsError::new("applyEnvelopes: the input cannot be turned into JSON")
                    })?;
                &stringified
            }
        };
        // UTF-8 takes at least a byte per UTF-16 unit: a text longer than the limit in units
        // is refused before it is copied into wasm memory (which never shrinks again).
        let len = js_text.length();
        let units = len as usize;
        if units > self.inner.borrow().limits.part_bytes {
            self.inner.borrow_mut().refuse_text_past_limit(units);
            return Ok(0);
        }
        let n = if let Some(units) = crate::units_of(js_text, len) {
            self.inner.borrow_mut().apply_utf16(units, &ctx)
        } else if let Some(text) = crate::latin1_of(js_text, len) {
            self.inner.borrow_mut().apply_latin1(text, &ctx)
        } else {
            let text = crate::utf8_text(js_text, len)
                .ok_or_else(|| JsError::new("applyEnvelopes: the input is not text"))?;
            self.inner.borrow_mut().apply_text(&text, &ctx)
        };
        self.fold_ms += now_ms() - started;
        Ok(n)
    }

    pub fn report(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.borrow().report())
    }

    /// Records a person's edit; throws on misuse (unknown surface, bad pointer, too large).
    pub fn edit(
        &mut self,
        surface_id: JsValue,
        pointer: JsValue,
        value: JsValue,
    ) -> Result<(), JsError> {
        let surface_id = string_arg(&surface_id, "edit: surfaceId")?;
        let pointer = string_arg(&pointer, "edit: pointer")?;
        let value: Value = from_js(&value, "edit: the value")?;
        self.inner
            .borrow_mut()
            .edit(&surface_id, &pointer, value)
            .map_err(|e| JsError::new(&format!("edit: {e}")))
    }

    /// Takes the agent's proposed value where the person had edited (drops the edit).
    #[wasm_bindgen(js_name = acceptAgent)]
    pub fn accept_agent(&mut self, surface_id: JsValue, pointer: JsValue) -> Result<(), JsError> {
        let surface_id = string_arg(&surface_id, "acceptAgent: surfaceId")?;
        let pointer = string_arg(&pointer, "acceptAgent: pointer")?;
        self.inner
            .borrow_mut()
            .accept_agent(&surface_id, &pointer)
            .map_err(|e| JsError::new(&format!("acceptAgent: {e}")))
    }

    /// Keeps the person's value and dismisses the agent's current proposal.
    #[wasm_bindgen(js_name = keepMine)]
    pub fn keep_mine(&mut self, surface_id: JsValue, pointer: JsValue) -> Result<(), JsError> {
        let surface_id = string_arg(&surface_id, "keepMine: surfaceId")?;
        let pointer = string_arg(&pointer, "keepMine: pointer")?;
        self.inner
            .borrow_mut()
            .keep_mine(&surface_id, &pointer)
            .map_err(|e| JsError::new(&format!("keepMine: {e}")))
    }

    /// Builds the action message for a click on `componentId`, resolved now.
    pub fn action(
        &self,
        surface_id: JsValue,
        component_id: JsValue,
        timestamp: JsValue,
    ) -> Result<JsValue, JsError> {
        let surface_id = string_arg(&surface_id, "action: surfaceId")?;
        let component_id = string_arg(&component_id, "action: componentId")?;
        let timestamp = optional_string_arg(&timestamp, "action: timestamp")?
            .unwrap_or_else(|| String::from(js_sys::Date::new_0().to_iso_string()));
        let result = match self
            .inner
            .borrow()
            .action(&surface_id, &component_id, &timestamp)
        {
            Ok(message) => serde_json::json!({ "ok": true, "message": message }),
            Err(e) => {
                serde_json::json!({ "ok": false, "code": e.code(), "reason": e.to_string() })
            }
        };
        to_js(&result)
    }

    /// Codes and counts only: safe for telemetry.
    pub fn stats(&self) -> Result<JsValue, JsError> {
        let mut v = serde_json::to_value(self.inner.borrow().stats())
            .map_err(|e| JsError::new(&e.to_string()))?;
        v["foldMs"] = serde_json::json!(self.fold_ms);
        to_js(&v)
    }

    /// `a2uiClientDataModel` for surfaces created with `sendDataModel`, or null.
    #[wasm_bindgen(js_name = clientDataModel)]
    pub fn client_data_model(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.borrow().client_data_model())
    }

    /// The `a2uiClientCapabilities` to put in the metadata of every message to the agent.
    #[wasm_bindgen(js_name = clientCapabilities)]
    pub fn client_capabilities() -> Result<JsValue, JsError> {
        to_js(&a2ui::client_capabilities())
    }
}

/// Whether an agent card advertises A2UI v0.9 or v0.9.1; only then render its A2UI parts.
#[wasm_bindgen(js_name = advertisesA2ui, skip_typescript)]
pub fn advertises_a2ui(card: JsValue) -> Result<bool, JsError> {
    // Neither text nor an object (`null`, a number), or a card that is not JSON or past
    // its limits: it advertises nothing. (An object `JSON.stringify` refuses throws, as it
    // always did.)
    if !card.is_string() && !card.is_object() {
        return Ok(false);
    }
    let card = crate::card::card_value(&card, "advertisesA2ui")?.unwrap_or(Value::Null);
    Ok(a2ui::card_advertises_a2ui(&card))
}

#[wasm_bindgen(typescript_custom_section)]
const STORE_TYPES: &'static str = r#"
/** Surfaces folded from A2UI v0.9 / v0.9.1 envelopes. Bad envelopes are skipped and counted. */
export class SurfaceStore {
  free(): void;
  constructor(options?: SurfaceStoreOptions);
  /** Sets the locale of every later render, check and action (a BCP 47 tag; throws on anything else). */
  setLocale(tag: string): void;
  locale(): string;
  applyPart(part: object | string, options?: ApplyPartOptions): { a2ui: boolean; envelopes: number };
  /** JSON text, its UTF-8 bytes (as a response's body gives them: no decoding first), or parsed envelopes. */
  applyEnvelopes(input: string | Uint8Array | ArrayBuffer | object | object[], options?: ApplyOptions): number;
  report(): A2uiReport;
  /** Throws only on misuse: unknown surface, a bad or polluting pointer, too large. */
  edit(surfaceId: string, pointer: string, value: unknown): void;
  action(surfaceId: string, componentId: string, timestamp?: string): ActionResult;
  /** Takes the agent's proposed value at `pointer` (the person's edit there is dropped). */
  acceptAgent(surfaceId: string, pointer: string): void;
  /** Keeps the person's value at `pointer` and dismisses the agent's current proposal. */
  keepMine(surfaceId: string, pointer: string): void;
  /** Codes and counts only, safe for telemetry; foldMs is the total time spent folding. */
  stats(): A2uiStats & { foldMs: number };
  clientDataModel(): { version: "v0.9"; surfaces: Record<string, Record<string, unknown>> } | null;
  static clientCapabilities(): Record<string, unknown>;
}

/** Whether an agent card (JSON text or object) advertises A2UI v0.9 or v0.9.1. */
export function advertisesA2ui(card: string | object): boolean;
"#;

/// The contract record: what this build accepts, reads and was tested against (the same
/// record `surfaces contract --json` prints).
#[wasm_bindgen(skip_typescript)]
pub fn contract() -> Result<JsValue, JsError> {
    to_js(&surfaces_core::contract::record())
}

#[wasm_bindgen(typescript_custom_section)]
const CONTRACT_TYPES: &'static str = r#"
/** The contract record (the same as `surfaces contract --json`). */
export function contract(): ContractRecord;
"#;
