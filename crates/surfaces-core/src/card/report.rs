use serde::Serialize;

use crate::finding::{Finding, Severity};

/// Whether the card carries the extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum UiLinks {
    /// Declared, with entries to read.
    Present,
    /// Not declared: the card is silent about surfaces, which states nothing (§7.2).
    Absent,
    /// The card could not be read, or the declaration lists nothing readable.
    Invalid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum Audience {
    Public,
    Client,
    Operator,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum Access {
    Open,
    Authenticated,
}

/// One entry of `params.uis`, as a renderer may use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "UiLinkEntry"))]
pub struct Entry {
    pub index: usize,
    /// The normalised `https:` URL, present only when the entry is linkable: safe to put
    /// in an `href`. Never `javascript:`, `data:`, relative or malformed.
    pub url: Option<String>,
    /// The `url` as the card gave it, for showing as text only; past `urlBytes`, its first
    /// `urlBytes` bytes (at a character's boundary) and "…".
    pub url_text: Option<String>,
    /// The host in ASCII (punycode) form, the form a person can compare safely.
    pub host: Option<String>,
    /// The host's Unicode form, when it has one, does not mix scripts and cannot pass for a
    /// Latin host (TS #39); otherwise a person sees `host`.
    pub host_unicode: Option<String>,
    /// The `label` as the card gave it; past `labelChars`, its first `labelChars`
    /// characters and "…".
    pub label: Option<String>,
    pub purpose: Option<String>,
    /// `null` when absent or unrecognised: an unstated audience, never `public`.
    pub audience: Option<Audience>,
    pub access: Option<Access>,
    /// Any string, kept as given; unknown kinds are not refused (§3.7).
    pub kind: Option<String>,
    pub skill: Option<String>,
    /// Whether `skill` names a skill the card declares; `null` without a `skill`.
    pub skill_declared: Option<bool>,
    /// Computed against the fetched-from origin; `null` without one or when not linkable.
    pub same_origin: Option<bool>,
    pub linkable: bool,
}

/// Entry indexes per audience view. `operator` and `all` are for callers that ask.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "CardViews"))]
pub struct Views {
    pub directory: Vec<usize>,
    pub engagement: Vec<usize>,
    pub operator: Vec<usize>,
    pub all: Vec<usize>,
}

/// The outcome of checking one card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct CardReport {
    pub ui_links: UiLinks,
    pub findings: Vec<Finding>,
    #[cfg_attr(feature = "ts", tsify(type = "UiLinkEntry[]"))]
    pub entries: Vec<Entry>,
    #[cfg_attr(feature = "ts", tsify(type = "CardViews"))]
    pub views: Views,
}

impl CardReport {
    pub(super) fn unreadable(findings: Vec<Finding>) -> Self {
        Self::invalid(findings)
    }
    pub(super) fn invalid(findings: Vec<Finding>) -> Self {
        CardReport {
            ui_links: UiLinks::Invalid,
            findings,
            entries: Vec::new(),
            views: Views::default(),
        }
    }
    pub(super) fn absent(findings: Vec<Finding>) -> Self {
        CardReport {
            ui_links: UiLinks::Absent,
            findings,
            entries: Vec::new(),
            views: Views::default(),
        }
    }
    pub(super) fn present(findings: Vec<Finding>, entries: Vec<Entry>, views: Views) -> Self {
        CardReport {
            ui_links: UiLinks::Present,
            findings,
            entries,
            views,
        }
    }

    /// Whether any finding is an error (the CLI's exit status 1).
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The report as the JSON the CLI prints and the npm package returns.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a report always serialises")
    }
}
