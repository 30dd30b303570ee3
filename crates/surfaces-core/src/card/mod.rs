//! The UI links extension of the A2A Agent Card (`https://dev.agentmesh.ai/extensions/ui-links/v1`).
//!
//! [`check_card`] reads a card (v0.2, v0.3, v1.0, or the hybrids SDKs publish), finds the
//! extension declaration, applies every rule of the extension's §3–§7, computes
//! same-origin against where the card was fetched from (never from anything the card
//! says), and picks the entries each audience's view shows. [`check_card_bytes`] takes the
//! bytes as they came, and reports bytes that are not UTF-8 as a finding.

mod declaration;
mod entry;
pub(crate) mod host;
mod limits;
mod report;
mod views;

use crate::Code;
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

/// Collects findings while a card is read, at most `limits.findings` of them: past the cap
/// it only counts what it leaves out, and [`Findings::finish`] ends the list with one
/// `findings-truncated` finding.
pub(crate) struct Findings {
    list: Vec<Finding>,
    cap: usize,
    /// Left out past the cap, by severity: errors, warnings, info.
    left_out: [usize; 3],
}

impl Findings {
    pub(crate) fn new(limits: &CardLimits) -> Self {
        Findings {
            list: Vec::new(),
            cap: limits.findings,
            left_out: [0; 3],
        }
    }
    pub(crate) fn push(&mut self, code: Code, path: &Pointer, message: String) {
        if self.list.len() < self.cap {
            self.list
                .push(Finding::new(code, path.to_string(), message));
        } else {
            let i = match code.severity() {
                Severity::Error => 0,
                Severity::Warning => 1,
                Severity::Info => 2,
            };
            self.left_out[i] += 1;
        }
    }

    /// The findings, ending with `findings-truncated` when some were left out. It is an
    /// error when an error was among them (so a report with errors always says so), a
    /// warning otherwise.
    pub(crate) fn finish(self) -> Vec<Finding> {
        let mut list = self.list;
        let [errors, warnings, info] = self.left_out;
        let total = errors + warnings + info;
        if total > 0 {
            let plural = |n: usize, one: &str, many: &str| {
                format!("{n} {}", if n == 1 { one } else { many })
            };
            list.push(Finding {
                severity: if errors > 0 {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                code: Code::FindingsTruncated,
                path: String::new(),
                message: format!(
                    "{} left out ({}, {}, {} info): a report keeps at most {}.",
                    plural(total, "more finding was", "more findings were"),
                    plural(errors, "error", "errors"),
                    plural(warnings, "warning", "warnings"),
                    info,
                    plural(self.cap, "finding", "findings"),
                ),
            });
        }
        list
    }
}

/// Checks a card given as JSON text. Bad data never makes this fail; only an invalid
/// `options.fetched_from` does.
pub fn check_card(text: &str, options: &CardOptions) -> Result<CardReport, UsageError> {
    let origin = host::fetched_origin(options.fetched_from.as_deref())?;
    let mut findings = Findings::new(&options.limits);
    let read = match past_limit(text.len(), &options.limits, "") {
        Some(f) => Err(f),
        None => {
            // Said whether or not the card reads.
            let bare = text.strip_prefix('\u{FEFF}');
            if bare.is_some() {
                findings.push(
                    Code::CardBom,
                    &Pointer::root(),
                    "The card starts with a byte-order mark; it is ignored.".into(),
                );
            }
            read_within(bare.unwrap_or(text), &options.limits)
        }
    };
    match read {
        Ok(card) => Ok(check_parsed(
            &card,
            origin.as_ref(),
            &options.limits,
            findings,
        )),
        Err(f) => {
            findings.push(f.code, &Pointer::root(), f.message);
            Ok(CardReport::unreadable(findings.finish()))
        }
    }
}

/// A card's JSON text read into a value, as [`check_card`] reads it, for a caller that
/// needs the card itself (its endpoint, its A2UI extension): at most `limits.card_bytes`
/// bytes and `limits.values` JSON values, a byte-order mark skipped. Past either limit
/// nothing is built, and the error is the finding `check_card` reports (`card-too-large`,
/// or `card-not-json`).
pub fn read_card(text: &str, limits: &CardLimits) -> Result<Value, Finding> {
    if let Some(f) = past_limit(text.len(), limits, "") {
        return Err(f);
    }
    // A byte-order mark is what some editors save; fetch().json() drops it too.
    read_within(text.strip_prefix('\u{FEFF}').unwrap_or(text), limits)
}

/// [`read_card`] of a text within `card_bytes`, its byte-order mark taken off.
fn read_within(text: &str, limits: &CardLimits) -> Result<Value, Finding> {
    // Counted before any value is built; text that is not JSON is left to `serde_json`,
    // whose message says where.
    let b = text.as_bytes();
    let start = crate::json_scan::skip_ws(b, 0);
    let within = crate::json_scan::value_end_within(b, start, limits.values);
    if within == Err(crate::json_scan::Unscanned::TooManyValues) {
        return Err(Finding::new(
            Code::CardTooLarge,
            "",
            format!(
                "The card holds more than {} JSON values; cards past that are not read.",
                limits.values
            ),
        ));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(card) => Ok(card),
        Err(e) => Err(Finding::new(
            Code::CardNotJson,
            "",
            format!("The card is not valid JSON ({e})."),
        )),
    }
}

/// The report on a card of at least `len` bytes, for a caller that can tell a card is past
/// `options.limits.card_bytes` before copying it (the wasm binding, from a string's length
/// in UTF-16 units, each at least one byte): `card-too-large` when `len` is past the limit,
/// as [`check_card`] would report; within it, `None`, and the card must be read.
pub fn check_card_at_least(
    len: usize,
    options: &CardOptions,
) -> Result<Option<CardReport>, UsageError> {
    host::fetched_origin(options.fetched_from.as_deref())?;
    let Some(f) = card_past_limit(len, &options.limits) else {
        return Ok(None);
    };
    let mut findings = Findings::new(&options.limits);
    findings.push(f.code, &Pointer::root(), f.message);
    Ok(Some(CardReport::unreadable(findings.finish())))
}

/// The `card-too-large` finding [`read_card`] gives a card of at least `len` bytes, for a
/// caller that can tell it is past `limits.card_bytes` without the card (as
/// [`check_card_at_least`]); `None` within the limit, where the card must be read.
pub fn card_past_limit(len: usize, limits: &CardLimits) -> Option<Finding> {
    past_limit(len, limits, "at least ")
}

/// Checks a card given as bytes, as they came off a file or socket: UTF-8 text goes to
/// [`check_card`]; anything else is an unreadable report with a `card-not-utf8` error
/// saying where the first byte that is not UTF-8 is (a card over `limits.card_bytes` is
/// `card-too-large` first, whatever its bytes). Only an invalid `options.fetched_from`
/// makes this fail.
pub fn check_card_bytes(bytes: &[u8], options: &CardOptions) -> Result<CardReport, UsageError> {
    host::fetched_origin(options.fetched_from.as_deref())?;
    let mut findings = Findings::new(&options.limits);
    if let Some(f) = past_limit(bytes.len(), &options.limits, "") {
        findings.push(f.code, &Pointer::root(), f.message);
        return Ok(CardReport::unreadable(findings.finish()));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => check_card(text, options),
        Err(e) => {
            let at = e.valid_up_to();
            // JSON exchanged between systems is UTF-8 (RFC 8259 §8.1); UTF-16 is the usual
            // mistake, and says so with its byte-order mark.
            let hint = if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
                " It starts with a UTF-16 byte-order mark; cards are UTF-8."
            } else {
                ""
            };
            findings.push(
                Code::CardNotUtf8,
                &Pointer::root(),
                format!(
                    "The card is not UTF-8 text: the byte at offset {at} (0x{:02X}) does not start a valid UTF-8 character, so the card is not read.{hint}",
                    bytes[at]
                ),
            );
            Ok(CardReport::unreadable(findings.finish()))
        }
    }
}

/// `card-too-large` for a card of `len` bytes (`at_least`: "at least " when that is a bound
/// on its size), past `card_bytes`; `None` within it.
fn past_limit(len: usize, limits: &CardLimits, at_least: &str) -> Option<Finding> {
    (len > limits.card_bytes).then(|| {
        Finding::new(
            Code::CardTooLarge,
            "",
            format!(
                "The card is {at_least}{len} bytes; cards over {} bytes are not read.",
                limits.card_bytes
            ),
        )
    })
}

/// Checks a card that is already parsed.
pub fn check_card_value(card: &Value, options: &CardOptions) -> Result<CardReport, UsageError> {
    let origin = host::fetched_origin(options.fetched_from.as_deref())?;
    Ok(check_parsed(
        card,
        origin.as_ref(),
        &options.limits,
        Findings::new(&options.limits),
    ))
}

fn check_parsed(
    card: &Value,
    origin: Option<&crate::web_url::Origin>,
    limits: &CardLimits,
    mut findings: Findings,
) -> CardReport {
    let Some(card) = card.as_object() else {
        findings.push(
            Code::CardNotObject,
            &Pointer::root(),
            "The card is not a JSON object.".to_string(),
        );
        return CardReport::unreadable(findings.finish());
    };
    let Some(found) = declaration::find(card, &mut findings) else {
        return CardReport::absent(findings.finish());
    };
    let skills = declaration::declared_skills(card);
    let Some(uis) = declaration::check(&found, limits, &mut findings) else {
        return CardReport::invalid(findings.finish());
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
    CardReport::present(findings.finish(), entries, views)
}
