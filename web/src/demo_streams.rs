//! The example streams the A2UI screen offers: the 36 official ones and a hostile one.
//!
//! The official ones are copies (`web/demo/a2ui/`, see its README) that Trunk puts beside the
//! console, in `dist/a2ui/`. The console carries the one its A2UI screen opens with, and the
//! hostile one, and fetches the others from its own origin when a person chooses one: carried,
//! they took 130 KB of the first visit's transfer (10 KB gzipped) that few visits read.

use crate::same_origin;

pub struct DemoStream {
    pub id: &'static str,
    pub title: &'static str,
    /// The stream's text, when the console carries it; `None` for one served beside the
    /// console at [`DemoStream::path`].
    pub embedded: Option<&'static str>,
}

impl DemoStream {
    /// Where a served stream is, relative to the console's page.
    pub fn path(&self) -> String {
        format!("a2ui/{}.json", self.id)
    }
}

/// The stream the A2UI screen opens with: carried, so the screen's first view needs no request.
pub const FIRST: &str = "09_login-form";

/// Streams handed to the A2UI screen instead of fetched (through Leptos's context): for the
/// component tests, which run where nothing serves the console's files.
#[derive(Clone, Copy)]
pub struct HandedStreams(pub fn(&str) -> Option<&'static str>);

/// A served stream's text, fetched from the console's own origin; `Err` says why, for the
/// person.
pub async fn fetch(d: &DemoStream) -> Result<String, String> {
    let path = d.path();
    let failed = |why: &str| {
        format!(
            "The example {} could not be fetched from {path}: {why}.",
            d.id
        )
    };
    let resp = same_origin::fetch(&path, None, &[])
        .await
        .map_err(|_| failed("the request failed"))?;
    if !resp.ok() {
        return Err(failed(&format!("the server answered {}", resp.status())));
    }
    // A server that answers a missing file with its page (`trunk serve` does) is not taken
    // at its word: only JSON is a stream.
    let kind = resp.headers().get("content-type").ok().flatten();
    let json = kind.as_deref().is_some_and(|k| {
        k.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        let kind = kind.unwrap_or_else(|| "no content type".into());
        return Err(failed(&format!(
            "the server answered with {kind}, not JSON"
        )));
    }
    same_origin::text_of(&resp)
        .await
        .map_err(|_| failed("the answer could not be read"))
}

pub const DEMO_STREAMS: &[DemoStream] = &[
    DemoStream {
        id: "01_flight-status",
        title: "Flight Status",
        embedded: None,
    },
    DemoStream {
        id: "02_email-compose",
        title: "Email Compose",
        embedded: None,
    },
    DemoStream {
        id: "03_calendar-day",
        title: "Calendar Day",
        embedded: None,
    },
    DemoStream {
        id: "04_weather-current",
        title: "Weather Current",
        embedded: None,
    },
    DemoStream {
        id: "05_product-card",
        title: "Product Card",
        embedded: None,
    },
    DemoStream {
        id: "06_music-player",
        title: "Music Player",
        embedded: None,
    },
    DemoStream {
        id: "07_task-card",
        title: "Task Card",
        embedded: None,
    },
    DemoStream {
        id: "08_user-profile",
        title: "User Profile",
        embedded: None,
    },
    DemoStream {
        id: "09_login-form",
        title: "Login Form with Validation",
        embedded: Some(include_str!("../demo/a2ui/09_login-form.json")),
    },
    DemoStream {
        id: "10_notification-permission",
        title: "Notification Permission",
        embedded: None,
    },
    DemoStream {
        id: "11_purchase-complete",
        title: "Purchase Complete",
        embedded: None,
    },
    DemoStream {
        id: "12_chat-message",
        title: "Chat Message",
        embedded: None,
    },
    DemoStream {
        id: "13_coffee-order",
        title: "Coffee Order",
        embedded: None,
    },
    DemoStream {
        id: "14_sports-player",
        title: "Sports Player",
        embedded: None,
    },
    DemoStream {
        id: "15_account-balance",
        title: "Account Balance",
        embedded: None,
    },
    DemoStream {
        id: "16_workout-summary",
        title: "Workout Summary",
        embedded: None,
    },
    DemoStream {
        id: "17_event-detail",
        title: "Event Detail",
        embedded: None,
    },
    DemoStream {
        id: "18_track-list",
        title: "Track List",
        embedded: None,
    },
    DemoStream {
        id: "19_software-purchase",
        title: "Software Purchase",
        embedded: None,
    },
    DemoStream {
        id: "20_restaurant-card",
        title: "Restaurant Card",
        embedded: None,
    },
    DemoStream {
        id: "21_shipping-status",
        title: "Shipping Status",
        embedded: None,
    },
    DemoStream {
        id: "22_credit-card",
        title: "Credit Card",
        embedded: None,
    },
    DemoStream {
        id: "23_step-counter",
        title: "Step Counter",
        embedded: None,
    },
    DemoStream {
        id: "24_recipe-card",
        title: "Recipe Card",
        embedded: None,
    },
    DemoStream {
        id: "25_contact-card",
        title: "Contact Card",
        embedded: None,
    },
    DemoStream {
        id: "26_podcast-episode",
        title: "Podcast Episode",
        embedded: None,
    },
    DemoStream {
        id: "27_stats-card",
        title: "Stats Card",
        embedded: None,
    },
    DemoStream {
        id: "28_countdown-timer",
        title: "Countdown Timer",
        embedded: None,
    },
    DemoStream {
        id: "29_movie-card",
        title: "Movie Card",
        embedded: None,
    },
    DemoStream {
        id: "30_live-invitation-builder",
        title: "Live Invitation Builder",
        embedded: None,
    },
    DemoStream {
        id: "31_incremental-dashboard",
        title: "Incremental Dashboard",
        embedded: None,
    },
    DemoStream {
        id: "32_advanced-form-validator",
        title: "Advanced Form Validator",
        embedded: None,
    },
    DemoStream {
        id: "33_financial-data-grid",
        title: "Financial Data Grid",
        embedded: None,
    },
    DemoStream {
        id: "34_child-list-template",
        title: "ChildList Template Expansion",
        embedded: None,
    },
    DemoStream {
        id: "35_markdown-text",
        title: "Markdown Text Support",
        embedded: None,
    },
    DemoStream {
        id: "36_modal",
        title: "Modal Sample",
        embedded: None,
    },
    DemoStream {
        id: "hostile",
        title: "Hostile stream (markup, script URLs, pollution, cycles)",
        embedded: Some(include_str!("../../tests/fixtures/a2ui/hostile.json")),
    },
];
