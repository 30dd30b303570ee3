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
