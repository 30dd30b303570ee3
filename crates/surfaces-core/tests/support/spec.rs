//! Where the official reference data lives: `../shared/spec` beside the project, or
//! `$AGENT_SURFACES_SPEC`. Tests read it there, never from copies.

use std::path::PathBuf;

pub fn spec_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("AGENT_SURFACES_SPEC") {
        return PathBuf::from(dir);
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/spec");
    assert!(
        dir.is_dir(),
        "the reference data is missing: {} (set AGENT_SURFACES_SPEC)",
        dir.display()
    );
    dir
}
