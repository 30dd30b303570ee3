//! The contract record (the contract view's "record the exact surface that was tested"):
//! which A2UI versions are accepted and refused, what transport is read, which official files
//! the validator is held to (with their revision and sha256, from the pin `tests/spec.lock`),
//! the renderer's and catalog's revision at build, the action API, and the accessibility
//! baseline the end-to-end tests hold the console to. The CLI (`surfaces contract`), the npm
//! package (`contract()`) print this one record; tests hold it true.

use serde::Serialize;

/// The git revision this crate was built from (`build.rs`), or `unknown`.
pub const GIT_REV: &str = env!("SURFACES_GIT_REV");
/// This crate's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

// SCHEMA_FILES: the official files the validator is held to.
include!("schema_files.rs");

/// The pins of [`SCHEMA_FILES`], their lines of `tests/spec.lock` as the tests check them
/// (`build.rs` keeps those lines only: the whole pin is 35 KB the package need not carry).
const SPEC_LOCK: &str = include_str!(concat!(env!("OUT_DIR"), "/schema-pins.tsv"));
/// The axe-core version the end-to-end tests run (`build.rs` reads it from
/// `tests/e2e/package.json`): the accessibility baseline's.
const AXE_CORE: &str = env!("SURFACES_AXE_CORE");

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct ContractRecord {
    pub ui_contract: UiContract,
    pub status: &'static str,
    pub transport_profile: TransportProfile,
    pub schema_bundle: Vec<PinnedFile>,
    pub renderer: String,
    pub component_catalog: String,
    pub action_api: ActionApi,
    pub accessibility_baseline: AccessibilityBaseline,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct UiContract {
    pub accepted: Vec<&'static str>,
    pub refused: Vec<&'static str>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct TransportProfile {
    /// How A2UI arrives: A2A data parts and the media types read from them.
    pub a2a_parts: Vec<&'static str>,
    pub media_types: Vec<&'static str>,
    pub extension_uris: Vec<&'static str>,
    /// What this library does not do itself.
    pub note: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct PinnedFile {
    pub path: String,
    pub repository: String,
    pub revision: String,
    pub upstream_path: String,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct ActionApi {
    pub message: &'static str,
    pub lifecycle: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct AccessibilityBaseline {
    pub axe_core: String,
    pub rules: &'static str,
    pub browser: &'static str,
    pub keyboard_flows: Vec<&'static str>,
}

fn pinned(path: &str) -> Option<PinnedFile> {
    SPEC_LOCK.lines().find_map(|line| {
        let cols: Vec<&str> = line.split('\t').collect();
        match cols[..] {
            [local, repo, rev, upstream, sha] if local == path => Some(PinnedFile {
                path: local.into(),
                repository: repo.into(),
                revision: rev.into(),
                upstream_path: upstream.into(),
                sha256: sha.into(),
            }),
            _ => None,
        }
    })
}

/// The record of what this build is and was tested against.
pub fn record() -> ContractRecord {
    let catalog = pinned("a2ui/v0_9/catalogs/basic/catalog.json");
    ContractRecord {
        ui_contract: UiContract {
            accepted: vec!["a2ui-v0.9", "a2ui-v0.9.1"],
            refused: vec!["a2ui-v0.8", "a2ui-v1.0-candidate"],
        },
        status: "a2ui v0.9.1 is the current production release; v1.0 is a candidate and is refused, never read as v0.9",
        transport_profile: TransportProfile {
            a2a_parts: vec!["A2A v0.3 data part (kind data, metadata.mimeType)", "A2A v1.0 part (mediaType)"],
            media_types: crate::a2ui::MEDIA_TYPES.to_vec(),
            extension_uris: crate::a2ui::EXTENSION_URIS.to_vec(),
            note: "reads parts, text and JSON Lines; speaks no A2A itself: the caller's client fetches",
        },
        schema_bundle: SCHEMA_FILES.iter().filter_map(|f| pinned(f)).collect(),
        renderer: format!("agent-surfaces@{VERSION}+{GIT_REV}"),
        component_catalog: format!(
            "{}@sha256:{} (agent-surfaces@{VERSION}+{GIT_REV})",
            crate::a2ui::BASIC_CATALOG_ID,
            catalog.map(|c| c.sha256).unwrap_or_default()
        ),
        action_api: ActionApi {
            message: "client_to_server v0.9 `action` {name, surfaceId, sourceComponentId, timestamp, context}",
            lifecycle: "built at click time and handed to the caller; no lifecycle states yet",
        },
        accessibility_baseline: AccessibilityBaseline {
            axe_core: AXE_CORE.into(),
            rules: "every axe-core rule the library runs by default (no rule disabled)",
            browser: "Debian chromium, headless, as installed by scripts/setup.sh",
            keyboard_flows: vec![
                "UI links screen: choose an example, paste a card, switch views",
                "A2UI screen: choose an example, type into a field, press a Button",
            ],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_file_is_pinned_and_the_revision_is_recorded() {
        let r = record();
        assert_eq!(r.schema_bundle.len(), SCHEMA_FILES.len());
        assert!(r.schema_bundle.iter().all(|f| f.sha256.len() == 64));
        assert!(r.renderer.starts_with("agent-surfaces@"));
    }

    /// The version `build.rs` took is the one the tests' package names, as JSON reads it.
    #[test]
    fn the_accessibility_baseline_is_the_tests_axe_core() {
        let package: serde_json::Value =
            serde_json::from_str(include_str!("../../../tests/e2e/package.json")).unwrap();
        let version = package
            .pointer("/devDependencies/axe-core")
            .and_then(|v| v.as_str())
            .expect("the tests run axe-core");
        assert_eq!(record().accessibility_baseline.axe_core, version);
    }
}
