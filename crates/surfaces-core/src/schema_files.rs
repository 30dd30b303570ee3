// Included by `contract.rs` and by `build.rs` (which keeps these files' pins), so the list
// is written once.

/// The official files the validator is held to (by `tests/a2ui_schema.rs`, which runs a
/// JSON Schema engine beside it, and by the action and capability checks).
pub const SCHEMA_FILES: [&str; 7] = [
    "a2ui/v0_9/json/server_to_client.json",
    "a2ui/v0_9_1/newer/server_to_client.json",
    "a2ui/v0_9/json/common_types.json",
    "a2ui/v0_9/json/client_to_server.json",
    "a2ui/v0_9/json/client_capabilities.json",
    "a2ui/v0_9/json/client_data_model.json",
    "a2ui/v0_9/catalogs/basic/catalog.json",
];
