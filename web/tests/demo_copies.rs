//! The console embeds copies of the official example streams; they must equal the originals.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

#[test]
fn embedded_examples_equal_the_official_ones() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let spec = std::env::var("AGENT_SURFACES_SPEC")
        .map(PathBuf::from)
        .unwrap_or_else(|_| here.join("../../shared/spec"));
    let official = spec.join("a2ui/v0_9/catalogs/basic/examples");
    let mut n = 0;
    for entry in std::fs::read_dir(&official).unwrap() {
        let path = entry.unwrap().path();
        let copy = here.join("demo/a2ui").join(path.file_name().unwrap());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            std::fs::read(&copy).unwrap(),
            "{} differs",
            copy.display()
        );
        n += 1;
    }
    assert_eq!(n, 36);
    assert_eq!(surfaces_console::demo_streams::DEMO_STREAMS.len(), 37);
}
