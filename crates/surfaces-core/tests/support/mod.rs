pub mod card_cases;
#[cfg(not(target_arch = "wasm32"))]
pub mod spec;
