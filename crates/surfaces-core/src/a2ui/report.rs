use crate::Code;
use serde::Serialize;
use serde_json::Value;

use super::render::{walk, Kind};
use super::store::{EnvelopeFinding, SurfaceStore};
use super::tree::Placeholder;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "SurfaceSummary"))]
pub struct SurfaceReport {
    pub surface_id: String,
    pub catalog_id: String,
    pub catalog_rendered: bool,
    pub components: usize,
    /// Whether a `root` component exists; until it does, nothing renders.
    pub root: bool,
    /// The agent's model with the person's edits on top.
    #[cfg_attr(feature = "ts", tsify(type = "Record<string, unknown>"))]
    pub data_model: Value,
    pub placeholders: Vec<Placeholder>,
    /// Fields the person edited and the agent has since set to something else.
    pub proposals: Vec<super::edit_rule::Proposal>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct A2uiReport {
    pub envelopes: usize,
    pub applied: usize,
    pub ignored: usize,
    #[cfg_attr(feature = "ts", tsify(type = "A2uiFinding[]"))]
    pub findings: Vec<EnvelopeFinding>,
    #[cfg_attr(feature = "ts", tsify(type = "SurfaceSummary[]"))]
    pub surfaces: Vec<SurfaceReport>,
}

impl SurfaceStore {
    pub fn report(&self) -> A2uiReport {
        A2uiReport {
            envelopes: self.envelopes,
            applied: self.applied,
            ignored: self.ignored,
            findings: self.reported_findings(),
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
                    placeholders: self.placeholders(&s.id),
                    proposals: s.proposals(),
                })
                .collect(),
        }
    }
}

impl SurfaceStore {
    /// The findings kept, and one more that counts those past the `findings` limit.
    fn reported_findings(&self) -> Vec<EnvelopeFinding> {
        let mut out = self.findings.clone();
        if self.findings_dropped > 0 {
            out.push(EnvelopeFinding {
                envelope: None,
                severity: crate::finding::Severity::Warning,
                code: Code::FindingsTruncated,
                path: String::new(),
                message: format!(
                    "{} more findings are not listed; the limit is {}.",
                    self.findings_dropped, self.limits.findings
                ),
            });
        }
        out
    }

    /// The placeholders a render of the surface shows, in render order. Found from the
    /// tree's shape alone: no text is formatted and no check evaluated to find them.
    pub fn placeholders(&self, surface_id: &str) -> Vec<Placeholder> {
        let mut out = Vec::new();
        if let Some(tree) = self.render_shape(surface_id) {
            walk(&tree, &mut |n| {
                if let Kind::Placeholder { reason, .. } = &n.kind {
                    out.push(Placeholder {
                        component_id: n.id.clone(),
                        reason: *reason,
                    });
                }
            });
        }
        out
    }
}

impl A2uiReport {
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("a report always serialises")
    }
}
