//! The official example streams, handed to the A2UI screen (`HandedStreams`): the console
//! fetches them from its own origin, and nothing serves them where the component tests run.

macro_rules! streams {
    ($($id:literal),* $(,)?) => {
        /// The text of the official example `id`, if there is one.
        pub fn official(id: &str) -> Option<&'static str> {
            match id {
                $($id => Some(include_str!(concat!("../../demo/a2ui/", $id, ".json"))),)*
                _ => None,
            }
        }
    };
}

streams!(
    "01_flight-status",
    "02_email-compose",
    "03_calendar-day",
    "04_weather-current",
    "05_product-card",
    "06_music-player",
    "07_task-card",
    "08_user-profile",
    "09_login-form",
    "10_notification-permission",
    "11_purchase-complete",
    "12_chat-message",
    "13_coffee-order",
    "14_sports-player",
    "15_account-balance",
    "16_workout-summary",
    "17_event-detail",
    "18_track-list",
    "19_software-purchase",
    "20_restaurant-card",
    "21_shipping-status",
    "22_credit-card",
    "23_step-counter",
    "24_recipe-card",
    "25_contact-card",
    "26_podcast-episode",
    "27_stats-card",
    "28_countdown-timer",
    "29_movie-card",
    "30_live-invitation-builder",
    "31_incremental-dashboard",
    "32_advanced-form-validator",
    "33_financial-data-grid",
    "34_child-list-template",
    "35_markdown-text",
    "36_modal",
);
