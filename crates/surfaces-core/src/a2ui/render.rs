//! The render model: a surface resolved against its effective data model into a tree of
//! typed nodes a renderer can draw without interpreting anything an agent sent. Bindings are
//! read, templates expanded (bounded), missing or too-deep children become placeholders.
//! Agent strings stay strings: the renderer puts them in text nodes.

use crate::Code;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};

use serde::Serialize;
use serde_json::{Map, Value};

use super::admission::UrlPolicy;
use super::functions;
use super::pointer;
use super::store::{Surface, SurfaceStore};
use super::tree::PlaceholderReason;

/// Work charged for each check evaluated, whatever its condition, and for each lookup.
const CHECK_WORK: u64 = 64;
const LOOKUP_WORK: u64 = 32;

/// Bounds on what a render may expand to, whatever the data model holds.
pub const MAX_TEMPLATE_ITEMS: usize = 200;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    pub id: String,
    /// Accessibility label and description, resolved.
    pub label: Option<String>,
    pub description: Option<String>,
    /// Flex grow inside a Row or Column.
    pub weight: Option<f64>,
    /// Messages of the component's failing checks (and `validationRegexp`), re-evaluated on
    /// every render; a Button with any is disabled.
    pub errors: Vec<String>,
    /// For an input the person edited: the agent's later, different value (as text).
    pub proposal: Option<String>,
    /// What could not be evaluated or shown for this node, and why (a budget spent, a
    /// pattern refused, an address refused). Agent text never appears in them.
    pub faults: Vec<Fault>,
    pub kind: Kind,
}

/// A finding about one rendered node: a stable code and a plain message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fault {
    pub code: Code,
    pub message: String,
}

/// A ChoicePicker's options and state (a struct of its own: renderers hand it on whole).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choices {
    pub label: Option<String>,
    /// (label, value) pairs.
    pub options: Vec<(String, String)>,
    pub selected: Vec<String>,
    pub multiple: bool,
    pub chips: bool,
    pub filterable: bool,
    pub binding: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "component", rename_all_fields = "camelCase")]
pub enum Kind {
    Text {
        text: String,
        variant: String,
    },
    Image {
        url: Option<String>,
        description: Option<String>,
        fit: String,
        variant: String,
    },
    Icon {
        name: Option<String>,
        svg_path: Option<String>,
    },
    Video {
        url: Option<String>,
    },
    AudioPlayer {
        url: Option<String>,
        description: Option<String>,
    },
    Row {
        children: Vec<Node>,
        justify: String,
        align: String,
    },
    Column {
        children: Vec<Node>,
        justify: String,
        align: String,
    },
    List {
        children: Vec<Node>,
        direction: String,
        align: String,
    },
    Card {
        child: Box<Node>,
    },
    Tabs {
        tabs: Vec<(String, Node)>,
    },
    Modal {
        trigger: Box<Node>,
        content: Box<Node>,
    },
    Divider {
        axis: String,
    },
    /// `event` names the action sent to the agent; `local` is a client-side function call.
    /// `scope` is the template item the button was rendered for (`""` outside templates),
    /// to pass back to [`SurfaceStore::action_in`] so relative context paths resolve.
    Button {
        child: Box<Node>,
        variant: String,
        event: Option<String>,
        local: Option<String>,
        scope: String,
        /// For an `openUrl` action: the https URL a person may choose to open.
        open_url: Option<String>,
    },
    TextField {
        label: String,
        value: String,
        variant: String,
        binding: Option<String>,
    },
    CheckBox {
        label: String,
        value: bool,
        binding: Option<String>,
    },
    ChoicePicker(Choices),
    Slider {
        label: Option<String>,
        min: f64,
        max: f64,
        value: f64,
        binding: Option<String>,
    },
    DateTimeInput {
        label: Option<String>,
        value: String,
        enable_date: bool,
        enable_time: bool,
        min: Option<String>,
        max: Option<String>,
        binding: Option<String>,
    },
    /// `name` is the component type when the type is not one this renderer draws.
    Placeholder {
        reason: PlaceholderReason,
        name: Option<String>,
    },
}

/// Where relative paths resolve: the current template item and its absolute pointer.
#[derive(Clone)]
struct Scope<'a> {
    item: Option<&'a Value>,
    base: String,
}

/// What a pass draws: everything (`Full`), or only what decides the tree's shape — children,
/// templates, media addresses — for the report's placeholders (`Shape`), which then costs
/// no text, no check and no function the tree does not need.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Full,
    Shape,
}

struct Ctx<'a> {
    budget: functions::Budget,
    meter: &'a functions::Meter,
    components: &'a Map<String, Value>,
    proposals: Vec<super::store::Proposal>,
    model: &'a Value,
    locale: &'a str,
    urls: &'a UrlPolicy,
    pass: Pass,
    depth_limit: usize,
    node_limit: usize,
    nodes: usize,
    stack: Vec<String>,
    /// Faults of the node being drawn (each node takes its own when it is done).
    faults: RefCell<Vec<Fault>>,
    /// Bytes of text this render may still hand to a renderer (`renderBytes`).
    bytes_left: Cell<usize>,
}

impl<'a> Ctx<'a> {
    fn new(
        store: &'a SurfaceStore,
        s: &'a Surface,
        model: &'a Value,
        locale: &'a str,
        meter: &'a functions::Meter,
    ) -> Self {
        Ctx {
            budget: store.limits.budget(),
            meter,
            components: &s.components,
            proposals: Vec::new(),
            model,
            locale,
            urls: &store.urls,
            pass: Pass::Full,
            depth_limit: store.limits.depth,
            node_limit: store.limits.rendered_nodes,
            nodes: 0,
            stack: Vec::new(),
            faults: RefCell::new(Vec::new()),
            bytes_left: Cell::new(store.limits.render_bytes),
        }
    }

    /// Takes `n` bytes of the render's text; `false`, with a fault, when they are not left.
    fn take_bytes(&self, n: usize) -> bool {
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
    fn text_copy(&self, s: &str) -> Option<String> {
        self.take_bytes(s.len()).then(|| s.to_string())
    }

    fn fault(&self, code: Code, message: String) {
        let mut f = self.faults.borrow_mut();
        // One of each code per node is enough to say what happened.
        if !f.iter().any(|x| x.code == code) {
            f.push(Fault { code, message });
        }
    }

    /// The absolute pointer a binding names in `scope`.
    fn absolute(&self, path: &str, scope: &Scope<'a>) -> Option<String> {
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
    fn at(&self, abs: &str, scope: &Scope<'a>) -> Option<&'a Value> {
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
    fn lookup(&self, path: &str, scope: &Scope<'a>) -> Option<&'a Value> {
        let cost = LOOKUP_WORK + 2 * (path.len() + scope.base.len()) as u64;
        if !self.meter.take(cost) {
            let e = functions::EvalError::TooMuchWork;
            self.fault(e.code(), format!("A value cannot be shown: {e}."));
            return None;
        }
        let abs = self.absolute(path, scope)?;
        self.at(&abs, scope)
    }

    /// Evaluates a dynamic value within the pass's budget. A call that fails (its budget,
    /// the pass's, a refused pattern) shows nothing, with a fault on the node.
    fn evaluated(&self, v: Option<&'a Value>, scope: &Scope<'a>) -> Option<Cow<'a, Value>> {
        match v? {
            call @ Value::Object(o) if o.contains_key("call") => {
                let lookup = |p: &str| self.lookup(p, scope);
                let env = functions::Env::in_pass(&lookup, self.locale, self.budget, self.meter);
                match functions::evaluate(call, &env, 0) {
                    Ok(v) if !v.is_null() => Some(Cow::Owned(v)),
                    Ok(_) => None,
                    Err(e) => {
                        self.fault(e.code(), format!("A value cannot be shown: {e}."));
                        None
                    }
                }
            }
            Value::Object(o) => match o.get("path").and_then(Value::as_str) {
                Some(p) => self.lookup(p, scope).map(Cow::Borrowed),
                None => None,
            },
            literal => Some(Cow::Borrowed(literal)),
        }
    }

    /// A value drawn as content: nothing in a shape pass. Copying it into the render model
    /// is charged to the pass, so what a render outputs is bounded whatever the model holds
    /// (a long string bound in every item of a template).
    fn value(&self, v: Option<&'a Value>, scope: &Scope<'a>) -> Option<Value> {
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
                // unless the pass is already spent.
                let cost = match b {
                    Value::String(s) => s.len(),
                    _ if self.meter.spent_out() => usize::MAX,
                    other => pointer::json_size(other),
                };
                if self.meter.take(cost as u64) {
                    self.take_bytes(cost).then(|| b.clone())
                } else {
                    let e = functions::EvalError::TooMuchWork;
                    self.fault(e.code(), format!("A value cannot be shown: {e}."));
                    None
                }
            }
        }
    }

    /// Messages of failing checks; a check that cannot be evaluated fails closed.
    fn failing_checks(&self, o: &'a Map<String, Value>, scope: &Scope<'a>) -> Vec<String> {
        let mut out = Vec::new();
        if self.pass == Pass::Shape {
            return out;
        }
        for check in o
            .get("checks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            // Each check costs a call, even a literal one: their number is the agent's.
            if !self.meter.take(CHECK_WORK) {
                let e = functions::EvalError::TooMuchWork;
                self.fault(e.code(), format!("A check cannot be evaluated: {e}."));
                out.push(format!("This check cannot be evaluated ({e})."));
                break;
            }
            let ok = match check.get("condition") {
                Some(cond) => {
                    let lookup = |p: &str| self.lookup(p, scope);
                    let env =
                        functions::Env::in_pass(&lookup, self.locale, self.budget, self.meter);
                    functions::evaluate_ref(cond, &env, 0).map(|v| *v == Value::Bool(true))
                }
                None => Ok(false),
            };
            match ok {
                Ok(true) => {}
                Ok(false) => out.push(
                    check
                        .get("message")
                        .and_then(Value::as_str)
                        .and_then(|m| self.text_copy(m))
                        .unwrap_or_else(|| "Check failed.".to_string()),
                ),
                Err(e) => {
                    self.fault(e.code(), format!("A check cannot be evaluated: {e}."));
                    out.push(format!("This check cannot be evaluated ({e})."));
                }
            }
        }
        if let Some(pattern) = o.get("validationRegexp").and_then(Value::as_str) {
            let value = self.evaluated(o.get("value"), scope);
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
    fn address(&self, v: Option<&'a Value>, scope: &Scope<'a>) -> Result<Option<String>, String> {
        let Some(value) = self.evaluated(v, scope) else {
            return Ok(None);
        };
        let Value::String(raw) = &*value else {
            return Ok(None);
        };
        // Parsing it (twice) is work, and the address is text the render hands on.
        if !self.meter.take(2 * raw.len() as u64) || !self.take_bytes(raw.len()) {
            return Ok(None);
        }
        if let Some(why) = self.urls.refuse(raw) {
            return Err(why);
        }
        let url = url::Url::parse(raw).map_err(|e| e.to_string())?;
        for (code, message) in crate::card::host::address_warnings(&url) {
            self.fault(code, message);
        }
        Ok(Some(url.into()))
    }

    fn binding(&self, v: Option<&Value>, scope: &Scope<'a>) -> Option<String> {
        if self.pass == Pass::Shape {
            return None;
        }
        let p = v?.as_object()?.get("path")?.as_str()?;
        let abs = self.absolute(p, scope)?;
        self.take_bytes(abs.len()).then_some(abs)
    }

    fn string(&self, v: Option<&'a Value>, scope: &Scope<'a>) -> Option<String> {
        match self.value(v, scope)? {
            Value::String(s) => Some(s),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    fn number(&self, v: Option<&'a Value>, scope: &Scope<'a>) -> Option<f64> {
        match self.value(v, scope)? {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        }
    }

    fn placeholder(id: &str, reason: PlaceholderReason, component: Option<String>) -> Node {
        Node {
            id: id.to_string(),
            label: None,
            description: None,
            weight: None,
            errors: Vec::new(),
            proposal: None,
            faults: Vec::new(),
            kind: Kind::Placeholder {
                reason,
                name: component,
            },
        }
    }

    fn children(&mut self, list: Option<&'a Value>, scope: &Scope<'a>, depth: usize) -> Vec<Node> {
        match list {
            Some(Value::Array(ids)) => {
                let mut out = Vec::new();
                for id in ids.iter().filter_map(Value::as_str) {
                    // Past the node limit, one placeholder says so for all the rest.
                    if self.nodes >= self.node_limit {
                        out.push(Self::placeholder(id, PlaceholderReason::Template, None));
                        break;
                    }
                    out.push(self.node(id, scope, depth));
                }
                out
            }
            Some(Value::Object(t)) => {
                let (Some(id), Some(path)) = (
                    t.get("componentId").and_then(Value::as_str),
                    t.get("path").and_then(Value::as_str),
                ) else {
                    return Vec::new();
                };
                let Some(base) = self.absolute(path, scope) else {
                    return Vec::new();
                };
                let Some(items) = self.at(&base, scope).and_then(Value::as_array) else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    if i == MAX_TEMPLATE_ITEMS || self.nodes >= self.node_limit {
                        out.push(Self::placeholder(id, PlaceholderReason::Template, None));
                        break;
                    }
                    let inner = Scope {
                        item: Some(item),
                        base: format!("{base}/{i}"),
                    };
                    out.push(self.node(id, &inner, depth));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    fn node(&mut self, id: &str, scope: &Scope<'a>, depth: usize) -> Node {
        // Every node counts, placeholders included: a template repeating missing children
        // is as many nodes as it shows.
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Self::placeholder(id, PlaceholderReason::Template, None);
        }
        let Some(c) = self.components.get(id) else {
            return Self::placeholder(id, PlaceholderReason::Missing, None);
        };
        if depth > self.depth_limit {
            return Self::placeholder(id, PlaceholderReason::Depth, None);
        }
        if self.stack.iter().any(|s| s == id) {
            return Self::placeholder(id, PlaceholderReason::Cycle, None);
        }
        self.stack.push(id.to_string());
        // Children draw between here and the end; each keeps its own faults.
        let outer = self.faults.take();
        let Some(o) = c.as_object() else {
            self.stack.pop();
            self.faults.replace(outer);
            return Self::placeholder(id, PlaceholderReason::Missing, None);
        };
        let text = |k: &str| o.get(k).and_then(Value::as_str).map(str::to_string);
        let or = |k: &str, d: &str| text(k).unwrap_or_else(|| d.to_string());
        let kind = match o
            .get("component")
            .and_then(Value::as_str)
            .unwrap_or_default()
        {
            "Text" => Kind::Text {
                text: self.string(o.get("text"), scope).unwrap_or_default(),
                variant: or("variant", "body"),
            },
            "Image" | "Video" | "AudioPlayer" => match self.address(o.get("url"), scope) {
                Err(why) => {
                    self.fault(Code::UrlRefused, why);
                    Kind::Placeholder {
                        reason: PlaceholderReason::UrlRefused,
                        name: None,
                    }
                }
                Ok(url) => match o.get("component").and_then(Value::as_str) {
                    Some("Image") => Kind::Image {
                        url,
                        description: self.string(o.get("description"), scope),
                        fit: or("fit", "fill"),
                        variant: or("variant", "mediumFeature"),
                    },
                    Some("Video") => Kind::Video { url },
                    _ => Kind::AudioPlayer {
                        url,
                        description: self.string(o.get("description"), scope),
                    },
                },
            },
            "Icon" => match o.get("name") {
                Some(Value::Object(n)) if n.contains_key("svgPath") => Kind::Icon {
                    name: None,
                    svg_path: n
                        .get("svgPath")
                        .and_then(Value::as_str)
                        .and_then(|d| self.text_copy(d)),
                },
                other => Kind::Icon {
                    name: self.string(other, scope),
                    svg_path: None,
                },
            },
            kind @ ("Row" | "Column") => {
                let children = self.children(o.get("children"), scope, depth + 1);
                let (justify, align) = (or("justify", "start"), or("align", "stretch"));
                if kind == "Row" {
                    Kind::Row {
                        children,
                        justify,
                        align,
                    }
                } else {
                    Kind::Column {
                        children,
                        justify,
                        align,
                    }
                }
            }
            "List" => Kind::List {
                children: self.children(o.get("children"), scope, depth + 1),
                direction: or("direction", "vertical"),
                align: or("align", "stretch"),
            },
            "Card" => Kind::Card {
                child: Box::new(self.child(o.get("child"), scope, depth)),
            },
            "Tabs" => {
                let mut tabs = Vec::new();
                for t in o
                    .get("tabs")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    // As for any list of children: past the node limit, one placeholder.
                    if self.nodes >= self.node_limit {
                        let rest = Self::placeholder(id, PlaceholderReason::Template, None);
                        tabs.push((String::new(), rest));
                        break;
                    }
                    tabs.push((
                        self.string(t.get("title"), scope).unwrap_or_default(),
                        self.child(t.get("child"), scope, depth),
                    ));
                }
                Kind::Tabs { tabs }
            }
            "Modal" => Kind::Modal {
                trigger: Box::new(self.child(o.get("trigger"), scope, depth)),
                content: Box::new(self.child(o.get("content"), scope, depth)),
            },
            "Divider" => Kind::Divider {
                axis: or("axis", "horizontal"),
            },
            "Button" => {
                let action = o.get("action");
                // Without its scope a click would resolve its context elsewhere: no action.
                let scope_copy = self.text_copy(&scope.base);
                let open_url = match action
                    .and_then(|a| a.get("functionCall"))
                    .filter(|f| f.get("call").and_then(Value::as_str) == Some("openUrl"))
                {
                    Some(f) => match self.address(f.pointer("/args/url"), scope) {
                        Ok(u) => u,
                        Err(why) => {
                            self.fault(Code::UrlRefused, why);
                            None
                        }
                    },
                    None => None,
                };
                Kind::Button {
                    child: Box::new(self.child(o.get("child"), scope, depth)),
                    variant: or("variant", "default"),
                    event: action
                        .filter(|_| scope_copy.is_some())
                        .and_then(|a| a.pointer("/event/name"))
                        .and_then(Value::as_str)
                        .map(str::to_string),
                    local: action
                        .and_then(|a| a.pointer("/functionCall/call"))
                        .and_then(Value::as_str)
                        .map(str::to_string),
                    scope: scope_copy.clone().unwrap_or_default(),
                    open_url,
                }
            }
            "TextField" => Kind::TextField {
                label: self.string(o.get("label"), scope).unwrap_or_default(),
                value: self.string(o.get("value"), scope).unwrap_or_default(),
                variant: or("variant", "shortText"),
                binding: self.binding(o.get("value"), scope),
            },
            "CheckBox" => Kind::CheckBox {
                label: self.string(o.get("label"), scope).unwrap_or_default(),
                value: self
                    .value(o.get("value"), scope)
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
                binding: self.binding(o.get("value"), scope),
            },
            "ChoicePicker" => Kind::ChoicePicker(Choices {
                label: self.string(o.get("label"), scope),
                options: o
                    .get("options")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|opt| {
                        (
                            self.string(opt.get("label"), scope).unwrap_or_default(),
                            opt.get("value")
                                .and_then(Value::as_str)
                                .and_then(|v| self.text_copy(v))
                                .unwrap_or_default(),
                        )
                    })
                    .collect(),
                selected: match self.value(o.get("value"), scope) {
                    Some(Value::Array(a)) => a
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect(),
                    Some(Value::String(s)) => vec![s],
                    _ => Vec::new(),
                },
                multiple: text("variant").as_deref() == Some("multipleSelection"),
                chips: text("displayStyle").as_deref() == Some("chips"),
                filterable: o
                    .get("filterable")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                binding: self.binding(o.get("value"), scope),
            }),
            "Slider" => {
                let min = o.get("min").and_then(Value::as_f64).unwrap_or(0.0);
                let max = o.get("max").and_then(Value::as_f64).unwrap_or(100.0);
                Kind::Slider {
                    label: self.string(o.get("label"), scope),
                    min,
                    max,
                    value: self
                        .number(o.get("value"), scope)
                        .unwrap_or(min)
                        .clamp(min.min(max), max.max(min)),
                    binding: self.binding(o.get("value"), scope),
                }
            }
            "DateTimeInput" => Kind::DateTimeInput {
                label: self.string(o.get("label"), scope),
                value: self.string(o.get("value"), scope).unwrap_or_default(),
                enable_date: o
                    .get("enableDate")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                enable_time: o
                    .get("enableTime")
                    .and_then(Value::as_bool)
                    .unwrap_or(false),
                min: self.string(o.get("min"), scope),
                max: self.string(o.get("max"), scope),
                binding: self.binding(o.get("value"), scope),
            },
            other => Kind::Placeholder {
                reason: PlaceholderReason::Missing,
                name: Some(other.to_string()),
            },
        };
        self.stack.pop();
        let a11y = o.get("accessibility");
        let errors = self.failing_checks(o, scope);
        let proposal = self.binding(o.get("value"), scope).and_then(|b| {
            self.proposals
                .iter()
                .find(|p| p.pointer == b)
                .and_then(|p| self.text_copy(&functions::text_of(&p.agent)))
        });
        let label = self.string(a11y.and_then(|a| a.get("label")), scope);
        let description = self.string(a11y.and_then(|a| a.get("description")), scope);
        let faults = self.faults.replace(outer);
        Node {
            id: id.to_string(),
            errors,
            proposal,
            faults,
            label,
            description,
            weight: o.get("weight").and_then(Value::as_f64),
            kind,
        }
    }

    fn child(&mut self, id: Option<&'a Value>, scope: &Scope<'a>, depth: usize) -> Node {
        match id.and_then(Value::as_str) {
            Some(id) => self.node(id, scope, depth + 1),
            None => Self::placeholder("", PlaceholderReason::Missing, None),
        }
    }
}

impl Kind {
    /// For an input (TextField, CheckBox, ChoicePicker, Slider, DateTimeInput): the pointer
    /// its value is bound to, if any. `None` for anything that is not an input.
    pub fn input_binding(&self) -> Option<Option<&str>> {
        match self {
            Kind::TextField { binding, .. }
            | Kind::CheckBox { binding, .. }
            | Kind::ChoicePicker(Choices { binding, .. })
            | Kind::Slider { binding, .. }
            | Kind::DateTimeInput { binding, .. } => Some(binding.as_deref()),
            _ => None,
        }
    }

    pub fn is_input(&self) -> bool {
        self.input_binding().is_some()
    }
}

/// Whether an `svgPath` icon's path data may be drawn: path commands, numbers and
/// separators only, at most 4 KiB.
pub fn svg_path_ok(d: &str) -> bool {
    d.len() <= 4096
        && !d.trim().is_empty()
        && d.chars()
            .all(|c| "MmLlHhVvCcSsQqTtAaZz0123456789.,-+eE \n\t".contains(c))
}

/// The flex-grow class for a `weight` inside a Row or Column (`""` when none).
pub fn grow_class(weight: Option<f64>) -> String {
    match weight {
        Some(w) if w > 0.0 => format!(" a2ui-grow-{}", (w.round() as i64).clamp(1, 12)),
        _ => String::new(),
    }
}

/// What a placeholder says, in the renderer's words (`renderer` is "console" or "renderer").
pub fn placeholder_text(
    reason: PlaceholderReason,
    id: &str,
    name: Option<&str>,
    renderer: &str,
) -> String {
    match (reason, name) {
        (_, Some(name)) => format!("Unsupported component \"{name}\""),
        (PlaceholderReason::Missing, None) => format!("Missing component \"{id}\""),
        (PlaceholderReason::Depth, _) => "Nested too deeply to show".to_string(),
        (PlaceholderReason::Template, _) => {
            format!("More repeated content than this {renderer} shows")
        }
        (PlaceholderReason::Cycle, _) => "A component that contains itself".to_string(),
        (PlaceholderReason::UrlRefused, _) => {
            format!("Media from an address this {renderer} refuses")
        }
    }
}

/// Why a Button cannot be pressed, or `None` when it can: a failing check, or an action the
/// renderer does not perform (`opens_urls` says whether it asks the person about openUrl).
pub fn button_blocked(
    errors: &[String],
    event: Option<&str>,
    local: Option<&str>,
    open_url: bool,
    renderer: &str,
) -> Option<String> {
    if !errors.is_empty() {
        return Some(errors.join(" "));
    }
    match (event, local) {
        (Some(_), _) => None,
        (None, _) if open_url => None,
        (None, Some(f)) => Some(format!(
            "Runs the client function \"{f}\", which this {renderer} does not run."
        )),
        (None, None) => Some("This button has no action.".to_string()),
    }
}

/// Visits every node of a tree, depth first.
pub fn walk<'n>(node: &'n Node, f: &mut impl FnMut(&'n Node)) {
    f(node);
    match &node.kind {
        Kind::Row { children, .. }
        | Kind::Column { children, .. }
        | Kind::List { children, .. } => children.iter().for_each(|c| walk(c, f)),
        Kind::Card { child } | Kind::Button { child, .. } => walk(child, f),
        Kind::Modal { trigger, content } => {
            walk(trigger, f);
            walk(content, f);
        }
        Kind::Tabs { tabs } => tabs.iter().for_each(|(_, c)| walk(c, f)),
        _ => {}
    }
}

impl SurfaceStore {
    /// The surface's tree from `root`, resolved against its effective data model; `None`
    /// when the surface does not exist, renders another catalog, or has no `root` yet.
    pub fn render(&self, surface_id: &str) -> Option<Node> {
        self.render_for(surface_id, "en-US")
    }

    /// Like [`SurfaceStore::render`], formatting numbers, currencies and plurals for `locale`
    /// (a BCP 47 tag). The whole pass spends at most the `renderWork` limit on evaluations:
    /// past it, checks fail closed and values show nothing, with a fault on their node.
    pub fn render_for(&self, surface_id: &str, locale: &str) -> Option<Node> {
        self.render_pass(surface_id, locale, Pass::Full)
    }

    /// The tree's shape only: children, templates and media addresses, no text, no checks.
    pub(crate) fn render_shape(&self, surface_id: &str) -> Option<Node> {
        self.render_pass(surface_id, "en-US", Pass::Shape)
    }

    fn render_pass(&self, surface_id: &str, locale: &str, pass: Pass) -> Option<Node> {
        let s = self.surface(surface_id)?;
        if !s.catalog_rendered || !s.components.contains_key("root") {
            return None;
        }
        let model = s.effective_model();
        let meter = functions::Meter::new(self.limits.render_work);
        let mut ctx = Ctx::new(self, s, &model, locale, &meter);
        ctx.pass = pass;
        if pass == Pass::Full {
            ctx.proposals = s.proposals();
        }
        Some(ctx.node(
            "root",
            &Scope {
                item: None,
                base: String::new(),
            },
            1,
        ))
    }

    /// Messages of the failing checks of `component_id` drawn at `scope` (the template item's
    /// pointer, `""` outside templates); empty when they all pass.
    pub fn failing_checks(&self, surface_id: &str, component_id: &str, scope: &str) -> Vec<String> {
        let meter = functions::Meter::new(self.limits.render_work);
        self.failing_checks_in(surface_id, component_id, scope, &meter)
    }

    /// Like [`SurfaceStore::failing_checks`], spending from `meter` (an action's pass).
    pub(crate) fn failing_checks_in(
        &self,
        surface_id: &str,
        component_id: &str,
        scope: &str,
        meter: &functions::Meter,
    ) -> Vec<String> {
        let Some(s) = self.surface(surface_id) else {
            return Vec::new();
        };
        let Some(o) = s.components.get(component_id).and_then(Value::as_object) else {
            return Vec::new();
        };
        let model = s.effective_model();
        let item = if scope.is_empty() {
            None
        } else {
            pointer::parse(scope)
                .ok()
                .and_then(|segs| pointer::get(&model, &segs))
        };
        let ctx = Ctx::new(self, s, &model, "en-US", meter);
        ctx.failing_checks(
            o,
            &Scope {
                item,
                base: scope.to_string(),
            },
        )
    }
}
