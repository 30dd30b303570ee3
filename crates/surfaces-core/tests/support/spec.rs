//! Where the official reference data lives: `../shared/spec` beside the project, or
//! `$AGENT_SURFACES_SPEC`. Tests read it there, never from copies, and only after checking
//! it against its pin, `tests/spec.lock` (repository, revision, path and sha256 of every
//! file; `scripts/pin-spec.py --write` makes it): a missing or altered file is one clear
//! error naming it, not a test failing for a reason nobody can see.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

pub fn spec_dir() -> PathBuf {
    let dir = match std::env::var("AGENT_SURFACES_SPEC") {
        Ok(dir) => PathBuf::from(dir),
        Err(_) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec"),
    };
    static CHECKED: OnceLock<Result<(), String>> = OnceLock::new();
    if let Err(e) = CHECKED.get_or_init(|| check_pin(&dir, &lock_text())) {
        panic!("{e}");
    }
    dir
}

pub fn lock_text() -> String {
    let lock = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/spec.lock");
    std::fs::read_to_string(&lock).expect("tests/spec.lock, the pin of the reference data")
}

/// Every file of `lock` is in `dir` with its pinned sha256; otherwise what is missing or
/// altered, each file named with where it comes from.
pub fn check_pin(dir: &Path, lock: &str) -> Result<(), String> {
    let mut problems = Vec::new();
    for line in lock
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let cols: Vec<&str> = line.split('\t').collect();
        let [local, repo, rev, path, digest] = cols[..] else {
            return Err(format!("tests/spec.lock has a malformed line: {line:?}"));
        };
        match std::fs::read(dir.join(local)) {
            Err(_) => problems.push(format!("missing: {local} ({repo} {rev} {path})")),
            Ok(bytes) => {
                let got: String = Sha256::digest(&bytes)
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect();
                if got != digest {
                    problems.push(format!("altered: {local} ({repo} {rev} {path})"));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the reference data in {} is not what tests/spec.lock pins:\n  {}\nGet the pinned files (README, \"Reference data\") or set AGENT_SURFACES_SPEC.",
            dir.display(),
            problems.join("\n  ")
        ))
    }
}

/// The 36 official example files, by file name, in name order.
pub fn example_files() -> Vec<(String, serde_json::Value)> {
    let dir = spec_dir().join("a2ui/v0_9/catalogs/basic/examples");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 36, "the 36 official examples");
    names
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, serde_json::from_str(&text).unwrap())
        })
        .collect()
}
