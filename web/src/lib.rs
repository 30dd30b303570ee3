//! The agent-surfaces console: components live here, `main.rs` only mounts.
//!
//! Everything an agent or a card says reaches the DOM as text nodes or as attribute values
//! this code chooses (an `href` only from a linkable entry's normalised `https:` URL). No markup is ever
//! parsed from a string, and the served Content-Security-Policy backs that up.

pub mod a2ui_render;
pub mod a2ui_screen;
pub mod about;
pub mod agent_screen;
pub mod demo_cards;
pub mod demo_streams;
pub mod findings;
pub mod same_origin;
pub mod source;
pub mod timeline;
pub mod ui_links;

use leptos::prelude::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Agent,
    UiLinks,
    A2ui,
    About,
}

impl Screen {
    /// The screen an address names; `None` for no hash or one the console does not know,
    /// which shows the first screen.
    fn from_hash(hash: &str) -> Option<Screen> {
        match hash {
            "#agent" => Some(Screen::Agent),
            "#ui-links" => Some(Screen::UiLinks),
            "#a2ui" => Some(Screen::A2ui),
            "#about" => Some(Screen::About),
            _ => None,
        }
    }
}

fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The console's own chrome: product navigation stays outside anything an agent controls.
///
/// The address is the screen: each screen has a hash, the header's links are plain links
/// to it (so choosing one is a history entry), and `hashchange` (back, forward, an edited
/// address) switches the screen.
#[component]
pub fn App() -> impl IntoView {
    let named = Screen::from_hash(&location_hash());
    // The screen an address without a (known) hash shows: UI links, or the live agent once
    // it is known that surfaces-server has one configured.
    let home = RwSignal::new(Screen::UiLinks);
    let screen = RwSignal::new(named.unwrap_or(Screen::UiLinks));
    if named.is_none() {
        leptos::task::spawn_local(async move {
            if agent_screen::agents_available().await {
                home.try_set(Screen::Agent);
                // Unless the person went somewhere else meanwhile.
                if Screen::from_hash(&location_hash()).is_none() {
                    screen.try_set(Screen::Agent);
                }
            }
        });
    }
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let to = Screen::from_hash(&location_hash()).unwrap_or_else(|| home.get_untracked());
        screen.set(to);
    });
    // Mounted more than once (tests, the npm page), each App stops listening when it goes.
    on_cleanup(move || listener.remove());
    let current = move |s: Screen| {
        if screen.get() == s {
            Some("page")
        } else {
            None
        }
    };
    // The click only makes the switch immediate; the link's own navigation adds the history
    // entry and its `hashchange` finds the screen already shown.
    view! {
        <header class="chrome" data-testid="chrome">
            <p class="product" data-testid="product">"agent-surfaces console"</p>
            <nav aria-label="Screens">
                <a href="#agent" data-testid="nav-agent" aria-current=move || current(Screen::Agent) on:click=move |_| screen.set(Screen::Agent)>"Agent"</a>
                <a href="#ui-links" data-testid="nav-ui-links" aria-current=move || current(Screen::UiLinks) on:click=move |_| screen.set(Screen::UiLinks)>"UI links"</a>
                <a href="#a2ui" data-testid="nav-a2ui" aria-current=move || current(Screen::A2ui) on:click=move |_| screen.set(Screen::A2ui)>"A2UI"</a>
                <a href="#about" data-testid="nav-about" aria-current=move || current(Screen::About) on:click=move |_| screen.set(Screen::About)>"About this console"</a>
            </nav>
        </header>
        <main>
            {move || match screen.get() {
                Screen::Agent => view! { <agent_screen::AgentScreen /> }.into_any(),
                Screen::UiLinks => view! { <ui_links::UiLinksScreen /> }.into_any(),
                Screen::A2ui => view! { <a2ui_screen::A2uiScreen /> }.into_any(),
                Screen::About => view! { <about::AboutScreen /> }.into_any(),
            }}
        </main>
    }
}

/// Now, as an RFC 3339 timestamp (what an action message carries).
pub fn now_iso() -> String {
    String::from(js_sys::Date::new_0().to_iso_string())
}

/// Reads the file chosen in a file input as text, then hands it (or the failure) to `done`.
pub fn read_chosen_file(ev: &leptos::ev::Event, done: impl FnOnce(Result<String, ()>) + 'static) {
    use wasm_bindgen::JsCast;
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        done(text.ok().and_then(|t| t.as_string()).ok_or(()));
    });
}

/// Mounts the console on `<body>`.
pub fn mount() {
    surfaces_host::install();
    leptos::mount::mount_to_body(App);
}
