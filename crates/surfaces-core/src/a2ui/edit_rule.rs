//! The edit-versus-update rule, in one place. What a person types is kept in an overlay by
//! JSON Pointer, apart from the agent's model; the effective model is the agent's with the
//! overlay on top, so an agent update never erases an edit and actions carry the person's
//! value. When the agent later sets a *different* value where the person edited, nothing is
//! lost silently: it is a [`Proposal`] the person may take (`accept_agent`) or dismiss
//! (`keep_mine`; a later, different update proposes again).

use serde::Serialize;
use serde_json::Value;

use super::pointer;
use super::store::{Surface, SurfaceStore};

/// Why an edit was refused (misuse by the caller: the person's input goes through the UI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    UnknownSurface(String),
    BadPointer(String),
    TooLarge {
        bytes: usize,
        limit: usize,
    },
    /// The value has a key refused in a data model, or nests deeper than the model may.
    BadValue(String),
}

impl EditError {
    /// The stable finding code, for callers that report an edit as a finding (the CLI's
    /// `--edit`); the message says which rule it broke.
    pub fn code(&self) -> crate::Code {
        crate::Code::EditRefused
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::UnknownSurface(s) => write!(f, "no surface \"{s}\""),
            EditError::BadPointer(why) | EditError::BadValue(why) => f.write_str(why),
            EditError::TooLarge { bytes, limit } => write!(
                f,
                "the edited data model would be {bytes} bytes; the limit is {limit}"
            ),
        }
    }
}

impl std::error::Error for EditError {}

/// The edit-versus-update rule: the person's value stays; the agent's later, different value
/// is shown as a proposal the person may take.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Proposal {
    pub pointer: String,
    /// What the person entered (still in effect).
    #[cfg_attr(feature = "ts", tsify(type = "unknown"))]
    pub person: Value,
    /// What the agent has since set at the same place.
    #[cfg_attr(feature = "ts", tsify(type = "unknown"))]
    pub agent: Value,
}

impl Surface {
    /// The agent's model with the person's edits on top.
    pub fn effective_model(&self) -> Value {
        let mut m = self.model.value();
        for (p, v) in &self.overlay {
            if let Ok(segs) = pointer::parse(p) {
                let _ = pointer::set(&mut m, &segs, v.clone());
            }
        }
        m
    }

    pub(crate) fn agent_value(&self, pointer_text: &str) -> Option<Value> {
        let segs = pointer::parse(pointer_text).ok()?;
        self.model.get(&segs)
    }

    /// Edits whose pointer the agent has since updated to something else.
    pub fn proposals(&self) -> Vec<Proposal> {
        self.overlay
            .iter()
            .filter_map(|(p, person)| {
                let agent = self.agent_value(p);
                let moved = self.agent_at_edit.get(p).is_some_and(|at| *at != agent);
                (moved && agent.as_ref() != Some(person)).then(|| Proposal {
                    pointer: p.clone(),
                    person: person.clone(),
                    agent: agent.unwrap_or(Value::Null),
                })
            })
            .collect()
    }
}

impl SurfaceStore {
    /// Records a person's edit at `pointer` in the overlay; agent updates never erase it.
    pub fn edit(
        &mut self,
        surface_id: &str,
        pointer_text: &str,
        value: Value,
    ) -> Result<(), EditError> {
        let limit = self.limits.data_model_bytes;
        let limits = self.limits.clone();
        let surface = self
            .surface_mut(surface_id)
            .ok_or_else(|| EditError::UnknownSurface(surface_id.into()))?;
        let segs = pointer::parse(pointer_text)
            .map_err(|e| EditError::BadPointer(e.message(pointer_text)))?;
        if segs.is_empty() {
            return Err(EditError::BadPointer(
                "an edit names a field, not the whole model".into(),
            ));
        }
        // The person's value is held to the agent's rules: no prototype keys, bounded depth.
        let urls = super::admission::UrlPolicy::default();
        let mut adm = super::admission::Admission::new(&limits, &urls);
        let (_, depth) = adm.model_value(&value, &super::path::Path::ROOT);
        adm.model_depth(segs.len(), depth, &super::path::Path::ROOT);
        if let Some(e) = adm.errors.first() {
            return Err(EditError::BadValue(e.message.clone()));
        }
        let canonical = pointer_text.to_string();
        let agent_now = surface.agent_value(&canonical);
        let old = surface.overlay.insert(canonical.clone(), value);
        let bytes = pointer::json_size(&surface.effective_model());
        if bytes > limit {
            match old {
                Some(v) => surface.overlay.insert(canonical, v),
                None => surface.overlay.remove(&canonical),
            };
            return Err(EditError::TooLarge { bytes, limit });
        }
        surface.agent_at_edit.insert(canonical, agent_now);
        Ok(())
    }

    /// Takes the agent's proposed value at `pointer`: the person's edit there is dropped.
    pub fn accept_agent(&mut self, surface_id: &str, pointer_text: &str) -> Result<(), EditError> {
        let surface = self
            .surface_mut(surface_id)
            .ok_or_else(|| EditError::UnknownSurface(surface_id.into()))?;
        surface.overlay.remove(pointer_text);
        surface.agent_at_edit.remove(pointer_text);
        Ok(())
    }

    /// Keeps the person's value at `pointer` and dismisses the agent's current proposal.
    pub fn keep_mine(&mut self, surface_id: &str, pointer_text: &str) -> Result<(), EditError> {
        let surface = self
            .surface_mut(surface_id)
            .ok_or_else(|| EditError::UnknownSurface(surface_id.into()))?;
        let now = surface.agent_value(pointer_text);
        if surface.overlay.contains_key(pointer_text) {
            surface.agent_at_edit.insert(pointer_text.to_string(), now);
        }
        Ok(())
    }

    /// The agent's proposals for fields the person edited (see [`Proposal`]).
    pub fn proposals(&self, surface_id: &str) -> Vec<super::edit_rule::Proposal> {
        self.surface(surface_id)
            .map(|s| s.proposals())
            .unwrap_or_default()
    }

    /// The person's edits of a surface, by pointer.
    pub fn edits(&self, surface_id: &str) -> Option<&std::collections::BTreeMap<String, Value>> {
        self.surface(surface_id).map(|s| &s.overlay)
    }
}
