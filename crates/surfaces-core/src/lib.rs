//! The validation core of agent-surfaces.
//!
//! Everything here is plain Rust with no knowledge of the DOM: it builds natively and for
//! `wasm32-unknown-unknown`, and every renderer (the npm package, the CLI, the console)
//! stands on it. Validation never fails on bad data: it returns [`Finding`]s. Only misuse
//! of the API (for example an unparsable "fetched from" URL, which the caller supplies)
//! is an `Err`.

pub mod a2ui;
mod bidi;
#[doc(hidden)]
pub mod calendar;
pub mod card;
mod code;
mod code_points;
pub mod contract;
mod finding;
mod heapsort;
pub mod json;
pub mod json_scan;
#[doc(hidden)]
pub mod latin1;
mod leb128;
mod number;
mod pointer;
mod recent;
mod scripts;
mod skeleton;
mod swar;
#[cfg(test)]
mod test_rng;
#[doc(hidden)]
pub mod text;
#[doc(hidden)]
pub mod utf16;
pub mod web_url;

// The unit tests marked for wasm (the SIMD searches of `swar`) run where the package runs.
#[cfg(all(test, target_arch = "wasm32"))]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

pub use card::{check_card, check_card_value, read_card, CardLimits, CardOptions, CardReport};
pub use finding::{Area, Code, Finding, Severity, MAX_MESSAGE_BYTES, RETIRED};
/// The generated tables of [`Code`]: `docs/codes.md` and the npm package's `FindingCode`.
pub mod codes {
    pub use crate::code::{markdown_table, typescript_union};
}
pub use pointer::{Pointer, MAX_POINTER_BYTES};

/// A mistake by the caller, not by the data being checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UsageError {
    /// The origin the card was fetched from is not an absolute `http:` or `https:` URL.
    InvalidFetchedFrom(String),
    /// A locale that is not shaped like a BCP 47 tag.
    InvalidLocale(String),
}

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UsageError::InvalidFetchedFrom(why) => {
                write!(f, "fetchedFrom must be an absolute http(s) URL: {why}")
            }
            UsageError::InvalidLocale(tag) => {
                write!(
                    f,
                    "{tag:?} is not a BCP 47 language tag (such as \"de-DE\")"
                )
            }
        }
    }
}

impl std::error::Error for UsageError {}
