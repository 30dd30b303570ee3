//! Where a screen's input comes from: an example menu (plus "your own"), the text itself,
//! and a file to open. Both screens use it, so they load, edit and open files alike.

use leptos::prelude::*;

/// The value of the menu's "your own" entry.
pub const CUSTOM: &str = "custom";

/// `name` prefixes the ids and test ids (`{name}-select`, `{name}-text`, `{name}-file`).
/// `on_example` runs when an example is chosen; `on_edit` after the person types; `on_open`
/// after a file was read into the text; `on_replace` after an edit that replaced the whole
/// text (select all, then paste, drop or type) or emptied it: that is another document, not
/// a change to this one. Typing or opening a file selects "your own".
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
    #[prop(optional)] on_edit: Option<Callback<()>>,
    #[prop(optional)] on_open: Option<Callback<()>>,
    #[prop(optional)] on_replace: Option<Callback<()>>,
) -> impl IntoView {
    let file_error = RwSignal::new(None::<String>);
    // Whether the edit under way started with the whole (non-empty) text selected; only
    // `beforeinput` still sees the selection the edit replaces.
    let replacing = StoredValue::new(false);
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
    let id = move |part: &str| format!("{name}-{part}");
    let on_file = move |ev: leptos::ev::Event| {
        file_error.set(None);
        crate::read_chosen_file(&ev, move |read| match read {
            Ok(t) => {
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
            prop:value=move || text.get()
            on:beforeinput=on_before
            on:input=move |ev| {
                let value = event_target_value(&ev);
                let replaced = replacing.get_value() || value.trim().is_empty();
                replacing.set_value(false);
                text.set(value);
                selected.set(CUSTOM.into());
                if let Some(f) = on_edit {
                    f.run(());
                }
                if let (true, Some(f)) = (replaced, on_replace) {
                    f.run(());
                }
            }
        ></textarea>
        <label for=id("file")>{file_label}</label>
        <input id=id("file") data-testid=id("file") type="file" accept=accept on:change=on_file />
        {move || file_error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
    }
}
