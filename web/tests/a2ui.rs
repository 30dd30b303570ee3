//! The A2UI screen in a real browser: every official example renders with no placeholder,
//! hostile streams add nothing of their own, and input edits the overlay that the action
//! message then carries, in the field the person is typing into. (The renderer's own DOM
//! suite is `crates/surfaces-wasm/tests/mount.rs`.)
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use surfaces_console::a2ui_screen::{accent, envelopes_of, A2uiScreen};
use surfaces_console::demo_streams::{HandedStreams, DEMO_STREAMS};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement};

#[path = "support/dom.rs"]
mod dom;
#[path = "support/streams.rs"]
mod streams;

use dom::{all, container, one};

wasm_bindgen_test_configure!(run_in_browser);

async fn choose(root: &Element, id: &str) {
    dom::choose_option(root, "stream-select", id);
    leptos::task::tick().await;
}

async fn mounted() -> Element {
    let root = container();
    let handle = mount_to(root.clone(), || {
        provide_context(HandedStreams(streams::official));
        view! { <A2uiScreen /> }
    });
    std::mem::forget(handle);
    leptos::task::tick().await;
    root.unchecked_into()
}

#[wasm_bindgen_test]
async fn every_official_example_renders_without_placeholders() {
    let root = mounted().await;
    for d in DEMO_STREAMS.iter().filter(|d| d.id != "hostile") {
        choose(&root, d.id).await;
        assert!(
            all(&root, "[data-testid=a2ui-ignored]").is_empty(),
            "{}: something was ignored",
            d.id
        );
        assert!(
            all(&root, "[data-testid=a2ui-placeholder]").is_empty(),
            "{}: placeholder",
            d.id
        );
        assert!(
            all(&root, "[data-testid=a2ui-waiting]").is_empty(),
            "{}: waiting for root",
            d.id
        );
        assert!(
            !all(&root, "[data-testid=a2ui-surface] *").is_empty(),
            "{}: nothing rendered",
            d.id
        );
        assert!(
            all(
                &root,
                "[data-testid=a2ui-surface] :is(img, video, audio, iframe, script, object, embed)"
            )
            .is_empty(),
            "{}",
            d.id
        );
        // Every form control has a label.
        for input in all(
            &root,
            "[data-testid=a2ui-surface] :is(input, textarea, select)",
        ) {
            let id = input.id();
            let labelled = !all(&root, &format!("label[for=\"{id}\"]")).is_empty();
            assert!(labelled, "{}: unlabelled <{}>", d.id, input.tag_name());
        }
    }
}

#[wasm_bindgen_test]
async fn hostile_stream_is_text_and_counted() {
    let root = mounted().await;
    choose(&root, "hostile").await;
    let ignored = one(&root, "[data-testid=a2ui-ignored]")
        .text_content()
        .unwrap();
    assert_eq!(ignored, "15 invalid interface updates ignored.");
    let surface = one(&root, "[data-testid=a2ui-surface]");
    // The only SVG is ours: each media box's picture of its kind, from the built-in sprite.
    assert!(all(
        &surface,
        "img, script, svg:not(.a2ui-media-glyph), iframe, object, embed, b, a[href^=javascript]"
    )
    .is_empty());
    for glyph in all(&surface, "svg.a2ui-media-glyph path") {
        assert_eq!(
            glyph.get_attribute("d").as_deref(),
            surfaces_render::icons::path("photo")
        );
    }
    let text = surface.text_content().unwrap();
    assert!(
        text.contains("<img src=x onerror=alert(1)>Security check"),
        "{text}"
    );
    assert!(text.contains("<script>alert(2)</script>"), "{text}");
    // The agent's display name from its theme is never used to say who it is.
    let label = one(&root, ".agent-area-label").text_content().unwrap();
    assert!(!label.contains("Your Bank"), "{label}");
    // Media is not loaded: the URL is text and a link only a click follows.
    assert!(text.contains("https://evil.example/tracker.png"));
}

async fn type_into(input: &HtmlInputElement, text: &str) {
    input.set_value(text);
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn typing_edits_the_overlay_checks_follow_and_the_action_carries_it() {
    let root = mounted().await;
    choose(&root, "09_login-form").await;
    let sign_in =
        || -> HtmlButtonElement { one(&root, "[data-component=login-btn]").unchecked_into() };
    assert!(
        sign_in().disabled(),
        "the official checks keep Sign in disabled until the form is valid"
    );
    // The button says why at once; the fields wait until the person has been in them.
    let text = one(&root, "[data-testid=a2ui-surface]")
        .text_content()
        .unwrap();
    assert!(
        text.contains("Please fix errors before signing in"),
        "{text}"
    );
    assert!(!text.contains("Email is required"), "{text}");
    let inputs = all(&root, "[data-testid=a2ui-surface] input");
    let (email, password): (HtmlInputElement, HtmlInputElement) = (
        inputs[0].clone().unchecked_into(),
        inputs[1].clone().unchecked_into(),
    );
    email.focus().unwrap();
    type_into(&email, "not-an-email").await;
    // The surface is patched, not drawn again: the field typed into is the same element,
    // and it still has the focus.
    assert!(email.is_connected(), "the field was replaced by an edit");
    let active = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element();
    assert_eq!(active, Some(email.clone().unchecked_into::<Element>()));
    assert!(
        all(&root, "[data-testid=a2ui-errors]").is_empty(),
        "not while the person is still typing"
    );
    // Leaving the field shows what is wrong with it.
    email.blur().unwrap();
    leptos::task::tick().await;
    assert!(one(&root, "[data-testid=a2ui-surface]")
        .text_content()
        .unwrap()
        .contains("Please enter a valid email address"));
    type_into(&email, "person@example.com").await;
    type_into(&password, "correct horse").await;
    let model = one(&root, "[data-testid=a2ui-model]")
        .text_content()
        .unwrap();
    assert!(model.contains("person@example.com"), "{model}");
    assert!(
        all(&root, "[data-testid=a2ui-errors]").is_empty(),
        "no check fails any more"
    );
    assert!(!sign_in().disabled());
    sign_in().click();
    leptos::task::tick().await;
    let action = one(&root, "[data-testid=a2ui-action]")
        .text_content()
        .unwrap();
    assert!(action.contains("\"name\": \"login\""), "{action}");
    assert!(action.contains("person@example.com"), "{action}");
}

#[wasm_bindgen_test]
async fn stepping_applies_one_envelope_at_a_time() {
    let root = mounted().await;
    choose(&root, "01_flight-status").await;
    let total = envelopes_of(streams::official(DEMO_STREAMS[0].id).unwrap()).len();
    let reset: HtmlButtonElement = one(&root, "[data-testid=reset]").unchecked_into();
    reset.click();
    leptos::task::tick().await;
    assert!(all(&root, "[data-testid=agent-area]").is_empty());
    let step: HtmlButtonElement = one(&root, "[data-testid=apply-step]").unchecked_into();
    step.click();
    leptos::task::tick().await;
    assert_eq!(
        all(&root, "[data-testid=a2ui-waiting]").len(),
        1,
        "created, no root yet"
    );
    for _ in 1..total {
        step.click();
        leptos::task::tick().await;
    }
    assert!(all(&root, "[data-testid=a2ui-waiting]").is_empty());
    assert_eq!(
        one(&root, "[data-testid=position]").text_content().unwrap(),
        format!("{total} of {total} envelopes read: {total} applied, 0 refused.")
    );
}

#[wasm_bindgen_test]
fn agent_colour_comes_with_a_text_colour_that_keeps_aa_contrast() {
    fn lum(hex: &str) -> f64 {
        let c = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5)
    }
    for r in (0..=255).step_by(51) {
        for g in (0..=255).step_by(17) {
            for b in (0..=255).step_by(51) {
                let bg = format!("#{r:02x}{g:02x}{b:02x}");
                let (_, fg) = accent(&bg).expect("every colour has black or white text at AA");
                let (l1, l2) = (
                    lum(&bg),
                    lum(if fg == "#ffffff" {
                        "#ffffff"
                    } else {
                        "#000000"
                    }),
                );
                let ratio = (l1.max(l2) + 0.05) / (l1.min(l2) + 0.05);
                assert!(ratio >= 4.5, "{bg} with {fg}: {ratio}");
            }
        }
    }
    assert!(accent("red").is_none() && accent("#12345").is_none() && accent("#gggggg").is_none());
}

/// Pastes `text` over the stream's text as a browser reports a paste (`insertFromPaste`):
/// the screen takes and applies it at once.
async fn paste(root: &Element, text: &str) {
    let area: web_sys::HtmlTextAreaElement =
        one(root, "[data-testid=stream-text]").unchecked_into();
    area.set_value(text);
    let init = web_sys::InputEventInit::new();
    init.set_input_type("insertFromPaste");
    area.dispatch_event(&web_sys::InputEvent::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
    leptos::task::tick().await;
}

/// Leptos queues `value` property updates to the next frame; wait for it.
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 50)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

async fn click(root: &Element, selector: &str) {
    one(root, selector)
        .unchecked_into::<HtmlButtonElement>()
        .click();
    leptos::task::tick().await;
}

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

#[wasm_bindgen_test]
async fn an_agent_update_after_an_edit_is_offered_not_applied() {
    let root = mounted().await;
    let stream = format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"TextField","label":"Name","value":{{"path":"/name"}}}}]}}}},
        {{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/name","value":"from the agent"}}}},
        {{"version":"v0.9","updateDataModel":{{"surfaceId":"s","path":"/name","value":"agent, later"}}}}]"#
    );
    paste(&root, &stream).await;
    click(&root, "[data-testid=reset]").await;
    for _ in 0..3 {
        click(&root, "[data-testid=apply-step]").await;
    }
    let input: HtmlInputElement = one(&root, "[data-testid=a2ui-surface] input").unchecked_into();
    type_into(&input, "typed by me").await;
    click(&root, "[data-testid=apply-step]").await;
    let input: HtmlInputElement = one(&root, "[data-testid=a2ui-surface] input").unchecked_into();
    assert_eq!(input.value(), "typed by me", "the person's value stays");
    assert!(one(&root, "[data-testid=a2ui-proposal]")
        .text_content()
        .unwrap()
        .contains("agent, later"));
    click(&root, "[data-testid=a2ui-accept]").await;
    let input: HtmlInputElement = one(&root, "[data-testid=a2ui-surface] input").unchecked_into();
    // The value lands with the next frame; wait for it, boundedly.
    for _ in 0..40 {
        if input.value() == "agent, later" {
            break;
        }
        settle().await;
    }
    assert_eq!(input.value(), "agent, later");
    assert!(all(&root, "[data-testid=a2ui-proposal]").is_empty());
}

#[wasm_bindgen_test]
async fn open_url_asks_first_and_shows_the_exact_target() {
    let root = mounted().await;
    let stream = format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[
          {{"id":"root","component":"Button","child":"t","action":{{"functionCall":{{"call":"openUrl","args":{{"url":"https://xn--pypal-4ve.com/login"}}}}}}}},
          {{"id":"t","component":"Text","text":"PayPal login"}}]}}}}]"#
    );
    paste(&root, &stream).await;
    click(&root, "[data-testid=apply-all]").await;
    assert!(
        all(&root, "[data-testid=open-url]").is_empty(),
        "nothing before a click"
    );
    click(&root, "[data-component=root]").await;
    assert_eq!(
        one(&root, "[data-testid=open-url-host]")
            .text_content()
            .unwrap(),
        "xn--pypal-4ve.com"
    );
    assert_eq!(
        one(&root, "[data-testid=open-url-target]")
            .text_content()
            .unwrap(),
        "https://xn--pypal-4ve.com/login"
    );
    let go = one(&root, "[data-testid=open-url-go]");
    assert_eq!(
        go.get_attribute("rel").as_deref(),
        Some("noopener noreferrer")
    );
    assert_eq!(go.get_attribute("target").as_deref(), Some("_blank"));
    click(&root, "[data-testid=open-url-cancel]").await;
    assert!(all(&root, "[data-testid=open-url]").is_empty());
}

#[wasm_bindgen_test]
async fn placeholders_and_notices() {
    let root = mounted().await;
    let mut chain = String::new();
    for i in 0..21 {
        chain.push_str(&format!(
            r#"{{"id":"{}","component":"Card","child":"d{}"}},"#,
            if i == 0 {
                "root".into()
            } else {
                format!("d{i}")
            },
            i + 1
        ));
    }
    let items: Vec<String> = (0..205).map(|i| format!(r#"{{"n":{i}}}"#)).collect();
    let stream = format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"deep","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"deep","components":[{chain}{{"id":"d21","component":"Text","text":"too deep"}}]}}}},
        {{"version":"v0.9","createSurface":{{"surfaceId":"gaps","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"gaps","components":[
          {{"id":"root","component":"Column","children":["ghost","many"]}},
          {{"id":"many","component":"List","children":{{"componentId":"item","path":"/items"}}}},
          {{"id":"item","component":"Text","text":{{"path":"n"}}}}]}}}},
        {{"version":"v0.9","updateDataModel":{{"surfaceId":"gaps","path":"/items","value":[{}]}}}},
        {{"version":"v0.9","createSurface":{{"surfaceId":"other","catalogId":"https://elsewhere.example/catalog.json"}}}},
        {{"version":"v0.9","createSurface":{{"surfaceId":"empty","catalogId":"{BASIC}"}}}}]"#,
        items.join(",")
    );
    paste(&root, &stream).await;
    click(&root, "[data-testid=apply-all]").await;
    let texts: Vec<String> = all(&root, "[data-testid=a2ui-placeholder]")
        .iter()
        .map(|p| p.text_content().unwrap())
        .collect();
    assert_eq!(
        texts,
        [
            "Nested too deeply to show",
            "Missing component \"ghost\"",
            "More repeated content than this console shows"
        ],
    );
    // A catalog the console never advertised is refused, not kept empty: no surface, one
    // ignored update.
    assert!(all(&root, "[data-testid=a2ui-catalog-notice]").is_empty());
    assert_eq!(
        one(&root, "[data-testid=a2ui-ignored]")
            .text_content()
            .unwrap(),
        "1 invalid interface update ignored."
    );
    assert_eq!(
        one(&root, "[data-testid=a2ui-waiting]")
            .text_content()
            .unwrap(),
        "Waiting for the agent…"
    );
}
