//! What goes back to the agent: a person's edits kept as an overlay, action messages built
//! from a Button's `action.event` at click time, and the client capabilities.

use serde_json::{json, Map, Value};

use super::catalog::{functions, Action, ComponentKind};
use super::pointer;
use super::resolve::{Resolver, Scope};
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
        let ComponentKind::Button { action, .. } = &component.kind else {
            return Err(ActionError::NoAction(component_id.into()));
        };
        let Action::Event {
            name,
            context: event_context,
        } = action
        else {
            return Err(ActionError::LocalFunction);
        };
        // One click is one pass: its checks and its context share one work budget.
        let meter = functions::Meter::new(self.limits.render_work);
        let failing = self.failing_checks_in(surface_id, component_id, scope, &meter);
        if !failing.is_empty() {
            return Err(ActionError::ChecksFailing(failing.join(" ")));
        }
        let chars = name.chars().count();
        if !(1..=128).contains(&chars) {
            return Err(ActionError::BadName(chars));
        }
        let model = surface.effective_model();
        // The context resolves through the same resolver as the render and the checks:
        // the same scope rules, the store's locale, this click's budget.
        let resolver = Resolver::new(self, &model, &meter);
        let at = Scope::at(&model, scope);
        // Each value is measured before it is copied, and the context refused as soon as it
        // is past its limit: 20,000 keys naming the whole model never copy it 20,000 times.
        let limit = self.limits.action_context_bytes;
        let mut context = Map::new();
        let mut bytes = 2usize;
        for (k, v) in event_context {
            // What cannot be resolved (a missing binding, a call past its budget, a literal
            // null) is omitted.
            let Some(resolved) = resolver.evaluated(Some(v), &at) else {
                continue;
            };
            // Exactly its compact JSON: `"key":value`, a comma before all but the first.
            let comma = usize::from(!context.is_empty());
            bytes = bytes
                .saturating_add(pointer::string_size(k) + 1 + comma)
                .saturating_add(pointer::json_size(&resolved));
            if bytes > limit {
                return Err(ActionError::ContextTooLarge { bytes, limit });
            }
            context.insert(k.to_string(), resolved.into_owned());
        }
        let context = Value::Object(context);
        debug_assert_eq!(bytes, pointer::json_size(&context));
        Ok(json!({
            "version": "v0.9",
            "action": {
                "name": name.as_str(),
                "surfaceId": surface_id,
                "sourceComponentId": component_id,
                "timestamp": timestamp,
                "context": context,
            }
        }))
    }
}

impl SurfaceStore {
    /// `a2uiClientDataModel` for the surfaces that asked for it with `sendDataModel`, or
    /// `None` when none did.
    pub fn client_data_model(&self) -> Option<Value> {
        // Inserted one by one: a map collected sorts its entries first, and that sort of
        // (String, Value) with its bulk build was about 15 KB of the `.wasm` (BENCHMARKS.md,
        // "Sorts the .wasm carried for one use each").
        let mut surfaces = Map::new();
        for s in self.surfaces.iter().filter(|s| s.send_data_model) {
            surfaces.insert(s.id.clone(), s.effective_model());
        }
        (!surfaces.is_empty()).then(|| json!({ "version": "v0.9", "surfaces": surfaces }))
    }

    /// The theme a surface was created with (agent-chosen: never identity).
    pub fn theme(&self, surface_id: &str) -> Option<&Value> {
        self.surface(surface_id).and_then(|s| s.theme.as_ref())
    }
}
