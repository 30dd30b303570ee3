//! The Basic Catalog, in one place: everything this renderer knows of the components and
//! functions an agent may use. A newcomer looking for a catalog rule finds it here:
//!
//! - `component.rs` — the 18 components as typed values (their properties, the words each
//!   keyword property allows and its default), decoded once from an admitted envelope;
//! - `rules.rs` — the same properties as the schema walk checks them (required or not, which
//!   shape), each function's arguments and return type, and the icon names;
//! - `functions.rs` — the 14 functions evaluated, each within its budget; `dates.rs` is
//!   `formatDate`'s TR35 patterns.
//!
//! Checks (`checks` on Button and the inputs) are conditions made of these functions; they
//! are evaluated by the one resolver (`a2ui/resolve.rs`) with everything else a render reads.

pub mod component;
mod dates;
pub mod functions;
pub mod id_list;
mod rules;

pub use component::{
    Action, Align, Axis, ButtonVariant, Check, Children, ChoiceOption, ChoiceVariant, Common,
    Component, ComponentKind, Components, Direction, DisplayStyle, Dynamic, IconName, Id, IdHasher,
    ImageFit, ImageVariant, Justify, ShortText, Tab, TextFieldVariant, TextVariant,
};
pub use id_list::{IdList, IdListBuilder, Ids};
pub(crate) use rules::{component_props, function_args, p, r, Kind as PropKind, Prop};
pub use rules::{COMPONENTS, FUNCTIONS, ICON_NAMES};
