//! Puts the git revision the core is built from into the contract record (and so into
//! `surfaces --version`, `contract()` and the console): `SURFACES_GIT_REV`, the first 7
//! hex digits of HEAD's commit, or `unknown` where there is no repository (a source
//! tarball). The repository's files are read directly rather than through the `git`
//! binary: a build in an environment without it, or one racing a commit, must not record
//! `unknown` for a build that has a revision. Reruns when HEAD or the ref it names moves.

use std::fs;
use std::path::{Path, PathBuf};

include!("src/schema_files.rs");

/// Writes the lines of `tests/spec.lock` that pin [`SCHEMA_FILES`] to `OUT_DIR`, for the
/// contract record; a file named there without a pin is a build error.
fn schema_pins(manifest: &Path) {
    let lock = manifest.join("../../tests/spec.lock");
    println!("cargo:rerun-if-changed={}", lock.display());
    println!("cargo:rerun-if-changed=src/schema_files.rs");
    let text = fs::read_to_string(&lock).expect("tests/spec.lock is readable");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| SCHEMA_FILES.contains(&l.split('\t').next().unwrap_or("")))
        .collect();
    for file in SCHEMA_FILES {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("{file}\t"))),
            "tests/spec.lock pins no {file}"
        );
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    fs::write(out.join("schema-pins.tsv"), lines.join("\n") + "\n").expect("OUT_DIR is writable");
}

/// The version of axe-core the end-to-end tests run (`tests/e2e/package.json`), for the
/// contract record's accessibility baseline: only the version goes into the build, not the
/// whole file. Read as the file writes it, `"axe-core": "<version>"`; a file without it is
/// a build error.
fn axe_core(manifest: &Path) {
    let package = manifest.join("../../tests/e2e/package.json");
    println!("cargo:rerun-if-changed={}", package.display());
    let text = fs::read_to_string(&package).expect("tests/e2e/package.json is readable");
    let version = text
        .split_once("\"axe-core\"")
        .and_then(|(_, rest)| rest.trim_start().strip_prefix(':'))
        .and_then(|rest| rest.trim_start().strip_prefix('"'))
        .and_then(|rest| rest.split_once('"'))
        .map(|(v, _)| v)
        .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_graphic() && b != b'\\'))
        .expect("tests/e2e/package.json names axe-core's version");
    println!("cargo:rustc-env=SURFACES_AXE_CORE={version}");
}

/// The repository's git directory and its common directory (where refs live; they differ
/// in a linked worktree).
fn git_dirs(start: &Path) -> Option<(PathBuf, PathBuf)> {
    let mut dir = start;
    loop {
        let dot_git = dir.join(".git");
        if dot_git.is_dir() {
            return Some((dot_git.clone(), dot_git));
        }
        if let Ok(text) = fs::read_to_string(&dot_git) {
            // A worktree's `.git` file: `gitdir: <path>`; its `commondir` names the refs' home.
            let git_dir = dir.join(text.strip_prefix("gitdir:")?.trim());
            let common = fs::read_to_string(git_dir.join("commondir"))
                .map(|c| git_dir.join(c.trim()))
                .unwrap_or_else(|_| git_dir.clone());
            return Some((git_dir, common));
        }
        dir = dir.parent()?;
    }
}

fn is_hex_commit(s: &str) -> bool {
    s.len() >= 40 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// HEAD's commit and the files whose change means HEAD may have moved.
fn head(git_dir: &Path, common: &Path) -> (Option<String>, Vec<PathBuf>) {
    let head_file = git_dir.join("HEAD");
    let mut watched = vec![head_file.clone(), common.join("packed-refs")];
    let Ok(text) = fs::read_to_string(&head_file) else {
        return (None, watched);
    };
    let text = text.trim();
    let Some(name) = text.strip_prefix("ref:").map(str::trim) else {
        return (is_hex_commit(text).then(|| text.to_string()), watched);
    };
    let loose = common.join(name);
    watched.push(loose.clone());
    // A packed ref is written loose again by the next commit: watch where it will appear.
    if let Some(parent) = loose.parent() {
        watched.push(parent.to_path_buf());
    }
    if let Ok(id) = fs::read_to_string(&loose) {
        let id = id.trim();
        if is_hex_commit(id) {
            return (Some(id.to_string()), watched);
        }
    }
    // Packed: `<id> <name>` lines.
    let packed = fs::read_to_string(common.join("packed-refs")).unwrap_or_default();
    let id = packed.lines().find_map(|l| {
        let (id, n) = l.split_once(' ')?;
        (n.trim() == name && is_hex_commit(id)).then(|| id.to_string())
    });
    (id, watched)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let (rev, watched) = match git_dirs(&manifest) {
        Some((git_dir, common)) => head(&git_dir, &common),
        None => (None, Vec::new()),
    };
    schema_pins(&manifest);
    axe_core(&manifest);
    let rev = rev.map_or_else(|| "unknown".to_string(), |id| id[..7].to_string());
    println!("cargo:rustc-env=SURFACES_GIT_REV={rev}");
    // Only files that exist are named (a missing one would rerun this every build).
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}
