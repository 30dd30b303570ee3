//! The render model: a surface resolved against its effective data model into a tree of
//! typed nodes a renderer can draw without interpreting anything an agent sent. Bindings are
//! read, templates expanded (bounded), missing or too-deep children become placeholders.
//! Agent strings stay strings: the renderer puts them in text nodes.

use crate::Code;

use serde::Serialize;
use serde_json::Value;

use super::catalog::{
    functions, Action, Align, Axis, ButtonVariant, Children, ChoiceVariant, ComponentKind,
    Components, Direction, DisplayStyle, Dynamic, IconName, ImageFit, ImageVariant, Justify,
    TextFieldVariant, TextVariant,
};
use super::resolve::{Pass, Resolver, Scope};
use super::store::{Surface, SurfaceStore};
use super::tree::PlaceholderReason;

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
        variant: TextVariant,
    },
    Image {
        url: Option<String>,
        description: Option<String>,
        fit: ImageFit,
        variant: ImageVariant,
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
        justify: Justify,
        align: Align,
    },
    Column {
        children: Vec<Node>,
        justify: Justify,
        align: Align,
    },
    List {
        children: Vec<Node>,
        direction: Direction,
        align: Align,
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
        axis: Axis,
    },
    /// `event` names the action sent to the agent; `local` is a client-side function call.
    /// `scope` is the template item the button was rendered for (`""` outside templates),
    /// to pass back to [`SurfaceStore::action_in`] so relative context paths resolve.
    Button {
        child: Box<Node>,
        variant: ButtonVariant,
        event: Option<String>,
        local: Option<String>,
        scope: String,
        /// For an `openUrl` action: the https URL a person may choose to open.
        open_url: Option<String>,
    },
    TextField {
        label: String,
        value: String,
        variant: TextFieldVariant,
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
struct Ctx<'a> {
    r: Resolver<'a>,
    components: &'a Components,
    proposals: Vec<super::edit_rule::Proposal>,
    depth_limit: usize,
    node_limit: usize,
    nodes: usize,
    stack: Vec<String>,
}

/// The tree walk resolves every value through the one resolver.
impl<'a> std::ops::Deref for Ctx<'a> {
    type Target = Resolver<'a>;
    fn deref(&self) -> &Resolver<'a> {
        &self.r
    }
}

impl<'a> Ctx<'a> {
    fn new(
        store: &'a SurfaceStore,
        s: &'a Surface,
        model: &'a Value,
        meter: &'a functions::Meter,
    ) -> Self {
        Ctx {
            r: Resolver::new(store, model, meter),
            components: &s.components,
            proposals: Vec::new(),
            depth_limit: store.limits.depth.min(super::limits::MAX_RENDER_DEPTH),
            node_limit: store.limits.rendered_nodes,
            nodes: 0,
            stack: Vec::new(),
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

    fn children(&mut self, list: &'a Children, scope: &Scope<'a>, depth: usize) -> Vec<Node> {
        match list {
            Children::Ids(ids) => {
                let mut out = Vec::new();
                for id in ids.iter() {
                    // Past the node limit, one placeholder says so for all the rest.
                    if self.nodes >= self.node_limit {
                        out.push(Self::placeholder(id, PlaceholderReason::Template, None));
                        break;
                    }
                    out.push(self.node(id, scope, depth));
                }
                out
            }
            Children::Template { component_id, path } => {
                let id = component_id.as_str();
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
        }
    }

    /// A media node: its address held to the URL policy, or a placeholder saying why not.
    fn media(
        &self,
        url: &'a Dynamic,
        scope: &Scope<'a>,
        kind: impl FnOnce(Option<String>) -> Kind,
    ) -> Kind {
        match self.address(Some(url), scope) {
            Err(why) => {
                self.fault(Code::UrlRefused, why);
                Kind::Placeholder {
                    reason: PlaceholderReason::UrlRefused,
                    name: None,
                }
            }
            Ok(url) => kind(url),
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
        // Each option of a ChoicePicker is drawn as a node of its own (a control and its
        // label, with their effects), so each counts: counted as one picker, 960 pickers of 50
        // options repeated by templates drew 153,000 elements from a few KB (a red-team review).
        if let ComponentKind::ChoicePicker { options, .. } = &c.kind {
            self.nodes = self.nodes.saturating_add(options.len());
        }
        self.stack.push(id.to_string());
        // Children draw between here and the end; each keeps its own faults.
        let outer = self.faults.take();
        let kind = match &c.kind {
            ComponentKind::Text { text, variant } => Kind::Text {
                text: self.string(Some(text), scope).unwrap_or_default(),
                variant: *variant,
            },
            ComponentKind::Image {
                url,
                description,
                fit,
                variant,
            } => self.media(url, scope, |url| Kind::Image {
                url,
                description: self.string(description.as_ref(), scope),
                fit: *fit,
                variant: *variant,
            }),
            ComponentKind::Video { url } => self.media(url, scope, |url| Kind::Video { url }),
            ComponentKind::AudioPlayer { url, description } => {
                self.media(url, scope, |url| Kind::AudioPlayer {
                    url,
                    description: self.string(description.as_ref(), scope),
                })
            }
            ComponentKind::Icon { name } => match name {
                IconName::SvgPath(d) => Kind::Icon {
                    name: None,
                    svg_path: self.text_copy(d),
                },
                IconName::Named(n) => Kind::Icon {
                    name: self.string(Some(n), scope),
                    svg_path: None,
                },
            },
            ComponentKind::Row {
                children,
                justify,
                align,
            } => Kind::Row {
                children: self.children(children, scope, depth + 1),
                justify: *justify,
                align: *align,
            },
            ComponentKind::Column {
                children,
                justify,
                align,
            } => Kind::Column {
                children: self.children(children, scope, depth + 1),
                justify: *justify,
                align: *align,
            },
            ComponentKind::List {
                children,
                direction,
                align,
            } => Kind::List {
                children: self.children(children, scope, depth + 1),
                direction: *direction,
                align: *align,
            },
            ComponentKind::Card { child } => Kind::Card {
                child: Box::new(self.child(child, scope, depth)),
            },
            ComponentKind::Tabs { tabs: list } => {
                let mut tabs = Vec::new();
                for t in list {
                    // As for any list of children: past the node limit, one placeholder.
                    if self.nodes >= self.node_limit {
                        let rest = Self::placeholder(id, PlaceholderReason::Template, None);
                        tabs.push((String::new(), rest));
                        break;
                    }
                    tabs.push((
                        self.string(Some(&t.title), scope).unwrap_or_default(),
                        self.child(&t.child, scope, depth),
                    ));
                }
                Kind::Tabs { tabs }
            }
            ComponentKind::Modal { trigger, content } => Kind::Modal {
                trigger: Box::new(self.child(trigger, scope, depth)),
                content: Box::new(self.child(content, scope, depth)),
            },
            ComponentKind::Divider { axis } => Kind::Divider { axis: *axis },
            ComponentKind::Button {
                child,
                variant,
                action,
            } => {
                // Without its scope a click would resolve its context elsewhere: no action.
                let scope_copy = self.text_copy(&scope.base);
                let (event, local, open_url) = match action {
                    Action::Event { name, .. } => {
                        (scope_copy.as_ref().map(|_| name.to_string()), None, None)
                    }
                    Action::FunctionCall { call, open_url, .. } => {
                        let open_url = match open_url {
                            Some(target) => match self.address(Some(target), scope) {
                                Ok(u) => u,
                                Err(why) => {
                                    self.fault(Code::UrlRefused, why);
                                    None
                                }
                            },
                            None => None,
                        };
                        (None, Some(call.clone()), open_url)
                    }
                };
                Kind::Button {
                    child: Box::new(self.child(child, scope, depth)),
                    variant: *variant,
                    event,
                    local,
                    scope: scope_copy.unwrap_or_default(),
                    open_url,
                }
            }
            ComponentKind::TextField {
                label,
                value,
                variant,
                ..
            } => Kind::TextField {
                label: self.string(Some(label), scope).unwrap_or_default(),
                value: self.string(value.as_ref(), scope).unwrap_or_default(),
                variant: *variant,
                binding: self.binding(value.as_ref(), scope),
            },
            ComponentKind::CheckBox { label, value } => Kind::CheckBox {
                label: self.string(Some(label), scope).unwrap_or_default(),
                value: self
                    .value(Some(value), scope)
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
                binding: self.binding(Some(value), scope),
            },
            // Past the limit with its options, a placeholder, as a template item is.
            ComponentKind::ChoicePicker { .. } if self.nodes > self.node_limit => {
                Kind::Placeholder {
                    reason: PlaceholderReason::Template,
                    name: None,
                }
            }
            ComponentKind::ChoicePicker {
                label,
                variant,
                options,
                value,
                display_style,
                filterable,
            } => Kind::ChoicePicker(Choices {
                label: self.string(label.as_ref(), scope),
                options: options
                    .iter()
                    .map(|opt| {
                        (
                            self.string(Some(&opt.label), scope).unwrap_or_default(),
                            self.text_copy(&opt.value).unwrap_or_default(),
                        )
                    })
                    .collect(),
                selected: match self.value(Some(value), scope) {
                    Some(Value::Array(a)) => a
                        .iter()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect(),
                    Some(Value::String(s)) => vec![s],
                    _ => Vec::new(),
                },
                multiple: *variant == ChoiceVariant::MultipleSelection,
                chips: *display_style == DisplayStyle::Chips,
                filterable: *filterable,
                binding: self.binding(Some(value), scope),
            }),
            ComponentKind::Slider {
                label,
                min,
                max,
                value,
            } => Kind::Slider {
                label: self.string(label.as_ref(), scope),
                min: *min,
                max: *max,
                value: self
                    .number(Some(value), scope)
                    .unwrap_or(*min)
                    .clamp(min.min(*max), max.max(*min)),
                binding: self.binding(Some(value), scope),
            },
            ComponentKind::DateTimeInput {
                value,
                enable_date,
                enable_time,
                min,
                max,
                label,
            } => Kind::DateTimeInput {
                label: self.string(label.as_deref(), scope),
                value: self.string(Some(value), scope).unwrap_or_default(),
                enable_date: *enable_date,
                enable_time: *enable_time,
                min: self.string(min.as_deref(), scope),
                max: self.string(max.as_deref(), scope),
                binding: self.binding(Some(value), scope),
            },
        };
        self.stack.pop();
        let errors = self.failing_checks(c, scope);
        let proposal = self.binding(c.kind.input_value(), scope).and_then(|b| {
            self.proposals
                .iter()
                .find(|p| p.pointer == b)
                .and_then(|p| self.text_copy(&functions::text_of(&p.agent)))
        });
        let label = self.string(c.common().label.as_ref(), scope);
        let description = self.string(c.common().description.as_ref(), scope);
        let faults = self.faults.replace(outer);
        Node {
            id: id.to_string(),
            errors,
            proposal,
            faults,
            label,
            description,
            weight: c.common().weight,
            kind,
        }
    }

    fn child(&mut self, id: &str, scope: &Scope<'a>, depth: usize) -> Node {
        self.node(id, scope, depth + 1)
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

/// Why a Button cannot be pressed: data, for each renderer to put in its own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked<'a> {
    /// Its checks fail, with these messages (the agent's).
    Checks(&'a [String]),
    /// Its action is a client function this renderer does not run.
    ClientFunction(&'a str),
    /// It has no action at all.
    NoAction,
}

/// Why a Button cannot be pressed, or `None` when it can: a failing check, or an action the
/// renderer does not perform (`open_url` says whether it asks the person about openUrl).
pub fn button_blocked<'a>(
    errors: &'a [String],
    event: Option<&str>,
    local: Option<&'a str>,
    open_url: bool,
) -> Option<Blocked<'a>> {
    if !errors.is_empty() {
        return Some(Blocked::Checks(errors));
    }
    match (event, local) {
        (Some(_), _) => None,
        (None, _) if open_url => None,
        (None, Some(f)) => Some(Blocked::ClientFunction(f)),
        (None, None) => Some(Blocked::NoAction),
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
    /// The surface's tree from `root`, resolved against its effective data model and
    /// formatted for the store's locale (`set_locale`, the same one its checks and actions
    /// use); `None` when the surface does not exist, renders another catalog, or has no
    /// `root` yet. The whole pass spends at most the `renderWork` limit on evaluations:
    /// past it, checks fail closed and values show nothing, with a fault on their node.
    pub fn render(&self, surface_id: &str) -> Option<Node> {
        self.render_pass(surface_id, Pass::Full)
    }

    /// The tree's shape only: children, templates and media addresses, no text, no checks.
    pub(crate) fn render_shape(&self, surface_id: &str) -> Option<Node> {
        self.render_pass(surface_id, Pass::Shape)
    }

    fn render_pass(&self, surface_id: &str, pass: Pass) -> Option<Node> {
        let s = self.surface(surface_id)?;
        if !s.catalog_rendered || !s.components.contains_key("root") {
            return None;
        }
        let model = s.effective_model();
        let meter = functions::Meter::new(self.limits.render_work);
        let mut ctx = Ctx::new(self, s, &model, &meter);
        ctx.r.pass = pass;
        if pass == Pass::Full {
            ctx.proposals = s.proposals();
        }
        Some(ctx.node("root", &Scope::top(), 1))
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
        let Some(c) = s.components.get(component_id) else {
            return Vec::new();
        };
        let model = s.effective_model();
        Resolver::new(self, &model, meter).failing_checks(c, &Scope::at(&model, scope))
    }
}

/// A DateTimeInput value for a browser's `datetime-local` or `time` control, which takes no
/// zone: `2025-07-15T19:00:00Z` is split into its wall-clock part as written
/// (`2025-07-15T19:00:00`) and its zone (`Z`). Renderers show the time in the zone the agent
/// gave, with that zone named beside the control ([`zone_name`]), and write an edit back in
/// the same zone ([`rezone`]): nothing is converted, so an untouched value round-trips
/// exactly and no time is shifted by the viewer's own zone. `None` when the value has no
/// zone, or one that is not `Z` / `±HH` / `±HHMM` / `±HH:MM`.
pub fn split_zone(value: &str) -> Option<(&str, &str)> {
    // The zone can only follow a time: after the `T` (or space) of a date-time, or in a time.
    let time_at = value.find(['T', 't', ' ']).map_or(0, |i| i + 1);
    if !value[time_at..].starts_with(|c: char| c.is_ascii_digit()) || !value.contains(':') {
        return None;
    }
    let at = time_at + value[time_at..].find(['Z', 'z', '+', '-'])?;
    let (local, zone) = value.split_at(at);
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let ok = match zone.as_bytes() {
        [b'Z' | b'z'] => true,
        [b'+' | b'-', rest @ ..] => {
            let rest = std::str::from_utf8(rest).unwrap_or_default();
            match rest.len() {
                2 | 4 => digits(rest),
                5 => rest.as_bytes()[2] == b':' && digits(&rest[..2]) && digits(&rest[3..]),
                _ => false,
            }
        }
        _ => false,
    };
    ok.then_some((local, zone))
}

/// Whether a wall-clock value written without a zone gives seconds (`19:00:00`, not `19:00`).
pub fn has_seconds(local: &str) -> bool {
    let time_at = local.find(['T', 't', ' ']).map_or(0, |i| i + 1);
    local[time_at..].matches(':').count() >= 2
}

/// How a zone is named beside a control: `UTC`, or its offset as `+02:00`.
pub fn zone_name(zone: &str) -> String {
    match zone {
        "Z" | "z" => "UTC".to_string(),
        _ => {
            let (sign, rest) = zone.split_at(1.min(zone.len()));
            let rest = rest.replace(':', "");
            match rest.len() {
                2 => format!("{sign}{rest}:00"),
                4 => format!("{sign}{}:{}", &rest[..2], &rest[2..]),
                _ => zone.to_string(),
            }
        }
    }
}

/// A person's edit of a control that showed a value split by [`split_zone`], written back
/// in the agent's form: the same zone, and seconds when the agent wrote seconds (a browser
/// drops `:00`). A cleared control stays empty.
pub fn rezone(edited: &str, zone: &str, seconds: bool) -> String {
    if edited.is_empty() {
        return String::new();
    }
    let pad = if seconds && !has_seconds(edited) {
        ":00"
    } else {
        ""
    };
    format!("{edited}{pad}{zone}")
}

#[cfg(test)]
mod zone_tests {
    use super::*;

    #[test]
    fn a_zoned_value_splits_into_what_a_local_control_takes() {
        assert_eq!(
            split_zone("2025-07-15T19:00:00Z"),
            Some(("2025-07-15T19:00:00", "Z"))
        );
        assert_eq!(
            split_zone("2025-07-15T19:00+02:00"),
            Some(("2025-07-15T19:00", "+02:00"))
        );
        assert_eq!(split_zone("19:00:00-0530"), Some(("19:00:00", "-0530")));
        assert_eq!(
            split_zone("2025-07-15T19:00:00.250z"),
            Some(("2025-07-15T19:00:00.250", "z"))
        );
    }

    #[test]
    fn values_without_a_zone_or_with_a_malformed_one_are_left_alone() {
        // The date's own hyphens are not an offset.
        assert_eq!(split_zone("2025-07-15"), None);
        assert_eq!(split_zone("2025-07-15T19:00"), None);
        assert_eq!(split_zone("19:00"), None);
        assert_eq!(split_zone("2025-07-15T19:00+2"), None);
        assert_eq!(split_zone("2025-07-15T19:00+02:0x"), None);
        assert_eq!(split_zone("2025-07-15TZ"), None);
        assert_eq!(split_zone(""), None);
    }

    #[test]
    fn zones_are_named_as_utc_or_an_offset() {
        assert_eq!(zone_name("Z"), "UTC");
        assert_eq!(zone_name("+02:00"), "+02:00");
        assert_eq!(zone_name("-0530"), "-05:30");
        assert_eq!(zone_name("+02"), "+02:00");
    }

    #[test]
    fn an_edit_goes_back_in_the_agents_form() {
        let (local, zone) = split_zone("2025-07-15T19:00:00Z").unwrap();
        assert!(has_seconds(local));
        // The browser reports minutes only; the agent wrote seconds and UTC.
        assert_eq!(
            rezone("2025-07-15T19:30", zone, true),
            "2025-07-15T19:30:00Z"
        );
        assert_eq!(
            rezone("2025-07-15T19:30:15", zone, true),
            "2025-07-15T19:30:15Z"
        );
        assert_eq!(rezone("19:30", "+02:00", false), "19:30+02:00");
        assert!(!has_seconds("2025-07-15T19:00"));
        assert_eq!(rezone("", "Z", true), "");
    }
}
