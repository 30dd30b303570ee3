//! The finding codes' published tables are generated from `Code` and must not drift:
//! `docs/codes.md` and the npm package's `FindingCode` union. `UPDATE_CODES=1` rewrites
//! both. Every code is also produced somewhere: a code nobody emits is a stale promise.
#![cfg(not(target_arch = "wasm32"))]

use std::path::PathBuf;

use surfaces_core::{codes, Code, RETIRED};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check_generated(rel: &str, want: String) {
    let path = root().join(rel);
    if std::env::var_os("UPDATE_CODES").is_some() {
        std::fs::write(&path, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{rel} is not what `Code` generates; run `UPDATE_CODES=1 cargo test -p surfaces-core --test codes` and commit it"
    );
}

#[test]
fn docs_codes_md_is_generated_from_code() {
    check_generated("docs/codes.md", codes::markdown_table());
}

#[test]
fn the_typescript_union_is_generated_from_code() {
    check_generated(
        "crates/surfaces-wasm/generated/finding-codes.d.ts",
        codes::typescript_union(),
    );
}

/// Every `Code` variant is named in the sources outside the registry: nothing is listed
/// that nothing produces.
#[test]
fn every_code_is_produced_somewhere() {
    let mut sources = String::new();
    let mut stack = vec![
        root().join("crates/surfaces-core/src"),
        root().join("crates/surfaces-a2a/src"),
        root().join("crates/surfaces-wasm/src"),
        root().join("crates/surfaces-cli/src"),
    ];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") && !p.ends_with("code.rs") {
                sources += &std::fs::read_to_string(&p).unwrap();
            }
        }
    }
    let unused: Vec<_> = Code::ALL
        .iter()
        .filter(|c| !sources.contains(&format!("Code::{c:?}")))
        .collect();
    assert!(unused.is_empty(), "codes nothing produces: {unused:?}");
}

#[test]
fn a_retired_code_is_not_parsed_as_a_live_one() {
    for (code, _) in RETIRED {
        assert_eq!(Code::parse(code), None, "{code}");
    }
}

/// The README's table of situations names codes by hand (`label-*` stands for a family):
/// each must be a live code, or a prefix of some.
#[test]
fn codes_the_readme_names_exist() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let table = readme
        .split("## What the checker enforces")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("README has its table of what the checker enforces");
    let mut named = 0;
    for row in table.lines().filter(|l| l.starts_with("| ")) {
        let finding = row.split('|').nth(2).unwrap_or("");
        for token in finding.split('`').skip(1).step_by(2) {
            named += 1;
            let ok = match token.strip_suffix('*') {
                Some(prefix) => Code::ALL.iter().any(|c| c.as_str().starts_with(prefix)),
                None => Code::parse(token).is_some(),
            };
            assert!(ok, "README names `{token}`, which is not a finding code");
        }
    }
    assert!(
        named > 20,
        "the table was not found or names no codes ({named})"
    );
}
