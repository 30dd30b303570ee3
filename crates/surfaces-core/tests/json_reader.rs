//! One copy of serde_json's reader in the `.wasm`: the crates built into it read JSON text
//! through `surfaces_core::json` (or a reader the core gives a type), never by calling
//! serde_json's own generic readers, each call of which builds a copy of the reader, float
//! parsing and all, in the calling crate (`src/json.rs` says why).
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// The crates that go into the npm package's `.wasm` or the console's, but the core.
const WASM_CRATES: [&str; 5] = [
    "crates/surfaces-a2a/src",
    "crates/surfaces-wasm/src",
    "crates/surfaces-render/src",
    "crates/surfaces-host/src",
    "web/src",
];

/// serde_json's readers of text (`from_value` reads a `Value` and is not one), and ways to
/// name them otherwise: `de::` paths, the crate renamed, `Value`'s own `FromStr`.
const READERS: [&str; 10] = [
    "serde_json::from_str",
    "serde_json::from_slice",
    "serde_json::from_reader",
    "serde_json::Deserializer",
    "serde_json::de::",
    "StreamDeserializer",
    "serde_json as ",
    "parse::<Value>",
    "parse::<serde_json::Value>",
    "Value::from_str",
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

/// Whether `line` holds `name` where no identifier goes on into it from the left
/// (`JsValue::from_str` is not `Value::from_str`).
fn names(line: &str, name: &str) -> bool {
    line.match_indices(name).any(|(at, _)| {
        !line[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Where `source`, up to its module of tests, names one of serde_json's readers, outside
/// line comments: a `use serde_json::…` is read whole, over as many lines as it takes.
fn reader_calls(source: &str) -> Vec<(usize, String)> {
    let code = source
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    let mut found = Vec::new();
    let mut import: Option<(usize, String)> = None;
    for (n, line) in code.lines().enumerate() {
        let line = line.trim();
        let line = if line.starts_with("//") { "" } else { line };
        if let Some((_, text)) = &mut import {
            text.push_str(line);
        } else if line.contains("use serde_json") {
            import = Some((n + 1, line.to_string()));
        } else if READERS.iter().any(|r| names(line, r)) {
            found.push((n + 1, line.to_string()));
        }
        if let Some((start, text)) = import.take_if(|(_, t)| t.contains(';')) {
            let readers = [
                "from_str",
                "from_slice",
                "from_reader",
                "Deserializer",
                "de::",
                " as ",
            ];
            if readers.iter().any(|r| text.contains(r)) {
                found.push((start, text));
            }
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
                  use serde_json::{\n    Map,\n    de::from_str,\n};\n\
                  use serde_json::{Map, Value};\n\
                  use serde_json as sj;\n\
                  let v: Value = t.parse::<Value>()?;\n\
                  let j = JsValue::from_str(t);\n\
                  #[cfg(test)]\nuse std::fmt;\n\
                  let d = serde_json::de::Deserializer::from_str(t);\n\
                  #[cfg(test)]\nmod tests { fn b() { serde_json::from_str::<Value>(\"1\"); } }\n";
    let found = reader_calls(source);
    assert_eq!(
        found.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        [2, 5, 6, 11, 12, 16],
        "{found:?}"
    );
}
