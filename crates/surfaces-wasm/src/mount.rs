//! `mountSurface`: our safe renderer for JavaScript front ends (React, Lit, plain DOM). It
//! draws a surface's render tree into an element the app gives, with agent strings only as
//! text nodes or values of attributes chosen here, and media as text plus a link. It is the
//! same render model the Leptos console draws, with the same class names.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use serde_json::Value;
use surfaces_core::a2ui;
use surfaces_core::a2ui::render::{
    button_blocked, grow_class, placeholder_text, svg_path_ok, Choices, Kind, Node,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event, HtmlInputElement};

use crate::a2ui::SurfaceStore;
use crate::{option, to_js};

type Handler = Closure<dyn FnMut(Event)>;

/// A node as last drawn: its element and the handlers that element's listeners call. A node
/// that comes again unchanged at the same place is reused, element and handlers alike, so an
/// update costs what it changes rather than the whole surface.
struct Drawn {
    node: Node,
    phrasing: bool,
    element: Element,
    /// Only held: the element's listeners call them while it is drawn.
    _handlers: Vec<Handler>,
    /// Keys of the nodes drawn inside this one.
    children: Vec<String>,
}

/// The node being built: its key, its own handlers and the keys of its children so far.
struct Frame {
    key: String,
    handlers: Vec<Handler>,
    children: Vec<String>,
}

struct Renderer {
    doc: Document,
    /// The element the surface is drawn into.
    root: Element,
    store: Rc<RefCell<a2ui::SurfaceStore>>,
    surface: String,
    on_action: Option<js_sys::Function>,
    on_edit: Option<js_sys::Function>,
    on_open_url: Option<js_sys::Function>,
    locale: String,
    /// Hosts whose https: media may be loaded (the embedding app's CSP must allow exactly these).
    media_hosts: Vec<String>,
    /// What the last draw built, by key (the node's position and id).
    drawn: HashMap<String, Drawn>,
    /// What this draw has built or reused so far.
    next: HashMap<String, Drawn>,
    building: Vec<Frame>,
    /// The element last drawn for the node being built and the keys of what was drawn in
    /// it, for `container` to keep.
    recycle: Option<(Element, Vec<String>)>,
    next_id: usize,
    prefix: String,
}

impl Renderer {
    fn el(&self, tag: &str, class: &str) -> Element {
        let e = self.doc.create_element(tag).expect("createElement");
        if !class.is_empty() {
            e.set_class_name(class);
        }
        e
    }

    fn text(&self, parent: &Element, s: &str) {
        parent
            .append_child(&self.doc.create_text_node(s))
            .expect("append text");
    }

    fn id(&mut self) -> String {
        self.next_id += 1;
        format!("{}-{}", self.prefix, self.next_id)
    }

    fn on(&mut self, target: &Element, event: &str, f: impl FnMut(Event) + 'static) {
        let h = Closure::wrap(Box::new(f) as Box<dyn FnMut(Event)>);
        target
            .add_event_listener_with_callback(event, h.as_ref().unchecked_ref())
            .expect("listen");
        self.building
            .last_mut()
            .expect("handlers are made while a node is built")
            .handlers
            .push(h);
    }

    fn edit_on(
        &mut self,
        input: &Element,
        event: &str,
        binding: Option<String>,
        read: fn(&HtmlInputElement) -> Value,
    ) {
        let Some(pointer) = binding else { return };
        let store = self.store.clone();
        let surface = self.surface.clone();
        let notify = self.on_edit.clone();
        let (root, locale) = (self.root.clone(), self.locale.clone());
        self.on(input, event, move |ev| {
            let Some(target) = ev
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            else {
                return;
            };
            let value = read(&target);
            let edited = store
                .borrow_mut()
                .edit(&surface, &pointer, value.clone())
                .is_ok();
            if edited {
                refresh_checks(&root, &store.borrow(), &surface, &locale);
            }
            if edited {
                if let Some(f) = &notify {
                    let _ = f.call2(
                        &JsValue::NULL,
                        &JsValue::from_str(&pointer),
                        &to_js(&value).unwrap_or(JsValue::NULL),
                    );
                }
            }
        });
    }

    fn labelled(&mut self, wrap: &Element, control: &Element, label: &str, fallback: &str) {
        let id = self.id();
        control.set_id(&id);
        let l = self.el("label", "");
        l.set_attribute("for", &id).expect("attr");
        l.set_attribute("dir", "auto").expect("attr");
        self.text(&l, label);
        if label.trim().is_empty() {
            control.set_attribute("aria-label", fallback).expect("attr");
        }
        wrap.append_child(&l).expect("append");
        wrap.append_child(control).expect("append");
    }

    /// Draws `n`, or reuses what the last draw made of it when it is unchanged.
    fn node(&mut self, n: Node, phrasing: bool) -> Element {
        let key = match self.building.last_mut() {
            Some(parent) => {
                let key = format!("{}/{}:{}", parent.key, parent.children.len(), n.id);
                parent.children.push(key.clone());
                key
            }
            None => format!(":{}", n.id),
        };
        let mut recycled = None;
        if let Some(old) = self.drawn.remove(&key) {
            if old.phrasing == phrasing {
                if old.node == n {
                    let element = old.element.clone();
                    self.keep(key, old);
                    return element;
                }
                // Only an input's value moved (the person typed, or the agent set it): the
                // control is updated in place, so it keeps its focus and caret.
                if with_value_of(&n, &old.node).is_some_and(|m| m == old.node) {
                    set_control_value(&old.element, &n.kind);
                    let element = old.element.clone();
                    self.keep(key, Drawn { node: n, ..old });
                    return element;
                }
                recycled = Some((old.element, old.children));
            }
        }
        self.building.push(Frame {
            key: key.clone(),
            handlers: Vec::new(),
            children: Vec::new(),
        });
        // A container drawn here last time is kept when only its children changed (see
        // `container`); any other kind is built anew.
        self.recycle = recycled;
        let element = self.build(n.clone(), phrasing);
        self.recycle = None;
        let frame = self.building.pop().expect("pushed above");
        self.next.insert(
            key,
            Drawn {
                node: n,
                phrasing,
                element: element.clone(),
                _handlers: frame.handlers,
                children: frame.children,
            },
        );
        element
    }

    /// Moves a reused node and everything drawn inside it into this draw.
    fn keep(&mut self, key: String, entry: Drawn) {
        for child in &entry.children {
            if let Some(e) = self.drawn.remove(child) {
                self.keep(child.clone(), e);
            }
        }
        self.next.insert(key, entry);
    }

    fn build(&mut self, n: Node, phrasing: bool) -> Element {
        let binding = n.kind.input_binding().flatten().map(str::to_string);
        let (errors, proposal) = (n.errors.clone(), n.proposal.clone());
        let is_input = n.kind.is_input();
        let e = self.node_inner(n, phrasing);
        if is_input {
            e.set_attribute("data-a2ui", "input").expect("attr");
            if !errors.is_empty() {
                let ul = self.el("ul", "a2ui-errors");
                for m in &errors {
                    let li = self.el("li", "");
                    self.text(&li, m);
                    ul.append_child(&li).expect("append");
                }
                e.append_child(&ul).expect("append");
            }
            if let (Some(agent), Some(pointer)) = (proposal, binding) {
                let p = self.el("p", "a2ui-proposal");
                self.text(&p, "The agent has since proposed: ");
                self.text(&p, &agent);
                self.text(&p, " ");
                for (label, accept) in [("Use the agent's value", true), ("Keep mine", false)] {
                    let b = self.el("button", "");
                    b.set_attribute("type", "button").expect("attr");
                    self.text(&b, label);
                    let (store, surface, pointer) =
                        (self.store.clone(), self.surface.clone(), pointer.clone());
                    self.on(&b, "click", move |_| {
                        let mut s = store.borrow_mut();
                        let _ = if accept {
                            s.accept_agent(&surface, &pointer)
                        } else {
                            s.keep_mine(&surface, &pointer)
                        };
                    });
                    p.append_child(&b).expect("append");
                }
                e.append_child(&p).expect("append");
            }
        }
        e
    }

    fn node_inner(&mut self, n: Node, phrasing: bool) -> Element {
        let grow = grow_class(n.weight);
        match n.kind {
            Kind::Text { text, variant } => {
                let e = self.el(
                    if phrasing { "span" } else { "p" },
                    &format!("a2ui-text a2ui-{variant}{grow}"),
                );
                if !phrasing && variant.starts_with('h') && !text.trim().is_empty() {
                    e.set_attribute("role", "heading").expect("attr");
                    e.set_attribute(
                        "aria-level",
                        &(variant[1..].parse::<u8>().unwrap_or(5) + 2)
                            .min(6)
                            .to_string(),
                    )
                    .expect("attr");
                }
                e.set_attribute("dir", "auto").expect("attr");
                self.text(&e, &text);
                e
            }
            Kind::Image {
                url, description, ..
            } => self.media("Image", url, description.or(n.description)),
            Kind::Video { url } => self.media("Video", url, n.description),
            Kind::AudioPlayer { url, description } => {
                self.media("Audio", url, description.or(n.description))
            }
            Kind::Icon { name, svg_path } => {
                let label = n.label.or(name.clone()).unwrap_or_else(|| "icon".into());
                let e = match svg_path.filter(|d| svg_path_ok(d)) {
                    Some(d) => {
                        let svg = self
                            .doc
                            .create_element_ns(Some("http://www.w3.org/2000/svg"), "svg")
                            .expect("svg");
                        svg.set_attribute("viewBox", "0 0 24 24").expect("attr");
                        let path = self
                            .doc
                            .create_element_ns(Some("http://www.w3.org/2000/svg"), "path")
                            .expect("path");
                        path.set_attribute("d", &d).expect("attr");
                        svg.append_child(&path).expect("append");
                        svg.set_attribute("class", "a2ui-icon").expect("attr");
                        svg
                    }
                    None => {
                        let e = self.el("span", "a2ui-icon");
                        self.text(&e, name.as_deref().unwrap_or("□"));
                        e
                    }
                };
                e.set_attribute("role", "img").expect("attr");
                e.set_attribute("aria-label", &label).expect("attr");
                e
            }
            Kind::Row {
                children,
                justify,
                align,
            } => self.container(
                "div",
                &format!("a2ui-row a2ui-justify-{justify} a2ui-align-{align}{grow}"),
                children,
                phrasing,
            ),
            Kind::Column {
                children,
                justify,
                align,
            } => self.container(
                "div",
                &format!("a2ui-column a2ui-justify-{justify} a2ui-align-{align}{grow}"),
                children,
                phrasing,
            ),
            Kind::List {
                children,
                direction,
                align,
            } => self.items(
                "ul",
                &format!("a2ui-list a2ui-list-{direction} a2ui-align-{align}{grow}"),
                children,
                Some("li"),
            ),
            Kind::Card { child } => {
                let e = self.el("div", &format!("a2ui-card{grow}"));
                let c = self.node(*child, phrasing);
                e.append_child(&c).expect("append");
                e
            }
            Kind::Divider { axis } => {
                let e = self.el("hr", &format!("a2ui-divider a2ui-divider-{axis}"));
                e.set_attribute(
                    "aria-orientation",
                    if axis == "vertical" {
                        "vertical"
                    } else {
                        "horizontal"
                    },
                )
                .expect("attr");
                e
            }
            Kind::Tabs { tabs } => {
                // Every panel is shown under its title: no script-driven state to get wrong.
                let e = self.el("div", "a2ui-tabs");
                for (title, child) in tabs {
                    let section = self.el("section", "a2ui-tab");
                    let h = self.el("p", "a2ui-tab-title");
                    h.set_attribute("dir", "auto").expect("attr");
                    self.text(&h, &title);
                    section.append_child(&h).expect("append");
                    let c = self.node(child, false);
                    section.append_child(&c).expect("append");
                    e.append_child(&section).expect("append");
                }
                e
            }
            Kind::Modal { trigger, content } => {
                let details = self.el("details", "a2ui-modal-wrap");
                let summary = self.el("summary", "a2ui-modal-trigger");
                let t = self.node(*trigger, true);
                summary.append_child(&t).expect("append");
                details.append_child(&summary).expect("append");
                let body = self.el("div", "a2ui-modal");
                let c = self.node(*content, false);
                body.append_child(&c).expect("append");
                details.append_child(&body).expect("append");
                details
            }
            Kind::Button {
                child,
                variant,
                event,
                local,
                scope,
                open_url,
            } => {
                let b = self.el(
                    "button",
                    &format!("a2ui-button a2ui-button-{variant}{grow}"),
                );
                b.set_attribute("type", "button").expect("attr");
                b.set_attribute("data-a2ui", "button").expect("attr");
                if let Some(l) = &n.label {
                    b.set_attribute("aria-label", l).expect("attr");
                }
                let c = self.node(*child, true);
                b.append_child(&c).expect("append");
                let opens = open_url.is_some() && self.on_open_url.is_some();
                // Blocked (a failing check, or nothing this renderer does) means disabled; the
                // handler stays, for when the checks pass.
                if let Some(why) = button_blocked(
                    &n.errors,
                    event.as_deref(),
                    local.as_deref(),
                    opens,
                    "renderer",
                ) {
                    b.set_attribute("disabled", "").expect("attr");
                    b.set_attribute("title", &why).expect("attr");
                }
                if let (Some(url), Some(f)) = (open_url, self.on_open_url.clone()) {
                    // The app asks the person and opens it; we never open anything.
                    self.on(&b, "click", move |_| {
                        let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&url));
                    });
                } else if event.is_some() {
                    let store = self.store.clone();
                    let surface = self.surface.clone();
                    let on_action = self.on_action.clone();
                    let id = n.id.clone();
                    self.on(&b, "click", move |_| {
                        let ts = String::from(js_sys::Date::new_0().to_iso_string());
                        let result = store.borrow().action_in(&surface, &id, &scope, &ts);
                        if let (Ok(msg), Some(f)) = (result, &on_action) {
                            let _ = f.call1(&JsValue::NULL, &to_js(&msg).unwrap_or(JsValue::NULL));
                        }
                    });
                }
                b
            }
            Kind::TextField {
                label,
                value,
                variant,
                binding,
            } => {
                let wrap = self.el("div", &format!("a2ui-field{grow}"));
                let control = if variant == "longText" {
                    self.el("textarea", "")
                } else {
                    let i = self.el("input", "");
                    let kind = match variant.as_str() {
                        "number" => "number",
                        "obscured" => "password",
                        _ => "text",
                    };
                    i.set_attribute("type", kind).expect("attr");
                    i
                };
                control.set_attribute("dir", "auto").expect("attr");
                if let Some(i) = control.dyn_ref::<HtmlInputElement>() {
                    i.set_value(&value);
                } else if let Some(t) = control.dyn_ref::<web_sys::HtmlTextAreaElement>() {
                    t.set_value(&value);
                }
                let fallback = n
                    .label
                    .clone()
                    .unwrap_or_else(|| "Unlabelled text field".into());
                self.labelled(&wrap, &control, &label, &fallback);
                // A textarea is read through the same `value` property.
                self.edit_on(&control, "input", binding, |i| Value::String(i.value()));
                wrap
            }
            Kind::CheckBox {
                label,
                value,
                binding,
            } => {
                let wrap = self.el("div", &format!("a2ui-check{grow}"));
                let i = self.el("input", "");
                i.set_attribute("type", "checkbox").expect("attr");
                i.unchecked_ref::<HtmlInputElement>().set_checked(value);
                let fallback = n
                    .label
                    .clone()
                    .unwrap_or_else(|| "Unlabelled checkbox".into());
                self.labelled(&wrap, &i, &label, &fallback);
                self.edit_on(&i, "change", binding, |i| Value::Bool(i.checked()));
                wrap
            }
            Kind::ChoicePicker(Choices {
                label,
                options,
                selected,
                multiple,
                chips,
                binding,
                ..
            }) => {
                let fs = self.el(
                    "fieldset",
                    if chips {
                        "a2ui-choices a2ui-chips"
                    } else {
                        "a2ui-choices"
                    },
                );
                let legend = self.el("legend", "");
                self.text(&legend, label.or(n.label).as_deref().unwrap_or("Choose"));
                fs.append_child(&legend).expect("append");
                let group = self.id();
                let chosen = Rc::new(RefCell::new(selected));
                for (text, value) in options {
                    let row = self.el("div", "a2ui-choice");
                    let i = self.el("input", "");
                    i.set_attribute("type", if multiple { "checkbox" } else { "radio" })
                        .expect("attr");
                    i.set_attribute("name", &group).expect("attr");
                    i.unchecked_ref::<HtmlInputElement>()
                        .set_checked(chosen.borrow().contains(&value));
                    self.labelled(&row, &i, &text, "Unlabelled option");
                    fs.append_child(&row).expect("append");
                    if let Some(pointer) = binding.clone() {
                        let (store, surface, chosen, notify) = (
                            self.store.clone(),
                            self.surface.clone(),
                            chosen.clone(),
                            self.on_edit.clone(),
                        );
                        self.on(&i, "change", move |ev| {
                            let on = ev
                                .target()
                                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                                .is_some_and(|i| i.checked());
                            let mut c = chosen.borrow_mut();
                            if !multiple {
                                c.clear();
                            }
                            c.retain(|x| x != &value);
                            if on {
                                c.push(value.clone());
                            }
                            let v = serde_json::json!(*c);
                            if store
                                .borrow_mut()
                                .edit(&surface, &pointer, v.clone())
                                .is_ok()
                            {
                                if let Some(f) = &notify {
                                    let _ = f.call2(
                                        &JsValue::NULL,
                                        &JsValue::from_str(&pointer),
                                        &to_js(&v).unwrap_or(JsValue::NULL),
                                    );
                                }
                            }
                        });
                    }
                }
                fs
            }
            Kind::Slider {
                label,
                min,
                max,
                value,
                binding,
            } => {
                let wrap = self.el("div", &format!("a2ui-field{grow}"));
                let i = self.el("input", "");
                for (k, v) in [
                    ("type", "range".to_string()),
                    ("min", min.to_string()),
                    ("max", max.to_string()),
                    ("step", "any".into()),
                ] {
                    i.set_attribute(k, &v).expect("attr");
                }
                i.unchecked_ref::<HtmlInputElement>()
                    .set_value(&value.to_string());
                self.labelled(
                    &wrap,
                    &i,
                    label.or(n.label).as_deref().unwrap_or("Value"),
                    "Value",
                );
                self.edit_on(&i, "input", binding, |i| {
                    serde_json::json!(i.value_as_number())
                });
                wrap
            }
            Kind::DateTimeInput {
                label,
                value,
                enable_date,
                enable_time,
                min,
                max,
                binding,
            } => {
                let wrap = self.el("div", &format!("a2ui-field{grow}"));
                let i = self.el("input", "");
                let kind = match (enable_date, enable_time) {
                    (true, true) => "datetime-local",
                    (false, true) => "time",
                    _ => "date",
                };
                i.set_attribute("type", kind).expect("attr");
                for (k, v) in [("min", min), ("max", max)] {
                    if let Some(v) = v {
                        i.set_attribute(k, &v).expect("attr");
                    }
                }
                i.unchecked_ref::<HtmlInputElement>().set_value(&value);
                self.labelled(
                    &wrap,
                    &i,
                    label.or(n.label).as_deref().unwrap_or("Date"),
                    "Date",
                );
                self.edit_on(&i, "input", binding, |i| Value::String(i.value()));
                wrap
            }
            Kind::Placeholder { reason, name } => {
                let e = self.el("span", "a2ui-placeholder");
                e.set_attribute("role", "note").expect("attr");
                let text = placeholder_text(reason, &n.id, name.as_deref(), "renderer");
                self.text(&e, &text);
                e
            }
        }
    }

    fn container(
        &mut self,
        tag: &str,
        class: &str,
        children: Vec<Node>,
        phrasing: bool,
    ) -> Element {
        self.items_in(tag, class, children, phrasing, None)
    }

    /// A List: a container whose children each sit in a `wrap` element (`li`), which a
    /// kept child keeps too, so typing into one item does not redraw the list.
    fn items(
        &mut self,
        tag: &str,
        class: &str,
        children: Vec<Node>,
        wrap: Option<&str>,
    ) -> Element {
        self.items_in(tag, class, children, false, wrap)
    }

    fn items_in(
        &mut self,
        tag: &str,
        class: &str,
        children: Vec<Node>,
        phrasing: bool,
        wrap: Option<&str>,
    ) -> Element {
        // The element this container had last time, if it is the same kind of container:
        // its children are put in order in place, so one that did not move is not touched
        // (moving an element takes the focus from whatever is inside it).
        let (e, was_inside) = match self.recycle.take() {
            Some((old, inside))
                if old.tag_name().eq_ignore_ascii_case(tag) && old.class_name() == class =>
            {
                (old, inside)
            }
            _ => (self.el(tag, class), Vec::new()),
        };
        let before: Vec<(String, Element)> = was_inside
            .into_iter()
            .filter_map(|k| self.drawn.get(&k).map(|d| (k, d.element.clone())))
            .collect();
        let kids: Vec<Element> = children
            .into_iter()
            .map(|c| {
                let kid = self.node(c, phrasing);
                let Some(wrap) = wrap else { return kid };
                // A kept child is still in its wrapper inside this container.
                match kid.parent_element() {
                    Some(w)
                        if w.tag_name().eq_ignore_ascii_case(wrap)
                            && w.parent_node().as_ref() == Some(e.as_ref()) =>
                    {
                        w
                    }
                    _ => {
                        let w = self.el(wrap, "");
                        w.append_child(&kid).expect("append");
                        w
                    }
                }
            })
            .collect();
        // What was inside and was not kept goes first, so the kept children close up in
        // their order and only new ones are inserted between them.
        for (key, old) in before {
            let kept = self.next.get(&key).is_some_and(|d| d.element == old);
            let top = match wrap {
                Some(_) => old.parent_element(),
                None => Some(old),
            };
            if let Some(top) = top.filter(|t| !kept && t.parent_node().as_ref() == Some(e.as_ref()))
            {
                e.remove_child(&top).expect("remove");
            }
        }
        let present = e.child_nodes();
        for (i, kid) in kids.iter().enumerate() {
            let at = present.item(i as u32);
            if at.as_ref() != Some(kid.as_ref()) {
                e.insert_before(kid, at.as_ref()).expect("insert");
            }
        }
        while e.child_nodes().length() as usize > kids.len() {
            if let Some(last) = e.last_child() {
                e.remove_child(&last).expect("remove");
            }
        }
        e
    }

    /// Whether `url` is https: on a host the app allowed.
    fn loadable(&self, url: &str) -> bool {
        url::Url::parse(url).is_ok_and(|u| {
            u.scheme() == "https"
                && u.host_str()
                    .is_some_and(|h| self.media_hosts.iter().any(|m| m == h))
        })
    }

    fn media(&mut self, kind: &str, url: Option<String>, description: Option<String>) -> Element {
        let fig = self.el("figure", "a2ui-media");
        if let Some(u) = url.as_deref().filter(|u| self.loadable(u)) {
            let tag = match kind {
                "Image" => "img",
                "Video" => "video",
                _ => "audio",
            };
            let m = self.el(tag, "a2ui-media-loaded");
            m.set_attribute("src", u).expect("attr");
            m.set_attribute("referrerpolicy", "no-referrer")
                .expect("attr");
            if tag == "img" {
                m.set_attribute("alt", description.as_deref().unwrap_or(""))
                    .expect("attr");
                m.set_attribute("loading", "lazy").expect("attr");
            } else {
                m.set_attribute("controls", "").expect("attr");
                m.set_attribute("preload", "none").expect("attr");
            }
            fig.append_child(&m).expect("append");
        }
        let cap = self.el("figcaption", "");
        self.text(&cap, kind);
        if let Some(d) = description {
            self.text(&cap, " ");
            self.text(&cap, &d);
        }
        fig.append_child(&cap).expect("append");
        if let Some(u) = url {
            let code = self.el("code", "a2ui-url");
            self.text(&code, &u);
            fig.append_child(&code).expect("append");
            if u.starts_with("https://") {
                let a = self.el("a", "");
                for (k, v) in [
                    ("href", u.as_str()),
                    ("target", "_blank"),
                    ("rel", "noopener noreferrer"),
                    ("referrerpolicy", "no-referrer"),
                ] {
                    a.set_attribute(k, v).expect("attr");
                }
                self.text(&a, "Open in a new tab");
                fig.append_child(&a).expect("append");
            }
        }
        fig
    }
}

/// Where the caret is in a text control (inputs without one, like checkboxes, have none).
fn caret_of(e: &Element) -> Option<(u32, u32)> {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return Some((i.selection_start().ok()??, i.selection_end().ok()??));
    }
    let t = e.dyn_ref::<web_sys::HtmlTextAreaElement>()?;
    Some((t.selection_start().ok()??, t.selection_end().ok()??))
}

/// `n` with the value of `old`'s control, when both are the same kind of input.
fn with_value_of(n: &Node, old: &Node) -> Option<Node> {
    let mut m = n.clone();
    match (&mut m.kind, &old.kind) {
        (Kind::TextField { value, .. }, Kind::TextField { value: was, .. })
        | (Kind::DateTimeInput { value, .. }, Kind::DateTimeInput { value: was, .. }) => {
            value.clone_from(was)
        }
        (Kind::CheckBox { value, .. }, Kind::CheckBox { value: was, .. }) => *value = *was,
        (Kind::Slider { value, .. }, Kind::Slider { value: was, .. }) => *value = *was,
        _ => return None,
    }
    Some(m)
}

/// Sets the control inside a drawn input to `kind`'s value, touching it only if it differs
/// (setting an equal value would still move the caret).
fn set_control_value(element: &Element, kind: &Kind) {
    let Ok(Some(control)) = element.query_selector("input, textarea") else {
        return;
    };
    if let Some(t) = control.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        if let Kind::TextField { value, .. } = kind {
            if t.value() != *value {
                t.set_value(value);
            }
        }
        return;
    }
    let Some(i) = control.dyn_ref::<HtmlInputElement>() else {
        return;
    };
    match kind {
        Kind::TextField { value, .. } | Kind::DateTimeInput { value, .. }
            if i.value() != *value =>
        {
            i.set_value(value)
        }
        Kind::CheckBox { value, .. } if i.checked() != *value => i.set_checked(*value),
        Kind::Slider { value, .. } if i.value_as_number() != *value => {
            i.set_value(&value.to_string())
        }
        _ => {}
    }
}

/// After a person's edit: checks are re-evaluated and buttons and error lists updated in
/// place, so the input being typed into keeps its focus.
fn refresh_checks(root: &Element, store: &a2ui::SurfaceStore, surface: &str, locale: &str) {
    let Some(tree) = store.render_for(surface, locale) else {
        return;
    };
    let (mut buttons, mut inputs) = (Vec::new(), Vec::new());
    surfaces_core::a2ui::render::walk(&tree, &mut |n| match &n.kind {
        Kind::Button {
            event, open_url, ..
        } => buttons.push((n.errors.clone(), event.is_some() || open_url.is_some())),
        k if k.is_input() => inputs.push(n.errors.clone()),
        _ => {}
    });
    let found = |sel: &str| {
        let list = root.query_selector_all(sel).expect("selector");
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
            .collect::<Vec<_>>()
    };
    for (el, (errors, actionable)) in found("[data-a2ui=button]").into_iter().zip(buttons) {
        if !errors.is_empty() {
            el.set_attribute("disabled", "").expect("attr");
            el.set_attribute("title", &errors.join(" ")).expect("attr");
        } else if actionable {
            el.remove_attribute("disabled").expect("attr");
            el.remove_attribute("title").expect("attr");
        }
    }
    let doc = root.owner_document().expect("document");
    for (el, errors) in found("[data-a2ui=input]").into_iter().zip(inputs) {
        let old = el.query_selector(":scope > .a2ui-errors").ok().flatten();
        // Unchanged messages are left alone: recreating them for every field on every
        // keystroke made a long list lay out again each time.
        let shown: Vec<String> = old
            .as_ref()
            .map(|ul| {
                let items = ul.child_nodes();
                (0..items.length())
                    .filter_map(|i| items.item(i)?.text_content())
                    .collect()
            })
            .unwrap_or_default();
        if shown == errors {
            continue;
        }
        if let Some(old) = old {
            old.remove();
        }
        if !errors.is_empty() {
            let ul = doc.create_element("ul").expect("ul");
            ul.set_class_name("a2ui-errors");
            for m in &errors {
                let li = doc.create_element("li").expect("li");
                li.set_text_content(Some(m.as_str()));
                ul.append_child(&li).expect("append");
            }
            el.append_child(&ul).expect("append");
        }
    }
}

/// A surface drawn into an element; re-draw it after applying envelopes.
#[wasm_bindgen(skip_typescript)]
pub struct MountedSurface {
    element: Element,
    renderer: Renderer,
}

#[wasm_bindgen]
impl MountedSurface {
    /// Draws the surface again from the store (call after `applyEnvelopes`). What did not
    /// change keeps its elements (and so its focus and scroll position, unless it moves).
    pub fn update(&mut self) {
        let tree = self
            .renderer
            .store
            .borrow()
            .render_for(&self.renderer.surface, &self.renderer.locale);
        let Some(tree) = tree else {
            self.renderer.drawn.clear();
            self.element.set_text_content(None);
            let p = self.renderer.el("p", "a2ui-notice");
            let known = self
                .renderer
                .store
                .borrow()
                .report()
                .surfaces
                .iter()
                .any(|s| s.surface_id == self.renderer.surface && !s.catalog_rendered);
            self.renderer.text(
                &p,
                if known {
                    "This agent chose a catalog this renderer does not render."
                } else {
                    "Waiting for the agent…"
                },
            );
            self.element.append_child(&p).expect("append");
            return;
        };
        // A reused element moved into a redrawn parent loses focus: it is given back below.
        let focused = self
            .renderer
            .doc
            .active_element()
            .filter(|a| self.element.contains(Some(a)));
        let caret = focused.as_ref().and_then(caret_of);
        let root = self.renderer.node(tree, false);
        // Whatever the last draw made and this one did not reuse goes, handlers included.
        self.renderer.drawn = std::mem::take(&mut self.renderer.next);
        let current = self.element.first_element_child();
        if current.as_ref() != Some(&root) || self.element.child_nodes().length() != 1 {
            self.element.replace_children_with_node_1(&root);
        }
        if let Some(f) = focused.filter(|f| self.element.contains(Some(f))) {
            if self.renderer.doc.active_element().as_ref() != Some(&f) {
                if let Some(h) = f.dyn_ref::<web_sys::HtmlElement>() {
                    let _ = h.focus();
                }
                if let Some((start, end)) = caret {
                    if let Some(i) = f.dyn_ref::<HtmlInputElement>() {
                        let _ = i.set_selection_range(start, end);
                    } else if let Some(t) = f.dyn_ref::<web_sys::HtmlTextAreaElement>() {
                        let _ = t.set_selection_range(start, end);
                    }
                }
            }
        }
    }

    /// Removes what was drawn and its event handlers.
    pub fn unmount(&mut self) {
        self.renderer.drawn.clear();
        self.element.set_text_content(None);
    }
}

/// Draws `options.surfaceId` of `store` into `element`.
#[wasm_bindgen(js_name = mountSurface, skip_typescript)]
pub fn mount_surface(
    element: Element,
    store: &SurfaceStore,
    options: js_sys::Object,
) -> Result<MountedSurface, JsError> {
    let options = Some(options);
    let surface = option(&options, "surfaceId")
        .as_string()
        .ok_or_else(|| JsError::new("mountSurface: options.surfaceId is required"))?;
    let function = |key: &str| option(&options, key).dyn_into::<js_sys::Function>().ok();
    let doc = element
        .owner_document()
        .ok_or_else(|| JsError::new("mountSurface: the element is not in a document"))?;
    static MOUNTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let prefix = format!(
        "a2ui-m{}",
        MOUNTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let mut mounted = MountedSurface {
        element: element.clone(),
        renderer: Renderer {
            doc,
            root: element,
            store: store.inner.clone(),
            surface,
            on_action: function("onAction"),
            on_edit: function("onEdit"),
            on_open_url: function("onOpenUrl"),
            locale: option(&options, "locale")
                .as_string()
                .unwrap_or_else(|| "en-US".into()),
            media_hosts: {
                let hosts = option(&options, "mediaHosts");
                if hosts.is_undefined() {
                    Vec::new()
                } else {
                    serde_json::from_value::<Vec<String>>(crate::from_js(
                        &hosts,
                        "mountSurface: mediaHosts",
                    )?)
                    .map_err(|_| {
                        JsError::new("mountSurface: mediaHosts must be an array of host names")
                    })?
                    .into_iter()
                    .map(|h| h.to_ascii_lowercase())
                    .collect()
                }
            },
            drawn: HashMap::new(),
            next: HashMap::new(),
            building: Vec::new(),
            recycle: None,
            next_id: 0,
            prefix,
        },
    };
    mounted.update();
    Ok(mounted)
}

#[wasm_bindgen(typescript_custom_section)]
const MOUNT_TYPES: &'static str = r#"
export interface MountOptions {
  surfaceId: string;
  /** Called with the action message when a person clicks a Button; nothing is sent for you. */
  onAction?: (message: ActionMessage) => void;
  /** Called after a person's edit is recorded in the store's overlay. */
  onEdit?: (pointer: string, value: unknown) => void;
  /** Called with the URL of an `openUrl` button; ask the person, then open it yourself. */
  onOpenUrl?: (url: string) => void;
  /** BCP 47 locale for numbers, currencies and plurals (default "en-US"). */
  locale?: string;
  /**
   * Hosts whose https: images, video and audio may be loaded. Without it nothing is loaded;
   * with it, your page's CSP (img-src, media-src) must allow exactly these hosts.
   */
  mediaHosts?: string[];
}

/** A surface drawn into an element by `mountSurface`. */
export class MountedSurface {
  free(): void;
  /** Draws the surface again from the store (call after applying envelopes). */
  update(): void;
  unmount(): void;
}

/**
 * Draws a surface of `store` into `element` with agent-surfaces' own safe renderer: agent
 * strings become text nodes, media becomes text and a link (loaded only from `mediaHosts`),
 * and nothing is evaluated.
 */
export function mountSurface(element: Element, store: SurfaceStore, options: MountOptions): MountedSurface;
"#;
