//! The pin of the reference data holds, and fails naming the file when one byte changes.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/spec.rs"]
mod spec;

#[test]
fn the_reference_data_is_what_the_pin_says() {
    let dir = spec::spec_dir();
    assert!(spec::check_pin(&dir, &spec::lock_text()).is_ok());
    assert!(
        spec::lock_text().lines().count() > 100,
        "every file is pinned"
    );
}

#[test]
fn one_changed_byte_or_a_missing_file_is_named() {
    let dir = spec::spec_dir();
    let copy = std::env::temp_dir().join(format!("spec-pin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    let schema = "a2ui/v0_9/json/common_types.json";
    let example = "a2ui/v0_9/catalogs/basic/examples/09_login-form.json";
    // Only the lines for two files: a copy of the whole set is not needed to show it.
    let lock: String = spec::lock_text()
        .lines()
        .filter(|l| l.starts_with(schema) || l.starts_with(example))
        .map(|l| format!("{l}\n"))
        .collect();
    for f in [schema, example] {
        let to = copy.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(dir.join(f), &to).unwrap();
    }
    assert_eq!(spec::check_pin(&copy, &lock), Ok(()));
    let mut bytes = std::fs::read(copy.join(schema)).unwrap();
    bytes[10] ^= 1;
    std::fs::write(copy.join(schema), bytes).unwrap();
    std::fs::remove_file(copy.join(example)).unwrap();
    let err = spec::check_pin(&copy, &lock).unwrap_err();
    assert!(
        err.contains(&format!("altered: {schema} (google/A2UI")),
        "{err}"
    );
    assert!(err.contains(&format!("missing: {example}")), "{err}");
    let _ = std::fs::remove_dir_all(&copy);
}

/// The contract record is true: the files it names are the files the tests read, byte for
/// byte, and its revision is the one this build came from.
#[test]
fn the_contract_record_names_the_files_the_tests_read_and_this_build() {
    use sha2::{Digest, Sha256};
    let dir = spec::spec_dir();
    let record = surfaces_core::contract::record();
    assert_eq!(
        record.schema_bundle.len(),
        surfaces_core::contract::SCHEMA_FILES.len()
    );
    for f in &record.schema_bundle {
        let bytes = std::fs::read(dir.join(&f.path)).unwrap();
        let got: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(got, f.sha256, "{}", f.path);
    }
    let head = std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(head) = head {
        let rev = surfaces_core::contract::GIT_REV;
        assert_eq!(rev.len(), 7, "{rev}");
        assert!(head.starts_with(rev), "built from {rev}, HEAD is {head}");
        assert!(
            record.renderer.ends_with(&format!("+{rev}")),
            "{}",
            record.renderer
        );
    }
}
