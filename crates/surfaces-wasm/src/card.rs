//! `checkCard`: the UI links checker for JavaScript.

use surfaces_core::card::{self, CardLimits, CardOptions};
use wasm_bindgen::prelude::*;

use crate::{from_js, option, to_js};

#[wasm_bindgen(typescript_custom_section)]
const CARD_TYPES: &'static str = r#"
export type Severity = "error" | "warning" | "info";

/** One finding: a stable kebab-case code, an RFC 6901 JSON Pointer into the checked document. */
export interface Finding {
  severity: Severity;
  code: string;
  path: string;
  message: string;
}

export type Audience = "public" | "client" | "operator";
export type Access = "open" | "authenticated";

/** One entry of the card's UI links. Agent strings are text: never parse them as markup. */
export interface UiLinkEntry {
  index: number;
  /** Normalised https URL, set only when `linkable`: the only value safe for an href. */
  url: string | null;
  /** The url as the card gave it, for display as text only. */
  urlText: string | null;
  /** Host in ASCII (punycode) form. */
  host: string | null;
  /** Host in Unicode form, when it has one and does not mix scripts. */
  hostUnicode: string | null;
  label: string | null;
  purpose: string | null;
  /** null: unstated (absent or unknown). Never treat it as "public". */
  audience: Audience | null;
  access: Access | null;
  kind: string | null;
  skill: string | null;
  skillDeclared: boolean | null;
  /** Computed against fetchedFrom; null without it or when not linkable. */
  sameOrigin: boolean | null;
  linkable: boolean;
}

/** Entry indexes per audience view. */
export interface CardViews {
  directory: number[];
  engagement: number[];
  operator: number[];
  all: number[];
}

export interface CardReport {
  uiLinks: "present" | "absent" | "invalid";
  findings: Finding[];
  entries: UiLinkEntry[];
  views: CardViews;
}

export interface CardLimits {
  cardBytes: number;
  entries: number;
  labelChars: number;
  purposeChars: number;
  tokenChars: number;
  urlBytes: number;
  /** Findings a report keeps; past it a final `findings-truncated` finding counts the rest. */
  findings: number;
}

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

/// Text of a card given either as JSON text or as an already-parsed object.
fn card_text(card: &JsValue) -> Result<String, JsError> {
    if let Some(s) = card.as_string() {
        return Ok(s);
    }
    if !card.is_object() {
        return Err(JsError::new(
            "checkCard: card must be a JSON string or an object",
        ));
    }
    let text = js_sys::JSON::stringify(card)
        .map_err(|_| JsError::new("checkCard: the card object cannot be turned into JSON"))?;
    text.as_string()
        .ok_or_else(|| JsError::new("checkCard: the card object cannot be turned into JSON"))
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
    fetched_from: Option<String>,
    options: Option<js_sys::Object>,
) -> Result<JsValue, JsError> {
    let text = card_text(&card)?;
    // Through JSON text, so that unknown limit names are refused, not skipped.
    let given = option(&options, "limits");
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
    let report =
        card::check_card(&text, &options).map_err(|e| JsError::new(&format!("checkCard: {e}")))?;
    to_js(&report)
}

/// The UI links extension URI, matched exactly.
#[wasm_bindgen(js_name = uiLinksUri, skip_typescript)]
pub fn ui_links_uri() -> String {
    card::UI_LINKS_URI.to_string()
}
