//! The renderer's own words and class names: what a placeholder or a disabled Button says,
//! and the flex-grow class. The core hands over reasons as data; wording is a renderer's.

use surfaces_core::a2ui::render::Blocked;
use surfaces_core::a2ui::tree::PlaceholderReason;

/// The flex-grow class for a `weight` inside a Row or Column (`""` when none).
pub fn grow_class(weight: Option<f64>) -> String {
    match weight {
        Some(w) if w > 0.0 => format!(" a2ui-grow-{}", (w.round() as i64).clamp(1, 12)),
        _ => String::new(),
    }
}

/// What a placeholder says, in the renderer's words (`renderer` is "console" or "renderer").
pub fn placeholder_text(
    reason: PlaceholderReason,
    id: &str,
    name: Option<&str>,
    renderer: &str,
) -> String {
    match (reason, name) {
        (_, Some(name)) => format!("Unsupported component \"{name}\""),
        (PlaceholderReason::Missing, None) => format!("Missing component \"{id}\""),
        (PlaceholderReason::Depth, _) => "Nested too deeply to show".to_string(),
        (PlaceholderReason::Template, _) => {
            format!("More repeated content than this {renderer} shows")
        }
        (PlaceholderReason::Cycle, _) => "A component that contains itself".to_string(),
        (PlaceholderReason::UrlRefused, _) => {
            format!("Media from an address this {renderer} refuses")
        }
    }
}

/// Why a Button cannot be pressed, in the renderer's words.
pub fn blocked_text(blocked: Blocked<'_>, renderer: &str) -> String {
    match blocked {
        Blocked::Checks(errors) => errors.join(" "),
        Blocked::ClientFunction(f) => {
            format!("Runs the client function \"{f}\", which this {renderer} does not run.")
        }
        Blocked::NoAction => "This button has no action.".to_string(),
    }
}
