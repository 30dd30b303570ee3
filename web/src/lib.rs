//! The agent-surfaces console: components live here, `main.rs` only mounts.
//!
//! Everything an agent or a card says reaches the DOM as text nodes or as attribute values
//! this code chooses (an `href` only from a linkable entry's normalised `https:` URL). No markup is ever
//! parsed from a string, and the served Content-Security-Policy backs that up.

pub mod demo_cards;
pub mod findings;
pub mod ui_links;

use leptos::prelude::*;

/// The console's own chrome: product navigation stays outside anything an agent controls.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="chrome" data-testid="chrome">
            <p class="product">"agent-surfaces console"</p>
            <nav aria-label="Screens">
                <a href="#ui-links" aria-current="page">"UI links"</a>
            </nav>
        </header>
        <main id="ui-links">
            <ui_links::UiLinksScreen />
        </main>
    }
}

/// Mounts the console on `<body>`.
pub fn mount() {
    leptos::mount::mount_to_body(App);
}
