//! One copy of serde_json's reader in the `.wasm`: the crates built into it read JSON text
//! through `surfaces_core::json` (or a reader the core gives a type), never by calling
//! serde_json's own generic readers, each call of which builds a copy of the reader, float
//! parsing and all, in the calling crate (`src/json.rs` says why).

use std::path::{Path, PathBuf};

/// The crates that go into the npm package's `.wasm` or the console's, but the core.
const WASM_CRATES: [&str; 5] = [
    "crates/surfaces-a2a/src",
    "crates/surfaces-wasm/src",
    "crates/surfaces-render/src",
    "crates/surfaces-host/src",
    "web/src",
];

/// serde_json's readers of text; `from_value` reads a `Value` and is not one.
const READERS: [&str; 5] = [
    "serde_json::from_str",
    "serde_json::from_slice",
    "serde_json::from_reader",
    "serde_json::Deserializer",
    "StreamDeserializer",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Where `source`, up to its tests, names one of serde_json's readers, outside comments.
fn reader_calls(source: &str) -> Vec<(usize, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or_default();
        let imports_one = line.contains("use serde_json::")
            && ["from_str", "from_slice", "from_reader", "Deserializer"]
                .iter()
                .any(|r| line.contains(r));
        if imports_one || READERS.iter().any(|r| line.contains(r)) {
            found.push((n + 1, line.trim().to_string()));
        }
    }
    found
}

#[test]
fn only_the_core_reads_json_text_with_serde_json() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in WASM_CRATES {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "the crates' sources were not found");
    let mut calls = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        for (line, text) in reader_calls(&source) {
            calls.push(format!("{}:{line}: {text}", file.display()));
        }
    }
    assert!(
        calls.is_empty(),
        "read JSON text through surfaces_core::json instead:\n{}",
        calls.join("\n")
    );
}

#[test]
fn the_search_finds_a_reader_call_and_skips_comments_and_tests() {
    let source = "fn a() {\n    let v: Value = serde_json::from_str(t)?;\n}\n\
                  // serde_json::from_str in a comment\n\
                  use serde_json::{from_slice, Value};\n\
                  #[cfg(test)]\nmod tests { fn b() { serde_json::from_str::<Value>(\"1\"); } }\n";
    let found = reader_calls(source);
    assert_eq!(
        found.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        [2, 5],
        "{found:?}"
    );
}
