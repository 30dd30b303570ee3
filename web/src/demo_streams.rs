//! The 36 official example streams, embedded (see `web/demo/README.md`), and hostile ones.

pub struct DemoStream {
    pub id: &'static str,
    pub title: &'static str,
    pub json: &'static str,
}

pub const DEMO_STREAMS: &[DemoStream] = &[
    DemoStream {
        id: "01_flight-status",
        title: "Flight Status",
        json: include_str!("../demo/a2ui/01_flight-status.json"),
    },
    DemoStream {
        id: "02_email-compose",
        title: "Email Compose",
        json: include_str!("../demo/a2ui/02_email-compose.json"),
    },
    DemoStream {
        id: "03_calendar-day",
        title: "Calendar Day",
        json: include_str!("../demo/a2ui/03_calendar-day.json"),
    },
    DemoStream {
        id: "04_weather-current",
        title: "Weather Current",
        json: include_str!("../demo/a2ui/04_weather-current.json"),
    },
    DemoStream {
        id: "05_product-card",
        title: "Product Card",
        json: include_str!("../demo/a2ui/05_product-card.json"),
    },
    DemoStream {
        id: "06_music-player",
        title: "Music Player",
        json: include_str!("../demo/a2ui/06_music-player.json"),
    },
    DemoStream {
        id: "07_task-card",
        title: "Task Card",
        json: include_str!("../demo/a2ui/07_task-card.json"),
    },
    DemoStream {
        id: "08_user-profile",
        title: "User Profile",
        json: include_str!("../demo/a2ui/08_user-profile.json"),
    },
    DemoStream {
        id: "09_login-form",
        title: "Login Form with Validation",
        json: include_str!("../demo/a2ui/09_login-form.json"),
    },
    DemoStream {
        id: "10_notification-permission",
        title: "Notification Permission",
        json: include_str!("../demo/a2ui/10_notification-permission.json"),
    },
    DemoStream {
        id: "11_purchase-complete",
        title: "Purchase Complete",
        json: include_str!("../demo/a2ui/11_purchase-complete.json"),
    },
    DemoStream {
        id: "12_chat-message",
        title: "Chat Message",
        json: include_str!("../demo/a2ui/12_chat-message.json"),
    },
    DemoStream {
        id: "13_coffee-order",
        title: "Coffee Order",
        json: include_str!("../demo/a2ui/13_coffee-order.json"),
    },
    DemoStream {
        id: "14_sports-player",
        title: "Sports Player",
        json: include_str!("../demo/a2ui/14_sports-player.json"),
    },
    DemoStream {
        id: "15_account-balance",
        title: "Account Balance",
        json: include_str!("../demo/a2ui/15_account-balance.json"),
    },
    DemoStream {
        id: "16_workout-summary",
        title: "Workout Summary",
        json: include_str!("../demo/a2ui/16_workout-summary.json"),
    },
    DemoStream {
        id: "17_event-detail",
        title: "Event Detail",
        json: include_str!("../demo/a2ui/17_event-detail.json"),
    },
    DemoStream {
        id: "18_track-list",
        title: "Track List",
        json: include_str!("../demo/a2ui/18_track-list.json"),
    },
    DemoStream {
        id: "19_software-purchase",
        title: "Software Purchase",
        json: include_str!("../demo/a2ui/19_software-purchase.json"),
    },
    DemoStream {
        id: "20_restaurant-card",
        title: "Restaurant Card",
        json: include_str!("../demo/a2ui/20_restaurant-card.json"),
    },
    DemoStream {
        id: "21_shipping-status",
        title: "Shipping Status",
        json: include_str!("../demo/a2ui/21_shipping-status.json"),
    },
    DemoStream {
        id: "22_credit-card",
        title: "Credit Card",
        json: include_str!("../demo/a2ui/22_credit-card.json"),
    },
    DemoStream {
        id: "23_step-counter",
        title: "Step Counter",
        json: include_str!("../demo/a2ui/23_step-counter.json"),
    },
    DemoStream {
        id: "24_recipe-card",
        title: "Recipe Card",
        json: include_str!("../demo/a2ui/24_recipe-card.json"),
    },
    DemoStream {
        id: "25_contact-card",
        title: "Contact Card",
        json: include_str!("../demo/a2ui/25_contact-card.json"),
    },
    DemoStream {
        id: "26_podcast-episode",
        title: "Podcast Episode",
        json: include_str!("../demo/a2ui/26_podcast-episode.json"),
    },
    DemoStream {
        id: "27_stats-card",
        title: "Stats Card",
        json: include_str!("../demo/a2ui/27_stats-card.json"),
    },
    DemoStream {
        id: "28_countdown-timer",
        title: "Countdown Timer",
        json: include_str!("../demo/a2ui/28_countdown-timer.json"),
    },
    DemoStream {
        id: "29_movie-card",
        title: "Movie Card",
        json: include_str!("../demo/a2ui/29_movie-card.json"),
    },
    DemoStream {
        id: "30_live-invitation-builder",
        title: "Live Invitation Builder",
        json: include_str!("../demo/a2ui/30_live-invitation-builder.json"),
    },
    DemoStream {
        id: "31_incremental-dashboard",
        title: "Incremental Dashboard",
        json: include_str!("../demo/a2ui/31_incremental-dashboard.json"),
    },
    DemoStream {
        id: "32_advanced-form-validator",
        title: "Advanced Form Validator",
        json: include_str!("../demo/a2ui/32_advanced-form-validator.json"),
    },
    DemoStream {
        id: "33_financial-data-grid",
        title: "Financial Data Grid",
        json: include_str!("../demo/a2ui/33_financial-data-grid.json"),
    },
    DemoStream {
        id: "34_child-list-template",
        title: "ChildList Template Expansion",
        json: include_str!("../demo/a2ui/34_child-list-template.json"),
    },
    DemoStream {
        id: "35_markdown-text",
        title: "Markdown Text Support",
        json: include_str!("../demo/a2ui/35_markdown-text.json"),
    },
    DemoStream {
        id: "36_modal",
        title: "Modal Sample",
        json: include_str!("../demo/a2ui/36_modal.json"),
    },
    DemoStream {
        id: "hostile",
        title: "Hostile stream (markup, script URLs, pollution, cycles)",
        json: include_str!("../../tests/fixtures/a2ui/hostile.json"),
    },
];
