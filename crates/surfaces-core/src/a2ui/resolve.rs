//! The one resolver: what a dynamic value means *here* — its scope (the template item a
//! relative path reads from), the store's locale, and the pass's work and byte budgets.
//! Rendering, checks and actions all resolve through it, so what a person is shown, what a
//! check decides and what a click sends are the same values, formatted for the same locale.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};

use serde_json::Value;

use super::admission::UrlPolicy;
use super::catalog::functions;
use super::catalog::{Component, ComponentKind, Dynamic};
use super::pointer;
use super::render::Fault;
use super::store::SurfaceStore;
use super::tape;
use crate::Code;

/// Work charged for each check evaluated, whatever its condition, and for each lookup.
const CHECK_WORK: u64 = 64;
const LOOKUP_WORK: u64 = 32;
/// Work charged a byte of a URL that is not plain (a unit is about a nanosecond natively):
/// the worst host measured, three long `xn--` labels, costs about 150 ns a byte to read,
/// decode, read back and look at (`grow-lookalike-hosts` in `examples/hostile.rs`).
const URL_WORK_PER_BYTE: u64 = 160;

/// Where relative paths resolve: the current template item and its absolute pointer.
#[derive(Clone)]
pub(crate) struct Scope<'a> {
    pub(crate) item: Option<&'a Value>,
    pub(crate) base: String,
}

/// What a pass draws: everything (`Full`), or only what decides the tree's shape — children,
/// templates, media addresses — for the report's placeholders (`Shape`), which then costs
/// no text, no check and no function the tree does not need.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pass {
    Full,
    Shape,
}

impl<'a> Scope<'a> {
    /// Outside any template.
    pub(crate) fn top() -> Self {
        Scope {
            item: None,
            base: String::new(),
        }
    }

    /// Inside the template item at the absolute pointer `base` (`""` is the top).
    pub(crate) fn at(model: &'a Value, base: &str) -> Self {
        let item = if base.is_empty() {
            None
        } else {
            pointer::parse(base)
                .ok()
                .and_then(|segs| pointer::get(model, &segs))
        };
        Scope {
            item,
            base: base.to_string(),
        }
    }
}

/// Resolves dynamic values against one surface's effective model within one pass.
pub(crate) struct Resolver<'a> {
    budget: functions::Budget,
    pub(crate) meter: &'a functions::Meter,
    model: &'a Value,
    locale: &'a str,
    urls: &'a UrlPolicy,
    pub(crate) pass: Pass,
    /// Faults of the node being resolved (a renderer takes each node's when it is done).
    pub(crate) faults: RefCell<Vec<Fault>>,
    /// Bytes of text this pass may still hand to a renderer (`renderBytes`).
    bytes_left: Cell<usize>,
}

impl<'a> Resolver<'a> {
    /// A full pass over `model` with the store's locale, limits and URL policy.
    pub(crate) fn new(
        store: &'a SurfaceStore,
        model: &'a Value,
        meter: &'a functions::Meter,
    ) -> Self {
        Resolver {
            budget: store.limits.budget(),
            meter,
            model,
            locale: store.locale(),
            urls: &store.urls,
            pass: Pass::Full,
            faults: RefCell::new(Vec::new()),
            bytes_left: Cell::new(store.limits.render_bytes),
        }
    }

    /// Takes `n` bytes of the render's text; `false`, with a fault, when they are not left.
    pub(crate) fn take_bytes(&self, n: usize) -> bool {
        match self.bytes_left.get().checked_sub(n) {
            Some(rest) => {
                self.bytes_left.set(rest);
                true
            }
            None => {
                self.bytes_left.set(0);
                self.fault(
                    Code::RenderBytesSpent,
                    "This surface already shows as much text as one render hands on; the rest shows nothing."
                        .into(),
                );
                false
            }
        }
    }

    /// A copy of agent text for the render model, within the render's bytes.
    pub(crate) fn text_copy(&self, s: &str) -> Option<String> {
        self.take_bytes(s.len()).then(|| s.to_string())
    }

    pub(crate) fn fault(&self, code: Code, message: String) {
        let mut f = self.faults.borrow_mut();
        // One of each code per node is enough to say what happened.
        if !f.iter().any(|x| x.code == code) {
            f.push(Fault { code, message });
        }
    }

    /// The absolute pointer a binding names in `scope`.
    pub(crate) fn absolute(&self, path: &str, scope: &Scope<'a>) -> Option<String> {
        if path.starts_with('/') {
            pointer::parse(path).ok()?;
            return Some(path.to_string());
        }
        pointer::check_relative(path).ok()?;
        let rel = if path == "." { "" } else { path };
        Some(if rel.is_empty() {
            scope.base.clone()
        } else {
            format!("{}/{rel}", scope.base)
        })
    }

    /// The value at an absolute pointer: inside the current template item when it is below
    /// it (the item is the model's, so both agree), otherwise in the model.
    pub(crate) fn at(&self, abs: &str, scope: &Scope<'a>) -> Option<&'a Value> {
        if let (Some(item), Some(rest)) = (scope.item, abs.strip_prefix(scope.base.as_str())) {
            if !scope.base.is_empty() && (rest.is_empty() || rest.starts_with('/')) {
                let segs = pointer::parse(rest).ok()?;
                return pointer::get(item, &segs);
            }
        }
        let segs = pointer::parse(abs).ok()?;
        pointer::get(self.model, &segs)
    }

    /// A binding's value, by reference. Resolving it (joining the scope, parsing twice) is
    /// charged to the pass; past its budget nothing is looked up.
    pub(crate) fn lookup(&self, path: &str, scope: &Scope<'a>) -> Option<&'a Value> {
        let cost = LOOKUP_WORK + 2 * (path.len() + scope.base.len()) as u64;
        if !self.meter.take(cost) {
            let e = functions::EvalError::TooMuchWork;
            self.fault(e.code(), format!("A value cannot be shown: {e}."));
            return None;
        }
        let abs = self.absolute(path, scope)?;
        self.at(&abs, scope)
    }

    /// A dynamic value, by reference where it can be: a literal as given, a binding read
    /// from the model (or the template item), a call evaluated within the pass's budget.
    /// `Ok(None)` for nothing to show (a missing binding, a null).
    pub(crate) fn resolve(
        &self,
        d: &'a Dynamic,
        scope: &Scope<'a>,
    ) -> Result<Option<Cow<'a, Value>>, functions::EvalError> {
        match d {
            Dynamic::Call(call) => {
                // The call is built from its tape at each evaluation, which costs what it is
                // long: charged to the pass before it is built, so that a call an agent made
                // large, evaluated once per template item, spends the budget, not the CPU.
                if !self.meter.take(call.len() as u64) {
                    return Err(functions::EvalError::TooMuchWork);
                }
                let call = tape::read(call);
                let lookup = |p: &str| self.lookup(p, scope);
                let env = functions::Env::in_pass(&lookup, self.locale, self.budget, self.meter);
                let v = functions::evaluate(&call, &env, 0)?;
                Ok((!v.is_null()).then_some(Cow::Owned(v)))
            }
            Dynamic::Binding(p) => Ok(self.lookup(p, scope).map(Cow::Borrowed)),
            Dynamic::Literal(Value::Null) => Ok(None),
            Dynamic::Literal(v) => Ok(Some(Cow::Borrowed(v))),
        }
    }

    /// Like [`Resolver::resolve`]; a call that fails (its budget, the pass's, a refused
    /// pattern) shows nothing, with a fault on the node.
    pub(crate) fn evaluated(
        &self,
        d: Option<&'a Dynamic>,
        scope: &Scope<'a>,
    ) -> Option<Cow<'a, Value>> {
        match self.resolve(d?, scope) {
            Ok(v) => v,
            Err(e) => {
                self.fault(e.code(), format!("A value cannot be shown: {e}."));
                None
            }
        }
    }

    /// A value drawn as content: nothing in a shape pass. Copying it into the render model
    /// is charged to the pass, so what a render outputs is bounded whatever the model holds
    /// (a long string bound in every item of a template).
    pub(crate) fn value(&self, v: Option<&'a Dynamic>, scope: &Scope<'a>) -> Option<Value> {
        if self.pass == Pass::Shape {
            return None;
        }
        match self.evaluated(v, scope)? {
            Cow::Owned(v) => {
                let n = match &v {
                    Value::String(s) => s.len(),
                    other => pointer::json_size(other),
                };
                self.take_bytes(n).then_some(v)
            }
            Cow::Borrowed(b) => {
                // A string's copy costs its length (known at once); a container is measured,
                // unless the pass is already spent, and its copy charged for what it
                // allocates too (`functions::clone_work`).
                let (work, bytes) = match b {
                    Value::String(s) => (s.len() as u64, s.len()),
                    _ if self.meter.spent_out() => (u64::MAX, usize::MAX),
                    other => {
                        let (size, blocks) = pointer::copy_size(other);
                        (functions::copy_work(size, blocks), size)
                    }
                };
                if self.meter.take(work) {
                    self.take_bytes(bytes).then(|| b.clone())
                } else {
                    let e = functions::EvalError::TooMuchWork;
                    self.fault(e.code(), format!("A value cannot be shown: {e}."));
                    None
                }
            }
        }
    }

    /// Messages of a component's failing checks (and a TextField's `validationRegexp`); a
    /// check that cannot be evaluated fails closed.
    pub(crate) fn failing_checks(&self, c: &'a Component, scope: &Scope<'a>) -> Vec<String> {
        let mut out = Vec::new();
        if self.pass == Pass::Shape {
            return out;
        }
        for check in &c.common().checks {
            // Each check costs a call, even a literal one: their number is the agent's.
            if !self.meter.take(CHECK_WORK) {
                let e = functions::EvalError::TooMuchWork;
                self.fault(e.code(), format!("A check cannot be evaluated: {e}."));
                out.push(format!("This check cannot be evaluated ({e})."));
                break;
            }
            match self.resolve(&check.condition, scope) {
                Ok(Some(v)) if *v == Value::Bool(true) => {}
                Ok(_) => out.push(
                    check
                        .message
                        .as_deref()
                        .and_then(|m| self.text_copy(m))
                        .unwrap_or_else(|| "Check failed.".to_string()),
                ),
                Err(e) => {
                    self.fault(e.code(), format!("A check cannot be evaluated: {e}."));
                    out.push(format!("This check cannot be evaluated ({e})."));
                }
            }
        }
        if let ComponentKind::TextField {
            validation_regexp: Some(pattern),
            value,
            ..
        } = &c.kind
        {
            let value = self.evaluated(value.as_ref(), scope);
            // A pattern checks text: a bound object or array is not serialised to check it.
            let text = match value.as_deref() {
                Some(v @ (Value::String(_) | Value::Number(_))) => functions::text_of(v),
                _ => Cow::Borrowed(""),
            };
            let lookup = |p: &str| self.lookup(p, scope);
            let env = functions::Env::in_pass(&lookup, self.locale, self.budget, self.meter);
            match env
                .charge(text.len() as u64)
                .and_then(|()| env.matches(pattern, &text))
            {
                _ if text.is_empty() => {}
                Ok(true) => {}
                Ok(false) => out.push("This value does not have the expected format.".to_string()),
                Err(e) => {
                    self.fault(
                        e.code(),
                        format!("The field's format cannot be checked: {e}."),
                    );
                    out.push(format!("This field's format cannot be checked ({e})."));
                }
            }
        }
        out
    }

    /// An address the node loads or opens, resolved and held to the URL policy: `Ok(None)`
    /// when there is none, `Err(why)` when it is refused. Evaluated in every pass: whether a
    /// node is a placeholder depends on it.
    pub(crate) fn address(
        &self,
        v: Option<&'a Dynamic>,
        scope: &Scope<'a>,
    ) -> Result<Option<String>, String> {
        let Some(value) = self.evaluated(v, scope) else {
            return Ok(None);
        };
        let Value::String(raw) = &*value else {
            return Ok(None);
        };
        // Parsing it is work, and the address is text the render hands on. A URL that is
        // not plain is read by the whole parser, and an `xn--` host is decoded, read back
        // and looked at for look-alikes: up to about 150 ns a byte natively, where a plain
        // one is read in one pass.
        let work = match crate::web_url::PlainUrl::parsed(raw) {
            Some(_) => raw.len() as u64,
            None => (raw.len() as u64).saturating_mul(URL_WORK_PER_BYTE),
        };
        if !self.meter.take(work) || !self.take_bytes(raw.len()) {
            return Ok(None);
        }
        let (url, unicode) = self.urls.admit_with_unicode(raw)?;
        for (code, message) in crate::card::host::warnings_of(&url, unicode.as_deref()) {
            self.fault(code, message);
        }
        Ok(Some(url.href))
    }

    pub(crate) fn binding(&self, v: Option<&Dynamic>, scope: &Scope<'a>) -> Option<String> {
        if self.pass == Pass::Shape {
            return None;
        }
        let p = v?.binding()?;
        let abs = self.absolute(p, scope)?;
        self.take_bytes(abs.len()).then_some(abs)
    }

    pub(crate) fn string(&self, v: Option<&'a Dynamic>, scope: &Scope<'a>) -> Option<String> {
        match self.value(v, scope)? {
            Value::String(s) => Some(s),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    pub(crate) fn number(&self, v: Option<&'a Dynamic>, scope: &Scope<'a>) -> Option<f64> {
        match self.value(v, scope)? {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => crate::number::parse_f64(s.trim()),
            _ => None,
        }
    }
}
