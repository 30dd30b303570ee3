//! The official example streams, handed to the A2UI screen (`HandedStreams`): the console
//! fetches them from its own origin, and nothing serves them where the component tests run.

/// The text of the official example `id`, if there is one.
pub fn official(id: &str) -> Option<&'static str> {
    Some(match id {
        "01_flight-status" => include_str!("../../demo/a2ui/01_flight-status.json"),
        "02_email-compose" => include_str!("../../demo/a2ui/02_email-compose.json"),
        "03_calendar-day" => include_str!("../../demo/a2ui/03_calendar-day.json"),
        "04_weather-current" => include_str!("../../demo/a2ui/04_weather-current.json"),
        "05_product-card" => include_str!("../../demo/a2ui/05_product-card.json"),
        "06_music-player" => include_str!("../../demo/a2ui/06_music-player.json"),
        "07_task-card" => include_str!("../../demo/a2ui/07_task-card.json"),
        "08_user-profile" => include_str!("../../demo/a2ui/08_user-profile.json"),
        "09_login-form" => include_str!("../../demo/a2ui/09_login-form.json"),
        "10_notification-permission" => {
            include_str!("../../demo/a2ui/10_notification-permission.json")
        }
        "11_purchase-complete" => include_str!("../../demo/a2ui/11_purchase-complete.json"),
        "12_chat-message" => include_str!("../../demo/a2ui/12_chat-message.json"),
        "13_coffee-order" => include_str!("../../demo/a2ui/13_coffee-order.json"),
        "14_sports-player" => include_str!("../../demo/a2ui/14_sports-player.json"),
        "15_account-balance" => include_str!("../../demo/a2ui/15_account-balance.json"),
        "16_workout-summary" => include_str!("../../demo/a2ui/16_workout-summary.json"),
        "17_event-detail" => include_str!("../../demo/a2ui/17_event-detail.json"),
        "18_track-list" => include_str!("../../demo/a2ui/18_track-list.json"),
        "19_software-purchase" => include_str!("../../demo/a2ui/19_software-purchase.json"),
        "20_restaurant-card" => include_str!("../../demo/a2ui/20_restaurant-card.json"),
        "21_shipping-status" => include_str!("../../demo/a2ui/21_shipping-status.json"),
        "22_credit-card" => include_str!("../../demo/a2ui/22_credit-card.json"),
        "23_step-counter" => include_str!("../../demo/a2ui/23_step-counter.json"),
        "24_recipe-card" => include_str!("../../demo/a2ui/24_recipe-card.json"),
        "25_contact-card" => include_str!("../../demo/a2ui/25_contact-card.json"),
        "26_podcast-episode" => include_str!("../../demo/a2ui/26_podcast-episode.json"),
        "27_stats-card" => include_str!("../../demo/a2ui/27_stats-card.json"),
        "28_countdown-timer" => include_str!("../../demo/a2ui/28_countdown-timer.json"),
        "29_movie-card" => include_str!("../../demo/a2ui/29_movie-card.json"),
        "30_live-invitation-builder" => {
            include_str!("../../demo/a2ui/30_live-invitation-builder.json")
        }
        "31_incremental-dashboard" => include_str!("../../demo/a2ui/31_incremental-dashboard.json"),
        "32_advanced-form-validator" => {
            include_str!("../../demo/a2ui/32_advanced-form-validator.json")
        }
        "33_financial-data-grid" => include_str!("../../demo/a2ui/33_financial-data-grid.json"),
        "34_child-list-template" => include_str!("../../demo/a2ui/34_child-list-template.json"),
        "35_markdown-text" => include_str!("../../demo/a2ui/35_markdown-text.json"),
        "36_modal" => include_str!("../../demo/a2ui/36_modal.json"),
        _ => return None,
    })
}
