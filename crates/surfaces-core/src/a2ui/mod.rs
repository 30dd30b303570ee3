//! A2UI v0.9 / v0.9.1: validating envelopes against the official schemas and folding them
//! into surfaces.

mod formats;
mod path;
pub mod schema;
