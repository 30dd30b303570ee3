//! The Basic Catalog's 18 components as typed values. An admitted component (one the
//! schema and admission accepted) is decoded once, here; after that nothing reads component
//! JSON by string key: the graph, the render model, actions and stats match on
//! [`ComponentKind`], and the compiler says where a new property must be handled.

use std::borrow::Cow;
use std::collections::HashMap;
use std::num::NonZeroU32;

use serde_json::{Map, Value};

/// Text a surface keeps for each component and that is short as a rule (ids, binding
/// paths, event names and context keys): up to 12 bytes (24 natively) kept inline, where a `String`
/// put each on the heap, 16 bytes in wasm32 for a short one. Four in five of the official
/// examples' component ids have at most 12 bytes.
pub type ShortText = compact_str::CompactString;

/// A component id.
pub type Id = ShortText;

/// A property whose value may come from the data model: a literal, a binding to a path, or
/// a function call evaluated at render (or click) time.
#[derive(Debug, Clone, PartialEq)]
pub enum Dynamic {
    Literal(Value),
    /// A JSON Pointer, absolute or (inside a template) relative to the item.
    Binding(ShortText),
    /// The whole call object (`{"call": …, "args": …}`), evaluated by the catalog's functions,
    /// kept as a tape ([`crate::a2ui::tape`]) and built when evaluated: as a `Value`, each
    /// object in it was a map node of about 400 bytes in wasm32, for every check and call
    /// of every component a surface keeps.
    Call(Box<[u8]>),
}

impl Dynamic {
    pub fn from_value(v: Value) -> Dynamic {
        match v {
            Value::Object(o) if o.contains_key("call") => {
                Dynamic::Call(crate::a2ui::tape::tape_of(&Value::Object(o)).into_boxed_slice())
            }
            Value::Object(mut o) => match o.remove("path") {
                Some(Value::String(p)) => Dynamic::Binding(ShortText::from(p)),
                // An object that is neither: v0.9 has no object literals; it reads as nothing.
                _ => Dynamic::Literal(Value::Null),
            },
            literal => Dynamic::Literal(literal),
        }
    }

    /// The path of a binding.
    pub fn binding(&self) -> Option<&str> {
        match self {
            Dynamic::Binding(p) => Some(p),
            _ => None,
        }
    }
}

macro_rules! keyword {
    ($(#[$doc:meta])* $name:ident default $default:ident { $($variant:ident = $text:literal),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
        #[cfg_attr(feature = "ts", derive(tsify::Tsify))]
        pub enum $name {
            $(#[serde(rename = $text)] $variant,)*
        }

        /// The catalog's default, when the property is absent.
        impl Default for $name {
            fn default() -> Self {
                $name::$default
            }
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];
            /// The words the schema allows, in the catalog's order.
            pub const NAMES: &'static [&'static str] = &[$($text),*];

            /// The catalog's word for it.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)* }
            }

            /// The value a property names; the catalog's default when absent.
            fn read(v: Option<Value>) -> Result<$name, String> {
                match v {
                    None | Some(Value::Null) => Ok($name::default()),
                    Some(Value::String(s)) => Self::word(&s),
                    Some(other) => Err(format!("{other} is not a {}", stringify!($name))),
                }
            }

            /// [`Self::read`] of a field: a word the hand reader matched is taken as it
            /// is, with no string made for it.
            fn read_field(f: Option<Field>) -> Result<$name, String> {
                match f {
                    // The hand reader found it at its place `i` among this property's
                    // words (the catalog's table names `NAMES` for it): taken from there,
                    // the place checked by one comparison, not looked for among them all.
                    Some(Field::Word(w, i)) => match Self::NAMES.get(i) {
                        Some(n) if crate::swar::same_bytes(n.as_bytes(), w.as_bytes()) => {
                            Ok(Self::ALL[i])
                        }
                        _ => Self::word(w),
                    },
                    f => Self::read(f.map(Field::into_json)),
                }
            }

            fn word(s: &str) -> Result<$name, String> {
                match s {
                    $($text => Ok($name::$variant),)*
                    other => Err(format!("{:?} is not a {}", other, stringify!($name))),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

keyword!(
    /// Text `variant`.
    TextVariant default Body { H1 = "h1", H2 = "h2", H3 = "h3", H4 = "h4", H5 = "h5", Caption = "caption", Body = "body" }
);
keyword!(
    /// Image `fit`.
    ImageFit default Fill { Contain = "contain", Cover = "cover", Fill = "fill", None = "none", ScaleDown = "scaleDown" }
);
keyword!(
    /// Image `variant`.
    ImageVariant default MediumFeature { Icon = "icon", Avatar = "avatar", SmallFeature = "smallFeature", MediumFeature = "mediumFeature", LargeFeature = "largeFeature", Header = "header" }
);
keyword!(
    /// Row and Column `justify`.
    Justify default Start { Center = "center", End = "end", SpaceAround = "spaceAround", SpaceBetween = "spaceBetween", SpaceEvenly = "spaceEvenly", Start = "start", Stretch = "stretch" }
);
keyword!(
    /// Row, Column and List `align`.
    Align default Stretch { Start = "start", Center = "center", End = "end", Stretch = "stretch" }
);
keyword!(
    /// List `direction`.
    Direction default Vertical { Vertical = "vertical", Horizontal = "horizontal" }
);
keyword!(
    /// Divider `axis`.
    Axis default Horizontal { Horizontal = "horizontal", Vertical = "vertical" }
);
keyword!(
    /// Button `variant`.
    ButtonVariant default Default { Default = "default", Primary = "primary", Borderless = "borderless" }
);
keyword!(
    /// TextField `variant`.
    TextFieldVariant default ShortText { LongText = "longText", Number = "number", ShortText = "shortText", Obscured = "obscured" }
);
keyword!(
    /// ChoicePicker `variant`.
    ChoiceVariant default MutuallyExclusive { MultipleSelection = "multipleSelection", MutuallyExclusive = "mutuallyExclusive" }
);
keyword!(
    /// ChoicePicker `displayStyle`.
    DisplayStyle default Checkbox { Checkbox = "checkbox", Chips = "chips" }
);

/// The children of a Row, Column or List: ids, or one component repeated over an array.
#[derive(Debug, Clone, PartialEq)]
pub enum Children {
    Ids(super::IdList),
    Template { component_id: Id, path: String },
}

/// An Icon's `name`: one of the catalog's names (possibly bound), or an SVG path.
#[derive(Debug, Clone, PartialEq)]
pub enum IconName {
    Named(Dynamic),
    SvgPath(String),
}

/// A Button's `action`.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Sent to the agent: the event's name and its context, resolved at click time.
    Event {
        name: ShortText,
        context: Vec<(ShortText, Dynamic)>,
    },
    /// Run on the client, never sent. `openUrl`, the only one with an effect, carries its
    /// target, decoded; the others' arguments were checked at admission and are not kept,
    /// since nothing reads them.
    FunctionCall {
        call: String,
        open_url: Option<Dynamic>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tab {
    pub title: Dynamic,
    pub child: Id,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceOption {
    pub label: Dynamic,
    pub value: String,
}

/// A check: a condition that must hold, and what to say when it does not.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    pub condition: Dynamic,
    pub message: Option<String>,
}

/// What every component may carry besides its own properties.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Common {
    pub label: Option<Dynamic>,
    pub description: Option<Dynamic>,
    /// Flex grow inside a Row or Column.
    pub weight: Option<f64>,
    /// Only Checkable components (Button and the inputs) have checks.
    pub checks: Vec<Check>,
}

/// One admitted component.
#[derive(Debug, Clone)]
pub struct Component {
    /// Boxed, and absent when every field would be empty (most components): a surface keeps
    /// one `Component` per id, and the inline form was 96 of its 232 bytes in wasm32.
    common: Option<Box<Common>>,
    /// The number of the component that places this one as its own child, if any
    /// ([`crate::a2ui::tree::Graph`] names the numbers). Kept here, in bytes the layout
    /// pads anyway, rather than in a map of child id to parent id, which cost 74 bytes per
    /// placed component in wasm32 (BENCHMARKS.md, "Retained memory").
    pub(crate) parent: Option<NonZeroU32>,
    pub kind: ComponentKind,
}

/// What the agent said: the parent link is the graph's bookkeeping, so a stored component
/// equals the same one freshly decoded.
impl PartialEq for Component {
    fn eq(&self, other: &Component) -> bool {
        self.common == other.common && self.kind == other.kind
    }
}

/// What a component without any common property carries.
static NO_COMMON: Common = Common {
    label: None,
    description: None,
    weight: None,
    checks: Vec::new(),
};

impl Component {
    pub fn new(common: Common, kind: ComponentKind) -> Component {
        let empty = common.label.is_none()
            && common.description.is_none()
            && common.weight.is_none()
            && common.checks.is_empty();
        Component {
            common: (!empty).then(|| Box::new(common)),
            parent: None,
            kind,
        }
    }

    pub fn common(&self) -> &Common {
        self.common.as_deref().unwrap_or(&NO_COMMON)
    }
}

// A surface keeps one boxed `Component` per id, so its size is most of a surface's memory
// per component (BENCHMARKS.md, "Retained memory"): held here in wasm32, where it counts.
#[cfg(target_pointer_width = "32")]
const _: () = assert!(std::mem::size_of::<Component>() <= 80);

/// The components of a surface, by id. Boxed, so that the table's spare slots hold
/// pointers rather than spare components.
///
/// Hashed, not sorted: an update that relists a parent's children looks each child up
/// several times (its link, the cycle check, the new link), and a sorted map's lookup was
/// a string comparison per level, a call into `memcmp` each in wasm (a chat log resent as
/// one growing Column folded five times slower than the official core's `Map`). Nothing
/// reads the components in the table's order; where an order shows (the lint's orphans),
/// it is sorted there. The seed is the store's secret ([`IdHasher`]).
pub type Components = HashMap<Id, Box<Component>, IdHasher>;

/// How component ids are hashed: foldhash (hashbrown's own default) under a seed of 64
/// random bits (`a2ui::seed_hashes`), so that an agent cannot choose ids that collide and
/// make each lookup a walk of the whole surface.
#[derive(Debug, Clone, Default)]
pub struct IdHasher(foldhash::fast::FixedState);

impl IdHasher {
    pub fn with_seed(seed: u64) -> IdHasher {
        IdHasher(foldhash::fast::FixedState::with_seed(seed))
    }
}

impl std::hash::BuildHasher for IdHasher {
    type Hasher = IdHash;
    fn build_hasher(&self) -> IdHash {
        IdHash(self.0.build_hasher())
    }
}

/// foldhash's hasher, for a key that is one string or one address: the byte `str`'s hash
/// appends after the text (so that a tuple's strings cannot run into each other) is left
/// out. That byte went into foldhash's 128-bit buffer, whose shifts are calls in wasm32: a
/// sixth of the hashing.
pub struct IdHash(foldhash::fast::FoldHasher<'static>);

impl std::hash::Hasher for IdHash {
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }
    fn write_u8(&mut self, byte: u8) {
        // Only `str`'s terminator comes here: every key hashed so is a single string or a
        // single address.
        debug_assert_eq!(byte, 0xff);
    }
    /// A component's address (`tree::Graph::admit` claims children by it): one word.
    fn write_usize(&mut self, n: usize) {
        self.0.write_usize(n);
    }
    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ComponentKind {
    Text {
        text: Dynamic,
        variant: TextVariant,
    },
    Image {
        url: Dynamic,
        description: Option<Dynamic>,
        fit: ImageFit,
        variant: ImageVariant,
    },
    Icon {
        name: IconName,
    },
    Video {
        url: Dynamic,
    },
    AudioPlayer {
        url: Dynamic,
        description: Option<Dynamic>,
    },
    Row {
        children: Children,
        justify: Justify,
        align: Align,
    },
    Column {
        children: Children,
        justify: Justify,
        align: Align,
    },
    List {
        children: Children,
        direction: Direction,
        align: Align,
    },
    Card {
        child: Id,
    },
    Tabs {
        tabs: Vec<Tab>,
    },
    Modal {
        trigger: Id,
        content: Id,
    },
    Divider {
        axis: Axis,
    },
    Button {
        child: Id,
        variant: ButtonVariant,
        action: Action,
    },
    TextField {
        label: Dynamic,
        value: Option<Dynamic>,
        variant: TextFieldVariant,
        validation_regexp: Option<String>,
    },
    CheckBox {
        label: Dynamic,
        value: Dynamic,
    },
    ChoicePicker {
        label: Option<Dynamic>,
        variant: ChoiceVariant,
        options: Vec<ChoiceOption>,
        value: Dynamic,
        display_style: DisplayStyle,
        filterable: bool,
    },
    Slider {
        label: Option<Dynamic>,
        min: f64,
        max: f64,
        value: Dynamic,
    },
    DateTimeInput {
        value: Dynamic,
        enable_date: bool,
        enable_time: bool,
        // Boxed: three inline would make this the largest variant, and so every component.
        min: Option<Box<Dynamic>>,
        max: Option<Box<Dynamic>>,
        label: Option<Box<Dynamic>>,
    },
}

impl ComponentKind {
    /// The catalog's name of the component type.
    pub fn name(&self) -> &'static str {
        match self {
            ComponentKind::Text { .. } => "Text",
            ComponentKind::Image { .. } => "Image",
            ComponentKind::Icon { .. } => "Icon",
            ComponentKind::Video { .. } => "Video",
            ComponentKind::AudioPlayer { .. } => "AudioPlayer",
            ComponentKind::Row { .. } => "Row",
            ComponentKind::Column { .. } => "Column",
            ComponentKind::List { .. } => "List",
            ComponentKind::Card { .. } => "Card",
            ComponentKind::Tabs { .. } => "Tabs",
            ComponentKind::Modal { .. } => "Modal",
            ComponentKind::Divider { .. } => "Divider",
            ComponentKind::Button { .. } => "Button",
            ComponentKind::TextField { .. } => "TextField",
            ComponentKind::CheckBox { .. } => "CheckBox",
            ComponentKind::ChoicePicker { .. } => "ChoicePicker",
            ComponentKind::Slider { .. } => "Slider",
            ComponentKind::DateTimeInput { .. } => "DateTimeInput",
        }
    }

    /// The data-model value an input edits (TextField, CheckBox, ChoicePicker, Slider,
    /// DateTimeInput), whatever form it takes.
    pub fn input_value(&self) -> Option<&Dynamic> {
        match self {
            ComponentKind::TextField { value, .. } => value.as_ref(),
            ComponentKind::CheckBox { value, .. }
            | ComponentKind::ChoicePicker { value, .. }
            | ComponentKind::Slider { value, .. }
            | ComponentKind::DateTimeInput { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// Decodes one admitted component (`id` aside). The schema has checked the shape, so a
/// failure here is a disagreement between the schema walk and this decoder: the caller
/// refuses the update rather than keep a component nothing can draw.
pub fn decode(o: Map<String, Value>) -> Result<Component, String> {
    // A component has a handful of properties: taking each from a short list costs less
    // than removing each from the map's tree (a tenth of a fold of the official examples).
    let mut fields: Fields = o
        .into_iter()
        .map(|(k, v)| (Cow::Owned(k), Field::Json(v)))
        .collect();
    let name = match take(&mut fields, "component") {
        Some(Value::String(s)) => s,
        _ => return Err("the component has no type".into()),
    };
    decode_fields(&name, &mut fields)
}

/// A component's properties but its `id` and `component`, as [`decode_fields`] takes them:
/// the names the hand reader matched are the catalog's own (`direct.rs`), so not copied.
pub(crate) type Fields = Vec<(Cow<'static, str>, Field)>;

/// A property's value as a reader hands it over: JSON, or already in the catalog's form.
/// The hand reader (`direct.rs`) reads bindings and event actions straight into that form:
/// built as JSON first, each was a map node allocated, searched and freed again here (about
/// a tenth of a fold of many small surfaces).
pub(crate) enum Field {
    Json(Value),
    Dynamic(Dynamic),
    Action(Action),
    /// A component id, or a list of them: as strings, each was an allocation and a free.
    Id(Id),
    /// A keyword the hand reader matched among the words its property allows (an Image's
    /// `fit`, a Row's `justify`), and its place among them: as a string, an allocation and
    /// a free each.
    Word(&'static str, usize),
    Children(Children),
    /// A component's `checks`, a Tabs' tabs or a ChoicePicker's options, read by hand: the
    /// names of their objects' two members, and each object's values (its first where a
    /// dynamic value belongs, its second a string). One form for the three, so that each
    /// is not given back as JSON in a function of its own (3 KB gzipped).
    Pairs([&'static str; 2], Vec<(Dynamic, String)>),
    /// A component's `accessibility` of a `label` and a `description` at most, read by hand.
    Accessibility(Option<Dynamic>, Option<Dynamic>),
}

impl Field {
    /// The JSON the value was read from, for a decoder that takes JSON.
    fn into_json(self) -> Value {
        match self {
            Field::Json(v) => v,
            Field::Dynamic(d) => d.into_json(),
            Field::Action(a) => a.into_json(),
            Field::Id(id) => Value::String(id.into()),
            Field::Word(w, _) => Value::String(w.into()),
            Field::Children(Children::Ids(ids)) => {
                Value::Array(ids.iter().map(|id| Value::String(id.into())).collect())
            }
            Field::Children(Children::Template { component_id, path }) => {
                let mut o = Map::new();
                o.insert("componentId".into(), Value::String(component_id.into()));
                o.insert("path".into(), Value::String(path));
                Value::Object(o)
            }
            Field::Pairs([first, second], list) => Value::Array(
                list.into_iter()
                    .map(|(a, b)| {
                        let mut o = Map::new();
                        o.insert(first.into(), a.into_json());
                        o.insert(second.into(), Value::String(b));
                        Value::Object(o)
                    })
                    .collect(),
            ),
            Field::Accessibility(label, description) => {
                let mut o = Map::new();
                for (k, d) in [("label", label), ("description", description)] {
                    if let Some(d) = d {
                        o.insert(k.into(), d.into_json());
                    }
                }
                Value::Object(o)
            }
        }
    }
}

impl Dynamic {
    /// The JSON this value was read from ([`Dynamic::from_value`] undone).
    fn into_json(self) -> Value {
        match self {
            Dynamic::Literal(v) => v,
            Dynamic::Binding(p) => {
                let mut o = Map::new();
                o.insert("path".into(), Value::String(p.into()));
                Value::Object(o)
            }
            Dynamic::Call(tape) => crate::a2ui::tape::read(&tape),
        }
    }
}

impl Action {
    /// The JSON of an event action ([`action`] undone). No reader hands over a function
    /// call in this form (it keeps too little of its arguments to be undone).
    fn into_json(self) -> Value {
        match self {
            Action::Event { name, context } => {
                let mut event = Map::new();
                event.insert("name".into(), Value::String(name.into()));
                if !context.is_empty() {
                    // Inserted one by one: collected, a map sorts its entries first, with
                    // a sort of (String, Value) in the `.wasm` (`client_data_model` says
                    // what it cost) for a path no stream takes.
                    let mut map = Map::new();
                    for (k, v) in context {
                        map.insert(k.into(), v.into_json());
                    }
                    event.insert("context".into(), Value::Object(map));
                }
                let mut a = Map::new();
                a.insert("event".into(), Value::Object(event));
                Value::Object(a)
            }
            Action::FunctionCall { .. } => Value::Null,
        }
    }
}

fn take_field(fields: &mut Fields, k: &str) -> Option<Field> {
    // Compared a word at a time: as `==`, a call to `memcmp` for each name of the same length.
    let at = fields
        .iter()
        .position(|(key, _)| crate::swar::same_bytes(key.as_bytes(), k.as_bytes()))?;
    Some(fields.swap_remove(at).1)
}

fn take(fields: &mut Fields, k: &str) -> Option<Value> {
    take_field(fields, k).map(Field::into_json)
}

fn take_id(fields: &mut Fields, k: &str, what: &str) -> Result<Id, String> {
    match take_field(fields, k) {
        Some(Field::Id(id)) => Ok(id),
        other => id(other.map(Field::into_json), what),
    }
}

fn take_children(fields: &mut Fields) -> Result<Children, String> {
    match take_field(fields, "children") {
        Some(Field::Children(c)) => Ok(c),
        other => children(other.map(Field::into_json)),
    }
}

fn take_dynamic(fields: &mut Fields, k: &str) -> Option<Dynamic> {
    match take_field(fields, k)? {
        Field::Dynamic(d) => Some(d),
        other => dynamic(Some(other.into_json())),
    }
}

/// [`decode`] of a component of type `name` with these properties: the one decoder, for
/// components read into a map and for those the hand reader read itself.
pub(crate) fn decode_fields(name: &str, fields: &mut Fields) -> Result<Component, String> {
    let common = Common {
        label: None,
        description: None,
        weight: None,
        checks: Vec::new(),
    };
    let kind = match name {
        "Text" => ComponentKind::Text {
            text: take_dynamic(fields, "text").unwrap_or(Dynamic::Literal(Value::Null)),
            variant: TextVariant::read_field(take_field(fields, "variant"))?,
        },
        "Image" => ComponentKind::Image {
            url: required_dynamic(take_dynamic(fields, "url"), "url")?,
            description: take_dynamic(fields, "description"),
            fit: ImageFit::read_field(take_field(fields, "fit"))?,
            variant: ImageVariant::read_field(take_field(fields, "variant"))?,
        },
        "Icon" => ComponentKind::Icon {
            name: match take_field(fields, "name") {
                Some(Field::Json(Value::Object(mut n))) if n.contains_key("svgPath") => {
                    IconName::SvgPath(string(n.remove("svgPath")).unwrap_or_default())
                }
                Some(Field::Dynamic(name)) => IconName::Named(name),
                other => IconName::Named(required_dynamic(
                    dynamic(other.map(Field::into_json)),
                    "name",
                )?),
            },
        },
        "Video" => ComponentKind::Video {
            url: required_dynamic(take_dynamic(fields, "url"), "url")?,
        },
        "AudioPlayer" => ComponentKind::AudioPlayer {
            url: required_dynamic(take_dynamic(fields, "url"), "url")?,
            description: take_dynamic(fields, "description"),
        },
        "Row" | "Column" => {
            let children = take_children(fields)?;
            let justify = Justify::read_field(take_field(fields, "justify"))?;
            let align = Align::read_field(take_field(fields, "align"))?;
            if name == "Row" {
                ComponentKind::Row {
                    children,
                    justify,
                    align,
                }
            } else {
                ComponentKind::Column {
                    children,
                    justify,
                    align,
                }
            }
        }
        "List" => ComponentKind::List {
            children: take_children(fields)?,
            direction: Direction::read_field(take_field(fields, "direction"))?,
            align: Align::read_field(take_field(fields, "align"))?,
        },
        "Card" => ComponentKind::Card {
            child: take_id(fields, "child", "child")?,
        },
        "Tabs" => ComponentKind::Tabs {
            tabs: take_pairs(fields, "tabs", ["title", "child"], "a tab")?
                .into_iter()
                .map(|(title, child)| {
                    Ok(Tab {
                        title,
                        child: id(child.map(Value::String), "child")?,
                    })
                })
                .collect::<Result<_, String>>()
                .map(exact)?,
        },
        "Modal" => ComponentKind::Modal {
            trigger: take_id(fields, "trigger", "trigger")?,
            content: take_id(fields, "content", "content")?,
        },
        "Divider" => ComponentKind::Divider {
            axis: Axis::read_field(take_field(fields, "axis"))?,
        },
        "Button" => ComponentKind::Button {
            child: take_id(fields, "child", "child")?,
            variant: ButtonVariant::read_field(take_field(fields, "variant"))?,
            action: action(take_field(fields, "action"))?,
        },
        "TextField" => ComponentKind::TextField {
            label: required_dynamic(take_dynamic(fields, "label"), "label")?,
            value: take_dynamic(fields, "value"),
            variant: TextFieldVariant::read_field(take_field(fields, "variant"))?,
            validation_regexp: string(take(fields, "validationRegexp")),
        },
        "CheckBox" => ComponentKind::CheckBox {
            label: required_dynamic(take_dynamic(fields, "label"), "label")?,
            value: required_dynamic(take_dynamic(fields, "value"), "value")?,
        },
        "ChoicePicker" => ComponentKind::ChoicePicker {
            label: take_dynamic(fields, "label"),
            variant: ChoiceVariant::read_field(take_field(fields, "variant"))?,
            options: take_pairs(fields, "options", ["label", "value"], "an option")?
                .into_iter()
                .map(|(label, value)| ChoiceOption {
                    label,
                    value: value.unwrap_or_default(),
                })
                .collect(),
            value: required_dynamic(take_dynamic(fields, "value"), "value")?,
            display_style: DisplayStyle::read_field(take_field(fields, "displayStyle"))?,
            filterable: boolean(take(fields, "filterable")),
        },
        "Slider" => ComponentKind::Slider {
            label: take_dynamic(fields, "label"),
            min: number(take(fields, "min")).unwrap_or(0.0),
            max: number(take(fields, "max")).unwrap_or(100.0),
            value: required_dynamic(take_dynamic(fields, "value"), "value")?,
        },
        "DateTimeInput" => ComponentKind::DateTimeInput {
            value: required_dynamic(take_dynamic(fields, "value"), "value")?,
            enable_date: boolean(take(fields, "enableDate")),
            enable_time: boolean(take(fields, "enableTime")),
            min: take_dynamic(fields, "min").map(Box::new),
            max: take_dynamic(fields, "max").map(Box::new),
            label: take_dynamic(fields, "label").map(Box::new),
        },
        other => return Err(format!("{other:?} is not a Basic Catalog component")),
    };
    let mut common = common;
    // Most components have none of the common properties: each is looked for only when
    // anything is left (three searches and an empty list made, a twentieth of a fold of
    // Images).
    if fields.is_empty() {
        return Ok(Component::new(common, kind));
    }
    match take_field(fields, "accessibility") {
        Some(Field::Accessibility(label, description)) => {
            common.label = label;
            common.description = description;
        }
        other => {
            if let Some(Value::Object(mut a)) = other.map(Field::into_json) {
                common.label = dynamic(a.remove("label"));
                common.description = dynamic(a.remove("description"));
            }
        }
    }
    common.weight = number(take(fields, "weight"));
    common.checks = take_pairs(fields, "checks", ["condition", "message"], "a check")?
        .into_iter()
        .map(|(condition, message)| Check { condition, message })
        .collect();
    Ok(Component::new(common, kind))
}

/// A list of objects of two members, checks, tabs or options: as the hand reader read
/// them ([`Field::Pairs`]) or from their JSON (`what` one of them is, for the error), the
/// first member required (a dynamic value), the second a string if it is one. At its
/// length, kept for the surface's life.
fn take_pairs(
    fields: &mut Fields,
    k: &str,
    [first, second]: [&str; 2],
    what: &str,
) -> Result<Vec<(Dynamic, Option<String>)>, String> {
    Ok(match take_field(fields, k) {
        Some(Field::Pairs(_, list)) => list.into_iter().map(|(a, b)| (a, Some(b))).collect(),
        other => array(other.map(Field::into_json))
            .into_iter()
            .map(|item| {
                let mut item = object(item, what)?;
                Ok((
                    required_dynamic(dynamic(item.remove(first)), first)?,
                    string(item.remove(second)),
                ))
            })
            .collect::<Result<_, String>>()
            .map(exact)?,
    })
}

fn dynamic(v: Option<Value>) -> Option<Dynamic> {
    v.filter(|v| !v.is_null()).map(Dynamic::from_value)
}

fn required_dynamic(v: Option<Dynamic>, what: &str) -> Result<Dynamic, String> {
    v.ok_or_else(|| format!("`{what}` is missing"))
}

fn id(v: Option<Value>, what: &str) -> Result<Id, String> {
    string(v)
        .map(Id::from)
        .ok_or_else(|| format!("`{what}` is not a component id"))
}

fn string(v: Option<Value>) -> Option<String> {
    match v {
        Some(Value::String(s)) => Some(s),
        _ => None,
    }
}

fn number(v: Option<Value>) -> Option<f64> {
    v.and_then(|v| v.as_f64())
}

/// A list collected from an iterator that cannot promise its length (a `Result`'s, a map's)
/// starts with room for four: a surface keeps its components' lists for its whole life, so
/// they are cut to their length (a TextField's one check kept room for three more, 120 bytes
/// in wasm32).
fn exact<T>(mut v: Vec<T>) -> Vec<T> {
    v.shrink_to_fit();
    v
}

fn boolean(v: Option<Value>) -> bool {
    matches!(v, Some(Value::Bool(true)))
}

fn array(v: Option<Value>) -> Vec<Value> {
    match v {
        Some(Value::Array(a)) => a,
        _ => Vec::new(),
    }
}

fn object(v: Value, what: &str) -> Result<Map<String, Value>, String> {
    match v {
        Value::Object(o) => Ok(o),
        _ => Err(format!("{what} is not an object")),
    }
}

fn children(v: Option<Value>) -> Result<Children, String> {
    match v {
        Some(Value::Array(ids)) => {
            let mut list = super::IdListBuilder::default();
            for id in &ids {
                list.push(id.as_str().ok_or("a child is not a component id")?);
            }
            Ok(Children::Ids(list.build()))
        }
        Some(Value::Object(mut t)) => Ok(Children::Template {
            component_id: id(t.remove("componentId"), "componentId")?,
            path: string(t.remove("path")).ok_or("a template has no `path`")?,
        }),
        _ => Err("`children` is neither a list nor a template".into()),
    }
}

fn action(v: Option<Field>) -> Result<Action, String> {
    let mut a = match v {
        Some(Field::Action(a)) => return Ok(a),
        Some(Field::Json(Value::Object(a))) => a,
        _ => return Err("`action` is not an object".into()),
    };
    if let Some(Value::Object(mut ev)) = a.remove("event") {
        let name = ShortText::from(string(ev.remove("name")).unwrap_or_default());
        let context = match ev.remove("context") {
            Some(Value::Object(c)) => exact(
                c.into_iter()
                    .map(|(k, v)| (ShortText::from(k), Dynamic::from_value(v)))
                    .collect(),
            ),
            _ => Vec::new(),
        };
        return Ok(Action::Event { name, context });
    }
    match a.remove("functionCall") {
        Some(Value::Object(mut f)) => {
            let call = string(f.remove("call")).unwrap_or_default();
            let mut args = f.remove("args").unwrap_or(Value::Null);
            let open_url = (call == "openUrl")
                .then(|| dynamic(args.get_mut("url").map(Value::take)))
                .flatten();
            Ok(Action::FunctionCall { call, open_url })
        }
        _ => Err("`action` has neither `event` nor `functionCall`".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// A keyword the hand reader gives with its place is taken from that place when the
    /// place holds it, and looked for among all the words when it does not: the answer is
    /// the word's either way, whatever place comes with it.
    #[test]
    fn a_keyword_is_read_as_its_word_whatever_place_comes_with_it() {
        for (i, &word) in ImageFit::NAMES.iter().enumerate() {
            for place in [i, 0, ImageFit::NAMES.len() - 1, ImageFit::NAMES.len(), 99] {
                let read = ImageFit::read_field(Some(Field::Word(word, place)));
                assert_eq!(read, Ok(ImageFit::ALL[i]), "{word} at {place}");
            }
        }
        assert!(ImageFit::read_field(Some(Field::Word("stretch", 0))).is_err());
        assert_eq!(ImageFit::read_field(None), Ok(ImageFit::Fill));
    }
}
