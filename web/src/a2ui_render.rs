//! Draws an A2UI render tree (from `surfaces-core`) as DOM this console chooses. Every agent
//! string is a text node or an attribute value we set (a label's text, an input's value);
//! URLs become text plus a link a person may click, and nothing is loaded.

use std::sync::atomic::{AtomicUsize, Ordering};

use leptos::prelude::*;
use serde_json::Value;
use surfaces_core::a2ui::render::{
    button_blocked, grow_class, placeholder_text, svg_path_ok, Choices, Kind, Node,
};

/// What the renderer reports back: a person's edit at a data-model pointer, or a click on a
/// Button (its component id and template scope).
#[derive(Clone, Copy)]
pub struct Handlers {
    pub edit: Callback<(String, Value)>,
    pub click: Callback<(String, String)>,
    /// The level of the last heading drawn, so the agent's headings never skip a level
    /// below the console's own (start it at 2: the screen's section heading).
    pub heading: StoredValue<u8>,
    /// A person asked to open an `openUrl` target: the console asks before anything opens.
    pub open: Callback<String>,
    /// Take the agent's proposed value at a pointer, or keep the person's.
    pub accept: Callback<String>,
    pub keep: Callback<String>,
}

/// Check messages and the agent's proposal under an input; returns the id the control's
/// `aria-describedby` should name, when there is something to describe.
fn extras(
    errors: Vec<String>,
    proposal: Option<String>,
    binding: Option<String>,
    h: Handlers,
) -> (Option<String>, AnyView) {
    if errors.is_empty() && proposal.is_none() {
        return (None, ().into_any());
    }
    let id = dom_id();
    let proposal = proposal.zip(binding).map(|(agent, pointer)| {
        let (p1, p2) = (pointer.clone(), pointer);
        view! {
            <p class="a2ui-proposal" data-testid="a2ui-proposal">
                "The agent has since proposed: " <bdi>{agent}</bdi> " "
                <button type="button" data-testid="a2ui-accept" on:click=move |_| h.accept.run(p1.clone())>"Use the agent's value"</button>
                " "
                <button type="button" data-testid="a2ui-keep" on:click=move |_| h.keep.run(p2.clone())>"Keep mine"</button>
            </p>
        }
    });
    let view = view! {
        <div id=id.clone() class="a2ui-extras">
            {(!errors.is_empty()).then(|| view! {
                <ul class="a2ui-errors" data-testid="a2ui-errors">
                    {errors.into_iter().map(|e| view! { <li dir="auto">{e}</li> }).collect_view()}
                </ul>
            })}
            {proposal}
        </div>
    }
    .into_any();
    (Some(id), view)
}

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// A fresh DOM id for label/control association: never derived from agent text.
fn dom_id() -> String {
    format!("a2ui-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed))
}

/// The glyph shown for each Basic Catalog icon name (a built-in set: nothing is fetched).
fn icon_glyph(name: &str) -> &'static str {
    match name {
        "accountCircle" | "person" => "👤",
        "add" => "+",
        "arrowBack" => "←",
        "arrowForward" => "→",
        "attachFile" => "📎",
        "calendarToday" | "event" => "📅",
        "call" | "phone" => "📞",
        "camera" | "photo" => "📷",
        "check" => "✓",
        "close" => "✕",
        "delete" => "🗑",
        "download" => "⬇",
        "upload" => "⬆",
        "edit" => "✎",
        "error" => "⛔",
        "warning" => "⚠",
        "info" | "help" => "ℹ",
        "fastForward" | "skipNext" => "⏭",
        "rewind" | "skipPrevious" => "⏮",
        "favorite" => "♥",
        "favoriteOff" => "♡",
        "folder" => "📁",
        "home" => "⌂",
        "locationOn" => "📍",
        "lock" => "🔒",
        "lockOpen" => "🔓",
        "mail" | "send" => "✉",
        "menu" => "☰",
        "moreVert" => "⋮",
        "moreHoriz" => "⋯",
        "notifications" => "🔔",
        "notificationsOff" => "🔕",
        "pause" => "⏸",
        "play" => "▶",
        "stop" => "⏹",
        "payment" | "shoppingCart" => "🛒",
        "print" => "🖶",
        "refresh" => "⟳",
        "search" => "🔍",
        "settings" => "⚙",
        "share" => "⇪",
        "star" => "★",
        "starHalf" => "⯪",
        "starOff" => "☆",
        "visibility" => "👁",
        "visibilityOff" => "⊘",
        "volumeUp" | "volumeDown" => "🔊",
        "volumeMute" | "volumeOff" => "🔇",
        _ => "□",
    }
}

/// An accessible name for a control whose visible label is blank: the agent's accessibility
/// label, or words of ours saying what the control is.
fn fallback_name(visible: &str, a11y: &Option<String>, what: &str) -> Option<String> {
    if !visible.trim().is_empty() {
        return None;
    }
    Some(
        a11y.clone()
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| format!("Unlabelled {what}")),
    )
}

/// A media box: the description and the URL as text, and a link only a person's click follows.
fn media_box(kind: &'static str, url: Option<String>, description: Option<String>) -> AnyView {
    view! {
        <figure class="a2ui-media" data-testid="a2ui-media">
            <figcaption>
                <span class="a2ui-media-kind">{kind}</span>
                {description.map(|d| view! { " " <bdi>{d}</bdi> })}
            </figcaption>
            {url.map(|u| {
                let linkable = u.starts_with("https://");
                view! {
                    <code class="a2ui-url">{u.clone()}</code>
                    {linkable.then(|| view! {
                        " "
                        <a href=u target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">"Open in a new tab"</a>
                    })}
                }
            })}
            <p class="a2ui-note">"Not loaded: this console loads no media from agents."</p>
        </figure>
    }
    .into_any()
}

/// Renders one node; `phrasing` is set inside a button, where only inline content belongs.
pub fn render_node(node: Node, h: Handlers, phrasing: bool) -> AnyView {
    let Node {
        id,
        label,
        description,
        weight,
        errors,
        proposal,
        faults,
        kind,
    } = node;
    let grow = grow_class(weight);
    // What could not be evaluated or shown (our wording, never the agent's), beside the node.
    let fault_note = (!faults.is_empty() && !phrasing).then(|| {
        let text = faults
            .iter()
            .map(|f| f.message.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        view! { <span class="a2ui-note a2ui-fault" role="note" data-testid="a2ui-fault">{text}</span> }
    });
    let binding = kind.input_binding().map(|b| b.map(str::to_string));
    let (described, extra) = match &binding {
        Some(b) => extras(errors.clone(), proposal.clone(), b.clone(), h),
        None => (None, ().into_any()),
    };
    let invalid = binding.is_some() && !errors.is_empty();
    let view = match kind {
        Kind::Text { text, variant } => {
            let class = format!("a2ui-text a2ui-{variant}{grow}");
            if phrasing {
                return view! { <span class=class dir="auto">{text}</span> }.into_any();
            }
            let wanted = match variant.as_str() {
                "h1" => 1,
                "h2" => 2,
                "h3" => 3,
                "h4" => 4,
                "h5" => 5,
                _ => 0,
            };
            // An empty heading announces nothing: it stays a paragraph.
            if wanted == 0 || text.trim().is_empty() {
                return view! { <p class=class dir="auto">{text}</p> }.into_any();
            }
            // The agent's headings sit below the console's own and never skip a level.
            let level = (wanted + 2).min(h.heading.get_value() + 1).clamp(3, 6);
            h.heading.set_value(level);
            match level {
                3 => view! { <h3 class=class dir="auto">{text}</h3> }.into_any(),
                4 => view! { <h4 class=class dir="auto">{text}</h4> }.into_any(),
                5 => view! { <h5 class=class dir="auto">{text}</h5> }.into_any(),
                _ => view! { <h6 class=class dir="auto">{text}</h6> }.into_any(),
            }
        }
        Kind::Image {
            url,
            description: d,
            ..
        } => media_box("Image", url, d.or(description)),
        Kind::Video { url } => media_box("Video", url, description),
        Kind::AudioPlayer {
            url,
            description: d,
        } => media_box("Audio", url, d.or(description)),
        Kind::Icon { name, svg_path } => {
            let aria = label.or(name.clone()).unwrap_or_else(|| "icon".into());
            match (name, svg_path) {
                (_, Some(d)) if svg_path_ok(&d) => view! {
                    <svg class="a2ui-icon" viewBox="0 0 24 24" role="img" aria-label=aria><path d=d></path></svg>
                }
                .into_any(),
                (Some(n), _) => view! { <span class="a2ui-icon" role="img" aria-label=aria>{icon_glyph(&n)}</span> }.into_any(),
                _ => view! { <span class="a2ui-icon" role="img" aria-label=aria>"□"</span> }.into_any(),
            }
        }
        Kind::Row {
            children,
            justify,
            align,
        } => flex("row", children, &justify, &align, &grow, h, phrasing),
        Kind::Column {
            children,
            justify,
            align,
        } => flex("column", children, &justify, &align, &grow, h, phrasing),
        Kind::List {
            children,
            direction,
            align,
        } => {
            let class = format!("a2ui-list a2ui-list-{direction} a2ui-align-{align}{grow}");
            let kids = children
                .into_iter()
                .map(|c| view! { <li>{render_node(c, h, false)}</li> })
                .collect_view();
            view! { <ul class=class aria-label=label>{kids}</ul> }.into_any()
        }
        Kind::Card { child } => {
            view! { <div class=format!("a2ui-card{grow}")>{render_node(*child, h, phrasing)}</div> }
                .into_any()
        }
        Kind::Divider { axis } => {
            let vertical = axis == "vertical";
            view! { <hr class=format!("a2ui-divider a2ui-divider-{axis}") aria-orientation=if vertical { "vertical" } else { "horizontal" } /> }
                .into_any()
        }
        Kind::Tabs { tabs } => tabs_view(tabs, h, label),
        Kind::Modal { trigger, content } => modal_view(*trigger, *content, h),
        Kind::Button {
            child,
            variant,
            event,
            local,
            scope,
            open_url,
        } => {
            let reason = button_blocked(
                &errors,
                event.as_deref(),
                local.as_deref(),
                open_url.is_some(),
                "console",
            );
            let disabled = reason.is_some();
            let note_id = dom_id();
            let described = reason.as_ref().map(|_| note_id.clone());
            let cid = id.clone();
            view! {
                <span class="a2ui-button-wrap">
                    <button
                        type="button"
                        class=format!("a2ui-button a2ui-button-{variant}{grow}")
                        data-testid="a2ui-button"
                        data-component=id.clone()
                        disabled=disabled
                        aria-describedby=described
                        aria-label=label
                        on:click=move |_| match &open_url {
                            Some(u) => h.open.run(u.clone()),
                            None => h.click.run((cid.clone(), scope.clone())),
                        }
                    >
                        {render_node(*child, h, true)}
                    </button>
                    {reason.map(|r| view! { <span class="a2ui-note" id=note_id data-testid="a2ui-button-reason">{r}</span> })}
                </span>
            }
            .into_any()
        }
        Kind::TextField {
            label: text,
            value,
            variant,
            binding,
        } => {
            let input_id = dom_id();
            let aria = fallback_name(&text, &label, "text field");
            let on_input = move |ev: leptos::ev::Event| {
                if let Some(b) = binding.clone() {
                    let raw = event_target_value(&ev);
                    h.edit.run((b, Value::String(raw)));
                }
            };
            let control = if variant == "longText" {
                view! { <textarea id=input_id.clone() aria-label=aria aria-describedby=described.clone() aria-invalid=invalid.then_some("true") dir="auto" prop:value=value rows="4" on:input=on_input></textarea> }.into_any()
            } else {
                let kind = match variant.as_str() {
                    "number" => "number",
                    "obscured" => "password",
                    _ => "text",
                };
                view! { <input id=input_id.clone() aria-label=aria aria-describedby=described.clone() aria-invalid=invalid.then_some("true") type=kind dir="auto" prop:value=value on:input=on_input /> }.into_any()
            };
            view! {
                <div class=format!("a2ui-field{grow}")>
                    <label for=input_id dir="auto">{text}</label>
                    {control}
                    {description.map(|d| view! { <span class="a2ui-note" dir="auto">{d}</span> })}
                </div>
            }
            .into_any()
        }
        Kind::CheckBox {
            label: text,
            value,
            binding,
        } => {
            let input_id = dom_id();
            let aria = fallback_name(&text, &label, "checkbox");
            view! {
                <div class=format!("a2ui-check{grow}")>
                    <input
                        id=input_id.clone()
                        aria-label=aria
                        type="checkbox"
                        prop:checked=value
                        on:change=move |ev| {
                            if let Some(b) = binding.clone() {
                                h.edit.run((b, Value::Bool(event_target_checked(&ev))));
                            }
                        }
                    />
                    <label for=input_id dir="auto">{text}</label>
                </div>
            }
            .into_any()
        }
        Kind::ChoicePicker(choices) => choice_view(choices, label, h),
        Kind::Slider {
            label: text,
            min,
            max,
            value,
            binding,
        } => {
            let input_id = dom_id();
            let shown = RwSignal::new(value);
            view! {
                <div class=format!("a2ui-field{grow}")>
                    <label for=input_id.clone() dir="auto">{text.or(label).unwrap_or_else(|| "Value".into())}</label>
                    <input
                        id=input_id
                        type="range"
                        min=min
                        max=max
                        step="any"
                        prop:value=value
                        on:input=move |ev| {
                            let v: f64 = event_target_value(&ev).parse().unwrap_or(min);
                            shown.set(v);
                            if let Some(b) = binding.clone() {
                                h.edit.run((b, serde_json::json!(v)));
                            }
                        }
                    />
                    <output>{move || shown.get().to_string()}</output>
                </div>
            }
            .into_any()
        }
        Kind::DateTimeInput {
            label: text,
            value,
            enable_date,
            enable_time,
            min,
            max,
            binding,
        } => {
            let input_id = dom_id();
            let kind = match (enable_date, enable_time) {
                (true, true) => "datetime-local",
                (false, true) => "time",
                _ => "date",
            };
            view! {
                <div class=format!("a2ui-field{grow}")>
                    <label for=input_id.clone() dir="auto">{text.or(label).unwrap_or_else(|| "Date".into())}</label>
                    <input
                        id=input_id
                        type=kind
                        min=min
                        max=max
                        prop:value=value
                        on:input=move |ev| {
                            if let Some(b) = binding.clone() {
                                h.edit.run((b, Value::String(event_target_value(&ev))));
                            }
                        }
                    />
                </div>
            }
            .into_any()
        }
        Kind::Placeholder { reason, name } => {
            let text = placeholder_text(reason, &id, name.as_deref(), "console");
            view! { <span class="a2ui-placeholder" role="note" data-testid="a2ui-placeholder">{text}</span> }.into_any()
        }
    };
    let view = if binding.is_some() {
        view! { <div class="a2ui-input" data-invalid=invalid.then_some("true")>{view}{extra}</div> }
            .into_any()
    } else {
        view
    };
    match fault_note {
        Some(note) => view! { {view}{note} }.into_any(),
        None => view,
    }
}

/// A Row or a Column: a flex box of the children, in order.
fn flex(
    axis: &str,
    children: Vec<Node>,
    justify: &str,
    align: &str,
    grow: &str,
    h: Handlers,
    phrasing: bool,
) -> AnyView {
    let class = format!("a2ui-{axis} a2ui-justify-{justify} a2ui-align-{align}{grow}");
    let kids = children
        .into_iter()
        .map(|c| render_node(c, h, phrasing))
        .collect_view();
    view! { <div class=class>{kids}</div> }.into_any()
}

fn tabs_view(tabs: Vec<(String, Node)>, h: Handlers, label: Option<String>) -> AnyView {
    let active = RwSignal::new(0usize);
    let n = tabs.len();
    // Each tab and its panel name each other: one pair of ids per tab.
    let ids: Vec<(String, String)> = (0..n).map(|_| (dom_id(), dom_id())).collect();
    let buttons = tabs
        .iter()
        .enumerate()
        .map(|(i, (title, _))| {
            let (tab_id, panel_id) = ids[i].clone();
            view! {
                <button
                    type="button"
                    role="tab"
                    id=tab_id
                    aria-controls=panel_id
                    aria-selected=move || (active.get() == i).to_string()
                    tabindex=move || if active.get() == i { "0" } else { "-1" }
                    on:click=move |_| active.set(i)
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
                        "ArrowRight" => active.set((i + 1) % n),
                        "ArrowLeft" => active.set((i + n - 1) % n),
                        _ => {}
                    }
                    dir="auto"
                >
                    {title.clone()}
                </button>
            }
        })
        .collect_view();
    let panels = tabs
        .into_iter()
        .enumerate()
        .map(|(i, (_, node))| {
            let (tab_id, panel_id) = ids[i].clone();
            view! {
                <div role="tabpanel" id=panel_id aria-labelledby=tab_id hidden=move || active.get() != i>
                    {render_node(node, h, false)}
                </div>
            }
        })
        .collect_view();
    view! {
        <div class="a2ui-tabs">
            <div role="tablist" aria-label=label>{buttons}</div>
            {panels}
        </div>
    }
    .into_any()
}

fn modal_view(trigger: Node, content: Node, h: Handlers) -> AnyView {
    let open = RwSignal::new(false);
    let dialog_id = dom_id();
    view! {
        <div class="a2ui-modal-wrap">
            <div class="a2ui-modal-trigger" on:click=move |_| open.set(true)>{render_node(trigger, h, false)}</div>
            // Kept inside the agent's area, never over the console's own chrome.
            <div class="a2ui-modal" role="dialog" aria-modal="false" id=dialog_id hidden=move || !open.get() data-testid="a2ui-modal">
                {render_node(content, h, false)}
                <button type="button" class="a2ui-button" on:click=move |_| open.set(false)>"Close"</button>
            </div>
        </div>
    }
    .into_any()
}

/// A ChoicePicker; `fallback` names it when it has no label of its own.
fn choice_view(choices: Choices, fallback: Option<String>, h: Handlers) -> AnyView {
    let Choices {
        label,
        options,
        selected,
        multiple,
        chips,
        filterable,
        binding,
    } = choices;
    let label = label.or(fallback);
    let chosen = RwSignal::new(selected);
    let filter = RwSignal::new(String::new());
    let group = dom_id();
    let kind = if multiple { "checkbox" } else { "radio" };
    let items = options
        .into_iter()
        .map(|(text, value)| {
            let input_id = dom_id();
            let v = value.clone();
            let lower = text.to_lowercase();
            let binding = binding.clone();
            view! {
                <div class="a2ui-choice" hidden=move || !lower.contains(&filter.get().to_lowercase())>
                    <input
                        id=input_id.clone()
                        type=kind
                        name=group.clone()
                        prop:checked=move || chosen.get().contains(&v)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            chosen.update(|c| {
                                if !multiple {
                                    c.clear();
                                }
                                c.retain(|x| x != &value);
                                if on {
                                    c.push(value.clone());
                                }
                            });
                            if let Some(b) = binding.clone() {
                                h.edit.run((b, serde_json::json!(chosen.get_untracked())));
                            }
                        }
                    />
                    <label for=input_id dir="auto">{text}</label>
                </div>
            }
        })
        .collect_view();
    let filter_id = dom_id();
    view! {
        <fieldset class=if chips { "a2ui-choices a2ui-chips" } else { "a2ui-choices" }>
            <legend dir="auto">{label.unwrap_or_else(|| "Choose".into())}</legend>
            {filterable.then(|| view! {
                <label for=filter_id.clone() class="a2ui-filter-label">"Filter"</label>
                <input id=filter_id type="search" on:input=move |ev| filter.set(event_target_value(&ev)) />
            })}
            {items}
        </fieldset>
    }
    .into_any()
}
