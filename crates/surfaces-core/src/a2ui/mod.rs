//! A2UI v0.9 / v0.9.1: validating envelopes against the official schemas and folding them
//! into surfaces. Nothing here evaluates agent code, loads a URL or knows of the DOM.

mod action;
mod admission;
pub mod catalog;
mod direct;
mod edit_rule;
mod fast;
mod formats;
mod input;
mod limits;
mod lint;
mod model;
mod path;
pub mod pointer;
pub mod render;
mod report;
mod resolve;
pub mod schema;
mod store;
mod tape;
pub mod tree;

pub use action::{client_capabilities, ActionError};
pub use admission::UrlPolicy;
/// The catalog's functions, where callers have always found them.
pub use catalog::functions;
pub use edit_rule::{EditError, Proposal};
pub use input::{
    card_advertises_a2ui, part_is_a2ui, PartOutcome, EXTENSION_URIS, MEDIA_TYPES,
    PART_MEDIA_TYPE_AT,
};
pub use limits::{Limits, MAX_RENDER_DEPTH};
pub use report::{A2uiReport, SurfaceReport};
pub(crate) use store::key_seed;
pub use store::{
    seed_hashes, ApplyContext, EnvelopeFinding, Stats, SurfaceStore, BASIC_CATALOG_ALIASES,
    BASIC_CATALOG_ID,
};
