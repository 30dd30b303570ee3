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
 *   that is neither a string nor an object. Bad cards give findings, never a throw.
 */
export function checkCard(card: string | object, fetchedFrom?: string | null, options?: CheckCardOptions): CardReport;

/** The UI links extension URI, matched exactly. */
export function uiLinksUri(): string;
"#;

/// Text of a card given either as JSON text or as an already-parsed object; `what` names
/// the call in the error.
fn card_text(card: &JsValue, what: &str) -> Result<String, JsError> {
    if let Some(s) = card.as_string() {
        return Ok(s);
    }
    if !card.is_object() {
        return Err(JsError::new(&format!(
            "{what}: card must be a JSON string or an object"
        )));
    }
    let unreadable = || {
        JsError::new(&format!(
            "{what}: the card object cannot be turned into JSON"
        ))
    };
    let text = js_sys::JSON::stringify(card).map_err(|_| unreadable())?;
    text.as_string().ok_or_else(unreadable)
}

/// A card given as JSON text or an object, read as `checkCard` reads it
/// ([`card::read_card`]: its bytes and its JSON values counted before a value is built, with
/// the default limits), for a call that needs the card itself. A string longer in UTF-16
/// units than the byte limit is refused before it is copied into wasm memory.
pub(crate) fn card_value(card: &JsValue, what: &str) -> Result<Result<Value, Finding>, JsError> {
    let options = CardOptions::default();
    if let Some(s) = card.dyn_ref::<js_sys::JsString>() {
        let past = card::check_card_at_least(s.length() as usize, &options)
            .map_err(|e| JsError::new(&format!("{what}: {e}")))?;
        if let Some(mut report) = past {
            return Ok(Err(report.findings.remove(0)));
        }
    }
    Ok(card::read_card(&card_text(card, what)?, &options.limits))
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
    let misuse = |e| JsError::new(&format!("checkCard: {e}"));
    // A string past the limit in UTF-16 units is past it in bytes: refused before it is
    // copied into wasm memory, which never shrinks.
    if let Some(s) = card.dyn_ref::<js_sys::JsString>() {
        if let Some(report) =
            card::check_card_at_least(s.length() as usize, &options).map_err(misuse)?
        {
            return to_js(&report);
        }
    }
    let text = card_text(&card, "checkCard")?;
    let report = card::check_card(&text, &options).map_err(misuse)?;
    to_js(&report)
}

/// The UI links extension URI, matched exactly.
#[wasm_bindgen(js_name = uiLinksUri, skip_typescript)]
pub fn ui_links_uri() -> String {
    card::UI_LINKS_URI.to_string()
}
