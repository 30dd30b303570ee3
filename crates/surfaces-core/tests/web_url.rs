//! The `url` crate against the URL corpus (`tests/fixtures/web-url.json`), natively and in
//! wasm32 with the `url-crate` feature; surfaces-host holds the host's `URL` to the same one.

#[path = "support/web_url_corpus.rs"]
mod web_url_corpus;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;
#[cfg(target_arch = "wasm32")]
wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[test]
fn the_url_crate_parses_the_corpus_as_whatwg_does() {
    let wrong = web_url_corpus::mismatches(&[]);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The shortcut `web_url::parse` takes for plain URLs reads each as the `url` crate does.
#[test]
fn plain_urls_are_read_as_the_url_crate_reads_them() {
    let (read, wrong) = web_url_corpus::plain_disagreements();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(read > 1000, "only {read} generated URLs were plain");
}

/// A URL plain but for a host with `xn--` labels that the parser has just given back is
/// read without the parser (`web_url::parse_with_unicode`), as the parser reads it, with
/// the same Unicode form of its host.
#[test]
fn urls_of_a_host_read_before_are_read_as_the_parser_reads_them() {
    let (read, wrong) = web_url_corpus::idn_disagreements();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(read > 1000, "only {read} generated URLs had a Unicode form");
}

/// A URL's parts read back from its serialisation are the parser's: what a host parser that
/// gives only `href` (surfaces-host) relies on.
#[test]
fn a_urls_parts_are_read_back_from_its_href() {
    let (read, wrong) = web_url_corpus::href_disagreements();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(read > 1000, "only {read} URLs parsed");
}
