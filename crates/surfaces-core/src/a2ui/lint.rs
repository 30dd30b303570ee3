//! What a linter says of a stream that has ended. While a stream is live, a missing `root`
//! or a child not yet sent is normal (the renderer shows placeholders and waits); in a
//! recorded stream that is complete, they are defects the agent will ship. These findings
//! are warnings about the whole stream, asked for explicitly (`surfaces a2ui --strict`):
//! the fold itself never reports them.

use crate::Code;
use std::collections::BTreeSet;

use super::catalog::Id;
use super::store::{EnvelopeFinding, SurfaceStore};
use super::tree::each_child;
use crate::finding::Severity;

/// Component ids named in messages, at most this many per finding.
const NAMED: usize = 10;

fn named(ids: &[&str]) -> String {
    let mut s = ids
        .iter()
        .take(NAMED)
        .map(|id| format!("\"{id}\""))
        .collect::<Vec<_>>()
        .join(", ");
    if ids.len() > NAMED {
        s.push_str(&format!(" and {} more", ids.len() - NAMED));
    }
    s
}

impl SurfaceStore {
    /// End-of-stream warnings for each surface that renders the Basic Catalog: no `root`
    /// (`stream-no-root`), children named but never sent (`stream-dangling-child`), and
    /// components that `root` never reaches (`stream-orphan`). Bounded: one walk of each
    /// surface's components with an explicit stack.
    pub fn end_of_stream(&self) -> Vec<EnvelopeFinding> {
        let mut out = Vec::new();
        let mut warn = |code: Code, message: String| {
            out.push(EnvelopeFinding {
                envelope: None,
                severity: Severity::Warning,
                code,
                path: String::new(),
                message,
            })
        };
        for s in self.surfaces.iter().filter(|s| s.catalog_rendered) {
            let sid = &s.id;
            if !s.components.contains_key("root") {
                warn(
                    Code::StreamNoRoot,
                    format!("Surface \"{sid}\" ended with no \"root\" component: nothing of it renders."),
                );
                continue;
            }
            let mut reached: BTreeSet<&str> = BTreeSet::new();
            let mut dangling: BTreeSet<&str> = BTreeSet::new();
            let mut stack = vec!["root"];
            while let Some(id) = stack.pop() {
                if !reached.insert(id) {
                    continue;
                }
                let Some(c) = s.components.get(id) else {
                    dangling.insert(id);
                    continue;
                };
                each_child(c, |child| stack.push(child.id));
            }
            let dangling: Vec<&str> = dangling.into_iter().collect();
            if !dangling.is_empty() {
                warn(
                    Code::StreamDanglingChild,
                    format!(
                        "Surface \"{sid}\" ended with children never sent: {}; they render as placeholders.",
                        named(&dangling)
                    ),
                );
            }
            let mut orphans: Vec<&str> = s
                .components
                .keys()
                .map(Id::as_str)
                .filter(|id| !reached.contains(id))
                .collect();
            // Named in id order: the component table keeps none.
            orphans.sort_unstable();
            if !orphans.is_empty() {
                warn(
                    Code::StreamOrphan,
                    format!(
                        "Surface \"{sid}\" has components that \"root\" never reaches: {}.",
                        named(&orphans)
                    ),
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::a2ui::{ApplyContext, Limits};
    use serde_json::{json, Value};

    const BASIC: &str = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json";

    fn codes(envs: Value) -> Vec<&'static str> {
        let mut s = SurfaceStore::new(Limits::default());
        s.apply_text(&envs.to_string(), &ApplyContext::default());
        s.end_of_stream().iter().map(|f| f.code.as_str()).collect()
    }

    /// Orphans are named in id order, whatever order a store's hashed component table
    /// holds them in (each store hashes with its own seed).
    #[test]
    fn orphans_are_named_in_id_order() {
        let mut components = vec![json!({"id": "root", "component": "Text", "text": "r"})];
        let mut ids: Vec<String> = (0..40)
            .map(|i| format!("orphan-{}", (i * 17) % 40))
            .collect();
        for id in &ids {
            components.push(json!({"id": id, "component": "Text", "text": "x"}));
        }
        let envs = json!([
            {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}},
            {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": components}}
        ]);
        ids.sort();
        let first: Vec<String> = ids
            .iter()
            .take(NAMED)
            .map(|id| format!("\"{id}\""))
            .collect();
        let expected = format!("{} and {} more", first.join(", "), ids.len() - NAMED);
        for seed in [1, 2, 3, u64::MAX] {
            crate::a2ui::seed_hashes(seed);
            let mut s = SurfaceStore::new(Limits::default());
            s.apply_text(&envs.to_string(), &ApplyContext::default());
            let found = s.end_of_stream();
            assert_eq!(found.len(), 1);
            assert!(
                found[0].message.ends_with(&format!("{expected}.")),
                "{}",
                found[0].message
            );
        }
    }

    #[test]
    fn a_complete_stream_is_quiet_and_defects_are_named() {
        let create =
            json!({"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": BASIC}});
        let comps = |c: Value| json!({"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": c}});
        let whole = json!([
            create,
            comps(json!([
            {"id": "root", "component": "Column", "children": ["a"]},
            {"id": "a", "component": "List", "children": {"componentId": "t", "path": "/x"}},
            {"id": "t", "component": "Text", "text": "x"}]))
        ]);
        assert_eq!(codes(whole), Vec::<&str>::new());
        assert_eq!(codes(json!([create])), [Code::StreamNoRoot]);
        let defects = json!([
            create,
            comps(json!([
            {"id": "root", "component": "Column", "children": ["a", "gone"]},
            {"id": "a", "component": "Text", "text": "x"},
            {"id": "lost", "component": "Text", "text": "y"}]))
        ]);
        assert_eq!(
            codes(defects),
            [Code::StreamDanglingChild, Code::StreamOrphan]
        );
    }
}
