//! Puts the git revision the core is built from into the contract record (and so into
//! `surfaces --version`, `contract()` and the console): `SURFACES_GIT_REV`, from
//! `git rev-parse --short HEAD`, or `unknown` where git or the repository is absent (a
//! source tarball). Reruns only when HEAD moves.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    // A commit being written as this runs can make one read fail; the answer is kept until
    // HEAD moves again, so a passing failure is worth two more tries.
    let rev = (0..3)
        .find_map(|i| {
            std::thread::sleep(std::time::Duration::from_millis(100 * i));
            git(&["rev-parse", "--short", "HEAD"])
        })
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SURFACES_GIT_REV={rev}");
    println!("cargo:rerun-if-changed=build.rs");
    // HEAD, the branch it names and the packed refs: a commit or checkout changes one of
    // them. Only files that exist are named (a missing one would rerun this every build).
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name]) {
            if Path::new(&path).is_file() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
}
