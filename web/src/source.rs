//! Where a screen's input comes from: an example menu (plus "your own"), the text itself,
//! and a file to open. Both screens use it, so they load, edit and open files alike.

use leptos::prelude::*;

/// The value of the menu's "your own" entry.
pub const CUSTOM: &str = "custom";

/// How long typing has to pause before the text is taken.
pub const PAUSE: std::time::Duration = std::time::Duration::from_millis(400);

/// `name` prefixes the ids and test ids (`{name}-select`, `{name}-text`, `{name}-file`).
///
/// One apply model for both screens: whatever the person does with the text takes effect
/// without a further button. Choosing an example, opening a file and pasting (or dropping)
/// into the text set `text` at once; typing sets it once typing pauses for [`PAUSE`], so a
/// half-typed document is not checked at every key. `pending` is true while typed text waits.
///
/// `on_example` runs when an example is chosen; `on_typing` at each edit of the text, before
/// it is taken; `on_edit` when typed or pasted text is taken; `on_open` after a file was
/// read into the text; `on_replace` (after `on_edit`) when
/// that edit replaced the whole text (select all, then paste, drop or type) or emptied it:
/// that is another document, not a change to this one. Typed, pasted and opened text selects
/// "your own".
#[component]
pub fn SourceInput(
    name: &'static str,
    /// (id, menu text) of each example.
    examples: Vec<(&'static str, String)>,
    example_label: &'static str,
    custom_label: &'static str,
    text_label: &'static str,
    file_label: &'static str,
    accept: &'static str,
    rows: u32,
    selected: RwSignal<String>,
    text: RwSignal<String>,
    on_example: Callback<String>,
    #[prop(optional)] on_typing: Option<Callback<()>>,
    #[prop(optional)] on_edit: Option<Callback<()>>,
    #[prop(optional)] on_open: Option<Callback<()>>,
    #[prop(optional)] on_replace: Option<Callback<()>>,
    #[prop(optional)] pending: Option<RwSignal<bool>>,
) -> impl IntoView {
    let file_error = RwSignal::new(None::<String>);
    // Whether the edit under way started with the whole (non-empty) text selected; only
    // `beforeinput` still sees the selection the edit replaces.
    let replacing = StoredValue::new(false);
    // What was typed and not taken yet, whether any edit since the last take replaced the
    // whole text, and the timer that takes it.
    let draft = StoredValue::new(None::<String>);
    let replaced = StoredValue::new(false);
    let timer = StoredValue::new(None::<TimeoutHandle>);
    let set_pending = move |on: bool| {
        if let Some(p) = pending {
            if p.get_untracked() != on {
                p.set(on);
            }
        }
    };
    // The screen may be gone (the person switched screens) when a file read or the timer
    // ends: its state is disposed then, and nothing is done.
    on_cleanup(move || {
        if let Some(Some(t)) = timer.try_get_value() {
            t.clear();
        }
    });
    // Typed text is forgotten when something else replaces it (an example, a file).
    let drop_draft = move || {
        let Some(t) = timer.try_get_value() else {
            return;
        };
        if let Some(t) = t {
            t.clear();
        }
        timer.set_value(None);
        draft.set_value(None);
        replaced.set_value(false);
        set_pending(false);
    };
    let take = move || {
        let Some(Some(value)) = draft.try_get_value() else {
            return;
        };
        if let Some(t) = timer.get_value() {
            t.clear();
        }
        timer.set_value(None);
        draft.set_value(None);
        let whole = replaced.get_value();
        replaced.set_value(false);
        text.set(value);
        selected.set(CUSTOM.into());
        set_pending(false);
        if let Some(f) = on_edit {
            f.run(());
        }
        if let (true, Some(f)) = (whole, on_replace) {
            f.run(());
        }
    };
    let on_before = move |ev: leptos::ev::InputEvent| {
        use wasm_bindgen::JsCast;
        let whole = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            .is_some_and(|area| {
                let len = area.text_length();
                let start = area.selection_start().ok().flatten();
                let end = area.selection_end().ok().flatten();
                len > 0 && start == Some(0) && end == Some(len)
            });
        replacing.set_value(whole);
    };
    let on_input = move |ev: leptos::ev::Event| {
        use wasm_bindgen::JsCast;
        let value = event_target_value(&ev);
        let whole = replacing.get_value() || value.trim().is_empty();
        replacing.set_value(false);
        replaced.update_value(|r| *r |= whole);
        draft.set_value(Some(value));
        if let Some(f) = on_typing {
            f.run(());
        }
        // A paste or a drop brings a whole document at once: taken now, as a file is.
        let at_once = ev.dyn_ref::<leptos::ev::InputEvent>().is_some_and(|i| {
            matches!(
                i.input_type().as_str(),
                "insertFromPaste" | "insertFromDrop"
            )
        });
        if let Some(t) = timer.get_value() {
            t.clear();
        }
        if at_once {
            take();
        } else {
            set_pending(true);
            timer.set_value(set_timeout_with_handle(take, PAUSE).ok());
        }
    };
    let id = move |part: &str| format!("{name}-{part}");
    let on_file = move |ev: leptos::ev::Event| {
        file_error.set(None);
        crate::read_chosen_file(&ev, move |read| match read {
            _ if timer.try_get_value().is_none() => {}
            Ok(t) => {
                drop_draft();
                text.set(t);
                selected.set(CUSTOM.into());
                if let Some(f) = on_open {
                    f.run(());
                }
            }
            Err(()) => file_error.set(Some("The file could not be read as text.".into())),
        });
    };
    view! {
        <label for=id("select")>{example_label}</label>
        <select
            id=id("select")
            data-testid=id("select")
            on:change=move |ev| {
                let chosen = event_target_value(&ev);
                drop_draft();
                selected.set(chosen.clone());
                on_example.run(chosen);
            }
            prop:value=move || selected.get()
        >
            {examples
                .into_iter()
                .map(|(value, title)| view! { <option value=value>{title}</option> })
                .collect_view()}
            <option value=CUSTOM>{custom_label}</option>
        </select>
        <label for=id("text")>{text_label}</label>
        <textarea
            id=id("text")
            data-testid=id("text")
            spellcheck="false"
            rows=rows
            aria-describedby=id("apply-hint")
            prop:value=move || text.get()
            on:beforeinput=on_before
            on:input=on_input
            // Leaving the text (for a button, say) takes what was typed first, so the button
            // acts on the text as the person sees it.
            on:blur=move |_| take()
        ></textarea>
        <p class="hint" id=id("apply-hint")>
            "Taken as you type, once you pause; pasting, opening a file or choosing an example takes it at once."
        </p>
        <label for=id("file")>{file_label}</label>
        <input id=id("file") data-testid=id("file") type="file" accept=accept on:change=on_file />
        {move || file_error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
    }
}
