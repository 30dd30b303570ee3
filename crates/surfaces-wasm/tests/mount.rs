//! The one renderer's DOM suite, in a real browser, through `mountSurface`: what a React or
//! Lit app gets when it hands us an element, and what the console draws with the same
//! components (`surfaces-render`). Element choices, patching in place, focus and caret, and
//! the glue to the app's callbacks are tested here once; the console's tests (`web/tests`)
//! cover its screens around the renderer.
#![cfg(all(target_arch = "wasm32", feature = "ui"))]

use std::cell::RefCell;
use std::rc::Rc;

use agent_surfaces::{mount_surface, SurfaceStore};
use js_sys::{Object, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement};

#[path = "../../../web/tests/support/dom.rs"]
mod dom;

use dom::{all, one};

/// A fresh element in the body to mount into.
fn element() -> Element {
    dom::container().into()
}

wasm_bindgen_test_configure!(run_in_browser);

/// A Basic Catalog surface `id` with `components` (JSON array text), as one batch.
fn surface_stream(id: &str, components: &str) -> String {
    format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"{id}","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"{id}","components":{components}}}}}]"#
    )
}

/// Mounts surface `id` of `store` into a fresh element, with `onAction` when given.
fn mount(
    store: &SurfaceStore,
    id: &str,
    on_action: Option<&JsValue>,
) -> (Element, agent_surfaces::MountedSurface) {
    let el = element();
    let options = Object::new();
    Reflect::set(&options, &"surfaceId".into(), &id.into()).unwrap();
    if let Some(f) = on_action {
        Reflect::set(&options, &"onAction".into(), f).unwrap();
    }
    let mounted = mount_surface(el.clone(), store, options).unwrap();
    (el, mounted)
}

/// Lets the renderer's own effects (a tab chosen, a modal opened) run: they are queued in a
/// microtask, which runs before this promise's continuation.
async fn settle() {
    wasm_bindgen_futures::JsFuture::from(js_sys::Promise::resolve(&JsValue::NULL))
        .await
        .unwrap();
}

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

const LOGIN: &str = include_str!("../../../web/demo/a2ui/09_login-form.json");
const HOSTILE: &str = include_str!("../../../tests/fixtures/a2ui/hostile.json");

#[wasm_bindgen_test]
fn draws_edits_and_reports_actions() {
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(LOGIN), None)
        .unwrap();
    let el = element();
    let actions = Rc::new(RefCell::new(Vec::<String>::new()));
    let sink = actions.clone();
    let on_action = Closure::wrap(Box::new(move |msg: JsValue| {
        sink.borrow_mut()
            .push(JSON::stringify(&msg).unwrap().as_string().unwrap());
    }) as Box<dyn FnMut(JsValue)>);
    let options = Object::new();
    Reflect::set(&options, &"surfaceId".into(), &"gallery-login-form".into()).unwrap();
    Reflect::set(&options, &"onAction".into(), on_action.as_ref()).unwrap();
    let _mounted = mount_surface(el.clone(), &store, options).unwrap();

    let inputs = all(&el, "input");
    assert_eq!(inputs.len(), 2);
    for i in &inputs {
        assert_eq!(
            all(&el, &format!("label[for=\"{}\"]", i.id())).len(),
            1,
            "every input has its label"
        );
    }
    let email: HtmlInputElement = inputs[0].clone().unchecked_into();
    email.set_value("js@example.com");
    email
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    let password: HtmlInputElement = inputs[1].clone().unchecked_into();
    password.set_value("correct horse");
    password
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    assert!(
        el.contains(Some(&email)),
        "typing does not redraw the input"
    );
    let model = JSON::stringify(&store.report().unwrap())
        .unwrap()
        .as_string()
        .unwrap();
    assert!(
        model.contains("js@example.com"),
        "the edit reached the overlay: {model}"
    );
    let sign_in: HtmlButtonElement = all(&el, "button")
        .into_iter()
        .find(|b| b.text_content().unwrap().contains("Sign in"))
        .unwrap()
        .unchecked_into();
    assert!(
        !sign_in.disabled(),
        "checks pass after typing: {:?}",
        sign_in.title()
    );
    sign_in.click();
    let sent = actions.borrow();
    assert_eq!(sent.len(), 1);
    assert!(
        sent[0].contains("\"email\":\"js@example.com\""),
        "{}",
        sent[0]
    );
}

#[wasm_bindgen_test]
fn hostile_content_stays_text_and_update_redraws() {
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(HOSTILE), None)
        .unwrap();
    let el = element();
    let options = Object::new();
    Reflect::set(&options, &"surfaceId".into(), &"main".into()).unwrap();
    let mounted = mount_surface(el.clone(), &store, options).unwrap();
    // The only SVG is ours: each media box's picture of its kind, from the built-in sprite.
    assert!(all(
        &el,
        "img, script, iframe, object, embed, svg:not(.a2ui-media-glyph), b, video, audio"
    )
    .is_empty());
    let photo = surfaces_render::icons::path("photo");
    for glyph in all(&el, "svg.a2ui-media-glyph") {
        assert_eq!(glyph.get_attribute("aria-hidden").as_deref(), Some("true"));
        let paths = all(&glyph, "*");
        assert_eq!(paths.len(), 1);
        assert_eq!(paths[0].get_attribute("d").as_deref(), photo);
    }
    let text = el.text_content().unwrap();
    assert!(text.contains("<img src=x onerror=alert(1)>Security check"));
    for a in all(&el, "a") {
        assert!(a.get_attribute("href").unwrap().starts_with("https://"));
        assert_eq!(
            a.get_attribute("rel").as_deref(),
            Some("noopener noreferrer")
        );
    }
    store
        .apply_envelopes(
            JsValue::from_str(r#"{"version":"v0.9","deleteSurface":{"surfaceId":"main"}}"#),
            None,
        )
        .unwrap();
    mounted.update();
    assert_eq!(el.text_content().unwrap(), "Waiting for the agent…");
    mounted.unmount();
    assert_eq!(el.child_nodes().length(), 0);
    let bad = Object::new();
    assert!(
        mount_surface(element(), &store, bad).is_err(),
        "surfaceId is required"
    );
    // A handler that is no function is refused before the store's locale changes.
    let bad = Object::new();
    Reflect::set(&bad, &"surfaceId".into(), &"main".into()).unwrap();
    Reflect::set(&bad, &"locale".into(), &"de-DE".into()).unwrap();
    Reflect::set(&bad, &"onAction".into(), &JsValue::from_f64(5.0)).unwrap();
    assert!(mount_surface(element(), &store, bad).is_err());
    assert_eq!(store.locale(), "en-US");
}

#[wasm_bindgen_test]
fn media_loads_only_from_hosts_the_app_allows() {
    let stream = r#"[
      {"version":"v0.9","createSurface":{"surfaceId":"m","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
      {"version":"v0.9","updateComponents":{"surfaceId":"m","components":[
        {"id":"root","component":"Column","children":["a","b"]},
        {"id":"a","component":"Image","url":"https://127.0.0.1:9/allowed.png","description":"Allowed"},
        {"id":"b","component":"Image","url":"https://127.0.0.2:9/other.png"}]}}]"#;
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(stream), None)
        .unwrap();
    let plain = element();
    let options = Object::new();
    Reflect::set(&options, &"surfaceId".into(), &"m".into()).unwrap();
    let _a = mount_surface(plain.clone(), &store, options.clone()).unwrap();
    assert!(
        all(&plain, "img").is_empty(),
        "nothing is loaded by default"
    );
    let hosts = js_sys::Array::of1(&"127.0.0.1".into());
    Reflect::set(&options, &"mediaHosts".into(), &hosts).unwrap();
    let allowed = element();
    let _b = mount_surface(allowed.clone(), &store, options).unwrap();
    let imgs = all(&allowed, "img");
    assert_eq!(imgs.len(), 1);
    assert_eq!(
        imgs[0].get_attribute("src").as_deref(),
        Some("https://127.0.0.1:9/allowed.png")
    );
    assert_eq!(imgs[0].get_attribute("alt").as_deref(), Some("Allowed"));
    assert_eq!(
        imgs[0].get_attribute("referrerpolicy").as_deref(),
        Some("no-referrer")
    );
}

#[wasm_bindgen_test]
async fn checks_disable_buttons_open_url_goes_to_the_app_and_proposals_can_be_taken() {
    let stream = r#"[
      {"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
      {"version":"v0.9","updateComponents":{"surfaceId":"f","components":[
        {"id":"root","component":"Column","children":["name","send","docs"]},
        {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"},
         "checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Name is required"}]},
        {"id":"send","component":"Button","child":"t1","action":{"event":{"name":"send"}},
         "checks":[{"condition":{"call":"required","args":{"value":{"path":"/name"}}},"message":"Fill in your name"}]},
        {"id":"t1","component":"Text","text":"Send"},
        {"id":"docs","component":"Button","child":"t2","action":{"functionCall":{"call":"openUrl","args":{"url":"https://docs.example/help"}}}},
        {"id":"t2","component":"Text","text":"Help"}]}},
      {"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":""}}]"#;
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(stream), None)
        .unwrap();
    let el = element();
    let opened = Rc::new(RefCell::new(Vec::<String>::new()));
    let sink = opened.clone();
    let on_open =
        Closure::wrap(
            Box::new(move |u: JsValue| sink.borrow_mut().push(u.as_string().unwrap()))
                as Box<dyn FnMut(JsValue)>,
        );
    let options = Object::new();
    Reflect::set(&options, &"surfaceId".into(), &"f".into()).unwrap();
    Reflect::set(&options, &"onOpenUrl".into(), on_open.as_ref()).unwrap();
    let mounted = mount_surface(el.clone(), &store, options).unwrap();
    let buttons = || {
        all(&el, "button")
            .into_iter()
            .map(|b| b.unchecked_into::<HtmlButtonElement>())
            .collect::<Vec<_>>()
    };
    assert!(
        buttons()[0].disabled(),
        "a failing check disables the button"
    );
    // The reason is shown next to the button, and the button names it as its description.
    let reason = one(&el, "[data-testid=a2ui-button-reason]");
    assert_eq!(reason.text_content().unwrap(), "Fill in your name");
    assert_eq!(
        buttons()[0].get_attribute("aria-describedby"),
        Some(reason.id())
    );
    // The field's own message waits until the person has been in the field.
    let name: HtmlInputElement = all(&el, "input")[0].clone().unchecked_into();
    assert!(!el.text_content().unwrap().contains("Name is required"));
    name.focus().unwrap();
    name.blur().unwrap();
    settle().await;
    assert!(el.text_content().unwrap().contains("Name is required"));
    assert_eq!(name.get_attribute("aria-invalid").as_deref(), Some("true"));
    buttons()[1].click();
    assert_eq!(
        *opened.borrow(),
        ["https://docs.example/help"],
        "the app is asked; nothing opens"
    );
    // Typing fixes the checks on the next draw; an agent update then becomes a proposal.
    store
        .edit("f".into(), "/name".into(), JsValue::from_str("Ada"))
        .unwrap();
    store
        .apply_envelopes(JsValue::from_str(r#"{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/name","value":"Grace"}}"#), None)
        .unwrap();
    mounted.update();
    assert!(!buttons()[0].disabled());
    let input: HtmlInputElement = all(&el, "input")[0].clone().unchecked_into();
    assert_eq!(input.value(), "Ada");
    assert!(el
        .text_content()
        .unwrap()
        .contains("The agent has since proposed: Grace"));
    let take = buttons()
        .into_iter()
        .find(|b| b.text_content().unwrap() == "Use the agent's value")
        .unwrap();
    // Taking the agent's value redraws at once: no update() from the app.
    take.click();
    let input: HtmlInputElement = all(&el, "input")[0].clone().unchecked_into();
    assert_eq!(input.value(), "Grace");
    assert!(!el.text_content().unwrap().contains("has since proposed"));
}

#[wasm_bindgen_test]
fn update_redraws_only_what_changed_and_reused_buttons_still_work() {
    let stream = surface_stream(
        "s",
        r#"[{"id":"root","component":"Column","children":["title","name","go"]},
            {"id":"title","component":"Text","text":{"path":"/title"}},
            {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},
            {"id":"go-label","component":"Text","text":"Go"},
            {"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"go"}}}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(
                r#"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/title","value":"First"}}"#,
            ),
            None,
        )
        .unwrap();
    let clicks = Rc::new(RefCell::new(0));
    let sink = clicks.clone();
    let on_action = Closure::wrap(Box::new(move |_: JsValue| {
        *sink.borrow_mut() += 1;
    }) as Box<dyn FnMut(JsValue)>);
    let (el, mounted) = mount(&store, "s", Some(on_action.as_ref()));
    let input = all(&el, "input").remove(0);
    let button: HtmlButtonElement = all(&el, "button").remove(0).unchecked_into();
    assert!(el.text_content().unwrap().contains("First"));

    // Every change the update makes to the page is recorded.
    let observer = web_sys::MutationObserver::new(&js_sys::Function::new_no_args("")).unwrap();
    let watch = web_sys::MutationObserverInit::new();
    watch.set_subtree(true);
    watch.set_child_list(true);
    watch.set_attributes(true);
    watch.set_character_data(true);
    observer.observe_with_options(&el, &watch).unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(
                r#"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/title","value":"Second"}}"#,
            ),
            None,
        )
        .unwrap();
    mounted.update();
    // Only the title, the one node bound to /title, was touched.
    let records = observer.take_records();
    observer.disconnect();
    assert!(records.length() > 0, "the update reached the page");
    for r in records.iter() {
        let r: web_sys::MutationRecord = r.unchecked_into();
        let text = |list: web_sys::NodeList| {
            (0..list.length())
                .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
                .collect::<String>()
        };
        let (added, removed) = (text(r.added_nodes()), text(r.removed_nodes()));
        let target = r
            .target()
            .and_then(|t| t.text_content())
            .unwrap_or_default();
        let title = match r.type_().as_str() {
            // The title's text node, set in place.
            "characterData" => target == "Second",
            // Or its element, drawn anew.
            "childList" => {
                ["", "Second"].contains(&added.as_str())
                    && ["", "First"].contains(&removed.as_str())
            }
            _ => false,
        };
        assert!(
            title,
            "a change beyond the title: {} {:?} {target:?} {added:?} {removed:?}",
            r.type_(),
            r.attribute_name()
        );
    }
    let text = el.text_content().unwrap();
    assert!(text.contains("Second") && !text.contains("First"), "{text}");
    assert_eq!(
        all(&el, "input").remove(0),
        input,
        "the unchanged input is the same element"
    );
    assert_eq!(
        all(&el, "button").remove(0),
        Element::from(button.clone()),
        "the unchanged button is the same element"
    );
    button.click();
    assert_eq!(*clicks.borrow(), 1, "a reused button's handler is alive");

    // Nothing changed: nothing is replaced.
    let root = el.first_element_child().unwrap();
    mounted.update();
    assert_eq!(el.first_element_child().unwrap(), root);
    assert_eq!(el.child_nodes().length(), 1);
    // A change inside the button draws it anew, with a working handler.
    store
        .apply_envelopes(
            JsValue::from_str(
                r#"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"go-label","component":"Text","text":"Go now"}]}}"#,
            ),
            None,
        )
        .unwrap();
    mounted.update();
    let again: HtmlButtonElement = all(&el, "button").remove(0).unchecked_into();
    assert_eq!(
        Element::from(again.clone()),
        Element::from(button),
        "only the label inside the button is drawn anew"
    );
    assert_eq!(again.text_content().unwrap(), "Go now");
    again.click();
    assert_eq!(*clicks.borrow(), 2);
    assert_eq!(all(&el, "button").len(), 1, "the old button is gone");
}

/// Where a changed parent is drawn anew (a List here), the field moves into it and the focus
/// and caret are given back.
/// Typing into one item of a List, while the agent changes another, keeps the list and the
/// item's element: a long list is not redrawn on every keystroke.
#[wasm_bindgen_test]
fn a_list_keeps_its_items_when_one_of_them_changes() {
    let stream = surface_stream(
        "l",
        r#"[{"id":"root","component":"List","children":["title","name"]},
            {"id":"title","component":"Text","text":{"path":"/title"}},
            {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (el, mounted) = mount(&store, "l", None);
    let name: HtmlInputElement = all(&el, "input")[0].clone().unchecked_into();
    name.focus().unwrap();
    let list = el.first_element_child().unwrap();
    let item = name.closest("li").unwrap().unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(
                r#"{"version":"v0.9","updateDataModel":{"surfaceId":"l","path":"/title","value":"New"}}"#,
            ),
            None,
        )
        .unwrap();
    mounted.update();
    assert_eq!(el.first_element_child().unwrap(), list, "the list is kept");
    assert!(el.text_content().unwrap().contains("New"));
    assert_eq!(
        all(&el, "li").len(),
        2,
        "one item per child, none left over"
    );
    assert_eq!(name.closest("li").unwrap().unwrap(), item, "and its item");
    let doc = web_sys::window().unwrap().document().unwrap();
    assert_eq!(doc.active_element(), Some(Element::from(name.clone())));
}

#[wasm_bindgen_test]
fn focus_comes_back_to_a_field_moved_into_a_redrawn_parent() {
    let stream = surface_stream(
        "c",
        r#"[{"id":"root","component":"Card","child":"col"},
            {"id":"col","component":"Column","children":["title","name"]},
            {"id":"title","component":"Text","text":{"path":"/title"}},
            {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (el, mounted) = mount(&store, "c", None);
    let name: HtmlInputElement = all(&el, "input")[0].clone().unchecked_into();
    name.focus().unwrap();
    name.set_value("Ada");
    name.set_selection_range(2, 2).unwrap();
    let card = el.first_element_child().unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(
                r#"{"version":"v0.9","updateDataModel":{"surfaceId":"c","path":"/title","value":"New"}}"#,
            ),
            None,
        )
        .unwrap();
    mounted.update();
    assert_eq!(
        el.first_element_child().unwrap(),
        card,
        "the card is kept: only the title inside it changed"
    );
    assert_eq!(all(&el, "input")[0], Element::from(name.clone()));
    let doc = web_sys::window().unwrap().document().unwrap();
    assert_eq!(doc.active_element(), Some(Element::from(name.clone())));
    assert_eq!(name.selection_start().unwrap(), Some(2));
}

#[wasm_bindgen_test]
fn update_keeps_focus_in_the_field_being_typed_into() {
    let stream = surface_stream(
        "f",
        r#"[{"id":"root","component":"Column","children":["title","name","city"]},
            {"id":"title","component":"Text","text":{"path":"/title"}},
            {"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},
            {"id":"city","component":"TextField","label":"City","value":{"path":"/city"}}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (el, mounted) = mount(&store, "f", None);
    let inputs = all(&el, "input");
    let name: HtmlInputElement = inputs[0].clone().unchecked_into();
    let city: HtmlInputElement = inputs[1].clone().unchecked_into();
    name.focus().unwrap();
    name.set_value("Ada");
    name.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    name.set_selection_range(1, 1).unwrap();
    let blurs = Rc::new(RefCell::new(0));
    let count = blurs.clone();
    let on_blur = Closure::wrap(Box::new(move |_: web_sys::Event| {
        *count.borrow_mut() += 1;
    }) as Box<dyn FnMut(web_sys::Event)>);
    name.add_event_listener_with_callback("blur", on_blur.as_ref().unchecked_ref())
        .unwrap();

    let agent = |store: &mut SurfaceStore, path: &str, value: &str| {
        let env = format!(
            r#"{{"version":"v0.9","updateDataModel":{{"surfaceId":"f","path":"{path}","value":"{value}"}}}}"#
        );
        store
            .apply_envelopes(JsValue::from_str(&env), None)
            .unwrap();
    };
    agent(&mut store, "/title", "Hello");
    let root = el.first_element_child().unwrap();
    mounted.update();
    assert_eq!(
        el.first_element_child().unwrap(),
        root,
        "the column is kept"
    );
    let doc = web_sys::window().unwrap().document().unwrap();
    assert!(el.text_content().unwrap().contains("Hello"));
    assert_eq!(
        all(&el, "input")[0],
        Element::from(name.clone()),
        "same input"
    );
    assert_eq!(
        doc.active_element(),
        Some(Element::from(name.clone())),
        "the field being typed into keeps its focus"
    );
    assert_eq!(name.value(), "Ada");
    assert_eq!(name.selection_start().unwrap(), Some(1), "and its caret");
    assert_eq!(
        *blurs.borrow(),
        0,
        "it never lost it: its Column was kept and its children put in order in place"
    );

    // The agent sets a field the person has not touched: updated in place.
    agent(&mut store, "/city", "Paris");
    mounted.update();
    assert_eq!(all(&el, "input")[1], Element::from(city.clone()));
    assert_eq!(city.value(), "Paris");
    assert_eq!(doc.active_element(), Some(Element::from(name.clone())));
}

#[wasm_bindgen_test]
async fn every_component_draws_the_element_we_chose() {
    let stream = format!(
        r##"[{{"version":"v0.9","createSurface":{{"surfaceId":"all","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"all","components":[
          {{"id":"root","component":"Column","children":["text","img","icon","svg","video","audio","row","list","card","tabs","modal","div","btn","tf","cb","cp","sl","dt"]}},
          {{"id":"text","component":"Text","text":"Plain","variant":"h1"}},
          {{"id":"img","component":"Image","url":"https://cdn.example/a.png","description":"A picture"}},
          {{"id":"icon","component":"Icon","name":"star"}},
          {{"id":"svg","component":"Icon","name":{{"svgPath":"M0 0L24 24Z"}}}},
          {{"id":"video","component":"Video","url":"https://cdn.example/v.mp4"}},
          {{"id":"audio","component":"AudioPlayer","url":"https://cdn.example/a.mp3","description":"Song"}},
          {{"id":"row","component":"Row","children":["r1"],"justify":"spaceBetween"}},
          {{"id":"r1","component":"Text","text":"In a row"}},
          {{"id":"list","component":"List","children":["l1"]}},
          {{"id":"l1","component":"Text","text":"Listed"}},
          {{"id":"card","component":"Card","child":"c1"}},
          {{"id":"c1","component":"Text","text":"Carded"}},
          {{"id":"tabs","component":"Tabs","tabs":[{{"title":"One","child":"t1"}},{{"title":"Two","child":"t2"}}]}},
          {{"id":"t1","component":"Text","text":"First tab"}},
          {{"id":"t2","component":"Text","text":"Second tab"}},
          {{"id":"modal","component":"Modal","trigger":"mt","content":"mc"}},
          {{"id":"mt","component":"Text","text":"Open details"}},
          {{"id":"mc","component":"Text","text":"Details"}},
          {{"id":"div","component":"Divider","axis":"vertical"}},
          {{"id":"btn","component":"Button","child":"bt","variant":"primary","action":{{"event":{{"name":"go"}}}}}},
          {{"id":"bt","component":"Text","text":"Go"}},
          {{"id":"tf","component":"TextField","label":"Notes","variant":"longText","value":{{"path":"/notes"}}}},
          {{"id":"cb","component":"CheckBox","label":"Agree","value":{{"path":"/agree"}}}},
          {{"id":"cp","component":"ChoicePicker","label":"Size","variant":"multipleSelection","displayStyle":"chips","filterable":true,
             "options":[{{"label":"Small","value":"s"}},{{"label":"Large","value":"l"}}],"value":{{"path":"/size"}}}},
          {{"id":"sl","component":"Slider","label":"Volume","min":0,"max":10,"value":{{"path":"/vol"}}}},
          {{"id":"dt","component":"DateTimeInput","label":"When","enableDate":true,"enableTime":true,"min":"2026-01-01","value":{{"path":"/when"}}}}]}}}},
        {{"version":"v0.9","updateDataModel":{{"surfaceId":"all","path":"/","value":{{"notes":"","agree":true,"size":["l"],"vol":3,"when":""}}}}}}]"##
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "all", None);
    let count = |sel: &str| all(&s, sel).len();
    assert_eq!(count("h3"), 1, "an agent h1 sits below the page's h2");
    assert_eq!(
        count("figure.a2ui-media"),
        3,
        "image, video and audio are inert boxes"
    );
    assert_eq!(count("img, video, audio"), 0);
    // Icons are SVG we draw: the catalog's name from the built-in sprite, the agent's own
    // path when the core admits it; no text glyph that needs an emoji font.
    assert_eq!(
        one(&s, "svg.a2ui-icon[role=img][aria-label=star] path")
            .get_attribute("d")
            .as_deref(),
        surfaces_render::icons::path("star")
    );
    assert_eq!(
        one(&s, "svg.a2ui-icon[role=img][aria-label=icon] path")
            .get_attribute("d")
            .as_deref(),
        Some("M0 0L24 24Z")
    );
    assert!(all(&s, ".a2ui-icon").iter().all(|i| i.tag_name() == "svg"));
    assert_eq!(count(".a2ui-row.a2ui-justify-spaceBetween"), 1);
    assert_eq!(count("ul.a2ui-list > li"), 1);
    assert_eq!(count(".a2ui-card"), 1);
    assert_eq!(count("[role=tablist] [role=tab]"), 2);
    assert_eq!(
        count("[role=tabpanel]:not([hidden])"),
        1,
        "one panel shown at a time"
    );
    assert_eq!(
        count("dialog[data-testid=a2ui-modal]:not([open])"),
        1,
        "the modal starts closed"
    );
    assert_eq!(
        count("hr.a2ui-divider-vertical[aria-orientation=vertical]"),
        1
    );
    assert_eq!(count("button.a2ui-button-primary"), 1);
    assert_eq!(count("textarea"), 1);
    assert_eq!(
        count("input[type=checkbox]:checked"),
        2,
        "the CheckBox and the chosen chip"
    );
    assert_eq!(count("fieldset.a2ui-chips input[type=checkbox]"), 2);
    assert_eq!(count("input[type=search]"), 1, "filterable");
    assert_eq!(count("input[type=range][min='0'][max='10']"), 1);
    assert_eq!(count("input[type=datetime-local][min='2026-01-01']"), 1);
    // Tabs switch by click and by arrow key; the modal opens from its trigger.
    let tabs = all(&s, "[role=tab]");
    tabs[1].unchecked_ref::<web_sys::HtmlElement>().click();
    settle().await;
    assert_eq!(
        tabs[1].get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("ArrowLeft");
    init.set_bubbles(true);
    let left = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    tabs[1].dispatch_event(&left).unwrap();
    settle().await;
    assert_eq!(
        tabs[0].get_attribute("aria-selected").as_deref(),
        Some("true"),
        "arrow keys move between tabs"
    );
    one(&s, ".a2ui-modal-trigger")
        .unchecked_ref::<web_sys::HtmlElement>()
        .click();
    settle().await;
    assert_eq!(count("dialog[data-testid=a2ui-modal][open]"), 1);
    one(&s, ".a2ui-modal-close")
        .unchecked_ref::<web_sys::HtmlElement>()
        .click();
}

const MOVIE_CARD: &str =
    include_str!("../../../../shared/spec/a2ui/v0_9/catalogs/basic/examples/29_movie-card.json");

/// The official example's messages as a stream.
fn example_stream(example: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(example).unwrap();
    v["messages"].to_string()
}

fn active() -> Option<Element> {
    web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .active_element()
}

fn key(target: &Element, name: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(name);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&ev).unwrap();
}

#[wasm_bindgen_test]
async fn a_modal_is_a_real_dialog_with_its_trigger_drawn_once() {
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&example_stream(MOVIE_CARD)), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "gallery-movie-card", None);
    // The example places its trigger Button in a Column and names it as the Modal's trigger.
    let triggers: Vec<Element> = all(&s, "button")
        .into_iter()
        .filter(|b| b.text_content().unwrap().contains("Watch Trailer"))
        .collect();
    assert_eq!(triggers.len(), 1, "the trigger is drawn once");
    let trigger: web_sys::HtmlElement = triggers[0].clone().unchecked_into();
    assert!(
        trigger.closest(".a2ui-modal-trigger").unwrap().is_some(),
        "and it is the one that opens the modal"
    );
    let dialog = one(&s, "dialog[data-testid=a2ui-modal]");
    assert!(!dialog.has_attribute("open"));
    // Named by the trigger's text.
    let name_id = dialog.get_attribute("aria-labelledby").unwrap();
    let name = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .get_element_by_id(&name_id)
        .unwrap();
    assert_eq!(name.text_content().unwrap().trim(), "Watch Trailer");

    trigger.focus().unwrap();
    trigger.click();
    settle().await;
    assert!(dialog.matches(":modal").unwrap(), "opened with showModal");
    assert!(
        dialog.contains(active().as_ref().map(|e| e.unchecked_ref())),
        "focus moved into the dialog"
    );
    assert_eq!(
        all(&dialog, "figure.a2ui-media").len(),
        1,
        "the content is inside the dialog"
    );
    key(&active().unwrap(), "Escape");
    settle().await;
    assert!(!dialog.has_attribute("open"), "Escape closes it");
    assert_eq!(
        active().as_ref(),
        Some(trigger.unchecked_ref::<Element>()),
        "focus went back to the trigger"
    );
}

#[wasm_bindgen_test]
async fn a_modal_takes_the_agents_label_and_a_text_trigger_works_from_the_keyboard() {
    let stream = surface_stream(
        "m",
        r#"[{"id":"root","component":"Column","children":["modal"]},
            {"id":"modal","component":"Modal","trigger":"mt","content":"mc","accessibility":{"label":"Seat map"}},
            {"id":"mt","component":"Text","text":"<b>Seats</b>"},
            {"id":"mc","component":"Text","text":"<img src=x onerror=alert(1)>"}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "m", None);
    let dialog = one(&s, "dialog[data-testid=a2ui-modal]");
    assert_eq!(
        dialog.get_attribute("aria-label").as_deref(),
        Some("Seat map")
    );
    assert!(!dialog.has_attribute("aria-labelledby"));
    assert_eq!(all(&s, "b, img").len(), 0, "agent text stays text");
    let trigger = one(&s, ".a2ui-modal-trigger[role=button][tabindex='0']");
    assert_eq!(trigger.text_content().unwrap(), "<b>Seats</b>");
    // Not focused first, as after a tap: the browser alone would not bring focus back to it.
    key(&trigger, "Enter");
    settle().await;
    assert!(dialog.matches(":modal").unwrap(), "Enter opens it");
    assert_eq!(
        active().unwrap().class_name(),
        "a2ui-button a2ui-modal-close",
        "with no control of the agent's inside, focus is on Close"
    );
    one(&dialog, ".a2ui-modal-close")
        .unchecked_ref::<web_sys::HtmlElement>()
        .click();
    settle().await;
    assert!(!dialog.has_attribute("open"));
    assert_eq!(
        active().as_ref(),
        Some(&trigger),
        "focus went back to the trigger"
    );
}

/// How many elements lie between `el` and `top`.
fn depth_below(el: &Element, top: &Element) -> usize {
    let mut n = 0;
    let mut at = el.clone();
    while &at != top {
        at = at.parent_element().unwrap();
        n += 1;
    }
    n
}

#[wasm_bindgen_test]
fn text_draws_its_markdown_as_allowlisted_elements_only() {
    let md = "Line one\nLine two\n\n**bold** and *em* and `code`\n\n- first\n- second\n\n1. one\n2. two\n\n<b>raw</b> [a link](https://evil.example/) ![the alt](https://evil.example/x.png)\n\n# Big";
    let deep = format!("{}deepest", "> - ".repeat(40));
    // Three bytes an element: 1,600 of them would be 1,069 elements without the per-Text cap.
    let openers = format!("{}openers", "*_[".repeat(1600));
    let components = serde_json::json!([
        {"id":"root","component":"Column","children":["md","deep","many","h","tf","btn"]},
        {"id":"md","component":"Text","text":md},
        {"id":"deep","component":"Text","text":deep},
        {"id":"many","component":"Text","text":openers},
        {"id":"h","component":"Text","text":"**Price** *now*","variant":"h4"},
        {"id":"tf","component":"TextField","label":"**Name**","value":{"path":"/n"}},
        {"id":"btn","component":"Button","child":"bt","action":{"event":{"name":"go"}}},
        {"id":"bt","component":"Text","text":"*Go*"}
    ]);
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(&surface_stream("md", &components.to_string())),
            None,
        )
        .unwrap();
    let (s, _mounted) = mount(&store, "md", None);
    let body = one(&s, "div.a2ui-text.a2ui-md");
    assert_eq!(
        all(&body, ":scope > p").len(),
        4,
        "blank lines part paragraphs"
    );
    assert_eq!(
        all(&body, ":scope > p:first-child > br").len(),
        1,
        "a line break stays one"
    );
    assert_eq!(one(&body, "strong").text_content().unwrap(), "bold");
    assert_eq!(one(&body, "em").text_content().unwrap(), "em");
    assert_eq!(one(&body, "code").text_content().unwrap(), "code");
    assert_eq!(all(&body, "ul > li").len(), 2);
    assert_eq!(all(&body, "ol > li").len(), 2);
    assert_eq!(
        all(&s, "a, img, b, h1, h2").len(),
        0,
        "no link, image, HTML or heading element"
    );
    let text = body.text_content().unwrap();
    assert!(text.contains("<b>raw</b>"), "HTML is text: {text}");
    assert!(
        text.contains("a link") && !text.contains("evil.example"),
        "a link is its text"
    );
    assert!(text.contains("the alt"), "an image is its alt text");
    assert_eq!(
        all(&body, "p > strong")
            .last()
            .unwrap()
            .text_content()
            .unwrap(),
        "Big"
    );

    let deep = all(&s, "div.a2ui-md")
        .into_iter()
        .find(|d| d.text_content().unwrap().contains("deepest"))
        .unwrap();
    let innermost = all(&deep, "*")
        .iter()
        .map(|e| depth_below(e, &deep))
        .max()
        .unwrap();
    assert!(innermost <= 6, "nesting is capped: {innermost}");
    assert!(
        deep.text_content().unwrap().contains("deepest"),
        "its text is kept"
    );

    // One paragraph: drawn as the Text's own `<p>`.
    let many = all(&s, ".a2ui-text")
        .into_iter()
        .find(|d| d.text_content().unwrap().ends_with("openers"))
        .unwrap();
    let drawn = all(&many, "*").len();
    assert!(
        drawn <= surfaces_render::markdown::MAX_ELEMENTS,
        "one Text draws at most MAX_ELEMENTS elements: {drawn}"
    );

    let h = one(&s, "h3.a2ui-h4");
    assert_eq!(one(&h, "strong").text_content().unwrap(), "Price");
    assert_eq!(one(&h, "em").text_content().unwrap(), "now");
    assert_eq!(
        one(&s, ".a2ui-field label").text_content().unwrap(),
        "**Name**",
        "labels stay plain"
    );
    assert_eq!(
        one(&s, "button.a2ui-button span.a2ui-text em")
            .text_content()
            .unwrap(),
        "Go"
    );
}

#[wasm_bindgen_test]
fn a_date_time_with_a_zone_is_shown_in_that_zone_and_edited_back_in_it() {
    let mut store = SurfaceStore::new(None).unwrap();
    let stream = format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"dt","catalogId":"{BASIC}"}}}},
        {{"version":"v0.9","updateComponents":{{"surfaceId":"dt","components":[
          {{"id":"root","component":"Column","children":["when","at","plain"]}},
          {{"id":"when","component":"DateTimeInput","label":"When","enableDate":true,"enableTime":true,"value":{{"path":"/when"}}}},
          {{"id":"at","component":"DateTimeInput","label":"At","enableTime":true,"value":{{"path":"/at"}}}},
          {{"id":"plain","component":"DateTimeInput","label":"Day","enableDate":true,"value":{{"path":"/day"}}}}]}}}},
        {{"version":"v0.9","updateDataModel":{{"surfaceId":"dt","path":"/","value":{{"when":"2025-07-15T19:00:00Z","at":"09:30+0200","day":"2025-07-15"}}}}}}]"#
    );
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "dt", None);
    let when: HtmlInputElement = one(&s, "input[type=datetime-local]").unchecked_into();
    assert!(
        when.value().starts_with("2025-07-15T19:00"),
        "the wall-clock time as the agent wrote it: {:?}",
        when.value()
    );
    let at: HtmlInputElement = one(&s, "input[type=time]").unchecked_into();
    assert_eq!(at.value(), "09:30");
    let zones = dom::texts(&s, "[data-testid=a2ui-zone]");
    assert_eq!(
        zones,
        ["UTC", "+02:00"],
        "the zone is named beside each zoned field"
    );
    let day: HtmlInputElement = one(&s, "input[type=date]").unchecked_into();
    assert_eq!(day.value(), "2025-07-15");

    when.set_value("2025-07-15T20:30");
    when.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    at.set_value("10:15");
    at.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    let model = JSON::stringify(&store.report().unwrap())
        .unwrap()
        .as_string()
        .unwrap();
    assert!(
        model.contains("\"2025-07-15T20:30:00Z\""),
        "written back in UTC with seconds, as the agent wrote it: {model}"
    );
    assert!(model.contains("\"10:15+0200\""), "{model}");
}

#[wasm_bindgen_test]
fn heading_size_follows_the_variant_not_the_outline_level() {
    let doc = web_sys::window().unwrap().document().unwrap();
    let style = doc.create_element("style").unwrap();
    style.set_text_content(Some(include_str!("../../surfaces-render/a2ui.css")));
    doc.head().unwrap().append_child(&style).unwrap();
    // h1 → h3 → h4 → h5 → h6: the h4 and h5 land on h6, which a browser draws at 0.67em.
    let components = r#"[{"id":"root","component":"Column","children":["a","b","c","d","e","body"]},
        {"id":"a","component":"Text","text":"Title","variant":"h1"},
        {"id":"b","component":"Text","text":"Section","variant":"h2"},
        {"id":"c","component":"Text","text":"Sub","variant":"h3"},
        {"id":"d","component":"Text","text":"$12","variant":"h4"},
        {"id":"e","component":"Text","text":"Note","variant":"h5"},
        {"id":"body","component":"Text","text":"Body text"}]"#;
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&surface_stream("hs", components)), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "hs", None);
    let size = |sel: &str| -> f64 {
        let style = web_sys::window()
            .unwrap()
            .get_computed_style(&one(&s, sel))
            .unwrap()
            .unwrap();
        let px = style.get_property_value("font-size").unwrap();
        px.trim_end_matches("px").parse().unwrap()
    };
    assert_eq!(all(&s, "h6").len(), 2, "the outline keeps its levels");
    let body = size("p.a2ui-body");
    let sizes: Vec<f64> = ["h1", "h2", "h3", "h4", "h5"]
        .iter()
        .map(|v| size(&format!(".a2ui-{v}")))
        .collect();
    assert!(
        sizes[3] > body,
        "an h4 ({}) is larger than body text ({body})",
        sizes[3]
    );
    assert!(
        sizes.windows(2).all(|w| w[0] > w[1]) && sizes[4] >= body,
        "each variant is larger than the next and than body: {sizes:?} vs {body}"
    );
    style.remove();
}

// ---- Issue 15: the official examples as people see them. ----

#[wasm_bindgen_test]
fn every_catalog_icon_is_our_svg_and_an_unknown_name_is_a_named_neutral_frame() {
    let names = surfaces_render::icons::NAMES;
    let mut components = vec![format!(
        r#"{{"id":"root","component":"Row","children":[{},"bound"]}}"#,
        names
            .iter()
            .map(|n| format!("\"i-{n}\""))
            .collect::<Vec<_>>()
            .join(",")
    )];
    for n in names {
        components.push(format!(
            r#"{{"id":"i-{n}","component":"Icon","name":"{n}"}}"#
        ));
    }
    // A name from the data model is not held to the catalog's list.
    components.push(r#"{"id":"bound","component":"Icon","name":{"path":"/icon"}}"#.into());
    let mut stream: Vec<serde_json::Value> = serde_json::from_str(&surface_stream(
        "icons",
        &format!("[{}]", components.join(",")),
    ))
    .unwrap();
    stream.push(serde_json::json!({"version":"v0.9","updateDataModel":{"surfaceId":"icons","path":"/icon","value":"rocketLaunch"}}));
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(
            JsValue::from_str(&serde_json::to_string(&stream).unwrap()),
            None,
        )
        .unwrap();
    let (s, _mounted) = mount(&store, "icons", None);
    let drawn = all(&s, "svg.a2ui-icon[role=img]");
    assert_eq!(drawn.len(), names.len() + 1);
    for (svg, name) in drawn.iter().zip(names) {
        assert_eq!(svg.get_attribute("aria-label").as_deref(), Some(name));
        assert_eq!(svg.get_attribute("viewBox").as_deref(), Some("0 0 24 24"));
        assert_eq!(
            one(svg, "path").get_attribute("d").as_deref(),
            surfaces_render::icons::path(name),
            "{name}"
        );
        assert_eq!(
            svg.namespace_uri().as_deref(),
            Some("http://www.w3.org/2000/svg")
        );
    }
    let unknown = one(&s, "[data-testid=a2ui-icon-unknown]");
    assert_eq!(unknown.tag_name(), "svg");
    assert_eq!(
        unknown.get_attribute("aria-label").as_deref(),
        Some("rocketLaunch")
    );
    assert!(
        all(&unknown, "path").is_empty(),
        "no path is made up for it"
    );
    // Not one character of text: nothing that needs an emoji font.
    assert_eq!(s.text_content().unwrap().trim(), "");
}

#[wasm_bindgen_test]
async fn a_modal_trigger_that_is_a_cards_or_a_tabs_only_child_is_drawn_once() {
    let stream = surface_stream(
        "m",
        r#"[{"id":"root","component":"Column","children":["card","tabs","m1","m2","m3","go"]},
            {"id":"m3","component":"Modal","trigger":"golabel","content":"c3"},
            {"id":"c3","component":"Text","text":"Going"},
            {"id":"go","component":"Button","child":"golabel","action":{"event":{"name":"go"}}},
            {"id":"golabel","component":"Text","text":"Go now"},
            {"id":"card","component":"Card","child":"open1"},
            {"id":"tabs","component":"Tabs","tabs":[{"title":"Seats","child":"open2"},{"title":"Other","child":"other"}]},
            {"id":"other","component":"Text","text":"Another tab"},
            {"id":"m1","component":"Modal","trigger":"open1","content":"c1"},
            {"id":"m2","component":"Modal","trigger":"open2","content":"c2"},
            {"id":"open1","component":"Button","child":"t1","action":{"event":{"name":"noop"}}},
            {"id":"t1","component":"Text","text":"Open details"},
            {"id":"open2","component":"Button","child":"t2","action":{"event":{"name":"noop"}}},
            {"id":"t2","component":"Text","text":"Open seats"},
            {"id":"c1","component":"Text","text":"Details"},
            {"id":"c2","component":"Text","text":{"path":"/seats"}}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, mounted) = mount(&store, "m", None);
    let check = |s: &Element| {
        for label in ["Open details", "Open seats"] {
            let found: Vec<Element> = all(s, "button")
                .into_iter()
                .filter(|b| b.text_content().unwrap() == label)
                .collect();
            assert_eq!(found.len(), 1, "{label} is drawn once");
            assert!(
                found[0].closest(".a2ui-modal-trigger").unwrap().is_some(),
                "{label}: the copy drawn is the one that opens its dialog"
            );
        }
        // The Card and the Tab still stand, empty where the trigger was.
        assert_eq!(all(s, ".a2ui-card").len(), 1);
        assert_eq!(all(s, "[role=tab]").len(), 2);
        // A Button's label is its name: drawn even when it is also a Modal's trigger.
        let go: Vec<Element> = all(s, "button.a2ui-button")
            .into_iter()
            .filter(|b| b.text_content().unwrap() == "Go now")
            .collect();
        assert_eq!(go.len(), 1, "the Button keeps its label");
    };
    check(&s);
    // A later update patches the tree and keeps it so.
    store
        .apply_envelopes(
            JsValue::from_str(r#"{"version":"v0.9","updateDataModel":{"surfaceId":"m","path":"/seats","value":"12A"}}"#),
            None,
        )
        .unwrap();
    mounted.update();
    settle().await;
    check(&s);
    assert!(s.text_content().unwrap().contains("12A"));
}

#[wasm_bindgen_test]
fn weighted_children_of_a_row_are_cells_whatever_they_are() {
    let stream = surface_stream(
        "w",
        r#"[{"id":"root","component":"Row","children":["a","b","c","d"]},
            {"id":"a","component":"Text","text":"Asset","weight":2},
            {"id":"b","component":"Button","child":"bt","weight":1,"action":{"event":{"name":"go"}}},
            {"id":"bt","component":"Text","text":"Go"},
            {"id":"c","component":"TextField","label":"Qty","value":{"path":"/q"},"weight":1.5},
            {"id":"d","component":"Text","text":"Unweighted"}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "w", None);
    let row = one(&s, ".a2ui-row");
    let items: Vec<String> = all(&row, ":scope > *")
        .iter()
        .map(|e| e.get_attribute("class").unwrap_or_default())
        .collect();
    // The flex item is the cell, with the Button's and the field's wraps inside it.
    assert_eq!(
        items,
        [
            "a2ui-cell a2ui-grow-2",
            "a2ui-cell a2ui-grow-1",
            "a2ui-cell a2ui-grow-2",
            "a2ui-text a2ui-body"
        ]
    );
    assert_eq!(
        all(&row, ".a2ui-cell > .a2ui-button-wrap > button").len(),
        1
    );
    assert_eq!(all(&row, ".a2ui-cell > .a2ui-input input").len(), 1);
}

#[wasm_bindgen_test]
fn media_boxes_take_their_variants_size_class_and_links_are_ours() {
    let stream = surface_stream(
        "media",
        r#"[{"id":"root","component":"Column","children":["avatar","header","plain","video","audio"]},
            {"id":"avatar","component":"Image","url":"https://cdn.example/a.png","variant":"avatar","fit":"cover"},
            {"id":"header","component":"Image","url":"https://cdn.example/h.png","variant":"header"},
            {"id":"plain","component":"Image","url":"https://cdn.example/p.png"},
            {"id":"video","component":"Video","url":"https://cdn.example/v.mp4"},
            {"id":"audio","component":"AudioPlayer","url":"https://cdn.example/a.mp3"}]"#,
    );
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(&stream), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "media", None);
    let classes: Vec<String> = all(&s, "figure")
        .iter()
        .map(|f| f.get_attribute("class").unwrap())
        .collect();
    assert_eq!(
        classes,
        [
            "a2ui-media a2ui-media-image a2ui-media-avatar",
            "a2ui-media a2ui-media-image a2ui-media-header",
            "a2ui-media a2ui-media-image a2ui-media-mediumFeature",
            "a2ui-media a2ui-media-video",
            "a2ui-media a2ui-media-audio",
        ]
    );
    // Not loaded: each frame holds our picture of its kind, and the link is styled as ours.
    assert_eq!(
        all(
            &s,
            ".a2ui-media-frame[data-loaded=false] > svg.a2ui-media-glyph"
        )
        .len(),
        5
    );
    let links = all(&s, "figure a");
    assert_eq!(links.len(), 5);
    assert!(links.iter().all(|a| a.class_name() == "a2ui-link"));
}

/// Moves focus away from `el` as a person does (focus goes to another control).
fn leave(el: &HtmlInputElement) {
    el.blur().unwrap();
}

fn type_text(el: &HtmlInputElement, text: &str) {
    el.focus().unwrap();
    el.set_value(text);
    el.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

/// A bubbling event of type `name` (the renderer reads nothing from a pointerdown but its
/// type, so the event interface this build already has, KeyboardEvent, carries it).
fn bubbling(name: &str) -> web_sys::Event {
    let init = web_sys::KeyboardEventInit::new();
    init.set_bubbles(true);
    web_sys::KeyboardEvent::new_with_keyboard_event_init_dict(name, &init)
        .unwrap()
        .into()
}

#[wasm_bindgen_test]
async fn check_messages_wait_until_a_field_is_left_or_a_submit_is_tried() {
    let mut store = SurfaceStore::new(None).unwrap();
    store
        .apply_envelopes(JsValue::from_str(LOGIN), None)
        .unwrap();
    let (s, _mounted) = mount(&store, "gallery-login-form", None);
    let inputs = all(&s, "input");
    let (email, password): (HtmlInputElement, HtmlInputElement) = (
        inputs[0].clone().unchecked_into(),
        inputs[1].clone().unchecked_into(),
    );
    let shown = |s: &Element| -> Vec<String> {
        all(s, "[data-testid=a2ui-errors] li")
            .iter()
            .map(|l| l.text_content().unwrap())
            .collect()
    };
    let sign_in: HtmlButtonElement = one(&s, "[data-component=login-btn]").unchecked_into();
    // An empty form, first read: no field says anything yet, none is marked invalid; the
    // button is disabled and says why.
    assert_eq!(shown(&s), Vec::<String>::new());
    assert!(all(&s, "[aria-invalid]").is_empty());
    assert!(sign_in.disabled());
    assert_eq!(
        one(&s, "[data-testid=a2ui-button-reason]")
            .text_content()
            .unwrap(),
        "Please fix errors before signing in"
    );
    // Typing: still nothing while the person is in the field.
    type_text(&email, "not-an-email");
    settle().await;
    assert_eq!(shown(&s), Vec::<String>::new());
    // Leaving it shows its message, and only its.
    leave(&email);
    settle().await;
    assert_eq!(shown(&s), ["Please enter a valid email address"]);
    assert_eq!(email.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert_eq!(password.get_attribute("aria-invalid"), None);
    // Once shown, the message follows the value as it is typed.
    type_text(&email, "person@example.com");
    settle().await;
    assert_eq!(shown(&s), Vec::<String>::new());
    // A press on the disabled button is a submit tried: every field says what is wrong.
    sign_in.dispatch_event(&bubbling("pointerdown")).unwrap();
    settle().await;
    assert_eq!(
        shown(&s),
        [
            "Password is required",
            "Password must be at least 8 characters long"
        ]
    );
    assert_eq!(
        password.get_attribute("aria-invalid").as_deref(),
        Some("true")
    );
    assert!(
        sign_in.disabled(),
        "the button stays disabled with its reason"
    );

    // Enter in a field is a submit tried too; Enter that ends an input method's
    // composition (picking a word) is not.
    let (s2, _m2) = mount(&store, "gallery-login-form", None);
    assert_eq!(shown(&s2), Vec::<String>::new());
    let composing = web_sys::KeyboardEventInit::new();
    composing.set_key("Enter");
    composing.set_bubbles(true);
    composing.set_is_composing(true);
    all(&s2, "input")[0]
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &composing)
                .unwrap(),
        )
        .unwrap();
    settle().await;
    assert_eq!(
        shown(&s2),
        Vec::<String>::new(),
        "a word picked, nothing tried"
    );
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_bubbles(true);
    all(&s2, "input")[0]
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
    settle().await;
    assert_eq!(
        shown(&s2),
        [
            "Password is required",
            "Password must be at least 8 characters long"
        ],
        "the email typed above is valid; the password is still empty"
    );
}

/// The deepest a render goes is `MAX_RENDER_DEPTH` (64), whatever `depth` says: drawn a level
/// of recursion a level, a chain of about 300 weighted Rows trapped and took the whole
/// instance with it (red-team review). A larger `depth` is refused as misuse.
#[wasm_bindgen_test]
fn a_chain_past_the_deepest_render_is_drawn_to_it_and_the_instance_lives() {
    let limits = |depth: usize| {
        let options = Object::new();
        // Components raised, as a host may: 400 of them make a chain past where it trapped.
        let limits = JSON::parse(&format!(r#"{{"depth":{depth},"components":1000}}"#)).unwrap();
        Reflect::set(&options, &"limits".into(), &limits).unwrap();
        Some(options)
    };
    assert!(
        SurfaceStore::new(limits(65)).is_err(),
        "one past the ceiling"
    );
    let mut store = SurfaceStore::new(limits(64)).unwrap();
    let chain: Vec<String> = (0..400)
        .map(|i| {
            let id = if i == 0 {
                "root".to_string()
            } else {
                format!("r{i}")
            };
            format!(
                r#"{{"id":"{id}","component":"Row","weight":1,"children":["r{}"]}}"#,
                i + 1
            )
        })
        .collect();
    store
        .apply_envelopes(
            JsValue::from_str(&surface_stream("deep", &format!("[{}]", chain.join(",")))),
            None,
        )
        .unwrap();
    let (el, _mounted) = mount(&store, "deep", None);
    let rows = all(&el, ".a2ui-row");
    assert_eq!(rows.len(), 64, "64 levels, the root's included");
    let deepest = rows.last().unwrap();
    assert!(depth_below(deepest, &el) >= 64);
    assert_eq!(all(&el, "[data-testid=a2ui-placeholder]").len(), 1);
    // The instance lives: another store folds and draws.
    let mut other = SurfaceStore::new(None).unwrap();
    other
        .apply_envelopes(JsValue::from_str(LOGIN), None)
        .unwrap();
    let (again, _m) = mount(&other, "gallery-login-form", None);
    assert!(!all(&again, "button").is_empty());
}

/// Redrawing an input in place leaves nothing behind (red-team review: each redraw left its
/// dead effects among the subscribers of the field's own signals and the tree's `tried`, which
/// are seldom or never set, about 0.7 KB a field a time, and the module's memory grew without
/// bound). Twenty fields whose labels change on every update, hundreds of times over, do not
/// grow it.
#[wasm_bindgen_test]
fn redrawing_fields_in_place_does_not_grow_memory() {
    let options = Object::new();
    let limits = JSON::parse(
        r#"{"envelopes":1000000000,"updatesPerSecond":1000000000,"updateBurst":1000000000}"#,
    )
    .unwrap();
    Reflect::set(&options, &"limits".into(), &limits).unwrap();
    let mut store = SurfaceStore::new(Some(options)).unwrap();
    let fields = |k: usize| {
        let mut c: Vec<String> = (0..20)
            .map(|i| {
                format!(r#"{{"id":"f{i}","component":"TextField","label":"L{k}","value":{{"path":"/f{i}"}}}}"#)
            })
            .collect();
        let ids: Vec<String> = (0..20).map(|i| format!(r#""f{i}""#)).collect();
        c.push(format!(
            r#"{{"id":"root","component":"Column","children":[{}]}}"#,
            ids.join(",")
        ));
        format!("[{}]", c.join(","))
    };
    store
        .apply_envelopes(JsValue::from_str(&surface_stream("mem", &fields(0))), None)
        .unwrap();
    let (el, mounted) = mount(&store, "mem", None);
    let mut update = |k: usize| {
        let at = Object::new();
        Reflect::set(&at, &"nowMs".into(), &((k * 1000) as f64).into()).unwrap();
        let envelope = format!(
            r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"mem","components":{}}}}}"#,
            fields(k)
        );
        store
            .apply_envelopes(JsValue::from_str(&envelope), Some(at))
            .unwrap();
        mounted.update();
    };
    let memory = || {
        wasm_bindgen::memory()
            .unchecked_into::<js_sys::WebAssembly::Memory>()
            .buffer()
            .unchecked_into::<js_sys::ArrayBuffer>()
            .byte_length()
    };
    // Warmed up first: the allocator's own growth is not the renderer's.
    for k in 1..=50 {
        update(k);
    }
    let before = memory();
    for k in 51..=450 {
        update(k);
    }
    assert_eq!(all(&el, "input").len(), 20);
    assert!(el.text_content().unwrap().contains("L450"));
    let grown = memory() - before;
    assert!(
        grown < 1 << 20,
        "400 updates of 20 fields redrawn in place grew memory by {grown} bytes"
    );
}
