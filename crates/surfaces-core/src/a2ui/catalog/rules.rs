//! The Basic Catalog's rules as the schema walk checks them: each component's properties
//! and their shapes, each function's arguments and return type, the icon names. The allowed
//! words of every keyword property come from the typed values in `component.rs`, so the
//! schema walk and the decoder cannot disagree on them.

use super::component::{
    Align, Axis, ButtonVariant, ChoiceVariant, Direction, DisplayStyle, ImageFit, ImageVariant,
    Justify, TextFieldVariant, TextVariant,
};

/// The names of the Basic Catalog's components, in catalog order.
pub const COMPONENTS: [&str; 18] = [
    "Text",
    "Image",
    "Icon",
    "Video",
    "AudioPlayer",
    "Row",
    "Column",
    "List",
    "Card",
    "Tabs",
    "Modal",
    "Divider",
    "Button",
    "TextField",
    "CheckBox",
    "ChoicePicker",
    "Slider",
    "DateTimeInput",
];

/// The names of the Basic Catalog's functions.
pub const FUNCTIONS: [&str; 14] = [
    "required",
    "regex",
    "length",
    "numeric",
    "email",
    "formatString",
    "formatNumber",
    "formatCurrency",
    "formatDate",
    "pluralize",
    "openUrl",
    "and",
    "or",
    "not",
];

pub const ICON_NAMES: [&str; 59] = [
    "accountCircle",
    "add",
    "arrowBack",
    "arrowForward",
    "attachFile",
    "calendarToday",
    "call",
    "camera",
    "check",
    "close",
    "delete",
    "download",
    "edit",
    "event",
    "error",
    "fastForward",
    "favorite",
    "favoriteOff",
    "folder",
    "help",
    "home",
    "info",
    "locationOn",
    "lock",
    "lockOpen",
    "mail",
    "menu",
    "moreVert",
    "moreHoriz",
    "notificationsOff",
    "notifications",
    "pause",
    "payment",
    "person",
    "phone",
    "photo",
    "play",
    "print",
    "refresh",
    "rewind",
    "search",
    "send",
    "settings",
    "share",
    "shoppingCart",
    "skipNext",
    "skipPrevious",
    "star",
    "starHalf",
    "starOff",
    "stop",
    "upload",
    "visibility",
    "visibilityOff",
    "volumeDown",
    "volumeMute",
    "volumeOff",
    "volumeUp",
    "warning",
];

/// The shape a property must have.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    DynString,
    DynNumber,
    DynBool,
    DynStringList,
    DynValue,
    Str,
    Num,
    Int,
    Bool,
    ComponentId,
    Enum(&'static [&'static str]),
    ChildList,
    Action,
    Checks,
    Tabs,
    Options,
    IconName,
    DateBound,
    BoolList,
    Accessibility,
    Uri,
    NonNull,
}

impl Kind {
    /// The return type a function call must declare where a value of this kind is wanted,
    /// for the validator and the hand reader alike (`direct::Reader::dynamic_object`).
    /// `None` where a call of any return type may stand, or none at all.
    pub(crate) fn call_returns(self) -> Option<&'static str> {
        match self {
            Kind::DynString | Kind::DateBound => Some("string"),
            Kind::DynNumber => Some("number"),
            Kind::DynBool => Some("boolean"),
            Kind::DynStringList => Some("array"),
            _ => None,
        }
    }
}

pub(crate) struct Prop {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
    pub(crate) required: bool,
}

pub(crate) const fn p(name: &'static str, kind: Kind) -> Prop {
    Prop {
        name,
        kind,
        required: false,
    }
}
pub(crate) const fn r(name: &'static str, kind: Kind) -> Prop {
    Prop {
        name,
        kind,
        required: true,
    }
}

/// Per component: its own properties and whether it is Checkable.
#[allow(clippy::type_complexity)]
static COMPONENT_TABLE: &[(&str, &[Prop], bool)] = {
    use Kind::*;
    &[
        (
            "Text",
            &[r("text", DynString), p("variant", Enum(TextVariant::NAMES))],
            false,
        ),
        (
            "Image",
            &[
                r("url", DynString),
                p("description", DynString),
                p("fit", Enum(ImageFit::NAMES)),
                p("variant", Enum(ImageVariant::NAMES)),
            ],
            false,
        ),
        ("Icon", &[r("name", IconName)], false),
        ("Video", &[r("url", DynString)], false),
        (
            "AudioPlayer",
            &[r("url", DynString), p("description", DynString)],
            false,
        ),
        (
            "Row",
            &[
                r("children", ChildList),
                p("justify", Enum(Justify::NAMES)),
                p("align", Enum(Align::NAMES)),
            ],
            false,
        ),
        (
            "Column",
            &[
                r("children", ChildList),
                p("justify", Enum(Justify::NAMES)),
                p("align", Enum(Align::NAMES)),
            ],
            false,
        ),
        (
            "List",
            &[
                r("children", ChildList),
                p("direction", Enum(Direction::NAMES)),
                p("align", Enum(Align::NAMES)),
            ],
            false,
        ),
        ("Card", &[r("child", ComponentId)], false),
        ("Tabs", &[r("tabs", Tabs)], false),
        (
            "Modal",
            &[r("trigger", ComponentId), r("content", ComponentId)],
            false,
        ),
        ("Divider", &[p("axis", Enum(Axis::NAMES))], false),
        (
            "Button",
            &[
                r("child", ComponentId),
                p("variant", Enum(ButtonVariant::NAMES)),
                r("action", Action),
            ],
            true,
        ),
        (
            "TextField",
            &[
                r("label", DynString),
                p("value", DynString),
                p("variant", Enum(TextFieldVariant::NAMES)),
                p("validationRegexp", Str),
            ],
            true,
        ),
        (
            "CheckBox",
            &[r("label", DynString), r("value", DynBool)],
            true,
        ),
        (
            "ChoicePicker",
            &[
                p("label", DynString),
                p("variant", Enum(ChoiceVariant::NAMES)),
                r("options", Options),
                r("value", DynStringList),
                p("displayStyle", Enum(DisplayStyle::NAMES)),
                p("filterable", Bool),
            ],
            true,
        ),
        (
            "Slider",
            &[
                p("label", DynString),
                p("min", Num),
                r("max", Num),
                r("value", DynNumber),
            ],
            true,
        ),
        (
            "DateTimeInput",
            &[
                r("value", DynString),
                p("enableDate", Bool),
                p("enableTime", Bool),
                p("min", DateBound),
                p("max", DateBound),
                p("label", DynString),
            ],
            true,
        ),
    ]
};

pub(crate) fn component_props(name: &str) -> Option<(&'static [Prop], bool)> {
    COMPONENT_TABLE
        .iter()
        .find(|(n, _, _)| crate::swar::same_bytes(n.as_bytes(), name.as_bytes()))
        .map(|(_, props, c)| (*props, *c))
}

/// Per function: its arguments, its declared return type, and whether it needs `min` or `max`.
#[allow(clippy::type_complexity)]
static FUNCTION_TABLE: &[(&str, &[Prop], &str, bool)] = {
    use Kind::*;
    &[
        // `value` has no schema of its own; the generic argument rule refuses only null.
        ("required", &[r("value", NonNull)], "boolean", false),
        (
            "regex",
            &[r("value", DynString), r("pattern", Str)],
            "boolean",
            false,
        ),
        (
            "length",
            &[r("value", DynString), p("min", Int), p("max", Int)],
            "boolean",
            true,
        ),
        (
            "numeric",
            &[r("value", DynNumber), p("min", Num), p("max", Num)],
            "boolean",
            true,
        ),
        ("email", &[r("value", DynString)], "boolean", false),
        ("formatString", &[r("value", DynString)], "string", false),
        (
            "formatNumber",
            &[
                r("value", DynNumber),
                p("decimals", DynNumber),
                p("grouping", DynBool),
            ],
            "string",
            false,
        ),
        (
            "formatCurrency",
            &[
                r("value", DynNumber),
                r("currency", DynString),
                p("decimals", DynNumber),
                p("grouping", DynBool),
            ],
            "string",
            false,
        ),
        (
            "formatDate",
            &[r("value", DynValue), r("format", DynString)],
            "string",
            false,
        ),
        (
            "pluralize",
            &[
                r("value", DynNumber),
                p("zero", DynString),
                p("one", DynString),
                p("two", DynString),
                p("few", DynString),
                p("many", DynString),
                r("other", DynString),
            ],
            "string",
            false,
        ),
        ("openUrl", &[r("url", Uri)], "void", false),
        ("and", &[r("values", BoolList)], "boolean", false),
        ("or", &[r("values", BoolList)], "boolean", false),
        ("not", &[r("value", DynBool)], "boolean", false),
    ]
};

pub(crate) fn function_args(name: &str) -> Option<(&'static [Prop], &'static str, bool)> {
    FUNCTION_TABLE
        .iter()
        .find(|(n, ..)| *n == name)
        .map(|(_, a, r, m)| (*a, *r, *m))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The validator keeps what it finds of a component's members in an array of this length.
    #[test]
    fn every_component_fits_the_validator() {
        for (name, props, _) in COMPONENT_TABLE {
            // With the four common properties: id, accessibility, weight, checks.
            assert!(
                props.len() + 4 <= crate::a2ui::schema::MAX_PROPERTIES,
                "{name}"
            );
        }
    }
}
