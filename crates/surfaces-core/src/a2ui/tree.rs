//! The component graph of a surface: who refers to whom, cycles, second parents, and the
//! placeholders a render from `root` would show.

use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::HashMap;

/// A reference from a component to another by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildRef<'a> {
    pub id: &'a str,
    /// Repeated over a data-model array (a ChildList template).
    pub template: bool,
    /// Refers to a component that may also be placed elsewhere (a Modal's `trigger`, which
    /// the official examples also put in a layout), so it does not make a second parent.
    pub shared: bool,
}

/// The ids a component refers to, in the order it renders them.
pub fn children(component: &Value) -> Vec<ChildRef<'_>> {
    let mut out = Vec::new();
    let Some(o) = component.as_object() else {
        return out;
    };
    match o.get("component").and_then(Value::as_str) {
        Some("Row" | "Column" | "List") => match o.get("children") {
            Some(Value::Array(ids)) => {
                out.extend(ids.iter().filter_map(Value::as_str).map(|id| ChildRef {
                    id,
                    template: false,
                    shared: false,
                }))
            }
            Some(Value::Object(t)) => {
                if let Some(id) = t.get("componentId").and_then(Value::as_str) {
                    out.push(ChildRef {
                        id,
                        template: true,
                        shared: true,
                    });
                }
            }
            _ => {}
        },
        Some("Card" | "Button") => {
            out.extend(o.get("child").and_then(Value::as_str).map(|id| ChildRef {
                id,
                template: false,
                shared: false,
            }))
        }
        Some("Modal") => {
            out.extend(o.get("trigger").and_then(Value::as_str).map(|id| ChildRef {
                id,
                template: false,
                shared: true,
            }));
            out.extend(o.get("content").and_then(Value::as_str).map(|id| ChildRef {
                id,
                template: false,
                shared: false,
            }));
        }
        Some("Tabs") => {
            for tab in o
                .get("tabs")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                out.extend(tab.get("child").and_then(Value::as_str).map(|id| ChildRef {
                    id,
                    template: false,
                    shared: false,
                }));
            }
        }
        _ => {}
    }
    out
}

/// A structural problem that makes an `updateComponents` inadmissible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    Cycle(String),
    TwoParents(String),
}

/// Checks the whole component map for cycles and components with two parents. A template
/// component may be shared by several lists (it is repeated by nature); it may not contain
/// its own list.
pub fn check(components: &Map<String, Value>) -> Result<(), GraphError> {
    check_view(&components.iter().map(|(k, v)| (k.as_str(), v)).collect())
}

/// [`check`] over a borrowed view (for example, a surface's components with an update laid
/// over them), so nothing is copied to try an update.
pub fn check_view(components: &HashMap<&str, &Value>) -> Result<(), GraphError> {
    let mut parents: HashMap<&str, &str> = HashMap::new();
    for (&id, &c) in components {
        for child in children(c).into_iter().filter(|c| !c.shared) {
            if parents.insert(child.id, id).is_some() {
                return Err(GraphError::TwoParents(child.id.to_string()));
            }
        }
    }
    // Depth-first with three colours, iteratively so a hostile chain cannot exhaust the stack.
    #[derive(Clone, Copy, PartialEq)]
    enum Colour {
        Grey,
        Black,
    }
    let mut colour: HashMap<&str, Colour> = HashMap::new();
    for &start in components.keys() {
        if colour.contains_key(start) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = Vec::new();
        let kids = |id: &str| -> Vec<&str> {
            components
                .get(id)
                .map(|c| children(c).into_iter().map(|c| c.id).collect())
                .unwrap_or_default()
        };
        colour.insert(start, Colour::Grey);
        stack.push((start, kids(start)));
        while let Some((node, pending)) = stack.last_mut() {
            match pending.pop() {
                Some(next) => match colour.get(next) {
                    Some(Colour::Grey) => return Err(GraphError::Cycle(next.to_string())),
                    Some(Colour::Black) => {}
                    None if components.contains_key(next) => {
                        colour.insert(next, Colour::Grey);
                        let k = kids(next);
                        stack.push((next, k));
                    }
                    None => {}
                },
                None => {
                    colour.insert(node, Colour::Black);
                    stack.pop();
                }
            }
        }
    }
    Ok(())
}

/// Why a render shows a placeholder instead of a component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PlaceholderReason {
    /// Referred to but not (yet) defined.
    Missing,
    /// Deeper than the depth limit.
    Depth,
    /// A ChildList template: repeated over data, not expanded by this renderer yet.
    Template,
    /// Reached again below itself (defensive: cycles are refused on admission).
    Cycle,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Placeholder {
    pub component_id: String,
    pub reason: PlaceholderReason,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| (c["id"].as_str().unwrap().to_string(), c.clone()))
            .collect()
    }

    #[test]
    fn cycles_and_parents() {
        let ok = map(json!([
            {"id": "root", "component": "Column", "children": ["a", "b"]},
            {"id": "a", "component": "Card", "child": "c"},
            {"id": "b", "component": "Text", "text": "x"},
        ]));
        assert_eq!(check(&ok), Ok(()));
        let cyc = map(json!([
            {"id": "root", "component": "Card", "child": "a"},
            {"id": "a", "component": "Card", "child": "root"},
        ]));
        assert!(matches!(check(&cyc), Err(GraphError::Cycle(_))));
        let own = map(json!([{"id": "a", "component": "Card", "child": "a"}]));
        assert!(matches!(check(&own), Err(GraphError::Cycle(_))));
        let two = map(json!([
            {"id": "root", "component": "Row", "children": ["x", "x"]},
        ]));
        assert_eq!(check(&two), Err(GraphError::TwoParents("x".into())));
    }
}
