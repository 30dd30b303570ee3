//! The UI links extension of the A2A Agent Card (`https://dev.agentmesh.ai/extensions/ui-links/v1`).
//!
//! [`check_card`] reads a card (v0.2, v0.3, v1.0, or the hybrids SDKs publish), finds the
//! extension declaration, applies every rule of the extension's §3–§7, computes
//! same-origin against where the card was fetched from (never from anything the card
//! says), and picks the entries each audience's view shows.

mod declaration;
mod entry;
mod host;
mod limits;
mod report;
mod views;

use serde_json::Value;

use crate::finding::{Finding, Severity};
use crate::pointer::Pointer;
use crate::UsageError;

pub use limits::CardLimits;
pub use report::{Access, Audience, CardReport, Entry, UiLinks, Views};

/// The extension URI; consumers match it exactly (§2).
pub const UI_LINKS_URI: &str = "https://dev.agentmesh.ai/extensions/ui-links/v1";

/// How to check a card.
#[derive(Debug, Clone, Default)]
pub struct CardOptions {
    /// The URL the card was fetched from; only its origin is used. Without it, every
    /// entry's `sameOrigin` is `null`.
    pub fetched_from: Option<String>,
    pub limits: CardLimits,
}

/// Collects findings while a card is read.
pub(crate) struct Findings(Vec<Finding>);

impl Findings {
    pub(crate) fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        path: &Pointer,
        message: String,
    ) {
        self.0.push(Finding {
            severity,
            code,
            path: path.to_string(),
            message,
        });
    }
    pub(crate) fn error(&mut self, code: &'static str, path: &Pointer, message: String) {
        self.push(Severity::Error, code, path, message);
    }
    pub(crate) fn warning(&mut self, code: &'static str, path: &Pointer, message: String) {
        self.push(Severity::Warning, code, path, message);
    }
    pub(crate) fn info(&mut self, code: &'static str, path: &Pointer, message: String) {
        self.push(Severity::Info, code, path, message);
    }
}

/// Checks a card given as JSON text. Bad data never makes this fail; only an invalid
/// `options.fetched_from` does.
pub fn check_card(text: &str, options: &CardOptions) -> Result<CardReport, UsageError> {
    let origin = host::fetched_origin(options.fetched_from.as_deref())?;
    let mut findings = Findings(Vec::new());
    if text.len() > options.limits.card_bytes {
        findings.error(
            "card-too-large",
            &Pointer::root(),
            format!(
                "The card is {} bytes; cards over {} bytes are not read.",
                text.len(),
                options.limits.card_bytes
            ),
        );
        return Ok(CardReport::unreadable(findings.0));
    }
    // A byte-order mark is what some editors save; fetch().json() drops it too.
    let text = match text.strip_prefix('\u{FEFF}') {
        Some(rest) => {
            findings.info(
                "card-bom",
                &Pointer::root(),
                "The card starts with a byte-order mark; it is ignored.".into(),
            );
            rest
        }
        None => text,
    };
    match serde_json::from_str::<Value>(text) {
        Ok(card) => Ok(check_parsed(
            &card,
            origin.as_ref(),
            &options.limits,
            findings,
        )),
        Err(e) => {
            findings.error(
                "card-not-json",
                &Pointer::root(),
                format!("The card is not valid JSON ({e})."),
            );
            Ok(CardReport::unreadable(findings.0))
        }
    }
}

/// Checks a card that is already parsed.
pub fn check_card_value(card: &Value, options: &CardOptions) -> Result<CardReport, UsageError> {
    let origin = host::fetched_origin(options.fetched_from.as_deref())?;
    Ok(check_parsed(
        card,
        origin.as_ref(),
        &options.limits,
        Findings(Vec::new()),
    ))
}

fn check_parsed(
    card: &Value,
    origin: Option<&url::Origin>,
    limits: &CardLimits,
    mut findings: Findings,
) -> CardReport {
    let Some(card) = card.as_object() else {
        findings.error(
            "card-not-object",
            &Pointer::root(),
            "The card is not a JSON object.".to_string(),
        );
        return CardReport::unreadable(findings.0);
    };
    let Some(found) = declaration::find(card, &mut findings) else {
        return CardReport::absent(findings.0);
    };
    let skills = declaration::declared_skills(card);
    let Some(uis) = declaration::check(&found, limits, &mut findings) else {
        return CardReport::invalid(findings.0);
    };
    let entries: Vec<Entry> = uis
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            entry::check(
                i,
                raw,
                &found.uis_path().index(i),
                &skills,
                origin,
                limits,
                &mut findings,
            )
        })
        .collect();
    entry::note_duplicate_urls(&entries, &found.uis_path(), &mut findings);
    let views = views::pick(&entries);
    CardReport::present(findings.0, entries, views)
}
