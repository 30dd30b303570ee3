//! Component tests of the console in a real browser (`wasm-pack test --headless --chrome`):
//! mount with `mount_to`, drive the DOM, `tick().await`, read the DOM back.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use surfaces_console::ui_links::UiLinksScreen;
use surfaces_console::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

#[path = "support/dom.rs"]
mod dom;

use dom::{all, container, one, texts};

wasm_bindgen_test_configure!(run_in_browser);

async fn choose_card(root: &Element, id: &str) {
    dom::choose_option(root, "card-select", id);
    leptos::task::tick().await;
}

async fn choose_view(root: &Element, view: &str) {
    let radio: HtmlInputElement = one(root, &format!("[data-testid=view-{view}]")).unchecked_into();
    radio.click();
    leptos::task::tick().await;
}

async fn type_card(root: &Element, json: &str) {
    let area: HtmlTextAreaElement = one(root, "[data-testid=card-text]").unchecked_into();
    area.set_value(json);
    area.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn larkfield_directory_then_engagement_then_operator() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    // The Larkfield card is the first demo; the directory view is the default (§11).
    assert_eq!(
        texts(&root, "[data-testid=entry-link]"),
        vec!["Service status"]
    );
    assert_eq!(
        all(&root, "[data-testid=cross-origin]").len(),
        1,
        "status page is cross-origin"
    );
    assert_eq!(
        texts(&root, "[data-testid=entry-host]"),
        vec!["status.larkfield.example"]
    );
    assert!(one(&root, "[data-testid=hidden-note]")
        .text_content()
        .unwrap()
        .starts_with("2 more linkable entries"));

    choose_view(&root, "engagement").await;
    assert_eq!(
        texts(&root, "[data-testid=entry-link]"),
        vec!["Payroll reports", "Service status"]
    );
    assert_eq!(all(&root, "[data-testid=same-origin]").len(), 1);

    choose_view(&root, "operator").await;
    assert_eq!(
        texts(&root, "[data-testid=entry-link]"),
        vec!["Operations dashboard"]
    );
    choose_view(&root, "all").await;
    assert_eq!(all(&root, "[data-testid=entry]").len(), 3);
    assert_eq!(
        texts(&root, "[data-testid=no-findings]"),
        vec!["No findings."]
    );
}

#[wasm_bindgen_test]
async fn links_are_plain_links_a_person_may_follow() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    choose_view(&root, "all").await;
    for a in all(&root, "a") {
        assert_eq!(
            a.get_attribute("rel").as_deref(),
            Some("noopener noreferrer")
        );
        assert_eq!(
            a.get_attribute("referrerpolicy").as_deref(),
            Some("no-referrer")
        );
        assert!(a.get_attribute("href").unwrap().starts_with("https://"));
        // Only the attributes we chose.
        let names: Vec<String> = a
            .get_attribute_names()
            .iter()
            .map(|n| n.as_string().unwrap())
            .collect();
        assert_eq!(
            names,
            ["data-testid", "href", "target", "rel", "referrerpolicy"]
        );
    }
    assert!(all(&root, "iframe, embed, object, frame, img, link, script").is_empty());
}

#[wasm_bindgen_test]
async fn hostile_card_renders_as_text_only() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    choose_card(&root, "hostile").await;
    choose_view(&root, "all").await;
    // No element a card could have smuggled in.
    assert!(all(&root, "img, script, svg, b, iframe, object, embed").is_empty());
    // Every attribute in the rendered tree is one the console chose.
    let allowed = [
        "id",
        "class",
        "for",
        "href",
        "target",
        "rel",
        "referrerpolicy",
        "title",
        "dir",
        "role",
        "type",
        "name",
        "value",
        "rows",
        "spellcheck",
        "accept",
        "placeholder",
        "aria-labelledby",
        "aria-live",
        "aria-label",
        "aria-current",
        "data-testid",
        "data-index",
        "data-severity",
        "data-code",
        "data-ui-links",
        "scope",
        "open",
    ];
    for el in all(&root, "*") {
        for name in el
            .get_attribute_names()
            .iter()
            .map(|n| n.as_string().unwrap())
        {
            assert!(
                allowed.contains(&name.as_str()),
                "unexpected attribute {name} on <{}>",
                el.tag_name()
            );
        }
    }
    let labels = texts(&root, "[data-testid=entry-link]");
    assert!(
        labels.iter().any(|l| l.starts_with("<script>fetch(")),
        "{labels:?}"
    );
    for a in all(&root, "a") {
        let href = a.get_attribute("href").unwrap();
        assert!(href.starts_with("https://"), "{href}");
    }
    // javascript:, data:, relative and whitespace URLs are listed as text, not links.
    let unlinkable = texts(&root, "[data-testid=unlinkable-entry]");
    assert!(
        unlinkable
            .iter()
            .any(|t| t.contains("javascript:alert(document.domain)")),
        "{unlinkable:?}"
    );
    assert!(
        unlinkable.iter().any(|t| t.contains("data:text/html")),
        "{unlinkable:?}"
    );
    let codes: Vec<String> = all(&root, "[data-testid=finding]")
        .iter()
        .map(|f| f.get_attribute("data-code").unwrap())
        .collect();
    for code in [
        "url-not-https",
        "url-has-credentials",
        "host-mixed-scripts",
        "text-bidi-control",
        "trust-claim-ignored",
        "required-true",
    ] {
        assert!(
            codes.iter().any(|c| c == code),
            "missing {code} in {codes:?}"
        );
    }
    // Warnings are shown beside the entry they are about.
    let warnings = texts(&root, "[data-testid=entry-warnings]").join(" ");
    assert!(warnings.contains("U+202E"), "{warnings}");
    assert!(
        warnings.contains("the real host is evil.example"),
        "{warnings}"
    );
    // The look-alike host is shown in punycode.
    assert!(texts(&root, "[data-testid=entry-host]")
        .iter()
        .any(|h| h == "xn--pypal-4ve.com"));
}

#[wasm_bindgen_test]
async fn pasted_card_and_origin_errors() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    type_card(&root, "{ not json").await;
    assert_eq!(
        one(&root, "[data-testid=status]")
            .get_attribute("data-ui-links")
            .as_deref(),
        Some("invalid")
    );
    assert_eq!(
        all(&root, "[data-testid=finding][data-code=card-not-json]").len(),
        1
    );
    let select: HtmlSelectElement = one(&root, "[data-testid=card-select]").unchecked_into();
    assert_eq!(select.value(), "custom");

    type_card(&root, r#"{"name":"quiet"}"#).await;
    assert_eq!(
        one(&root, "[data-testid=status]")
            .get_attribute("data-ui-links")
            .as_deref(),
        Some("absent")
    );
    assert!(one(&root, "[data-testid=status]")
        .text_content()
        .unwrap()
        .contains("says nothing about the agent"));

    let origin: HtmlInputElement = one(&root, "[data-testid=fetched-from]").unchecked_into();
    origin.set_value("not a url");
    origin
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    leptos::task::tick().await;
    assert_eq!(all(&root, "[data-testid=origin-error]").len(), 1);
}

#[wasm_bindgen_test]
async fn the_whole_console_keeps_its_chrome_outside() {
    let root = container();
    let _h = mount_to(root.clone(), App);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    assert_eq!(all(&root, "[data-testid=chrome] nav a").len(), 4);
    assert_eq!(all(&root, "main [data-testid=entry]").len(), 1);
}
