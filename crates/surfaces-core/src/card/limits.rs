use serde::{Deserialize, Serialize};

/// Size caps for a card. Past each cap there is a finding; the defaults are generous for
/// honest cards and small enough that a hostile one cannot flood a renderer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct CardLimits {
    /// Cards longer than this (in bytes of JSON text) are not parsed.
    pub card_bytes: usize,
    /// Cards holding more JSON values than this (the card itself, and each object, array,
    /// string, number and literal in it) are not parsed: built, a one-member object of 7
    /// bytes takes hundreds, so `card_bytes` alone let a card take about 50 times its size.
    pub values: usize,
    /// Entries past this many are not read.
    pub entries: usize,
    /// A longer `label` (in characters) makes its entry unlinkable.
    pub label_chars: usize,
    /// A longer `purpose` is dropped.
    pub purpose_chars: usize,
    /// A longer `kind` or `skill` is dropped.
    pub token_chars: usize,
    /// A longer `url` (in bytes) makes its entry unlinkable.
    pub url_bytes: usize,
    /// A report keeps at most this many findings; past it, the list ends with one
    /// `findings-truncated` finding that counts what was left out.
    pub findings: usize,
}

impl Default for CardLimits {
    fn default() -> Self {
        CardLimits {
            card_bytes: 1024 * 1024,
            values: 32_768,
            entries: 64,
            label_chars: 120,
            purpose_chars: 500,
            token_chars: 128,
            url_bytes: 2048,
            findings: 1000,
        }
    }
}
