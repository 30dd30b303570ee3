//! `surfaces a2ui --render`: what a person would see, as JSON. Each surface's render tree is
//! the core's (`SurfaceStore::render`, in the store's locale), serialised as the core
//! serialises it, with what a renderer decides from it written out as data: whether a Button
//! can be pressed and, if not, why (its reason, not a renderer's wording). The output is
//! deterministic: surfaces sorted by id, object keys sorted, no time or randomness.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use surfaces_core::a2ui::render::{button_blocked, Blocked, Kind, Node};
use surfaces_core::a2ui::{A2uiReport, SurfaceStore};

/// `{"locale": TAG, "surfaces": {ID: TREE or null}}` for every surface of the report.
pub fn render(store: &SurfaceStore, report: &A2uiReport) -> Value {
    let surfaces: BTreeMap<&str, Value> = report
        .surfaces
        .iter()
        .map(|s| {
            let id = s.surface_id.as_str();
            let tree = store.render(id).map_or(Value::Null, |node| tree(&node));
            (id, tree)
        })
        .collect();
    json!({ "locale": store.locale(), "surfaces": surfaces })
}

/// One render tree as JSON: the core's serialisation, annotated.
pub fn tree(node: &Node) -> Value {
    let mut v = serde_json::to_value(node).expect("a render node always serialises");
    annotate(node, &mut v);
    v
}

/// Adds to each node's `kind` what a renderer decides from it: a Button's `enabled` and
/// `blocked` (the reason it is disabled, or null). Walks the node
/// and its JSON side by side (their depth is bounded by the render's depth limit).
fn annotate(node: &Node, v: &mut Value) {
    let Some(kind) = v.get_mut("kind").and_then(Value::as_object_mut) else {
        return;
    };
    fn child(key: &str, n: &Node, kind: &mut serde_json::Map<String, Value>) {
        if let Some(cv) = kind.get_mut(key) {
            annotate(n, cv);
        }
    }
    match &node.kind {
        Kind::Row { children, .. }
        | Kind::Column { children, .. }
        | Kind::List { children, .. } => {
            if let Some(vs) = kind.get_mut("children").and_then(Value::as_array_mut) {
                for (n, cv) in children.iter().zip(vs) {
                    annotate(n, cv);
                }
            }
        }
        Kind::Card { child: c } => child("child", c, kind),
        Kind::Modal { trigger, content } => {
            child("trigger", trigger, kind);
            child("content", content, kind);
        }
        Kind::Tabs { tabs } => {
            if let Some(vs) = kind.get_mut("tabs").and_then(Value::as_array_mut) {
                // Each tab is [title, node].
                for ((_, n), tv) in tabs.iter().zip(vs) {
                    if let Some(cv) = tv.get_mut(1) {
                        annotate(n, cv);
                    }
                }
            }
        }
        Kind::Button {
            child: c,
            event,
            local,
            open_url,
            ..
        } => {
            child("child", c, kind);
            // An openUrl button counts as enabled: a renderer asks the person, then opens it.
            let blocked = button_blocked(
                &node.errors,
                event.as_deref(),
                local.as_deref(),
                open_url.is_some(),
            );
            kind.insert("enabled".into(), Value::Bool(blocked.is_none()));
            // The reason as data (a snapshot compares it; a renderer words it).
            let why = match blocked {
                None => Value::Null,
                Some(Blocked::Checks(messages)) => {
                    json!({"reason": "checks", "messages": messages})
                }
                Some(Blocked::ClientFunction(f)) => {
                    json!({"reason": "clientFunction", "function": f})
                }
                Some(Blocked::NoAction) => json!({"reason": "noAction"}),
            };
            kind.insert("blocked".into(), why);
        }
        _ => {}
    }
}
