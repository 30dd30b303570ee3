//! The console serves copies of the official example streams (and carries one); they must
//! equal the originals.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

#[path = "support/streams.rs"]
mod streams;

#[test]
fn the_copies_equal_the_official_examples() {
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

#[test]
fn every_offered_stream_is_carried_or_served_and_the_carried_ones_are_the_served_ones() {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut served = 0;
    for d in surfaces_console::demo_streams::DEMO_STREAMS {
        if d.id == "hostile" {
            assert!(d.embedded.is_some(), "the hostile stream is carried");
            continue;
        }
        // Served at `a2ui/<id>.json` beside the page: the copy Trunk puts in dist/a2ui/.
        let file = here.join("demo").join(d.path());
        let copy = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{} is offered but {}: {e}", d.id, file.display()));
        if let Some(carried) = d.embedded {
            assert_eq!(carried, copy, "{} is carried as it is served", d.id);
        }
        // The component tests hand the screen each stream (nothing serves files there):
        // their list is this one.
        assert_eq!(
            streams::official(d.id),
            Some(copy.as_str()),
            "{} is handed to the component tests",
            d.id
        );
        served += 1;
    }
    assert_eq!(served, 36);
    // The screen opens with a stream it carries, so its first view needs no request.
    let first = surfaces_console::demo_streams::DEMO_STREAMS
        .iter()
        .find(|d| d.id == surfaces_console::demo_streams::FIRST)
        .unwrap();
    assert!(first.embedded.is_some());
    // Only the first and the hostile one are carried: the rest stay out of the `.wasm`.
    let carried = surfaces_console::demo_streams::DEMO_STREAMS
        .iter()
        .filter(|d| d.embedded.is_some())
        .count();
    assert_eq!(carried, 2);
    // And Trunk copies the folder the paths name into dist/.
    let index = std::fs::read_to_string(here.join("../index.html")).unwrap();
    let mut live = String::new();
    let mut rest = index.as_str();
    while let Some(at) = rest.find("<!--") {
        live.push_str(&rest[..at]);
        rest = rest[at..].split_once("-->").map_or("", |(_, after)| after);
    }
    live.push_str(rest);
    assert!(
        live.contains(r#"<link data-trunk rel="copy-dir" href="web/demo/a2ui" />"#),
        "index.html copies web/demo/a2ui, outside any comment"
    );
}
