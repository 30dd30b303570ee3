use serde::Serialize;
use serde_json::Value;

use super::store::{EnvelopeFinding, SurfaceStore};
use super::tree::{self, Placeholder};

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SurfaceReport {
    pub surface_id: String,
    pub catalog_id: String,
    pub catalog_rendered: bool,
    pub components: usize,
    /// Whether a `root` component exists; until it does, nothing renders.
    pub root: bool,
    /// The agent's model with the person's edits on top.
    pub data_model: Value,
    pub placeholders: Vec<Placeholder>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct A2uiReport {
    pub envelopes: usize,
    pub applied: usize,
    pub ignored: usize,
    pub findings: Vec<EnvelopeFinding>,
    pub surfaces: Vec<SurfaceReport>,
}

impl SurfaceStore {
    pub fn report(&self) -> A2uiReport {
        A2uiReport {
            envelopes: self.envelopes,
            applied: self.applied,
            ignored: self.ignored,
            findings: self.findings.clone(),
            surfaces: self
                .surfaces
                .iter()
                .map(|s| SurfaceReport {
                    surface_id: s.id.clone(),
                    catalog_id: s.catalog_id.clone(),
                    catalog_rendered: s.catalog_rendered,
                    components: s.components.len(),
                    root: s.components.contains_key("root"),
                    data_model: s.effective_model(),
                    placeholders: if s.catalog_rendered {
                        tree::placeholders(&s.components, self.limits.depth)
                    } else {
                        Vec::new()
                    },
                })
                .collect(),
        }
    }
}

impl A2uiReport {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a report always serialises")
    }
}
