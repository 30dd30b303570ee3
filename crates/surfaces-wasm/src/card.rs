//! `checkCard`: the UI links checker for JavaScript.

use serde_json::Value;
use surfaces_core::card::{self, CardLimits, CardOptions};
use surfaces_core::Finding;
use wasm_bindgen::prelude::*;

use crate::{from_js, option, optional_string_arg, to_js};

/// `FindingCode`: the union of every finding code, generated from the core's `Code`
/// (`crates/surfaces-core/tests/codes.rs` fails when this file drifts from it).
#[wasm_bindgen(typescript_custom_section)]
const FINDING_CODES: &'static str = include_str!("../generated/finding-codes.d.ts");

#[wasm_bindgen(typescript_custom_section)]
const CARD_TYPES: &'static str = r#"
export interface CheckCardOptions {
  limits?: Partial<CardLimits>;
}

/**
 * Checks an A2A Agent Card's UI links extension.
 * @param card the card as JSON text or as a parsed object
 * @param fetchedFrom the URL the card was fetched from; only its origin is used
 * @throws only on misuse: a fetchedFrom that is not an http(s) URL, unknown limits, a card
 *   that is neither a string nor an object (or an object `JSON.stringify` refuses, or text
 *   a replaced `TextEncoder` cannot hand over). Bad cards give findings, never a throw.
 */
export function checkCard(card: string | object, fetchedFrom?: string | null, options?: CheckCardOptions): CardReport;

/** The UI links extension URI, matched exactly. */
export function uiLinksUri(): string;
"#;

/// A card given either as JSON text or as an already-parsed object, as a JavaScript string
/// (an object's through `JSON.stringify`): its length is checked before it is copied into
/// wasm memory, which never shrinks. `what` names the call in the error.
fn card_string(card: &JsValue, what: &str) -> Result<js_sys::JsString, JsError> {
    if let Some(s) = card.dyn_ref::<js_sys::JsString>() {
        return Ok(s.clone());
    }
    if !card.is_object() {
        return Err(JsError::new(&format!(
            "{what}: card must be a JSON string or an object"
        )));
    }
    crate::json_string(card, &format!("{what}: the card object"))
}

/// The report on a card past the byte limit in UTF-16 units (so in bytes), made without
/// copying it; `None` when it must be read.
fn too_long(
    s: &js_sys::JsString,
    options: &CardOptions,
    what: &str,
) -> Result<Option<card::CardReport>, JsError> {
    card::check_card_at_least(s.length() as usize, options)
        .map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// The card's text, copied by the package's own checked writer (as every string it reads
/// is), once its length is known to be within the limit.
fn copied(s: &js_sys::JsString, what: &str) -> Result<String, JsError> {
    crate::string_text(s, s.length())
        .ok_or_else(|| JsError::new(&format!("{what}: the card cannot be read as text")))
}

/// A card given as JSON text or an object, read as `checkCard` reads it
/// ([`card::read_card`]: its bytes and its JSON values counted before a value is built, with
/// the default limits), for a call that needs the card itself.
pub(crate) fn card_value(card: &JsValue, what: &str) -> Result<Result<Value, Finding>, JsError> {
    let limits = CardLimits::default();
    let s = card_string(card, what)?;
    // Past the byte limit in UTF-16 units, so in bytes: refused before it is copied.
    if let Some(f) = card::card_past_limit(s.length() as usize, &limits) {
        return Ok(Err(f));
    }
    Ok(card::read_card(&copied(&s, what)?, &limits))
}

/// Checks an A2A Agent Card's UI links extension.
///
/// `fetchedFrom` is the URL the card was fetched from; only its origin is used, to compute
/// each entry's `sameOrigin`. Findings describe everything wrong with the card; this throws
/// only when it is called wrongly.
// Typed by hand above: wasm-bindgen would make the trailing options required in TypeScript.
#[wasm_bindgen(js_name = checkCard, skip_typescript)]
pub fn check_card(
    card: JsValue,
    fetched_from: JsValue,
    options: Option<js_sys::Object>,
) -> Result<JsValue, JsError> {
    crate::host_url();
    let fetched_from = optional_string_arg(&fetched_from, "checkCard: fetchedFrom")?;
    // Through JSON text, so that unknown limit names are refused, not skipped.
    let given = option(&options, "limits")?;
    let limits: CardLimits = if given.is_undefined() {
        CardLimits::default()
    } else {
        serde_json::from_value(from_js(&given, "checkCard: limits")?)
            .map_err(|e| JsError::new(&format!("checkCard: bad limits: {e}")))?
    };
    let options = CardOptions {
        fetched_from,
        limits,
    };
    let s = card_string(&card, "checkCard")?;
    if let Some(report) = too_long(&s, &options, "checkCard")? {
        return to_js(&report);
    }
    let report = card::check_card(&copied(&s, "checkCard")?, &options)
        .map_err(|e| JsError::new(&format!("checkCard: {e}")))?;
    to_js(&report)
}

/// The UI links extension URI, matched exactly.
#[wasm_bindgen(js_name = uiLinksUri, skip_typescript)]
pub fn ui_links_uri() -> String {
    card::UI_LINKS_URI.to_string()
}
