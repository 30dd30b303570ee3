//! Hand-written validation of A2UI v0.9 / v0.9.1 server-to-client envelopes against the
//! official schemas (`server_to_client.json`, `common_types.json` and the Basic Catalog).
//!
//! Every `oneOf` in those schemas is exclusive by a discriminating key (the message key,
//! `component`, `call`, `path`, `event`/`functionCall`, array versus object), so each is
//! checked by picking its one candidate branch. The differential test in
//! `tests/a2ui_schema.rs` holds this code to a real JSON Schema engine.

use crate::Code;
use serde_json::{Map, Value};

use super::catalog::{component_props, function_args, p, r, Prop, PropKind as Kind, ICON_NAMES};
use super::formats;
use super::path::Path;

/// The most properties a component of the catalog has, the common ones included.
pub(crate) const MAX_PROPERTIES: usize = 16;

/// One way an envelope breaks the schema (or admission): a [`crate::Finding`].
pub type SchemaError = crate::Finding;

/// What kind of message an envelope carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    CreateSurface,
    UpdateComponents,
    UpdateDataModel,
    DeleteSurface,
}

impl MessageKind {
    pub const KEYS: [(&'static str, MessageKind); 4] = [
        ("createSurface", MessageKind::CreateSurface),
        ("updateComponents", MessageKind::UpdateComponents),
        ("updateDataModel", MessageKind::UpdateDataModel),
        ("deleteSurface", MessageKind::DeleteSurface),
    ];

    pub fn key(self) -> &'static str {
        Self::KEYS
            .iter()
            .find(|(_, k)| *k == self)
            .map(|(n, _)| *n)
            .unwrap_or_default()
    }
}

pub const VERSIONS: [&str; 2] = ["v0.9", "v0.9.1"];

const RETURN_TYPES: [&str; 7] = [
    "string", "number", "boolean", "array", "object", "any", "void",
];
/// Errors kept per envelope, by the validator and by admission; past this the verdict is
/// still "invalid".
pub(crate) const MAX_ERRORS: usize = 32;

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A JSON Schema "integer": a number with no fractional part.
fn is_integer(v: &Value) -> bool {
    match v {
        Value::Number(n) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    }
}

/// The properties every component may have, before its own: `checks` only on the
/// Checkable ones (the last). The hand reader looks properties up here too (`direct.rs`).
pub(crate) const COMMON_PROPS: [Prop; 4] = [
    r("id", Kind::ComponentId),
    p("accessibility", Kind::Accessibility),
    p("weight", Kind::Num),
    p("checks", Kind::Checks),
];

/// Keeps `code` as a verdict's one finding (`Validator::verdict`, `Admission::verdict`):
/// the first alone, with no place and no message.
pub(crate) fn keep_verdict(list: &mut Vec<SchemaError>, code: Code) {
    if list.is_empty() {
        list.push(SchemaError::new(code, String::new(), String::new()));
    }
}

/// Collects schema errors for one envelope.
#[derive(Default)]
pub struct Validator {
    pub errors: Vec<SchemaError>,
    /// Only whether the value passes is asked ([`Validator::verdict`]).
    verdict: bool,
}

impl Validator {
    /// A validator for a reader that asks only whether a value passes: the hand reader,
    /// which leaves what fails to the general path to say. Its first error is kept with no
    /// place and no message, and none after it: a hostile stream of values that fail made
    /// the reader write out each error's pointer and message only to drop them.
    pub(crate) fn verdict() -> Validator {
        Validator {
            errors: Vec::new(),
            verdict: true,
        }
    }

    fn err(&mut self, code: Code, path: &Path, message: impl FnOnce() -> String) {
        if self.verdict {
            return keep_verdict(&mut self.errors, code);
        }
        if self.errors.len() < MAX_ERRORS {
            self.errors
                .push(SchemaError::new(code, path.pointer(), message()));
        } else if self.errors.len() == MAX_ERRORS {
            self.errors.push(SchemaError::new(
                Code::TooManyErrors,
                String::new(),
                format!("More than {MAX_ERRORS} schema errors; the rest are not listed."),
            ));
        }
    }

    fn wrong_type(&mut self, path: &Path, want: &str, got: &Value) {
        let got = type_name(got);
        self.err(Code::WrongType, path, || {
            format!("Expected {want}, found {got}.")
        });
    }

    /// Checks an object against properties; returns it when it is an object.
    fn object<'v>(
        &mut self,
        v: &'v Value,
        path: &Path,
        props: &[Prop],
        open: bool,
    ) -> Option<&'v Map<String, Value>> {
        let Some(obj) = v.as_object() else {
            self.wrong_type(path, "an object", v);
            return None;
        };
        for prop in props {
            match obj.get(prop.name) {
                Some(value) => self.kind(value, &path.key(prop.name), prop.kind),
                None if prop.required => {
                    let name = prop.name;
                    self.err(Code::MissingProperty, path, || {
                        format!("`{name}` is required.")
                    });
                }
                None => {}
            }
        }
        if !open {
            for key in obj.keys() {
                if !props.iter().any(|p| p.name == key) {
                    self.err(Code::UnknownProperty, &path.key(key), || {
                        format!("`{key}` is not allowed here.")
                    });
                }
            }
        }
        Some(obj)
    }

    /// Validates one server-to-client envelope; returns its message kind when it has exactly one.
    pub fn envelope(&mut self, v: &Value) -> Option<MessageKind> {
        let root = Path::ROOT;
        let Some(obj) = v.as_object() else {
            self.wrong_type(&root, "an envelope object", v);
            return None;
        };
        match obj.get("version") {
            None => self.err(Code::MissingProperty, &root, || {
                "`version` is required.".into()
            }),
            Some(Value::String(s)) if VERSIONS.contains(&s.as_str()) => {}
            Some(Value::String(s)) => {
                let s = s.clone();
                self.err(Code::UnsupportedVersion, &root.key("version"), || {
                    format!("Version \"{s}\" is not v0.9 or v0.9.1; this renderer never reads another version as v0.9.")
                })
            }
            Some(other) => self.wrong_type(&root.key("version"), "a version string", other),
        }
        let mut kind = None;
        let mut several = false;
        for key in obj.keys() {
            if key == "version" {
                continue;
            }
            match MessageKind::KEYS.iter().find(|(k, _)| k == key) {
                Some((_, k)) => {
                    if kind.is_some() {
                        several = true;
                    }
                    kind = Some(*k);
                }
                None if matches!(
                    key.as_str(),
                    "beginRendering" | "surfaceUpdate" | "dataModelUpdate"
                ) =>
                {
                    self.err(Code::LegacyMessage, &root.key(key), || {
                        format!("`{key}` is an A2UI v0.8 message; v0.8 is not read as v0.9.")
                    })
                }
                None => self.err(Code::UnknownProperty, &root.key(key), || {
                    format!("`{key}` is not an A2UI message.")
                }),
            }
        }
        if several {
            self.err(Code::SeveralMessages, &root, || {
                "An envelope carries exactly one message.".into()
            });
            return None;
        }
        let Some(kind) = kind else {
            self.err(Code::NoMessage, &root, || {
                "The envelope carries no createSurface, updateComponents, updateDataModel or deleteSurface.".into()
            });
            return None;
        };
        let key = kind.key();
        let body = &obj[key];
        let path = root.key(key);
        use Kind::*;
        match kind {
            MessageKind::CreateSurface => {
                if let Some(o) = self.object(
                    body,
                    &path,
                    &[
                        r("surfaceId", Str),
                        r("catalogId", Str),
                        p("sendDataModel", Bool),
                    ],
                    true,
                ) {
                    for k in o.keys() {
                        if !matches!(
                            k.as_str(),
                            "surfaceId" | "catalogId" | "sendDataModel" | "theme"
                        ) {
                            self.err(Code::UnknownProperty, &path.key(k), || {
                                format!("`{k}` is not allowed here.")
                            });
                        }
                    }
                    if let Some(theme) = o.get("theme") {
                        self.theme(theme, &path.key("theme"));
                    }
                }
            }
            MessageKind::UpdateComponents => {
                if let Some(o) = self.object(body, &path, &[r("surfaceId", Str)], true) {
                    for k in o.keys() {
                        if !matches!(k.as_str(), "surfaceId" | "components") {
                            self.err(Code::UnknownProperty, &path.key(k), || {
                                format!("`{k}` is not allowed here.")
                            });
                        }
                    }
                    let cpath = path.key("components");
                    match o.get("components") {
                        None => self.err(Code::MissingProperty, &path, || {
                            "`components` is required.".into()
                        }),
                        Some(Value::Array(list)) => {
                            if list.is_empty() {
                                self.err(Code::TooFewItems, &cpath, || {
                                    "`components` needs at least one component.".into()
                                });
                            }
                            for (i, c) in list.iter().enumerate() {
                                self.component(c, &cpath.index(i));
                            }
                        }
                        Some(other) => self.wrong_type(&cpath, "an array", other),
                    }
                }
            }
            MessageKind::UpdateDataModel => {
                if let Some(o) =
                    self.object(body, &path, &[r("surfaceId", Str), p("path", Str)], true)
                {
                    for k in o.keys() {
                        if !matches!(k.as_str(), "surfaceId" | "path" | "value") {
                            self.err(Code::UnknownProperty, &path.key(k), || {
                                format!("`{k}` is not allowed here.")
                            });
                        }
                    }
                }
            }
            MessageKind::DeleteSurface => {
                self.object(body, &path, &[r("surfaceId", Str)], false);
            }
        }
        Some(kind)
    }

    pub(crate) fn theme(&mut self, v: &Value, path: &Path) {
        let Some(o) = self.object(
            v,
            path,
            &[p("agentDisplayName", Kind::Str), p("iconUrl", Kind::Uri)],
            true,
        ) else {
            return;
        };
        if let Some(c) = o.get("primaryColor") {
            let cp = path.key("primaryColor");
            match c.as_str() {
                Some(s) if formats::is_hex_colour(s) => {}
                Some(_) => self.err(Code::PatternMismatch, &cp, || {
                    "`primaryColor` must look like #RRGGBB.".into()
                }),
                None => self.wrong_type(&cp, "a string", c),
            }
        }
    }

    /// One component of an `updateComponents` list.
    ///
    /// A component has at most [`MAX_PROPERTIES`] properties, the common ones included
    /// (`catalog::rules::tests::every_component_fits_the_validator`).
    pub fn component(&mut self, v: &Value, path: &Path) {
        let Some(obj) = v.as_object() else {
            self.wrong_type(path, "a component object", v);
            return;
        };
        let name = match obj.get("component") {
            Some(Value::String(s)) => s.as_str(),
            Some(other) => {
                return self.wrong_type(&path.key("component"), "a component name", other)
            }
            None => {
                return self.err(Code::MissingProperty, path, || {
                    "`component` is required.".into()
                })
            }
        };
        let Some((props, checkable)) = component_props(name) else {
            let name = name.to_string();
            return self.err(Code::UnknownComponent, &path.key("component"), || {
                format!("\"{name}\" is not a component of the Basic Catalog.")
            });
        };
        let common = if checkable {
            &COMMON_PROPS[..]
        } else {
            &COMMON_PROPS[..3]
        };
        // Each member found among the properties in one pass over the object, then the
        // properties checked in their order, so findings keep theirs. (A search of the object
        // per property, and of the properties per member, was 8% of a fold of one-component
        // updates in a profile; one pass made such folds 3–6% faster.)
        debug_assert!(common.len() + props.len() <= MAX_PROPERTIES);
        let mut given: [Option<&Value>; MAX_PROPERTIES] = [None; MAX_PROPERTIES];
        let mut unknown = false;
        for (key, value) in obj {
            match common.iter().chain(props).position(|p| p.name == key) {
                Some(i) => given[i] = Some(value),
                None => unknown |= key != "component",
            }
        }
        for (prop, value) in common.iter().chain(props).zip(given) {
            match value {
                Some(value) => self.kind(value, &path.key(prop.name), prop.kind),
                None if prop.required => {
                    let n = prop.name;
                    self.err(Code::MissingProperty, path, || {
                        format!("`{n}` is required.")
                    })
                }
                None => {}
            }
        }
        if !unknown {
            return;
        }
        for key in obj.keys() {
            if key != "component" && !common.iter().chain(props).any(|p| p.name == key) {
                let name = name.to_string();
                self.err(Code::UnknownProperty, &path.key(key), || {
                    format!("`{key}` is not a property of {name}.")
                });
            }
        }
    }

    pub(crate) fn kind(&mut self, v: &Value, path: &Path, kind: Kind) {
        use Kind::*;
        match kind {
            DynString => self.dynamic(v, path, kind, |v| v.is_string(), "a string"),
            DynNumber => self.dynamic(v, path, kind, Value::is_number, "a number"),
            DynBool => self.dynamic(v, path, kind, Value::is_boolean, "a boolean"),
            DynStringList => self.dynamic(
                v,
                path,
                kind,
                |v| v.as_array().is_some_and(|a| a.iter().all(Value::is_string)),
                "an array of strings",
            ),
            DynValue => match v {
                Value::Object(_) => self.binding_or_call(v, path, None),
                Value::Null => self.wrong_type(path, "a dynamic value", v),
                _ => {}
            },
            NonNull => {
                if v.is_null() {
                    self.wrong_type(path, "a value", v)
                }
            }
            Str | ComponentId => {
                if !v.is_string() {
                    self.wrong_type(path, "a string", v)
                }
            }
            Num => {
                if !v.is_number() {
                    self.wrong_type(path, "a number", v)
                }
            }
            Int => {
                if !is_integer(v) {
                    self.wrong_type(path, "an integer", v)
                } else if v.as_f64().is_some_and(|f| f < 0.0) {
                    self.err(Code::BelowMinimum, path, || "Must be 0 or more.".into())
                }
            }
            Bool => {
                if !v.is_boolean() {
                    self.wrong_type(path, "a boolean", v)
                }
            }
            Uri => match v.as_str() {
                Some(s) if formats::is_uri(s) => {}
                Some(_) => self.err(Code::FormatMismatch, path, || {
                    "Expected an absolute URI.".into()
                }),
                None => self.wrong_type(path, "a URI string", v),
            },
            Enum(allowed) => match v.as_str() {
                Some(s) if allowed.contains(&s) => {}
                Some(s) => {
                    let s = s.to_string();
                    self.err(Code::NotAllowedValue, path, || {
                        format!("\"{s}\" is not one of {}.", allowed.join(", "))
                    })
                }
                None => self.wrong_type(path, "a string", v),
            },
            ChildList => match v {
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if !item.is_string() {
                            self.wrong_type(&path.index(i), "a component id", item);
                        }
                    }
                }
                Value::Object(_) => {
                    self.object(
                        v,
                        path,
                        &[r("componentId", ComponentId), r("path", Str)],
                        false,
                    );
                }
                _ => self.wrong_type(path, "a list of ids or a template", v),
            },
            Action => self.action(v, path),
            Checks => match v.as_array() {
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        self.object(
                            item,
                            &path.index(i),
                            &[r("condition", DynBool), r("message", Str)],
                            false,
                        );
                    }
                }
                None => self.wrong_type(path, "an array of checks", v),
            },
            Tabs => match v.as_array() {
                Some(items) => {
                    if items.is_empty() {
                        self.err(Code::TooFewItems, path, || {
                            "`tabs` needs at least one tab.".into()
                        });
                    }
                    for (i, item) in items.iter().enumerate() {
                        self.object(
                            item,
                            &path.index(i),
                            &[r("title", DynString), r("child", ComponentId)],
                            false,
                        );
                    }
                }
                None => self.wrong_type(path, "an array of tabs", v),
            },
            Options => match v.as_array() {
                Some(items) => {
                    for (i, item) in items.iter().enumerate() {
                        self.object(
                            item,
                            &path.index(i),
                            &[r("label", DynString), r("value", Str)],
                            false,
                        );
                    }
                }
                None => self.wrong_type(path, "an array of options", v),
            },
            IconName => match v {
                Value::String(s) if ICON_NAMES.contains(&s.as_str()) => {}
                Value::String(s) => {
                    let s = s.clone();
                    self.err(Code::NotAllowedValue, path, || {
                        format!("\"{s}\" is not an icon name of the Basic Catalog.")
                    })
                }
                Value::Object(o) if o.contains_key("svgPath") => {
                    self.object(v, path, &[r("svgPath", Str)], false);
                }
                Value::Object(_) => self.binding(v, path),
                _ => self.wrong_type(path, "an icon name", v),
            },
            DateBound => match v.as_str() {
                Some(s)
                    if formats::is_date(s) || formats::is_time(s) || formats::is_date_time(s) => {}
                Some(_) => self.err(Code::FormatMismatch, path, || {
                    "Expected an ISO 8601 date (2026-01-16), time (14:30:00Z) or date-time.".into()
                }),
                None => self.dynamic(v, path, kind, |v| v.is_string(), "a string"),
            },
            BoolList => match v.as_array() {
                Some(items) => {
                    if items.len() < 2 {
                        self.err(Code::TooFewItems, path, || {
                            "`values` needs at least two values.".into()
                        });
                    }
                    for (i, item) in items.iter().enumerate() {
                        self.kind(item, &path.index(i), DynBool);
                    }
                }
                None => self.wrong_type(path, "an array", v),
            },
            Accessibility => {
                self.object(
                    v,
                    path,
                    &[p("label", DynString), p("description", DynString)],
                    true,
                );
            }
        }
    }

    /// A literal of the expected type, a data binding, or a function call whose declared
    /// return type (when stated) is `kind.call_returns()`.
    fn dynamic(
        &mut self,
        v: &Value,
        path: &Path,
        kind: Kind,
        literal: fn(&Value) -> bool,
        want: &str,
    ) {
        if v.is_object() {
            self.binding_or_call(v, path, kind.call_returns());
        } else if !literal(v) {
            self.wrong_type(path, want, v);
        }
    }

    fn binding_or_call(&mut self, v: &Value, path: &Path, ret: Option<&'static str>) {
        let Some(o) = v.as_object() else { return };
        if o.contains_key("call") {
            self.function_call(v, path, ret);
        } else if o.contains_key("path") {
            self.binding(v, path);
        } else {
            self.err(Code::NotADynamicValue, path, || {
                "Expected a literal, a {\"path\": …} binding or a {\"call\": …} function call."
                    .into()
            });
        }
    }

    fn binding(&mut self, v: &Value, path: &Path) {
        self.object(v, path, &[r("path", Kind::Str)], false);
    }

    pub fn function_call(&mut self, v: &Value, path: &Path, expected: Option<&'static str>) {
        let Some(o) = v.as_object() else {
            return self.wrong_type(path, "a function call", v);
        };
        let call = match o.get("call") {
            Some(Value::String(s)) => s.as_str(),
            Some(other) => return self.wrong_type(&path.key("call"), "a function name", other),
            None => return self.err(Code::MissingProperty, path, || "`call` is required.".into()),
        };
        for key in o.keys() {
            if !matches!(key.as_str(), "call" | "args" | "returnType") {
                self.err(Code::UnknownProperty, &path.key(key), || {
                    format!("`{key}` is not allowed in a function call.")
                });
            }
        }
        let return_type = o.get("returnType");
        let Some((args, min_or_max)) =
            self.call_signature(call, return_type.and_then(Value::as_str), expected, path)
        else {
            return;
        };
        if let Some(rt) = return_type.filter(|rt| !rt.is_string()) {
            self.wrong_type(&path.key("returnType"), "a string", rt);
        }
        match o.get("args") {
            None => self.err(Code::MissingProperty, path, || "`args` is required.".into()),
            Some(Value::Object(given)) => {
                let ap = path.key("args");
                self.call_args(
                    call,
                    (args, min_or_max),
                    given.keys().map(String::as_str),
                    |k| given.contains_key(k),
                    &ap,
                    |v, prop| v.kind(&given[prop.name], &ap.key(prop.name), prop.kind),
                );
            }
            Some(other) => self.wrong_type(&path.key("args"), "an object", other),
        }
    }

    /// What a call's name and its `returnType` (when it is a string) say: the function is
    /// one of the catalog's, and the return type is a return type, the one the function
    /// declares and the one `expected` where the call stands. Gives the function's
    /// arguments and whether it needs `min` or `max`, unless the function is unknown. The one
    /// check of a call's signature, for both readers of a call: [`Validator::function_call`]
    /// and the hand reader (`direct::Reader::call`).
    pub(crate) fn call_signature(
        &mut self,
        call: &str,
        return_type: Option<&str>,
        expected: Option<&'static str>,
        path: &Path,
    ) -> Option<(&'static [Prop], bool)> {
        let Some((args, declared, min_or_max)) = function_args(call) else {
            self.err(Code::UnknownFunction, &path.key("call"), || {
                format!("\"{call}\" is not a function of the Basic Catalog.")
            });
            return None;
        };
        if let Some(s) = return_type {
            let rp = path.key("returnType");
            if !RETURN_TYPES.contains(&s) {
                self.err(Code::NotAllowedValue, &rp, || {
                    format!("\"{s}\" is not a return type.")
                })
            } else if s != declared {
                self.err(Code::WrongReturnType, &rp, || {
                    format!("{call} returns {declared}, not {s}.")
                })
            } else if let Some(e) = expected.filter(|e| *e != s) {
                self.err(Code::WrongReturnType, &rp, || {
                    format!("A {e} is expected here, and {call} returns {s}.")
                })
            }
        }
        Some((args, min_or_max))
    }

    /// A call's `args`, at `path`, given as the names `keys` (`has` tells whether one is
    /// given): each argument its function takes `check`ed against its property when given,
    /// each required one given, none the function does not take, and `min` or `max` where
    /// the function needs one. For both readers of a call, as [`Validator::call_signature`],
    /// in the order [`Validator::object`] finds them, so that a call's findings come in the
    /// order an object's do.
    pub(crate) fn call_args<'k>(
        &mut self,
        call: &str,
        (props, min_or_max): (&'static [Prop], bool),
        keys: impl Iterator<Item = &'k str>,
        has: impl Fn(&str) -> bool,
        path: &Path,
        mut check: impl FnMut(&mut Self, &'static Prop),
    ) {
        for prop in props {
            if has(prop.name) {
                check(self, prop);
            } else if prop.required {
                let name = prop.name;
                self.err(Code::MissingProperty, path, || {
                    format!("`{name}` is required.")
                });
            }
        }
        for key in keys {
            if !props.iter().any(|p| p.name == key) {
                self.err(Code::UnknownProperty, &path.key(key), || {
                    format!("`{key}` is not allowed here.")
                });
            }
        }
        if min_or_max && !has("min") && !has("max") {
            self.err(Code::MissingProperty, path, || {
                format!("{call} needs `min` or `max`.")
            });
        }
    }

    /// Whether [`Validator::kind`] takes a binding (`{"path": …}`) where `kind` is wanted,
    /// for a reader that read the binding without building it (the hand reader's calls).
    /// Only the verdict is the validator's: the error says less than its would.
    pub(crate) fn binding_for(&mut self, kind: Kind, path: &Path) {
        use Kind::*;
        // No wildcard: a new kind must say whether the general path takes a binding for it.
        match kind {
            // The general path takes `{"path": …}` here: as a binding where a value may be
            // dynamic, as any value but null, and as the open object `accessibility` is.
            DynString | DynNumber | DynBool | DynStringList | DynValue | NonNull | IconName
            | DateBound | Accessibility => {}
            Str | Num | Int | Bool | ComponentId | Enum(_) | ChildList | Action | Checks | Tabs
            | Options | BoolList | Uri => self.err(Code::WrongType, path, || {
                "A binding is not allowed here.".into()
            }),
        }
    }

    fn action(&mut self, v: &Value, path: &Path) {
        let Some(o) = v.as_object() else {
            return self.wrong_type(path, "an action", v);
        };
        if o.contains_key("event") {
            let ep = path.key("event");
            for key in o.keys().filter(|k| *k != "event") {
                self.err(Code::UnknownProperty, &path.key(key), || {
                    format!("`{key}` is not allowed in an event action.")
                });
            }
            let Some(ev) = self.object(&o["event"], &ep, &[r("name", Kind::Str)], true) else {
                return;
            };
            for key in ev.keys() {
                if !matches!(key.as_str(), "name" | "context") {
                    self.err(Code::UnknownProperty, &ep.key(key), || {
                        format!("`{key}` is not allowed in an event.")
                    });
                }
            }
            if let Some(ctx) = ev.get("context") {
                let cp = ep.key("context");
                match ctx.as_object() {
                    Some(map) => {
                        for (k, value) in map {
                            self.kind(value, &cp.key(k), Kind::DynValue);
                        }
                    }
                    None => self.wrong_type(&cp, "an object", ctx),
                }
            }
        } else if o.contains_key("functionCall") {
            for key in o.keys().filter(|k| *k != "functionCall") {
                self.err(Code::UnknownProperty, &path.key(key), || {
                    format!("`{key}` is not allowed in a functionCall action.")
                });
            }
            self.function_call(&o["functionCall"], &path.key("functionCall"), None);
        } else {
            self.err(Code::MissingProperty, path, || {
                "An action needs `event` or `functionCall`.".into()
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "wasm32")]
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// Of every kind, a binding the hand reader read is taken where the validator takes one
    /// built (`{"path": …}`), and refused where it refuses it.
    #[test]
    fn a_binding_is_taken_where_the_validator_takes_one() {
        use Kind::*;
        let kinds = [
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
            Enum(&["a"]),
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
        ];
        // Every kind there is (`binding_for` has no wildcard: a new kind belongs here too).
        let binding = serde_json::json!({"path": "/a"});
        let mut taken = 0;
        for (i, kind) in kinds.into_iter().enumerate() {
            let (mut built, mut read) = (Validator::default(), Validator::verdict());
            built.kind(&binding, &Path::ROOT, kind);
            read.binding_for(kind, &Path::ROOT);
            assert_eq!(built.errors.is_empty(), read.errors.is_empty(), "kind {i}");
            taken += usize::from(read.errors.is_empty());
        }
        assert_eq!(taken, 9);
    }
}
