//! The "About this console" screen in a real browser (`wasm-pack test --headless --chrome`):
//! it shows the contract record the CLI and the npm package give, as text.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use surfaces_console::about::AboutScreen;
use surfaces_console::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

#[path = "support/dom.rs"]
mod dom;

use dom::{all, container, one, texts};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn the_json_is_the_record_and_the_facts_agree() {
    let root = container();
    let _h = mount_to(root.clone(), AboutScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let record = surfaces_core::contract::record();

    let pre = one(&root, "[data-testid=about-json]");
    assert_eq!(pre.child_nodes().length(), 1, "one text node");
    assert_eq!(
        pre.first_child().unwrap().node_type(),
        web_sys::Node::TEXT_NODE
    );
    let shown: serde_json::Value =
        serde_json::from_str(&pre.text_content().unwrap()).expect("the <pre> holds JSON");
    assert_eq!(shown, serde_json::to_value(&record).unwrap());

    assert_eq!(
        texts(&root, "[data-testid=about-accepted] li"),
        record.ui_contract.accepted
    );
    assert_eq!(
        texts(&root, "[data-testid=about-refused] li"),
        record.ui_contract.refused
    );
    let titles: Vec<String> = all(&root, "[data-testid=about-sha256]")
        .iter()
        .map(|c| c.get_attribute("title").unwrap_or_default())
        .collect();
    let hashes: Vec<String> = record
        .schema_bundle
        .iter()
        .map(|f| f.sha256.clone())
        .collect();
    assert_eq!(titles, hashes, "each full sha256 is the cell's title");
    assert!(texts(&root, "[data-testid=about-sha256]")
        .iter()
        .all(|t| t.chars().count() == 13 && t.ends_with('…')));
    assert!(one(&root, "[data-testid=about-renderer]")
        .text_content()
        .unwrap()
        .contains(surfaces_core::contract::GIT_REV));
}

#[wasm_bindgen_test]
async fn the_header_link_opens_it() {
    let root = container();
    let _h = mount_to(root.clone(), App);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    assert!(all(&root, "[data-testid=about]").is_empty());
    let link: HtmlElement = one(&root, "[data-testid=nav-about]").unchecked_into();
    link.click();
    leptos::task::tick().await;
    assert_eq!(all(&root, "main [data-testid=about]").len(), 1);
    assert_eq!(link.get_attribute("aria-current").as_deref(), Some("page"));
}
