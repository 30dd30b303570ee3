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
    fn from_hash(hash: &str) -> Screen {
        match hash {
            "#a2ui" => Screen::A2ui,
            "#agent" => Screen::Agent,
            "#about" => Screen::About,
            _ => Screen::UiLinks,
        }
    }
}

/// The console's own chrome: product navigation stays outside anything an agent controls.
#[component]
pub fn App() -> impl IntoView {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let screen = RwSignal::new(Screen::from_hash(&hash));
    // Served by surfaces-server with an agent configured, the first screen is the live
    // agent (unless the address names another); elsewhere (trunk serve, a static host)
    // there is no `/agents` and the console opens on UI links.
    if hash.is_empty() {
        leptos::task::spawn_local(async move {
            if agent_screen::agents_available().await && screen.get_untracked() == Screen::UiLinks {
                screen.set(Screen::Agent);
            }
        });
    }
    let current = move |s: Screen| {
        if screen.get() == s {
            Some("page")
        } else {
            None
        }
    };
    view! {
        <header class="chrome" data-testid="chrome">
            <p class="product">"agent-surfaces console"</p>
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
    leptos::mount::mount_to_body(App);
}
