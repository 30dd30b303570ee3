//! The A2UI screen reads a stream through the core's reader (one parse error is one finding,
//! with its line and column, worded as `SurfaceStore::apply_text` words it) and shows it as a
//! timeline: each envelope's type, surface and status, stepping forward and back, and why a
//! refused envelope was refused.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use surfaces_console::a2ui_screen::A2uiScreen;
use surfaces_console::demo_streams::DEMO_STREAMS;
use surfaces_core::a2ui::{ApplyContext, Limits, SurfaceStore};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlButtonElement};

#[path = "support/dom.rs"]
mod dom;

use dom::{all, container, one, texts};

wasm_bindgen_test_configure!(run_in_browser);

const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

async fn mounted() -> Element {
    let root = container();
    let handle = mount_to(root.clone(), A2uiScreen);
    std::mem::forget(handle);
    leptos::task::tick().await;
    root.unchecked_into()
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

async fn click(root: &Element, selector: &str) {
    one(root, selector)
        .unchecked_into::<HtmlButtonElement>()
        .click();
    leptos::task::tick().await;
}

fn button(root: &Element, testid: &str) -> HtmlButtonElement {
    one(root, &format!("[data-testid={testid}]")).unchecked_into()
}

/// The findings table as (code, path, message) rows.
fn table(root: &Element) -> Vec<(String, String, String)> {
    all(root, "tr[data-testid=finding]")
        .iter()
        .map(|tr| {
            let cells = all(tr, "td");
            (
                tr.get_attribute("data-code").unwrap(),
                cells[2].text_content().unwrap(),
                cells[3].text_content().unwrap(),
            )
        })
        .collect()
}

/// What the core's reader reports for the same text, as the console's table shows it.
fn core_rows(text: &str) -> (Vec<(String, String, String)>, usize, usize) {
    let mut store = SurfaceStore::new(Limits::default());
    store.apply_text(text, &ApplyContext::default());
    let r = store.report();
    let rows = r
        .findings
        .into_iter()
        .map(|f| {
            let path = match f.envelope {
                Some(i) => format!("/{i}{}", f.path),
                None => f.path,
            };
            let path = if path.is_empty() {
                "(whole document)".to_string()
            } else {
                path
            };
            (f.code.as_str().to_string(), path, f.message)
        })
        .collect();
    (rows, r.applied, r.ignored)
}

fn statuses(root: &Element) -> Vec<String> {
    all(root, "[data-testid=timeline-entry]")
        .iter()
        .map(|e| e.get_attribute("data-status").unwrap())
        .collect()
}

fn position(root: &Element) -> String {
    one(root, "[data-testid=position]").text_content().unwrap()
}

#[wasm_bindgen_test]
async fn a_missing_comma_between_envelopes_is_one_finding_with_its_line_and_column() {
    let root = mounted().await;
    let text = format!(
        "[\n  {{\"version\":\"v0.9\",\"createSurface\":{{\"surfaceId\":\"s\",\"catalogId\":\"{BASIC}\"}}}}\n  {{\"version\":\"v0.9\",\"deleteSurface\":{{\"surfaceId\":\"s\"}}}}\n]\n"
    );
    paste(&root, &text).await;
    click(&root, "[data-testid=apply-all]").await;
    assert_eq!(
        table(&root),
        [(
            "envelope-not-json".to_string(),
            "/1/1".to_string(),
            "This is not JSON: expected `,` or `]` between envelopes (line 3, column 3); the envelopes after it are not read.".to_string()
        )]
    );
    assert_eq!(table(&root), core_rows(&text).0);
    assert_eq!(statuses(&root), ["applied", "refused"]);
    assert_eq!(
        texts(&root, "[data-testid=timeline-type]"),
        ["createSurface", "unreadable"]
    );
    assert_eq!(
        position(&root),
        "2 of 2 envelopes read: 1 applied, 1 refused."
    );
}

#[wasm_bindgen_test]
async fn a_missing_comma_in_an_official_example_is_one_finding_not_one_per_line() {
    let root = mounted().await;
    let login = DEMO_STREAMS
        .iter()
        .find(|d| d.id == "09_login-form")
        .unwrap()
        .embedded
        .unwrap();
    let messages = serde_json::to_string_pretty(
        &serde_json::from_str::<serde_json::Value>(login).unwrap()["messages"],
    )
    .unwrap();
    let drop_comma = |text: &str, at: &str| {
        let out = text.replacen(at, &at.replacen(',', "", 1), 1);
        assert!(out != text, "no {at} in the text");
        out
    };
    // Each case: the text, then how many envelopes apply and are refused.
    let cases = [
        // The file as published ({"name", "description", "messages"}): the wrapper cannot be
        // read, so nothing is, and that is one finding.
        (drop_comma(login, "\"component\": \"Card\","), 0, 1),
        // The envelopes as a JSON array, one comma missing inside an envelope: only that
        // envelope is refused.
        (drop_comma(&messages, "\"component\": \"Card\","), 2, 1),
        // The comma between the first two envelopes: nothing after it is read.
        (drop_comma(&messages, "\n  },\n  {"), 1, 1),
    ];
    for (text, applied_here, refused_here) in cases {
        paste(&root, &text).await;
        click(&root, "[data-testid=apply-all]").await;
        let rows = table(&root);
        let not_json: Vec<_> = rows.iter().filter(|r| r.0 == "envelope-not-json").collect();
        assert_eq!(not_json.len(), 1, "{rows:?}");
        assert!(
            not_json[0].2.contains("(line ") && not_json[0].2.contains(", column "),
            "{rows:?}"
        );
        assert!(
            rows.iter().all(|r| r.0 != "wrong-type"),
            "no line is read as a string: {rows:?}"
        );
        let (core, applied, ignored) = core_rows(&text);
        assert_eq!(rows, core);
        assert_eq!((applied, ignored), (applied_here, refused_here));
        assert_eq!(
            position(&root),
            format!(
                "{n} of {n} envelopes read: {applied} applied, {ignored} refused.",
                n = applied + ignored
            )
        );
        assert_eq!(
            all(&root, "[data-testid=timeline-entry][data-status=refused]").len(),
            ignored
        );
    }
}

#[wasm_bindgen_test]
async fn the_console_reads_any_text_as_the_core_reads_it() {
    let root = mounted().await;
    let create = format!(
        r#"{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}}"#
    );
    let text_of = |t: &str| {
        format!(
            r#"{{"version":"v0.9","updateComponents":{{"surfaceId":"s","components":[{{"id":"root","component":"Text","text":"{t}"}}]}}}}"#
        )
    };
    let hostile = DEMO_STREAMS
        .iter()
        .find(|d| d.id == "hostile")
        .unwrap()
        .embedded
        .unwrap();
    let cases: Vec<String> = vec![
        // JSON Lines: a line cut short, trailing text, a key twice, a number no float
        // holds, half a surrogate pair, markup in text; the good lines still apply.
        format!(
            "{create}\n{{\"version\":\"v0.9\",\"updateDataModel\":{{\"surfaceId\":\"s\"\n{} trailing\n{{\"version\":\"v0.9\",\"version\":\"v0.9\",\"deleteSurface\":{{\"surfaceId\":\"s\"}}}}\n{{\"version\":\"v0.9\",\"updateDataModel\":{{\"surfaceId\":\"s\",\"path\":\"/n\",\"value\":1e400}}}}\n{{\"version\":\"v0.9\",\"updateDataModel\":{{\"surfaceId\":\"s\",\"path\":\"/t\",\"value\":\"\\ud800\"}}}}\n{}\n",
            text_of("a"),
            text_of("<b>bold</b>")
        ),
        // An array with one broken envelope in the middle: its neighbours apply.
        format!("[{create}, {{\"version\": \"v0.9\" \"deleteSurface\": {{}}}}, {}]", text_of("x")),
        // {"messages": [...]} that breaks off.
        format!("{{\"messages\": [{create}, {} {create}]}}", text_of("y")),
        // A byte-order mark, then one envelope.
        format!("\u{FEFF}{create}"),
        // Multi-byte characters before the error: columns count characters.
        format!("[{create},\n {{\"é\": \"ü€𝄞\" ]"),
        String::new(),
        "not json at all".to_string(),
        hostile.to_string(),
    ];
    for text in &cases {
        paste(&root, text).await;
        click(&root, "[data-testid=apply-all]").await;
        let (core, applied, ignored) = core_rows(text);
        assert_eq!(table(&root), core, "{text}");
        assert_eq!(
            position(&root),
            format!(
                "{n} of {n} envelopes read: {applied} applied, {ignored} refused.",
                n = applied + ignored
            ),
            "{text}"
        );
        let refused = all(&root, "[data-testid=timeline-entry][data-status=refused]").len();
        assert_eq!(refused, ignored, "{text}");
    }
}

#[wasm_bindgen_test]
async fn a_text_past_part_bytes_is_not_read_and_said_as_the_package_says_it() {
    let root = mounted().await;
    let limit = Limits::default().part_bytes;
    let text = format!("[{}]", " ".repeat(limit));
    paste(&root, &text).await;
    click(&root, "[data-testid=apply-all]").await;
    assert_eq!(
        table(&root),
        [(
            "part-too-large".to_string(),
            "(whole document)".to_string(),
            format!(
                "The text is at least {} bytes; over {limit} it is not read.",
                limit + 2
            )
        )]
    );
    assert_eq!(
        position(&root),
        "0 of 0 envelopes read: 0 applied, 0 refused."
    );
    assert!(button(&root, "apply-step").disabled());
}

fn stream_with_refusals() -> String {
    [
        format!(r#"{{"version":"v0.9","createSurface":{{"surfaceId":"s","catalogId":"{BASIC}"}}}}"#),
        r#"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Hi"}]}}"#.to_string(),
        r#"{"version":"v0.9","updateDataModel":{"surfaceId":"s" "path":"/a","value":"<img src=x onerror=alert(1)>"}}"#.to_string(),
        r#"{"version":"v0.9","updateDataModel":{"surfaceId":"nope","path":"/a","value":1}}"#.to_string(),
        r#"{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}"#.to_string(),
    ]
    .join("\n")
}

#[wasm_bindgen_test]
async fn the_timeline_says_what_became_of_each_envelope() {
    let root = mounted().await;
    paste(&root, &stream_with_refusals()).await;
    click(&root, "[data-testid=apply-all]").await;
    assert_eq!(
        statuses(&root),
        ["applied", "applied", "refused", "refused", "applied"]
    );
    assert_eq!(
        texts(&root, "[data-testid=timeline-type]"),
        [
            "createSurface",
            "updateComponents",
            "unreadable",
            "updateDataModel",
            "deleteSurface"
        ]
    );
    assert_eq!(
        texts(&root, "[data-testid=timeline-surface]"),
        [
            "surface s",
            "surface s",
            "no surface",
            "surface nope",
            "surface s"
        ]
    );
    assert_eq!(
        texts(&root, "[data-testid=timeline-status]"),
        [
            "applied",
            "applied",
            "refused: envelope-not-json",
            "refused: surface-unknown",
            "applied"
        ]
    );
    assert_eq!(
        position(&root),
        "5 of 5 envelopes read: 3 applied, 2 refused."
    );
    // The last envelope is the one just applied, said in words too.
    let current = all(&root, "[data-testid=timeline-entry][aria-current=step]");
    assert_eq!(current.len(), 1);
    assert_eq!(current[0].get_attribute("data-index").as_deref(), Some("4"));
    assert_eq!(
        texts(&root, "[data-testid=timeline-current]"),
        ["◀ just applied"]
    );
    // Only refused envelopes are buttons.
    assert_eq!(all(&root, "[data-testid=timeline-why]").len(), 2);
    assert!(one(&root, "[data-testid=a2ui-live]")
        .text_content()
        .unwrap()
        .contains("3 applied, 2 refused"));
}

#[wasm_bindgen_test]
async fn step_forward_and_back_with_the_ends_disabled() {
    let root = mounted().await;
    // A pasted stream is applied whole; Reset goes back to its start to step through it.
    paste(&root, &stream_with_refusals()).await;
    assert_eq!(
        position(&root),
        "5 of 5 envelopes read: 3 applied, 2 refused."
    );
    click(&root, "[data-testid=reset]").await;
    assert!(button(&root, "step-back").disabled(), "back at the start");
    assert!(!button(&root, "apply-step").disabled());
    assert_eq!(statuses(&root), ["pending"; 5]);
    assert_eq!(
        position(&root),
        "0 of 5 envelopes read: 0 applied, 0 refused."
    );
    assert!(all(&root, "[aria-current=step]").is_empty());
    for n in 1..=5 {
        click(&root, "[data-testid=apply-step]").await;
        let current = all(&root, "[data-testid=timeline-entry][aria-current=step]");
        assert_eq!(current.len(), 1);
        assert_eq!(
            current[0].get_attribute("data-index"),
            Some((n - 1).to_string())
        );
        assert_eq!(
            all(
                &root,
                "[data-testid=timeline-entry]:not([data-status=pending])"
            )
            .len(),
            n
        );
    }
    assert!(button(&root, "apply-step").disabled(), "step at the end");
    assert!(!button(&root, "step-back").disabled());
    assert!(all(&root, "[data-testid=agent-area]").is_empty(), "deleted");
    let live = one(&root, "[data-testid=a2ui-live]")
        .text_content()
        .unwrap();
    assert_eq!(
        live,
        "Envelope 5 of 5: deleteSurface on surface s, applied."
    );
    // Back rebuilds the store up to the envelope before: the surface is there again.
    click(&root, "[data-testid=step-back]").await;
    assert_eq!(
        statuses(&root),
        ["applied", "applied", "refused", "refused", "pending"]
    );
    assert_eq!(
        position(&root),
        "4 of 5 envelopes read: 2 applied, 2 refused."
    );
    assert_eq!(all(&root, "[data-testid=agent-area]").len(), 1);
    assert!(one(&root, "[data-testid=a2ui-surface]")
        .text_content()
        .unwrap()
        .contains("Hi"));
    assert!(!button(&root, "apply-step").disabled());
    for _ in 0..4 {
        click(&root, "[data-testid=step-back]").await;
    }
    assert!(button(&root, "step-back").disabled());
    assert_eq!(statuses(&root), ["pending"; 5]);
    assert_eq!(
        position(&root),
        "0 of 5 envelopes read: 0 applied, 0 refused."
    );
}

#[wasm_bindgen_test]
async fn a_refused_envelope_shows_its_finding_and_the_part_of_its_json_as_text() {
    let root = mounted().await;
    paste(&root, &stream_with_refusals()).await;
    click(&root, "[data-testid=apply-all]").await;
    let why = all(&root, "[data-testid=timeline-why]");
    assert_eq!(
        why[0].get_attribute("aria-expanded").as_deref(),
        Some("false")
    );
    let details = all(&root, "[data-testid=timeline-detail]");
    assert!(details
        .iter()
        .all(|d| d.has_attribute("hidden") && d.child_element_count() == 0));
    why[0].unchecked_ref::<HtmlButtonElement>().click();
    leptos::task::tick().await;
    assert_eq!(
        why[0].get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    let id = why[0].get_attribute("aria-controls").unwrap();
    let detail = one(&root, &format!("#{id}"));
    assert!(!detail.has_attribute("hidden"));
    let finding = one(&detail, "[data-testid=timeline-finding]");
    assert_eq!(
        finding.get_attribute("data-code").as_deref(),
        Some("envelope-not-json")
    );
    assert!(finding
        .text_content()
        .unwrap()
        .contains("(line 3, column 54)"));
    let pre = one(&detail, "pre[data-testid=timeline-json]");
    assert_eq!(pre.child_element_count(), 0, "text only");
    let shown = pre.text_content().unwrap();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3, "{shown}");
    // The line before and the line itself, numbered, cut to the characters around column 54
    // (so that the error is in view in a narrow box); a caret under the column.
    assert!(lines[0].starts_with("2 | …"), "{shown}");
    assert!(lines[1].starts_with("3 | …"), "{shown}");
    assert!(lines[1].contains("\"surfaceId\":\"s\" \"path\""), "{shown}");
    assert!(lines[1].contains("<img src=x onerror=alert(1)>"), "{shown}");
    assert!(!lines[1].contains("{\"version\""), "cut: {shown}");
    assert!(lines[2].starts_with("  | "), "{shown}");
    let caret = lines[2].chars().position(|c| c == '^').unwrap();
    let under: String = lines[1].chars().skip(caret).collect();
    assert!(under.starts_with("\"path\""), "{shown}");
    assert_eq!(caret, "3 | …".chars().count() + 24, "{shown}");
    assert!(all(&root, "img").is_empty());
    // Again closes it.
    why[0].unchecked_ref::<HtmlButtonElement>().click();
    leptos::task::tick().await;
    assert!(one(&root, &format!("#{id}")).has_attribute("hidden"));
    // A refusal by the fold shows the part its path names.
    why[1].unchecked_ref::<HtmlButtonElement>().click();
    leptos::task::tick().await;
    let id = why[1].get_attribute("aria-controls").unwrap();
    let detail = one(&root, &format!("#{id}"));
    assert_eq!(
        one(&detail, "[data-testid=timeline-finding]")
            .get_attribute("data-code")
            .as_deref(),
        Some("surface-unknown")
    );
    let shown = one(&detail, "pre[data-testid=timeline-json]")
        .text_content()
        .unwrap();
    assert!(shown.contains("nope"), "{shown}");
}

#[wasm_bindgen_test]
async fn the_part_shown_is_bounded() {
    let root = mounted().await;
    let long = "x".repeat(20_000);
    // A line that breaks after 20,000 characters, and an envelope refused for a long text.
    let text = format!(
        "{{\"version\":\"v0.9\",\"createSurface\":{{\"surfaceId\":\"s\",\"catalogId\":\"{BASIC}\"}}}}\n{{\"version\":\"v0.9\",\"updateDataModel\":{{\"surfaceId\":\"s\",\"value\":\"{long}\" oops}}}}\n{{\"version\":\"v0.9\",\"updateComponents\":{{\"surfaceId\":\"s\",\"components\":[{{\"id\":\"root\",\"component\":\"Text\",\"text\":\"{long}\"}}]}}}}"
    );
    paste(&root, &text).await;
    click(&root, "[data-testid=apply-all]").await;
    assert_eq!(statuses(&root), ["applied", "refused", "refused"]);
    // One refused envelope's detail is open at a time.
    let mut shown = Vec::new();
    for why in all(&root, "[data-testid=timeline-why]") {
        why.unchecked_ref::<HtmlButtonElement>().click();
        leptos::task::tick().await;
        assert_eq!(all(&root, "pre[data-testid=timeline-json]").len(), 1);
        shown.push(
            one(&root, "pre[data-testid=timeline-json]")
                .text_content()
                .unwrap(),
        );
    }
    assert_eq!(shown.len(), 2);
    assert!(shown[0].chars().count() < 400, "{}", shown[0].len());
    assert!(shown[0].contains('…') && shown[0].contains("oops"));
    assert!(shown[1].chars().count() < 1300, "{}", shown[1].len());
    assert!(shown[1].contains("more characters not shown"));
}

/// An id the console names in its own words cannot turn those words around: its direction
/// controls show as U+FFFD (and style.css makes `<code>` a direction run of its own; red-team review:
/// `"s \u{202E}deilppa \u{2066}"` drew its refused envelope's row as "surface s applied").
#[wasm_bindgen_test]
async fn a_surface_id_cannot_reorder_the_timelines_words() {
    let root = mounted().await;
    let sid = "s \u{202E}deilppa \u{2066}";
    let text = format!(
        r#"[{{"version":"v0.9","createSurface":{{"surfaceId":"{sid}","catalogId":"{BASIC}","zz":1}}}}]"#
    );
    paste(&root, &text).await;
    click(&root, "[data-testid=apply-all]").await;
    assert_eq!(statuses(&root), ["refused"]);
    let shown = texts(&root, "[data-testid=timeline-surface]");
    assert_eq!(shown, ["surface s \u{FFFD}deilppa \u{FFFD}"]);
}
