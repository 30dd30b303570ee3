//! `surfaces a2ui --action SURFACE/COMPONENT [--edit POINTER=JSON]...`: the action message a
//! click would send, built by the core (`SurfaceStore::action_in`) after the person's edits
//! (`SurfaceStore::edit`, so the edit rules apply). A refused edit or click is a finding:
//! `{"refused": {...}}` on standard output, one finding line on standard error, exit 3.

use std::io::Write;

use serde_json::{json, Value};
use surfaces_core::a2ui::SurfaceStore;
use surfaces_core::Code;

use crate::args::{A2uiArgs, DEFAULT_TIMESTAMP};
use crate::out::{json_text, Out};
use crate::term::{finding_line, safe};

/// Why the click sends nothing.
struct Refusal {
    /// The core's code for a refused click (`ActionError::code`) or edit (`EditError::code`).
    code: Code,
    /// The edit's pointer, for a refused edit; empty for a refused click.
    path: String,
    message: String,
}

/// Prints the action message, or the refusal; `true` when refused.
pub fn run(args: &A2uiArgs, store: &mut SurfaceStore, out: &mut Out<impl Write>) -> bool {
    let (surface, component) = args.action_target().expect("--action mode has a target");
    match click(args, store, surface, component) {
        Ok(message) => {
            out.write_str(&json_text(&message));
            out.write_str("\n");
            false
        }
        Err(r) => {
            let finding = json!({
                "severity": r.code.severity().as_str(),
                "code": r.code,
                "surfaceId": surface,
                "componentId": component,
                "path": r.path,
                "message": r.message,
            });
            out.write_str(&json_text(&json!({ "refused": finding })));
            out.write_str("\n");
            // The same finding for a person reading the terminal (agent text escaped).
            let line = finding_line(
                r.code.severity(),
                None,
                r.code.as_str(),
                &r.path,
                &safe(&format!("{surface}/{component}")),
                &r.message,
            );
            let _ = writeln!(std::io::stderr(), "{line}");
            true
        }
    }
}

fn click(
    args: &A2uiArgs,
    store: &mut SurfaceStore,
    surface: &str,
    component: &str,
) -> Result<Value, Refusal> {
    // An unknown surface is the click's refusal (action-surface-unknown), not an edit's.
    let edits = if store.edits(surface).is_some() {
        args.edits.as_slice()
    } else {
        &[]
    };
    for (pointer, value) in edits {
        store
            .edit(surface, pointer, value.clone())
            .map_err(|e| Refusal {
                code: e.code(),
                path: pointer.clone(),
                message: e.to_string(),
            })?;
    }
    let scope = args.scope.as_deref().unwrap_or("");
    let timestamp = args.timestamp.as_deref().unwrap_or(DEFAULT_TIMESTAMP);
    store
        .action_in(surface, component, scope, timestamp)
        .map_err(|e| Refusal {
            code: e.code(),
            path: String::new(),
            message: e.to_string(),
        })
}
