//! Cards embedded in the console so it is useful at first open, each with the URL it is
//! pretended to have been fetched from.

pub struct DemoCard {
    pub id: &'static str,
    pub title: &'static str,
    pub fetched_from: &'static str,
    pub json: &'static str,
}

pub const DEMO_CARDS: &[DemoCard] = &[
    DemoCard {
        id: "larkfield",
        title: "Larkfield Payroll (the spec's worked example)",
        fetched_from: "https://agent.larkfield.example/.well-known/agent-card.json",
        json: include_str!("../../tests/fixtures/cards/larkfield.json"),
    },
    DemoCard {
        id: "sdk-hybrid",
        title: "A card published by the A2A Python SDK (hybrid v0.3/v1.0)",
        fetched_from: "https://agent.example.com/.well-known/agent-card.json",
        json: include_str!("../../tests/fixtures/cards/sdk-hybrid.json"),
    },
    DemoCard {
        id: "georoute",
        title: "GeoSpatial Route Planner (A2A v0.3 sample, no UI links)",
        fetched_from: "https://georoute-agent.example.com/.well-known/agent-card.json",
        json: include_str!("../../tests/fixtures/cards/georoute-v0.3.json"),
    },
    DemoCard {
        id: "hostile",
        title: "A hostile card (markup, javascript: URLs, look-alike hosts)",
        fetched_from: "https://evil.example/.well-known/agent-card.json",
        json: include_str!("../../tests/fixtures/cards/hostile.json"),
    },
];
