//! The agent's card: A2A v0.3, streaming, the A2UI v0.9 and UI links extensions.

use serde_json::{json, Value};

use crate::{Scenario, A2UI_EXTENSION, BASIC_CATALOG, UI_LINKS_EXTENSION};

/// The card, with `url` (its JSON-RPC endpoint) set to where the agent listens.
pub(crate) fn card(scenario: Scenario, url: &str) -> Value {
    json!({
        "protocolVersion": "0.3.0",
        "name": "Surfaces fixture agent",
        "description": format!(
            "A test and demo agent for agent-surfaces. Scenario: {} ({}).",
            scenario.name(),
            scenario.describe()
        ),
        "url": url,
        "preferredTransport": "JSONRPC",
        "version": env!("CARGO_PKG_VERSION"),
        "capabilities": {
            "streaming": true,
            "pushNotifications": false,
            "extensions": [
                {
                    "uri": A2UI_EXTENSION,
                    "description": "Streams A2UI v0.9 surfaces (Basic Catalog) in data parts.",
                    "required": false,
                    "params": {"supportedCatalogIds": [BASIC_CATALOG]}
                },
                {
                    "uri": UI_LINKS_EXTENSION,
                    "description": "Web surfaces this agent's publisher offers to people",
                    "required": false,
                    "params": {"uis": [
                        {
                            "url": "https://fixture-agent.example/status",
                            "label": "Service status",
                            "purpose": "See whether the booking service is up.",
                            "audience": "public",
                            "access": "open",
                            "kind": "status"
                        },
                        {
                            "url": "https://fixture-agent.example/bookings",
                            "label": "Your bookings",
                            "purpose": "See and cancel the rooms you have booked.",
                            "audience": "client",
                            "access": "authenticated",
                            "kind": "reports",
                            "skill": "book-room"
                        }
                    ]}
                }
            ]
        },
        "defaultInputModes": ["text/plain", "application/json"],
        "defaultOutputModes": ["text/plain", "application/json"],
        "skills": [{
            "id": "book-room",
            "name": "Book a meeting room",
            "description": "Shows a booking form and confirms the booking.",
            "tags": ["booking", "a2ui"],
            "examples": ["Book a room for tomorrow"]
        }]
    })
}
