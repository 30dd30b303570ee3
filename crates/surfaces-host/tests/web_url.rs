//! The host's `URL` and `String.normalize` against the corpus the `url` crate is held to
//! natively (`tests/fixtures/web-url.json`), in headless Chromium, like rust-url's `wpt.rs`.

#[path = "../../surfaces-core/tests/support/web_url_corpus.rs"]
mod web_url_corpus;

use wasm_bindgen_test::wasm_bindgen_test;
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

/// Inputs where Chromium's `URL` is known to differ from the corpus, each failing safe.
/// (Where Chromium is more lenient than the Standard, `web_url::parse` refuses what it lets
/// through, so those inputs pass; see the end of the corpus.)
const EXPECTED_FAILURES: &[&str] = &[
    // Chromium percent-encodes `*` in a host (`a%2Ab.example`), which the core then refuses
    // as a forbidden domain code point: refused in the browser, admitted natively.
    "https://a*b.example/",
];

#[wasm_bindgen_test]
fn the_host_parses_the_corpus_as_the_url_crate_does() {
    assert!(surfaces_core::web_url::install(&surfaces_host::HostUrl));
    let wrong = web_url_corpus::mismatches(EXPECTED_FAILURES);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // The shortcut `web_url::parse` takes for plain URLs reads each as the host does.
    let (read, wrong) = web_url_corpus::plain_disagreements();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(read > 1000, "only {read} generated URLs were plain");
    // A URL of a host the host's parser has just given back is read without it, as it
    // reads it.
    let (read, wrong) = web_url_corpus::idn_disagreements();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(read > 1000, "only {read} generated URLs had a Unicode form");
}
