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

/// Types `json` into the card's text (an `input` event that is no paste), then waits for the
/// pause after which typed text is taken.
async fn type_card(root: &Element, json: &str) {
    let area: HtmlTextAreaElement = one(root, "[data-testid=card-text]").unchecked_into();
    area.set_value(json);
    area.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    leptos::task::tick().await;
    let panel = one(root, "[data-testid=result-panel]");
    until("the typed card to be taken", || {
        !panel.has_attribute("aria-busy")
    })
    .await;
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
        "aria-selected",
        "aria-controls",
        "aria-describedby",
        "aria-invalid",
        "tabindex",
        "data-label",
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
    reset_address();
    let root = container();
    let _h = mount_to(root.clone(), App);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    assert_eq!(all(&root, "[data-testid=chrome] nav a").len(), 4);
    assert_eq!(all(&root, "main [data-testid=entry]").len(), 1);
}

// ---- Helpers for the tests below. ----

use js_sys::Reflect;
use surfaces_console::demo_cards::DEMO_CARDS;
use surfaces_core::card::{check_card, CardOptions};
use wasm_bindgen::JsValue;

fn window() -> web_sys::Window {
    web_sys::window().unwrap()
}

async fn sleep(ms: i32) {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

/// Waits (bounded) for `cond`, letting browser tasks (events, file reads) and Leptos run.
async fn until(what: &str, cond: impl Fn() -> bool) {
    for _ in 0..200 {
        leptos::task::tick().await;
        if cond() {
            return;
        }
        sleep(10).await;
    }
    panic!("timed out waiting for {what}");
}

fn js_call(target: &JsValue, method: &str, args: &[JsValue]) -> JsValue {
    let f: js_sys::Function = Reflect::get(target, &method.into())
        .unwrap()
        .unchecked_into();
    f.apply(target, &args.iter().cloned().collect::<js_sys::Array>())
        .unwrap()
}

fn history() -> JsValue {
    Reflect::get(&window(), &"history".into()).unwrap()
}

/// The test page's address without a hash, replaced (no history entry, no `hashchange`).
fn reset_address() {
    let loc = window().location();
    let bare = format!("{}{}", loc.pathname().unwrap(), loc.search().unwrap());
    js_call(
        &history(),
        "replaceState",
        &[JsValue::NULL, "".into(), bare.into()],
    );
}

fn hash() -> String {
    window().location().hash().unwrap()
}

fn value_of(root: &Element, testid: &str) -> String {
    one(root, &format!("[data-testid={testid}]"))
        .unchecked_into::<HtmlInputElement>()
        .value()
}

fn set_fetched_from(root: &Element, url: &str) {
    let origin: HtmlInputElement = one(root, "[data-testid=fetched-from]").unchecked_into();
    origin.set_value(url);
    origin
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

/// Replaces the whole card text as select-all then paste does: the `beforeinput` sees the
/// whole text selected.
async fn replace_card(root: &Element, json: &str) {
    let area: HtmlTextAreaElement = one(root, "[data-testid=card-text]").unchecked_into();
    area.focus().unwrap();
    area.select();
    let init = web_sys::InputEventInit::new();
    init.set_input_type("insertFromPaste");
    area.dispatch_event(
        &web_sys::InputEvent::new_with_event_init_dict("beforeinput", &init).unwrap(),
    )
    .unwrap();
    area.set_value(json);
    area.dispatch_event(&web_sys::InputEvent::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
    leptos::task::tick().await;
}

fn badges(root: &Element) -> usize {
    all(
        root,
        "[data-testid=same-origin], [data-testid=cross-origin]",
    )
    .len()
}

fn note(root: &Element) -> String {
    one(root, "[data-testid=origin-note]")
        .text_content()
        .unwrap()
}

/// One entry on the card's own origin and one elsewhere, so badges show whenever same-origin
/// was computed against agent.larkfield.example.
const TWO_ORIGINS: &str = r#"{"name":"x","capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[
  {"url":"https://agent.larkfield.example/app","label":"App","audience":"public"},
  {"url":"https://elsewhere.example/","label":"Elsewhere","audience":"public"}]}}]}}"#;

// ---- Item 8: "Fetched from" belongs to the card it came with. ----

#[wasm_bindgen_test]
async fn another_card_clears_fetched_from_and_says_same_origin_was_not_computed() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let larkfield = &DEMO_CARDS[0];
    assert_eq!(value_of(&root, "fetched-from"), larkfield.fetched_from);
    assert!(
        note(&root).contains("computed against https://agent.larkfield.example"),
        "{}",
        note(&root)
    );

    // A pasted card replacing the example does not inherit the example's address.
    replace_card(&root, TWO_ORIGINS).await;
    assert_eq!(value_of(&root, "fetched-from"), "");
    assert_eq!(badges(&root), 0, "no badge without a fetched-from");
    assert!(note(&root).starts_with("Same-origin was not computed"));

    // Said for this card, badges show; an edit inside the card keeps it.
    set_fetched_from(
        &root,
        "https://agent.larkfield.example/.well-known/agent-card.json",
    );
    leptos::task::tick().await;
    assert_eq!(badges(&root), 2);
    type_card(&root, &TWO_ORIGINS.replace("\"x\"", "\"y\"")).await;
    assert_eq!(
        value_of(&root, "fetched-from"),
        "https://agent.larkfield.example/.well-known/agent-card.json"
    );
    assert_eq!(badges(&root), 2);

    // Another example brings its own address.
    choose_card(&root, "hostile").await;
    assert_eq!(value_of(&root, "fetched-from"), DEMO_CARDS[3].fetched_from);

    // A file opened in its place starts without one.
    let input: HtmlInputElement = one(&root, "[data-testid=card-file]").unchecked_into();
    let file =
        web_sys::File::new_with_str_sequence(&js_sys::Array::of1(&TWO_ORIGINS.into()), "card.json")
            .unwrap();
    let ctor = Reflect::get(&window(), &"DataTransfer".into()).unwrap();
    let ctor: js_sys::Function = ctor.unchecked_into();
    let dt = Reflect::construct(&ctor, &js_sys::Array::new()).unwrap();
    js_call(
        &Reflect::get(&dt, &"items".into()).unwrap(),
        "add",
        &[file.into()],
    );
    Reflect::set(
        &input,
        &"files".into(),
        &Reflect::get(&dt, &"files".into()).unwrap(),
    )
    .unwrap();
    input
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    until("the file to be read", || {
        all(&root, "[data-testid=entry-link]").len() == 2
    })
    .await;
    assert_eq!(value_of(&root, "fetched-from"), "");
    assert_eq!(badges(&root), 0);
    assert!(note(&root).starts_with("Same-origin was not computed"));
}

#[wasm_bindgen_test]
async fn an_unusable_fetched_from_is_said_in_plain_words_beside_the_field() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let field = one(&root, "[data-testid=fetched-from]");
    assert!(all(&root, "[data-testid=origin-error]").is_empty());
    assert_eq!(field.get_attribute("aria-invalid"), None);
    for (typed, says) in [
        ("not a url", "This is not a full web address."),
        ("agent.example/card.json", "This is not a full web address."),
        (
            "ftp://agent.example/card.json",
            "Only http:// and https:// addresses",
        ),
        ("https://agent.example:99999/", "The port"),
        ("https://[::1/", "The host looks like an IP address"),
        // Chromium's URL takes this label; the core refuses it (no IDNA form maps to it).
        ("https://xn--80ak6aa45d.com/", "The host has an xn-- part"),
    ] {
        set_fetched_from(&root, typed);
        leptos::task::tick().await;
        let error = one(&root, "[data-testid=origin-error]");
        let text = error.text_content().unwrap();
        assert!(text.starts_with(says), "{typed:?}: {text}");
        // Not the API's or the parser's words.
        for jargon in [
            "fetchedFrom",
            "relative URL",
            "base",
            "InvalidPort",
            "Error",
        ] {
            assert!(!text.contains(jargon), "{typed:?}: {text}");
        }
        // Beside the field: the field names it and is marked invalid.
        assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("true"));
        let described = field.get_attribute("aria-describedby").unwrap();
        assert!(
            described.split(' ').any(|id| id == error.id()),
            "{described}"
        );
        assert_eq!(badges(&root), 0, "{typed:?}");
        assert!(note(&root).contains("cannot be used"), "{}", note(&root));
    }
    set_fetched_from(&root, "https://agent.larkfield.example/");
    leptos::task::tick().await;
    assert!(all(&root, "[data-testid=origin-error]").is_empty());
    assert_eq!(field.get_attribute("aria-invalid"), None);
}

// ---- Item 9: views, counts and findings a person can see. ----

#[wasm_bindgen_test]
async fn view_tabs_carry_counts_and_switch_by_click_and_keyboard() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let tabs = all(&root, "[role=tablist] [role=tab]");
    let names: Vec<String> = tabs.iter().map(|t| t.text_content().unwrap()).collect();
    assert_eq!(
        names,
        ["Directory (1)", "Engagement (2)", "Operator (1)", "All (3)"]
    );
    // The tabs come before the entries they choose.
    let list = one(&root, "[role=tablist]");
    let panel = one(&root, "[role=tabpanel]");
    assert_eq!(
        list.compare_document_position(&panel) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING,
        web_sys::Node::DOCUMENT_POSITION_FOLLOWING
    );
    let selected = |root: &Element| -> Vec<String> {
        all(root, "[role=tab][aria-selected=true]")
            .iter()
            .map(|t| t.get_attribute("data-testid").unwrap())
            .collect()
    };
    assert_eq!(selected(&root), ["view-directory"]);
    assert_eq!(
        panel.get_attribute("aria-labelledby").as_deref(),
        Some("view-tab-directory")
    );

    choose_view(&root, "operator").await;
    assert_eq!(selected(&root), ["view-operator"]);
    assert_eq!(
        texts(&root, "[data-testid=entry-link]"),
        ["Operations dashboard"]
    );

    // Arrow keys move along the tabs and take focus with them.
    let tab: web_sys::HtmlElement = one(&root, "[data-testid=view-operator]").unchecked_into();
    tab.focus().unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("ArrowRight");
    init.set_bubbles(true);
    tab.dispatch_event(
        &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
    )
    .unwrap();
    leptos::task::tick().await;
    assert_eq!(selected(&root), ["view-all"]);
    let active = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
        .unwrap();
    assert_eq!(
        active.get_attribute("data-testid").as_deref(),
        Some("view-all")
    );
    assert_eq!(all(&root, "[data-testid=entry]").len(), 3);

    // Counts follow the card.
    replace_card(&root, TWO_ORIGINS).await;
    let names: Vec<String> = all(&root, "[role=tab]")
        .iter()
        .map(|t| t.text_content().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Directory (2)", "Engagement (2)", "Operator (0)", "All (2)"]
    );
}

#[wasm_bindgen_test]
fn summaries_use_the_plural_the_number_asks_for() {
    use surfaces_console::findings::{plural, summary};
    use surfaces_core::{Code, Finding};
    assert_eq!(plural(1, "web surface", "web surfaces"), "1 web surface");
    assert_eq!(plural(2, "web surface", "web surfaces"), "2 web surfaces");
    assert_eq!(plural(0, "web surface", "web surfaces"), "0 web surfaces");
    let one_each = vec![
        Finding::new(Code::CardNotJson, "", ""),
        Finding::new(Code::CapabilitiesNotObject, "", ""),
        Finding::new(Code::CardBom, "", ""),
    ];
    assert_eq!(summary(&[]), "0 errors, 0 warnings, 0 infos");
    assert_eq!(summary(&one_each), "1 error, 1 warning, 1 info");
    let twice: Vec<Finding> = one_each.iter().chain(one_each.iter()).cloned().collect();
    assert_eq!(summary(&twice), "2 errors, 2 warnings, 2 infos");
}

#[wasm_bindgen_test]
async fn the_screen_counts_surfaces_and_findings_in_words() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let status = || one(&root, "[data-testid=status]").text_content().unwrap();
    let summary = || {
        one(&root, "[data-testid=finding-summary]")
            .text_content()
            .unwrap()
    };
    assert_eq!(status(), "This card lists 3 web surfaces (3 linkable).");
    assert_eq!(summary(), "0 errors, 0 warnings, 0 infos");
    let one_entry = r#"{"name":"x","capabilities":{"extensions":[{"uri":"https://dev.agentmesh.ai/extensions/ui-links/v1","params":{"uis":[
      {"url":"https://a.example/","label":"A","audience":"client"}]}}]}}"#;
    replace_card(&root, one_entry).await;
    assert_eq!(status(), "This card lists 1 web surface (1 linkable).");
    assert_eq!(
        texts(&root, "[data-testid=hidden-note]")[0],
        "1 more linkable entry in this card is not meant for this view. Audience is a label, not access control: switch the view to see them."
    );
    // The hostile card: the line counts what the table lists, by severity.
    choose_card(&root, "hostile").await;
    let rows = all(&root, "[data-testid=finding]");
    let count = |sev: &str| {
        rows.iter()
            .filter(|r| r.get_attribute("data-severity").as_deref() == Some(sev))
            .count()
    };
    let word = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    assert_eq!(
        summary(),
        format!(
            "{}, {}, {}",
            word(count("error"), "error", "errors"),
            word(count("warning"), "warning", "warnings"),
            word(count("info"), "info", "infos")
        )
    );
    assert!(count("error") > 1 && count("warning") > 1, "{}", summary());
}

/// The findings table of the hostile card, copied into a frame `width` pixels wide that
/// holds the console's stylesheet, so media queries see that width.
fn framed_findings(root: &Element, width: u32) -> (web_sys::HtmlIFrameElement, web_sys::Window) {
    let doc = window().document().unwrap();
    let frame: web_sys::HtmlIFrameElement = doc.create_element("iframe").unwrap().unchecked_into();
    frame.set_width(&width.to_string());
    frame.set_height("400");
    doc.body().unwrap().append_child(&frame).unwrap();
    let inner = frame.content_document().unwrap();
    let style = inner.create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../style.css")));
    inner.head().unwrap().append_child(&style).unwrap();
    let table = inner
        .import_node_with_deep(&one(root, "[data-testid=findings]"), true)
        .unwrap();
    inner.body().unwrap().append_child(&table).unwrap();
    let win = frame.content_window().unwrap();
    (frame, win)
}

#[wasm_bindgen_test]
async fn finding_codes_never_break_and_rows_stack_on_narrow_screens() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    choose_card(&root, "hostile").await;
    for (width, stacked) in [(360, true), (600, true), (900, false)] {
        let (frame, win) = framed_findings(&root, width);
        let doc = frame.content_document().unwrap();
        let cells = all(&doc.document_element().unwrap(), "tbody td");
        assert!(cells.len() > 8);
        for td in &cells {
            let display = win
                .get_computed_style(td)
                .unwrap()
                .unwrap()
                .get_property_value("display")
                .unwrap();
            assert_eq!(
                display,
                if stacked { "block" } else { "table-cell" },
                "at {width}px"
            );
            assert!(td.has_attribute("data-label"));
        }
        for code in all(&doc.document_element().unwrap(), "code.code") {
            let style = win.get_computed_style(&code).unwrap().unwrap();
            assert_eq!(
                style.get_property_value("white-space").unwrap(),
                "nowrap",
                "at {width}px"
            );
            // One line box: the code was not broken anywhere.
            let rects = js_call(&code, "getClientRects", &[]);
            assert_eq!(
                Reflect::get(&rects, &"length".into()).unwrap().as_f64(),
                Some(1.0),
                "{:?} at {width}px",
                code.text_content()
            );
        }
        frame.remove();
    }
}

/// Clicks `button` with `<a>`'s `click` replaced, so a download is recorded in `seen`
/// ([href, download, connected]) instead of performed; the browser's own `click` is back
/// before anything can fail (a later test clicks links).
async fn click_download(button: &web_sys::HtmlElement, seen: &js_sys::Array) {
    Reflect::set(&window(), &"__downloads".into(), seen).unwrap();
    let f = js_sys::Function::new_no_args(
        "window.__downloads.push([this.getAttribute('href'), this.getAttribute('download'), this.isConnected])",
    );
    let ctor = Reflect::get(&window(), &"HTMLAnchorElement".into()).unwrap();
    let proto: js_sys::Object = Reflect::get(&ctor, &"prototype".into())
        .unwrap()
        .unchecked_into();
    Reflect::set(&proto, &"click".into(), &f).unwrap();
    button.click();
    Reflect::delete_property(&proto, &"click".into()).unwrap();
    leptos::task::tick().await;
}

async fn downloaded_json(seen: &js_sys::Array, i: u32) -> (String, serde_json::Value) {
    let entry: js_sys::Array = seen.get(i).unchecked_into();
    let href = entry.get(0).as_string().unwrap();
    assert!(href.starts_with("blob:"), "{href}");
    assert_eq!(
        entry.get(2),
        JsValue::FALSE,
        "the link is never in the document"
    );
    let res: web_sys::Response =
        wasm_bindgen_futures::JsFuture::from(window().fetch_with_str(&href))
            .await
            .unwrap()
            .unchecked_into();
    assert_eq!(
        res.headers().get("content-type").unwrap().as_deref(),
        Some("application/json")
    );
    let text = wasm_bindgen_futures::JsFuture::from(res.text().unwrap())
        .await
        .unwrap()
        .as_string()
        .unwrap();
    (
        entry.get(1).as_string().unwrap(),
        serde_json::from_str(&text).unwrap(),
    )
}

#[wasm_bindgen_test]
async fn the_report_downloads_as_the_core_serialises_it_for_the_cli() {
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let seen = js_sys::Array::new();
    let button: web_sys::HtmlElement = one(&root, "[data-testid=download-report]").unchecked_into();
    assert_eq!(button.text_content().unwrap(), "Download report (JSON)");
    click_download(&button, &seen).await;
    // With the example's address, as `surfaces card larkfield.json --origin URL --json`.
    let larkfield = &DEMO_CARDS[0];
    let with_origin = CardOptions {
        fetched_from: Some(larkfield.fetched_from.into()),
        ..Default::default()
    };
    assert_eq!(seen.length(), 1);
    let (name, json) = downloaded_json(&seen, 0).await;
    assert_eq!(name, "card-report.json");
    assert_eq!(
        json,
        check_card(larkfield.json, &with_origin).unwrap().to_json()
    );
    assert_eq!(
        json["entries"][0]["sameOrigin"],
        serde_json::Value::Bool(true)
    );

    // The download is of the card on screen now: the hostile one, without an address.
    choose_card(&root, "hostile").await;
    set_fetched_from(&root, "");
    leptos::task::tick().await;
    click_download(&button, &seen).await;
    assert_eq!(seen.length(), 2);
    let (_, json) = downloaded_json(&seen, 1).await;
    let hostile = &DEMO_CARDS[3];
    assert_eq!(
        json,
        check_card(hostile.json, &CardOptions::default())
            .unwrap()
            .to_json()
    );
    assert!(all(&root, "[data-testid=download-error]").is_empty());
}

// ---- Item 11: the address is the screen. ----

#[wasm_bindgen_test]
async fn back_forward_and_hash_edits_switch_screens() {
    reset_address();
    let root = container();
    let _h = mount_to(root.clone(), App);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let current = |root: &Element| -> Vec<String> {
        all(root, "[data-testid=chrome] nav a[aria-current=page]")
            .iter()
            .map(|a| a.get_attribute("data-testid").unwrap())
            .collect()
    };
    let on_ui_links = |root: &Element| all(root, "main [data-testid=status]").len() == 1;
    let on_about = |root: &Element| all(root, "main [data-testid=about]").len() == 1;
    assert!(on_ui_links(&root));
    let start = Reflect::get(&history(), &"length".into())
        .unwrap()
        .as_f64()
        .unwrap();

    // Choosing a screen is a history entry with its own address.
    one(&root, "[data-testid=nav-about]")
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
    until("About", || on_about(&root)).await;
    assert_eq!(hash(), "#about");
    let after = Reflect::get(&history(), &"length".into())
        .unwrap()
        .as_f64()
        .unwrap();
    assert_eq!(after, start + 1.0);
    assert_eq!(current(&root), ["nav-about"]);

    js_call(&history(), "back", &[]);
    until("back to UI links", || on_ui_links(&root)).await;
    assert_eq!(current(&root), ["nav-ui-links"]);

    js_call(&history(), "forward", &[]);
    until("forward to About", || on_about(&root)).await;
    assert_eq!(current(&root), ["nav-about"]);

    // An address edited by hand.
    window().location().set_hash("#a2ui").unwrap();
    until("A2UI", || {
        all(&root, "main [data-testid=stream-select]").len() == 1
    })
    .await;
    assert_eq!(current(&root), ["nav-a2ui"]);
    window().location().set_hash("#ui-links").unwrap();
    until("UI links", || on_ui_links(&root)).await;
    window().location().set_hash("#no-such-screen").unwrap();
    until("the first screen", || {
        on_ui_links(&root) && current(&root) == ["nav-ui-links"]
    })
    .await;
    window().location().set_hash("#agent").unwrap();
    until("Agent", || current(&root) == ["nav-agent"]).await;
    reset_address();
}

// ---- Issue 15, item 13: one apply model on both screens. ----

fn input_event(kind: Option<&str>) -> web_sys::Event {
    match kind {
        Some(k) => {
            let init = web_sys::InputEventInit::new();
            init.set_input_type(k);
            web_sys::InputEvent::new_with_event_init_dict("input", &init)
                .unwrap()
                .into()
        }
        None => web_sys::Event::new("input").unwrap(),
    }
}

/// Sets a textarea's text and sends the `input` event a browser sends for `kind` (typing
/// when `None` or "insertText", a paste for "insertFromPaste").
async fn edit_text(root: &Element, testid: &str, text: &str, kind: Option<&str>) {
    let area: HtmlTextAreaElement = one(root, &format!("[data-testid={testid}]")).unchecked_into();
    area.set_value(text);
    area.dispatch_event(&input_event(kind)).unwrap();
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn both_screens_take_typed_text_after_a_pause_and_pasted_text_at_once() {
    use surfaces_console::a2ui_screen::A2uiScreen;
    // UI links: the result follows the text without any button.
    let root = container();
    let _h = mount_to(root.clone(), UiLinksScreen);
    leptos::task::tick().await;
    let root: Element = root.unchecked_into();
    let status = || one(&root, "[data-testid=status]").get_attribute("data-ui-links");
    let busy = |root: &Element| one(root, "[data-testid=result-panel]").get_attribute("aria-busy");
    assert_eq!(status().as_deref(), Some("present"));
    edit_text(
        &root,
        "card-text",
        r#"{"name":"quiet"}"#,
        Some("insertText"),
    )
    .await;
    assert_eq!(busy(&root).as_deref(), Some("true"), "typed text waits");
    sleep(100).await;
    assert_eq!(status().as_deref(), Some("present"), "not taken mid-typing");
    until("typed text to be taken after the pause", || {
        busy(&root).is_none()
    })
    .await;
    assert_eq!(status().as_deref(), Some("absent"));
    edit_text(
        &root,
        "card-text",
        DEMO_CARDS[0].json,
        Some("insertFromPaste"),
    )
    .await;
    assert_eq!(busy(&root), None);
    assert_eq!(
        status().as_deref(),
        Some("present"),
        "a paste is taken at once"
    );

    // A2UI: the same, and what is taken is applied whole.
    let a2ui = container();
    let _a = mount_to(a2ui.clone(), A2uiScreen);
    leptos::task::tick().await;
    let a2ui: Element = a2ui.unchecked_into();
    let position = || one(&a2ui, "[data-testid=position]").text_content().unwrap();
    let before = position();
    let one_envelope = r#"{"version":"v0.9","createSurface":{"surfaceId":"typed","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#;
    edit_text(&a2ui, "stream-text", one_envelope, None).await;
    assert_eq!(busy(&a2ui).as_deref(), Some("true"));
    assert_eq!(position(), before, "not applied mid-typing");
    until("typed stream to be applied after the pause", || {
        busy(&a2ui).is_none()
    })
    .await;
    assert_eq!(position(), "1 of 1 envelopes read: 1 applied, 0 refused.");
    let login = surfaces_console::demo_streams::DEMO_STREAMS
        .iter()
        .find(|d| d.id == "09_login-form")
        .unwrap();
    edit_text(
        &a2ui,
        "stream-text",
        login.embedded.unwrap(),
        Some("insertFromPaste"),
    )
    .await;
    assert_eq!(busy(&a2ui), None);
    assert_eq!(position(), "3 of 3 envelopes read: 3 applied, 0 refused.");
    // An example chosen while typed text waits wins, and the typed text is dropped.
    edit_text(&a2ui, "stream-text", one_envelope, None).await;
    dom::choose_option(&a2ui, "stream-select", "09_login-form");
    leptos::task::tick().await;
    assert_eq!(busy(&a2ui), None);
    sleep(600).await;
    assert_eq!(position(), "3 of 3 envelopes read: 3 applied, 0 refused.");
}
