//! DOM helpers shared by the browser tests (the console's and the npm binding's).
#![allow(dead_code)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A fresh container in the body, so tests do not see each other's DOM.
pub fn container() -> HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div: HtmlElement = doc.create_element("div").unwrap().unchecked_into();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().unchecked_into())
        .collect()
}

pub fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
}

pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    all(root, selector)
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect()
}

/// Chooses `value` in the `<select>` with test id `testid`, as a person would (a `change`
/// event follows); the caller waits for the app to react.
pub fn choose_option(root: &Element, testid: &str, value: &str) {
    let select: web_sys::HtmlSelectElement =
        one(root, &format!("[data-testid={testid}]")).unchecked_into();
    select.set_value(value);
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
}
