//! The official client conformance suites (`a2ui/conformance/client`) and the few spec
//! files their cases name, as text. Natively they are read from `../shared/spec` after
//! `spec.rs` has checked the whole reference set against `tests/spec.lock`. Under wasm32
//! there is no filesystem: the same files are embedded at compile time and each is checked
//! against the same pin here, and the pin's list of suite files must equal the embedded
//! one, so a suite added to the pin cannot be skipped in the browser.
#![allow(dead_code)]

/// Where the suites live inside the reference set.
pub const CLIENT: &str = "a2ui/conformance/client/";

/// Whether a file of the reference set (its path in `tests/spec.lock`) is one of the suites
/// this test runs: `core/*.yaml` and `extensions/**/*.yaml`.
pub fn is_suite(local: &str) -> bool {
    let Some(rel) = local.strip_prefix(CLIENT) else {
        return false;
    };
    rel.ends_with(".yaml")
        && ((rel.starts_with("core/") && !rel["core/".len()..].contains('/'))
            || rel.starts_with("extensions/"))
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::path::Path;

    /// Every suite as (path under `a2ui/conformance/client/`, text), sorted by path.
    pub fn suites() -> Vec<(String, String)> {
        let root = super::super::spec::spec_dir().join(super::CLIENT);
        let mut out = Vec::new();
        collect(&root, &root, &mut out);
        out.retain(|(rel, _)| super::is_suite(&format!("{}{rel}", super::CLIENT)));
        out.sort();
        assert!(!out.is_empty(), "no suites under {}", root.display());
        out
    }

    fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("a readable suite directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                collect(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "yaml") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                let text = std::fs::read_to_string(&path).expect("a UTF-8 suite file");
                out.push((rel.replace('\\', "/"), text));
            }
        }
    }

    /// A file of the reference set by its path in `tests/spec.lock`.
    pub fn spec_file(local: &str) -> Option<String> {
        std::fs::read_to_string(super::super::spec::spec_dir().join(local)).ok()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use sha2::{Digest, Sha256};
    use std::sync::OnceLock;

    macro_rules! embed {
        ($($local:literal),* $(,)?) => {
            &[$(($local, include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../../shared/spec/",
                $local
            )))),*]
        };
    }

    /// Every suite and every spec file a case names, by its path in `tests/spec.lock`.
    const EMBEDDED: &[(&str, &str)] = embed![
        "a2ui/conformance/client/core/actions.yaml",
        "a2ui/conformance/client/core/catalog.yaml",
        "a2ui/conformance/client/core/common_types.yaml",
        "a2ui/conformance/client/core/data_deletion.yaml",
        "a2ui/conformance/client/core/data_model.yaml",
        "a2ui/conformance/client/core/data_model_pointers.yaml",
        "a2ui/conformance/client/core/functions.yaml",
        "a2ui/conformance/client/core/message_processor_v0_9.yaml",
        "a2ui/conformance/client/core/message_processor_v1_0.yaml",
        "a2ui/conformance/client/core/validator_v0_9.yaml",
        "a2ui/conformance/client/core/validator_v1_0.yaml",
        "a2ui/conformance/client/extensions/a2a/a2a_integration.yaml",
        "a2ui/v0_9/catalogs/basic/catalog.json",
        "a2ui/v0_9_1/catalogs/basic/catalog.json",
    ];

    const LOCK: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/spec.lock"
    ));

    /// The embedded files, after checking each against its pin and the list of suites
    /// against the pin's.
    fn checked() -> &'static [(&'static str, &'static str)] {
        static CHECKED: OnceLock<Result<(), String>> = OnceLock::new();
        let result = CHECKED.get_or_init(|| {
            let mut problems = Vec::new();
            let mut pinned = Vec::new();
            for line in LOCK
                .lines()
                .filter(|l| !l.starts_with('#') && !l.is_empty())
            {
                let cols: Vec<&str> = line.split('\t').collect();
                let [local, repo, rev, path, digest] = cols[..] else {
                    return Err(format!("tests/spec.lock has a malformed line: {line:?}"));
                };
                pinned.push(local);
                if let Some((_, text)) = EMBEDDED.iter().find(|(l, _)| *l == local) {
                    let got: String = Sha256::digest(text.as_bytes())
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect();
                    if got != digest {
                        problems.push(format!("altered: {local} ({repo} {rev} {path})"));
                    }
                } else if super::is_suite(local) {
                    problems.push(format!("pinned but not embedded in this test: {local}"));
                }
            }
            for (local, _) in EMBEDDED {
                if !pinned.contains(local) {
                    problems.push(format!("embedded but not pinned: {local}"));
                }
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "the embedded reference data is not what tests/spec.lock pins:\n  {}",
                    problems.join("\n  ")
                ))
            }
        });
        if let Err(e) = result {
            panic!("{e}");
        }
        EMBEDDED
    }

    pub fn suites() -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = checked()
            .iter()
            .filter(|(local, _)| super::is_suite(local))
            .map(|(local, text)| (local[super::CLIENT.len()..].to_string(), text.to_string()))
            .collect();
        out.sort();
        out
    }

    pub fn spec_file(local: &str) -> Option<String> {
        checked()
            .iter()
            .find(|(l, _)| *l == local)
            .map(|(_, text)| text.to_string())
    }
}

pub use imp::{spec_file, suites};
