//! What goes back to the agent: a person's edits kept as an overlay, action messages built
//! from a Button's `action.event` at click time, and the client capabilities.

use serde_json::{json, Map, Value};

use super::functions;
use super::pointer;
use super::store::{SurfaceStore, BASIC_CATALOG_ID};

/// Why an action message was not built (the console shows the button disabled with this).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    UnknownSurface(String),
    UnknownComponent(String),
    /// The component has no `action` (it is not a Button).
    NoAction(String),
    /// A `functionCall` action runs on the client and is never sent to the agent.
    LocalFunction,
    /// The event name is empty or longer than 128 characters.
    BadName(usize),
    /// A check on the Button fails (the renderer shows it disabled with these messages).
    ChecksFailing(String),
    /// The resolved context is larger than the limit.
    ContextTooLarge {
        bytes: usize,
        limit: usize,
    },
}

impl ActionError {
    /// The stable finding code of the refusal.
    pub fn code(&self) -> crate::Code {
        use crate::Code;
        match self {
            ActionError::UnknownSurface(_) => Code::ActionSurfaceUnknown,
            ActionError::UnknownComponent(_) => Code::ActionComponentUnknown,
            ActionError::NoAction(_) => Code::ActionMissing,
            ActionError::LocalFunction => Code::ActionLocalFunction,
            ActionError::BadName(_) => Code::ActionNameInvalid,
            ActionError::ChecksFailing(_) => Code::ActionChecksFailing,
            ActionError::ContextTooLarge { .. } => Code::ActionContextTooLarge,
        }
    }
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::UnknownSurface(s) => write!(f, "no surface \"{s}\""),
            ActionError::UnknownComponent(c) => write!(f, "no component \"{c}\""),
            ActionError::NoAction(c) => write!(f, "component \"{c}\" has no action"),
            ActionError::ChecksFailing(why) => write!(f, "a check fails: {why}"),
            ActionError::LocalFunction => {
                write!(f, "a functionCall action runs locally and is not sent")
            }
            ActionError::BadName(n) => write!(
                f,
                "the action name has {n} characters; 1 to 128 are allowed"
            ),
            ActionError::ContextTooLarge { bytes, limit } => {
                write!(
                    f,
                    "the action context is {bytes} bytes; the limit is {limit}"
                )
            }
        }
    }
}

impl std::error::Error for ActionError {}

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

/// The `a2uiClientCapabilities` for A2A message metadata: both the v0.9 and v0.9.1 keys,
/// plus the flat form one SDK reads (the top level allows extra keys).
pub fn client_capabilities() -> Value {
    let ids = json!([BASIC_CATALOG_ID]);
    json!({
        "v0.9": { "supportedCatalogIds": ids },
        "v0.9.1": { "supportedCatalogIds": ids },
        "supportedCatalogIds": ids,
    })
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
        let mut adm = super::admission::Admission {
            limits: &limits,
            urls: &urls,
            errors: Vec::new(),
            warnings: Vec::new(),
        };
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
    pub fn proposals(&self, surface_id: &str) -> Vec<super::store::Proposal> {
        self.surface(surface_id)
            .map(|s| s.proposals())
            .unwrap_or_default()
    }

    /// The person's edits of a surface, by pointer.
    pub fn edits(&self, surface_id: &str) -> Option<&std::collections::BTreeMap<String, Value>> {
        self.surface(surface_id).map(|s| &s.overlay)
    }

    /// Builds the client-to-server action message for a click on `component_id` now
    /// (`timestamp` is an RFC 3339 date-time the caller supplies).
    pub fn action(
        &self,
        surface_id: &str,
        component_id: &str,
        timestamp: &str,
    ) -> Result<Value, ActionError> {
        self.action_in(surface_id, component_id, "", timestamp)
    }

    /// Like [`SurfaceStore::action`], for a button rendered inside a template: `scope` is the
    /// absolute pointer of its item, against which relative context paths resolve.
    pub fn action_in(
        &self,
        surface_id: &str,
        component_id: &str,
        scope: &str,
        timestamp: &str,
    ) -> Result<Value, ActionError> {
        let surface = self
            .surface(surface_id)
            .ok_or_else(|| ActionError::UnknownSurface(surface_id.into()))?;
        let component = surface
            .components
            .get(component_id)
            .ok_or_else(|| ActionError::UnknownComponent(component_id.into()))?;
        let action = component
            .get("action")
            .ok_or_else(|| ActionError::NoAction(component_id.into()))?;
        let Some(event) = action.get("event") else {
            return Err(ActionError::LocalFunction);
        };
        // One click is one pass: its checks and its context share one work budget.
        let meter = functions::Meter::new(self.limits.render_work);
        let failing = self.failing_checks_in(surface_id, component_id, scope, &meter);
        if !failing.is_empty() {
            return Err(ActionError::ChecksFailing(failing.join(" ")));
        }
        let name = event["name"].as_str().unwrap_or_default();
        let chars = name.chars().count();
        if !(1..=128).contains(&chars) {
            return Err(ActionError::BadName(chars));
        }
        let model = surface.effective_model();
        // Each value is measured before it is copied, and the context refused as soon as it
        // is past its limit: 20,000 keys naming the whole model never copy it 20,000 times.
        let limit = self.limits.action_context_bytes;
        let mut context = Map::new();
        let mut bytes = 2usize;
        for (k, v) in event
            .get("context")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            if let Some(resolved) = resolve(v, &model, scope, self.limits.budget(), &meter) {
                // Exactly its compact JSON: `"key":value`, a comma before all but the first.
                let comma = usize::from(!context.is_empty());
                bytes = bytes
                    .saturating_add(pointer::string_size(k) + 1 + comma)
                    .saturating_add(pointer::json_size(&resolved));
                if bytes > limit {
                    return Err(ActionError::ContextTooLarge { bytes, limit });
                }
                context.insert(k.clone(), resolved.into_owned());
            }
        }
        let context = Value::Object(context);
        debug_assert_eq!(bytes, pointer::json_size(&context));
        Ok(json!({
            "version": "v0.9",
            "action": {
                "name": name,
                "surfaceId": surface_id,
                "sourceComponentId": component_id,
                "timestamp": timestamp,
                "context": context,
            }
        }))
    }
}

/// A context value at click time: literals as given, bindings read from the effective
/// model, function calls evaluated within the click's budget; what cannot be resolved is
/// omitted.
fn resolve<'m>(
    v: &'m Value,
    model: &'m Value,
    scope: &str,
    budget: functions::Budget,
    meter: &functions::Meter,
) -> Option<std::borrow::Cow<'m, Value>> {
    use std::borrow::Cow;
    let lookup = |path: &str| find(model, scope, path);
    match v {
        Value::Object(o) if o.contains_key("call") => {
            let env = functions::Env::in_pass(&lookup, "en-US", budget, meter);
            functions::evaluate(v, &env, 0)
                .ok()
                .filter(|v| !v.is_null())
                .map(Cow::Owned)
        }
        Value::Object(o) => {
            let path = o.get("path")?.as_str()?;
            // A lookup is work, as in a render: the keys are the agent's to multiply.
            if !meter.take(32 + 4 * (path.len() + scope.len()) as u64) {
                return None;
            }
            find(model, scope, path).map(Cow::Borrowed)
        }
        Value::Null => None,
        literal => Some(Cow::Borrowed(literal)),
    }
}

/// The value a context binding names: absolute, or relative to the template item at `scope`.
fn find<'m>(model: &'m Value, scope: &str, path: &str) -> Option<&'m Value> {
    let absolute = match path {
        p if p.starts_with('/') => p.to_string(),
        "" | "." => scope.to_string(),
        p => format!("{scope}/{p}"),
    };
    let segs = pointer::parse(&absolute).ok()?;
    pointer::get(model, &segs)
}

impl SurfaceStore {
    /// `a2uiClientDataModel` for the surfaces that asked for it with `sendDataModel`, or
    /// `None` when none did.
    pub fn client_data_model(&self) -> Option<Value> {
        let surfaces: Map<String, Value> = self
            .surfaces
            .iter()
            .filter(|s| s.send_data_model)
            .map(|s| (s.id.clone(), s.effective_model()))
            .collect();
        (!surfaces.is_empty()).then(|| json!({ "version": "v0.9", "surfaces": surfaces }))
    }

    /// The theme a surface was created with (agent-chosen: never identity).
    pub fn theme(&self, surface_id: &str) -> Option<&Value> {
        self.surface(surface_id).and_then(|s| s.theme.as_ref())
    }
}
