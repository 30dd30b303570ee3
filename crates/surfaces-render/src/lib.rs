//! The one A2UI renderer: Leptos components that draw a render tree from `surfaces-core`
//! (`SurfaceStore::render`, in the store's locale). The console draws its surfaces with it, and the npm package's
//! `mountSurface` mounts it into an element a JavaScript app gives.
//!
//! Every agent string is a text node or an attribute value chosen here (a label's text, an
//! input's value); nothing is parsed as HTML. A Text's Markdown becomes elements from a
//! short allowlist built here from the parser's events (`markdown.rs`). URLs become text plus a link a person may
//! click; media is loaded only from hosts the page names ([`RenderOptions::media_hosts`]).
//!
//! A tree is drawn as a [`LiveTree`]: each node keeps its own parts in signals (its fields,
//! its check messages, the agent's proposal, an input's value, its children), so a new render
//! of the same surface ([`LiveTree::patch`]) sets only the signals whose part changed, and
//! only the elements bound to them are touched. An input's value is set on the element only
//! when it differs, so a field being typed into keeps its focus and caret.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::reactive::effect::ImmediateEffect;
use leptos::reactive::graph::{AnySubscriber, Observer, Source, ToAnySubscriber};
use send_wrapper::SendWrapper;
use serde_json::Value;
use surfaces_core::a2ui::catalog::{Axis, TextFieldVariant};
use surfaces_core::a2ui::render::{
    self as dates, button_blocked, svg_path_ok, Choices, Kind, Node,
};
use surfaces_core::a2ui::SurfaceStore;

pub mod icons;
pub mod markdown;
mod words;
use wasm_bindgen::JsCast;
pub use words::{blocked_text, grow_class, placeholder_text};

/// What the renderer reports back: a person's edit at a data-model pointer, or a click on a
/// Button (its component id and template scope).
#[derive(Clone, Copy)]
pub struct Handlers {
    pub edit: Callback<(String, Value)>,
    pub click: Callback<(String, String)>,
    /// A person asked to open an `openUrl` target: the page asks before anything opens.
    pub open: Callback<String>,
    /// Take the agent's proposed value at a pointer, or keep the person's.
    pub accept: Callback<String>,
    pub keep: Callback<String>,
}

/// Whether the page holds every Button whose action is an event for the agent
/// (`aria-disabled`, clicks ignored), given as Leptos context (`provide_context`) around a
/// surface's view: the console holds them while an action of the task is under way (pending,
/// running, or waiting for the person's confirmation), since the agent's answer names no
/// action and the person may be asked about only one at a time, and while it reads the task
/// again. A Button calling a local function or opening a link is never held.
#[derive(Clone, Copy)]
pub struct HeldButtons(pub Signal<bool>);

/// How the page hosting the renderer wants it to behave, given as Leptos context
/// (`provide_context`); without it, the console's behaviour.
#[derive(Clone, Debug)]
pub struct RenderOptions {
    /// How the messages name the renderer ("console" or "renderer").
    pub renderer: &'static str,
    /// Hosts whose `https:` images, video and audio may be loaded (lower case).
    pub media_hosts: Arc<[String]>,
    /// Whether `openUrl` buttons ask the page ([`Handlers::open`]); otherwise they are disabled.
    pub opens_urls: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            renderer: "console",
            media_hosts: Arc::from(Vec::new()),
            opens_urls: true,
        }
    }
}

impl RenderOptions {
    /// Whether `url` is `https:` on a host the page allowed.
    fn loadable(&self, url: &str) -> bool {
        !self.media_hosts.is_empty()
            && surfaces_core::web_url::parse(url).is_ok_and(|u| {
                u.scheme == "https"
                    && u.host_str()
                        .is_some_and(|h| self.media_hosts.iter().any(|m| m == h))
            })
    }
}

fn options() -> RenderOptions {
    use_context::<RenderOptions>().unwrap_or_default()
}

/// A drawn tree that later renders of the same surface update in place.
#[derive(Clone)]
pub struct LiveTree {
    root: Live,
    heading: u8,
    /// Whether the person has tried to submit (Enter in a field, or a press on a Button its
    /// checks keep disabled): from then on every field's check messages are shown.
    tried: Tried,
    markdown: markdown::Pool,
}

/// Whether the person has tried to submit a tree's form, as each of its inputs and Buttons
/// reads it: a flag of their own ([`Tried::flag`]), all set at once ([`Tried::set`]). Read
/// from one signal, a tree of 1,000 inputs gave that signal thousands of readers, and
/// reactive_graph takes each reader off a signal by shifting the rest of its list
/// (`IndexSet::shift_remove`): unmounting (or redrawing) a surface of nested templates took
/// 60 ms in Chromium, in time that grew with the square of its inputs.
#[derive(Clone, Default)]
struct Tried(Arc<TriedInner>);

#[derive(Default)]
struct TriedInner {
    on: std::sync::atomic::AtomicBool,
    flags: std::sync::Mutex<Flags>,
}

/// The flags handed out, the dropped ones among them taken out once there are twice as
/// many as were left the time before (so each costs a constant share of a sweep).
#[derive(Default)]
struct Flags {
    list: Vec<std::sync::Weak<ArcRwSignal<bool>>>,
    sweep_at: usize,
}

impl Tried {
    fn is_on(&self) -> bool {
        self.0.on.load(Ordering::Relaxed)
    }

    fn flags(&self) -> std::sync::MutexGuard<'_, Flags> {
        self.0
            .flags
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A flag of its own for a new input or Button, on when the tree's is.
    fn flag(&self) -> Arc<ArcRwSignal<bool>> {
        let flag = Arc::new(ArcRwSignal::new(self.is_on()));
        if !self.is_on() {
            let mut flags = self.flags();
            if flags.list.len() >= flags.sweep_at {
                flags.list.retain(|f| f.strong_count() > 0);
                flags.sweep_at = (2 * flags.list.len()).max(64);
            }
            flags.list.push(Arc::downgrade(&flag));
        }
        flag
    }

    /// The person tried: every flag handed out is set, and every one handed out from now on
    /// starts set.
    fn set(&self) {
        if self.0.on.swap(true, Ordering::Relaxed) {
            return;
        }
        // Out of the lock first: setting a flag runs effects, which may draw new inputs.
        let list = std::mem::take(&mut self.flags().list);
        for flag in list.iter().filter_map(std::sync::Weak::upgrade) {
            flag.set(true);
        }
    }
}

/// An input's or a Button's view of its tree's [`Tried`].
#[derive(Clone)]
struct TriedHere {
    tree: Tried,
    flag: Arc<ArcRwSignal<bool>>,
}

impl TriedHere {
    fn new(tree: &Tried) -> TriedHere {
        TriedHere {
            tree: tree.clone(),
            flag: tree.flag(),
        }
    }

    /// Whether the person has tried, read by the effect now running ([`tracked`]).
    fn get(&self) -> bool {
        tracked(&self.flag).get()
    }

    fn set(&self) {
        self.tree.set();
    }

    fn is_on(&self) -> bool {
        self.tree.is_on()
    }
}

impl LiveTree {
    /// The tree of `node`; the agent's headings start one below `heading` (2: below an h2).
    pub fn new(node: Node, heading: u8) -> LiveTree {
        let (tried, markdown) = (Tried::default(), markdown::Pool::default());
        let mut cx = Cx::new(&node, heading, tried.clone(), markdown.clone());
        LiveTree {
            root: Live::new(node, &mut cx, false, false),
            heading,
            tried,
            markdown,
        }
    }

    /// Takes a new render of the same surface: sets only the signals whose part changed.
    /// Gives the node back when its root is another component (draw a new tree for it).
    pub fn patch(&self, node: Node) -> Result<(), Box<Node>> {
        if !self.root.same(&node) {
            return Err(Box::new(node));
        }
        let mut cx = Cx::new(
            &node,
            self.heading,
            self.tried.clone(),
            self.markdown.clone(),
        );
        self.root.patch(node, &mut cx);
        Ok(())
    }

    pub fn view(&self, h: Handlers) -> AnyView {
        self.root.view(h)
    }
}

/// What a surface shows: its tree, or why there is none.
#[derive(Clone)]
enum Root {
    // Boxed: the tree's handle is far larger than the notices.
    Tree(Box<LiveTree>),
    Waiting,
    OtherCatalog,
}

/// One surface of a store as drawn. Each [`show`](LiveSurface::show) takes the surface's
/// latest state and patches what is on the page ([`LiveTree::patch`]): a one-field update
/// touches only the nodes bound to that field, and a field being typed into keeps its
/// element, focus and caret. The console and `mountSurface` both draw surfaces this way.
#[derive(Clone)]
pub struct LiveSurface {
    root: ArcRwSignal<Option<Root>>,
    heading: u8,
}

impl LiveSurface {
    /// A surface not drawn yet; its headings start one below `heading` (2: below an h2).
    pub fn new(heading: u8) -> LiveSurface {
        LiveSurface {
            root: ArcRwSignal::new(None),
            heading,
        }
    }

    /// Takes the surface's latest state in `store`: renders it (in the store's locale) and
    /// patches what is drawn, or draws it anew when its root is another component. A
    /// notice that did not change is not drawn again.
    pub fn show(&self, store: &SurfaceStore, surface_id: &str) {
        let next = match store.render(surface_id) {
            Some(node) => {
                let drawn = self.root.with_untracked(|r| match r {
                    Some(Root::Tree(t)) => Some(t.clone()),
                    _ => None,
                });
                match drawn {
                    Some(t) => t
                        .patch(node)
                        .err()
                        .map(|n| Root::Tree(Box::new(LiveTree::new(*n, self.heading)))),
                    None => Some(Root::Tree(Box::new(LiveTree::new(node, self.heading)))),
                }
            }
            None => {
                let root = if store.catalog_rendered(surface_id) == Some(false) {
                    Root::OtherCatalog
                } else {
                    Root::Waiting
                };
                let same = self.root.with_untracked(|r| {
                    matches!(
                        (r, &root),
                        (Some(Root::Waiting), Root::Waiting)
                            | (Some(Root::OtherCatalog), Root::OtherCatalog)
                    )
                });
                (!same).then_some(root)
            }
        };
        if let Some(root) = next {
            self.root.set(Some(root));
        }
    }

    /// The surface's view: it follows every later [`show`](LiveSurface::show).
    pub fn view(&self, h: Handlers) -> AnyView {
        let root = self.root.clone();
        let renderer = options().renderer;
        (move || match root.get() {
            Some(Root::Tree(tree)) => tree.view(h),
            Some(Root::OtherCatalog) => {
                view! {
                    <p class="a2ui-notice" data-testid="a2ui-catalog-notice">
                        {format!("This agent chose a catalog this {renderer} does not render.")}
                    </p>
                }
                .into_any()
            }
            _ => view! { <p class="a2ui-notice" data-testid="a2ui-waiting">"Waiting for the agent…"</p> }
                .into_any(),
        })
        .into_any()
    }
}

/// An input's value, kept apart from the rest of its node.
#[derive(Clone, Debug, PartialEq, Default)]
enum Val {
    #[default]
    None,
    Text(String),
    Bool(bool),
    Num(f64),
    Chosen(Vec<String>),
    /// A DateTimeInput's value written with a zone (`…T19:00:00Z`, `…+02:00`), which a
    /// `datetime-local` or `time` input cannot take: the control shows the wall-clock time
    /// as the agent wrote it, in the zone the agent gave, with that zone named beside it;
    /// an edit is written back with the same zone (and seconds if the agent wrote them).
    /// Nothing is converted, so an untouched value goes back exactly as it came.
    Zoned {
        local: String,
        zone: String,
        seconds: bool,
    },
}

/// A DateTimeInput's value as its control can show it.
fn local_input(value: String) -> Val {
    match dates::split_zone(&value) {
        Some((local, zone)) => Val::Zoned {
            seconds: dates::has_seconds(local),
            local: local.to_string(),
            zone: zone.to_string(),
        },
        None => Val::Text(value),
    }
}

/// A node's own fields: its children, value, check messages and proposal taken out (they
/// have signals of their own), and the heading level it is drawn at (0: not a heading).
#[derive(Clone, Debug, PartialEq)]
struct Shell {
    node: Node,
    level: u8,
}

/// What `split` takes out of a node.
struct Parts {
    errors: Vec<String>,
    proposal: Option<String>,
    value: Val,
    kids: Vec<Node>,
}

/// The stand-in left where a child was taken out.
fn blank() -> Node {
    Node {
        id: String::new(),
        label: None,
        description: None,
        weight: None,
        errors: Vec::new(),
        proposal: None,
        faults: Vec::new(),
        kind: Kind::Divider {
            axis: Axis::default(),
        },
    }
}

/// What drawing a tree carries from node to node.
struct Cx {
    /// The running heading level.
    level: u8,
    /// The ids of the components that open a Modal: each is drawn once, as its Modal's
    /// trigger. An agent that also places one anywhere else (among a Row's children, as a
    /// Card's child or a Tab's; the official movie card does) would otherwise get a second
    /// copy that does not open it: every such place draws nothing ([`Live::elided`]).
    triggers: HashSet<String>,
    /// The tree's [`LiveTree::tried`], handed to each input.
    tried: Tried,
    /// The tree's [`LiveTree::markdown`], handed to each Text.
    markdown: markdown::Pool,
}

impl Cx {
    fn new(root: &Node, level: u8, tried: Tried, markdown: markdown::Pool) -> Cx {
        let mut triggers = HashSet::new();
        // A stack, not recursion: the walk is as deep as the agent's tree.
        let mut todo = vec![root];
        while let Some(n) = todo.pop() {
            match &n.kind {
                Kind::Row { children, .. }
                | Kind::Column { children, .. }
                | Kind::List { children, .. } => todo.extend(children),
                Kind::Card { child } | Kind::Button { child, .. } => todo.push(child),
                Kind::Modal { trigger, content } => {
                    triggers.insert(trigger.id.clone());
                    todo.push(trigger);
                    todo.push(content);
                }
                Kind::Tabs { tabs } => todo.extend(tabs.iter().map(|t| &t.1)),
                _ => {}
            }
        }
        Cx {
            level,
            triggers,
            tried,
            markdown,
        }
    }
}

/// Splits a node into its shell and parts; `cx.level` is the running heading level.
fn split(mut node: Node, cx: &mut Cx, phrasing: bool) -> (Shell, Parts) {
    let errors = std::mem::take(&mut node.errors);
    let proposal = node.proposal.take();
    let mut kids = Vec::new();
    let mut value = Val::None;
    let mut heading = 0;
    match &mut node.kind {
        Kind::Row { children, .. }
        | Kind::Column { children, .. }
        | Kind::List { children, .. } => kids = std::mem::take(children),
        Kind::Card { child } | Kind::Button { child, .. } => {
            kids.push(std::mem::replace(&mut **child, blank()))
        }
        Kind::Modal { trigger, content } => {
            kids.push(std::mem::replace(&mut **trigger, blank()));
            kids.push(std::mem::replace(&mut **content, blank()));
        }
        Kind::Tabs { tabs } => {
            for (_, n) in tabs.iter_mut() {
                kids.push(std::mem::replace(n, blank()));
            }
        }
        Kind::TextField { value: v, .. } => value = Val::Text(std::mem::take(v)),
        Kind::DateTimeInput { value: v, .. } => value = local_input(std::mem::take(v)),
        Kind::CheckBox { value: v, .. } => value = Val::Bool(std::mem::take(v)),
        Kind::Slider { value: v, .. } => value = Val::Num(std::mem::take(v)),
        Kind::ChoicePicker(c) => value = Val::Chosen(std::mem::take(&mut c.selected)),
        Kind::Text { text, variant } if !phrasing => {
            let wanted = match variant.as_str() {
                "h1" => 1,
                "h2" => 2,
                "h3" => 3,
                "h4" => 4,
                "h5" => 5,
                _ => 0,
            };
            // An empty heading announces nothing: it stays a paragraph. The agent's headings
            // sit below the page's own and never skip a level.
            if wanted != 0 && !text.trim().is_empty() {
                heading = (wanted + 2).min(cx.level + 1).clamp(3, 6);
                cx.level = heading;
            }
        }
        _ => {}
    }
    (
        Shell {
            node,
            level: heading,
        },
        Parts {
            errors,
            proposal,
            value,
            kids,
        },
    )
}

/// Whether the children of a node of `kind` are drawn as phrasing content.
fn kids_phrasing(kind: &Kind, phrasing: bool) -> bool {
    match kind {
        Kind::Button { .. } => true,
        Kind::List { .. } | Kind::Tabs { .. } | Kind::Modal { .. } => false,
        _ => phrasing,
    }
}

/// What a node's children are to it, for [`duplicate`].
#[derive(Clone, Copy, PartialEq)]
enum Slots {
    /// A Modal: its first child is the trigger's own place.
    Modal,
    /// A Button: its child is its label, its accessible name.
    Label,
    Other,
}

impl Slots {
    fn of(kind: &Kind) -> Slots {
        match kind {
            Kind::Modal { .. } => Slots::Modal,
            Kind::Button { .. } => Slots::Label,
            _ => Slots::Other,
        }
    }
}

/// Whether the child at `i` of a node is a Modal's trigger drawn somewhere besides its
/// Modal's trigger slot (the Modal's first child): one rule for every component with
/// children, so no container draws a second copy. A Button's label is always drawn: without
/// it the Button would have no name.
fn duplicate(slots: Slots, i: usize, kid: &Node, cx: &Cx) -> bool {
    let own_place = match slots {
        Slots::Modal => i == 0,
        Slots::Label => true,
        Slots::Other => false,
    };
    !own_place && cx.triggers.contains(&kid.id)
}

static NEXT_UID: AtomicUsize = AtomicUsize::new(0);

/// One node as drawn, its parts in signals.
#[derive(Clone)]
struct Live {
    /// Keys this node among its siblings while it is drawn.
    uid: usize,
    id: String,
    /// Which component it is: a node patched in place stays the same component.
    variant: std::mem::Discriminant<Kind>,
    /// A Button or an input: a Modal whose trigger is one lets it take focus and keys.
    focusable: bool,
    phrasing: bool,
    /// A Modal's trigger placed somewhere besides its Modal: drawn there as nothing.
    elided: bool,
    shell: ArcRwSignal<Shell>,
    /// For inputs and Buttons only.
    state: Option<State>,
    /// For components with children only.
    kids: Option<ArcRwSignal<Vec<Live>>>,
    /// For Texts only: the tree's Markdown elements.
    markdown: Option<markdown::Pool>,
}

/// What changes in an input or a Button without redrawing it.
#[derive(Clone)]
struct State {
    errors: ArcRwSignal<Vec<String>>,
    proposal: ArcRwSignal<Option<String>>,
    value: ArcRwSignal<Val>,
    /// Whether focus has left this input once: its check messages are shown from then on,
    /// not while a person has yet to type anything.
    touched: ArcRwSignal<bool>,
    /// The tree's [`LiveTree::tried`].
    tried: TriedHere,
}

const STATE: &str = "inputs and Buttons have state";

fn has_state(kind: &Kind) -> bool {
    kind.is_input() || matches!(kind, Kind::Button { .. })
}

fn has_kids(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::Row { .. }
            | Kind::Column { .. }
            | Kind::List { .. }
            | Kind::Card { .. }
            | Kind::Button { .. }
            | Kind::Modal { .. }
            | Kind::Tabs { .. }
    )
}

/// An effect or memo that is dropped stays among the subscribers of every signal it read until
/// that signal is next set (reactive_graph 0.2 does not unsubscribe a dropped reader), holding
/// on to its allocation. A node's own signals (`touched`, `proposal`, `value`, its children)
/// and the tree's `tried` outlive many redraws of the node and are seldom or never set, so
/// each redraw would leave its dead readers on them for good. `release` takes `reader` off
/// `signal` when the reactive scope now running is cleaned up (run again, redrawn or removed).
fn release<T: Send + Sync + 'static>(signal: &ArcRwSignal<T>, reader: AnySubscriber) {
    let signal = signal.clone();
    on_cleanup(move || signal.remove_subscriber(&reader));
}

/// `signal`, for an effect now running to read tracked: the effect leaves it when its scope is
/// cleaned up ([`release`]). Only inside an effect's own closure (which runs in the effect's own
/// scope), never in a memo's.
fn tracked<T: Send + Sync + 'static>(signal: &ArcRwSignal<T>) -> &ArcRwSignal<T> {
    if let Some(reader) = Observer::get() {
        release(signal, reader);
    }
    signal
}

fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: &ArcRwSignal<T>, new: T) {
    if signal.with_untracked(|old| *old != new) {
        signal.set(new);
    }
}

impl Live {
    fn new(node: Node, cx: &mut Cx, phrasing: bool, elided: bool) -> Live {
        let id = node.id.clone();
        let variant = std::mem::discriminant(&node.kind);
        let focusable = node.kind.is_input() || matches!(node.kind, Kind::Button { .. });
        let (shell, parts) = split(node, cx, phrasing);
        let kind = &shell.node.kind;
        let kp = kids_phrasing(kind, phrasing);
        let state = has_state(kind).then(|| State {
            errors: ArcRwSignal::new(parts.errors),
            proposal: ArcRwSignal::new(parts.proposal),
            value: ArcRwSignal::new(parts.value),
            touched: ArcRwSignal::new(false),
            tried: TriedHere::new(&cx.tried),
        });
        let slots = Slots::of(kind);
        let kids = has_kids(kind).then(|| {
            ArcRwSignal::new(
                parts
                    .kids
                    .into_iter()
                    .enumerate()
                    .map(|(i, k)| {
                        let dup = duplicate(slots, i, &k, cx);
                        Live::new(k, cx, kp, dup)
                    })
                    .collect(),
            )
        });
        let markdown = matches!(kind, Kind::Text { .. }).then(|| cx.markdown.clone());
        Live {
            uid: NEXT_UID.fetch_add(1, Ordering::Relaxed),
            id,
            variant,
            focusable,
            phrasing,
            elided,
            shell: ArcRwSignal::new(shell),
            state,
            kids,
            markdown,
        }
    }

    /// Whether `node` can be drawn by patching this one.
    fn same(&self, node: &Node) -> bool {
        self.id == node.id && self.variant == std::mem::discriminant(&node.kind)
    }

    /// Sets what changed; children at the same place, with the same id and component, are
    /// patched in turn. The caller has checked that `node` is the `same`.
    fn patch(&self, node: Node, cx: &mut Cx) {
        let (shell, parts) = split(node, cx, self.phrasing);
        let kp = kids_phrasing(&shell.node.kind, self.phrasing);
        let slots = Slots::of(&shell.node.kind);
        set_if_changed(&self.shell, shell);
        if let Some(state) = &self.state {
            set_if_changed(&state.errors, parts.errors);
            set_if_changed(&state.proposal, parts.proposal);
            set_if_changed(&state.value, parts.value);
        }
        let Some(kids) = &self.kids else { return };
        let old = kids.get_untracked();
        let mut changed = old.len() != parts.kids.len();
        let next: Vec<Live> = parts
            .kids
            .into_iter()
            .enumerate()
            .map(|(i, k)| {
                let dup = duplicate(slots, i, &k, cx);
                match old.get(i) {
                    Some(o) if o.same(&k) && o.phrasing == kp && o.elided == dup => {
                        o.patch(k, cx);
                        o.clone()
                    }
                    _ => {
                        changed = true;
                        Live::new(k, cx, kp, dup)
                    }
                }
            })
            .collect();
        if changed {
            kids.set(next);
        }
    }

    /// The node's view: drawn again only when its own fields change.
    fn view(&self, h: Handlers) -> AnyView {
        if self.elided {
            return ().into_any();
        }
        let this = self.clone();
        (move || this.draw(h)).into_any()
    }

    /// A Row's or Column's child: one with a `weight` is wrapped in a cell that takes its
    /// share of the line (`a2ui-grow-N`, flex-basis 0 in a Row), so the columns of rows
    /// with the same weights line up whatever each cell holds. The cell is the flex item
    /// for every component alike (a Button's wrap, an input's wrap, a fault note beside it).
    fn cell(&self, h: Handlers) -> AnyView {
        let shell = self.shell.clone();
        let grow = ArcMemo::new(move |_| shell.with(|s| grow_class(s.node.weight)));
        release(&self.shell, grow.to_any_subscriber());
        let this = self.clone();
        (move || {
            let g = grow.get();
            if g.is_empty() {
                this.view(h)
            } else {
                view! { <div class=format!("a2ui-cell{g}")>{this.view(h)}</div> }.into_any()
            }
        })
        .into_any()
    }

    /// The child at `i`, drawn again only when the children are replaced.
    fn kid(&self, i: usize, h: Handlers) -> AnyView {
        let kids = self.kids.clone();
        // Tracked: drawn again when the children are replaced.
        (move || {
            kids.as_ref()
                .and_then(|k| tracked(k).with(|k| k.get(i).cloned()))
                .map(|l| l.view(h))
        })
        .into_any()
    }

    /// All children in order, keyed: a kept child keeps its elements.
    fn kids_view(&self, h: Handlers, in_items: bool) -> AnyView {
        let Some(kids) = self.kids.clone() else {
            return ().into_any();
        };
        let child = move |l: Live| {
            if l.elided {
                ().into_any()
            } else if in_items {
                view! { <li>{l.view(h)}</li> }.into_any()
            } else {
                l.cell(h)
            }
        };
        view! {
            <For
                each=move || tracked(&kids).get()
                key=|l: &Live| l.uid
                children=child
            />
        }
        .into_any()
    }

    fn draw(&self, h: Handlers) -> AnyView {
        let Shell { node, level } = tracked(&self.shell).get();
        let phrasing = self.phrasing;
        let Node {
            id,
            label,
            description,
            faults,
            kind,
            ..
        } = node;
        // What could not be evaluated or shown (our wording, never the agent's), beside the node.
        let fault_note = (!faults.is_empty() && !phrasing).then(|| {
            let text = faults
                .iter()
                .map(|f| f.message.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            view! { <span class="a2ui-note a2ui-fault" role="note" data-testid="a2ui-fault">{text}</span> }
        });
        let binding = kind.input_binding().map(|b| b.map(str::to_string));
        // Inputs and Buttons have state (`has_state`).
        let state = self.state.clone();
        let input = state.as_ref().filter(|_| binding.is_some()).map(|s| Input {
            described: dom_id(),
            errors: s.errors.clone(),
            proposal: s.proposal.clone(),
            touched: s.touched.clone(),
            tried: s.tried.clone(),
        });
        let value = state.as_ref().map(|s| s.value.clone());
        let view = match kind {
            Kind::Text { text, variant } => {
                // The element's level keeps the page's outline; the variant's class (a2ui-h4)
                // sets its size, so a deep h6 for an agent's h4 is not drawn smaller than body.
                let class = format!("a2ui-text a2ui-{variant}");
                let blocks = match &self.markdown {
                    Some(pool) => pool.parse(&text),
                    None => markdown::parse(&text),
                };
                let (inline, blocks) = match markdown::inline(blocks) {
                    Ok(md) => (Some(md), Vec::new()),
                    Err(blocks) => (None, blocks),
                };
                let one_paragraph = inline.is_some();
                // A heading or a Button's label holds one paragraph's worth: more than that
                // is drawn as the text it was written as.
                let line = move || match inline {
                    Some(md) => markdown::view(md),
                    None => text.into_any(),
                };
                match (phrasing, level) {
                    (true, _) => view! { <span class=class dir="auto">{line()}</span> }.into_any(),
                    (_, 0) if one_paragraph => {
                        view! { <p class=class dir="auto">{line()}</p> }.into_any()
                    }
                    (_, 0) => view! { <div class=format!("{class} a2ui-md") dir="auto">{markdown::view(blocks)}</div> }.into_any(),
                    (_, 3) => view! { <h3 class=class dir="auto">{line()}</h3> }.into_any(),
                    (_, 4) => view! { <h4 class=class dir="auto">{line()}</h4> }.into_any(),
                    (_, 5) => view! { <h5 class=class dir="auto">{line()}</h5> }.into_any(),
                    _ => view! { <h6 class=class dir="auto">{line()}</h6> }.into_any(),
                }
            }
            Kind::Image {
                url,
                description: d,
                variant,
                fit,
            } => media_box(
                Media::Image(variant.as_str(), fit.as_str()),
                url,
                d.or(description),
            ),
            Kind::Video { url } => media_box(Media::Video, url, description),
            Kind::AudioPlayer {
                url,
                description: d,
            } => media_box(Media::Audio, url, d.or(description)),
            Kind::Icon { name, svg_path } => icon_view(name, svg_path, label),
            Kind::Row { justify, align, .. } => {
                let class = format!("a2ui-row a2ui-justify-{justify} a2ui-align-{align}");
                view! { <div class=class>{self.kids_view(h, false)}</div> }.into_any()
            }
            Kind::Column { justify, align, .. } => {
                let class = format!("a2ui-column a2ui-justify-{justify} a2ui-align-{align}");
                view! { <div class=class>{self.kids_view(h, false)}</div> }.into_any()
            }
            Kind::List {
                direction, align, ..
            } => {
                let class = format!("a2ui-list a2ui-list-{direction} a2ui-align-{align}");
                view! { <ul class=class aria-label=label>{self.kids_view(h, true)}</ul> }.into_any()
            }
            Kind::Card { .. } => view! { <div class="a2ui-card">{self.kid(0, h)}</div> }.into_any(),
            Kind::Divider { axis } => {
                let vertical = axis == Axis::Vertical;
                view! { <hr class=format!("a2ui-divider a2ui-divider-{axis}") aria-orientation=if vertical { "vertical" } else { "horizontal" } /> }
                    .into_any()
            }
            Kind::Tabs { tabs } => {
                self.tabs_view(tabs.into_iter().map(|t| t.0).collect(), h, label)
            }
            Kind::Modal { .. } => self.modal_view(h, label),
            Kind::Button {
                variant,
                event,
                local,
                scope,
                open_url,
                ..
            } => {
                let o = options();
                let opens = open_url.is_some() && o.opens_urls;
                let sends = event.is_some();
                let State { errors, tried, .. } = state.expect(STATE);
                let checks_fail = errors.clone();
                let read = errors.clone();
                let reason = ArcMemo::new(move |_| {
                    errors.with(|e| {
                        button_blocked(e, event.as_deref(), local.as_deref(), opens)
                            .map(|b| blocked_text(b, o.renderer))
                    })
                });
                release(&read, reason.to_any_subscriber());
                let (r1, r2, r3) = (reason.clone(), reason.clone(), reason);
                let note_id = dom_id();
                let described = note_id.clone();
                let cid = id.clone();
                // Held by the host while an action is under way: `aria-disabled`, not
                // `disabled`, so a Button pressed from the keyboard keeps the focus (and a
                // Modal trigger that is also this Button still opens its dialog); its clicks
                // send nothing meanwhile.
                let held = use_context::<HeldButtons>();
                let is_held = move || sends && held.is_some_and(|h| h.0.get());
                // A press on a Button its checks disable is a submit tried: a disabled button
                // gets no click, but its pointerdown reaches this wrap.
                let on_press = move |_| {
                    if checks_fail.with_untracked(|e| !e.is_empty()) && !tried.is_on() {
                        tried.set();
                    }
                };
                view! {
                    <span class="a2ui-button-wrap" on:pointerdown=on_press>
                        <button
                            type="button"
                            class=format!("a2ui-button a2ui-button-{variant}")
                            data-testid="a2ui-button"
                            data-component=id.clone()
                            disabled=move || r1.with(Option::is_some)
                            aria-disabled=move || is_held().then_some("true")
                            aria-describedby=move || r2.with(|r| r.as_ref().map(|_| described.clone()))
                            aria-label=label
                            on:click=move |_| match &open_url {
                                _ if is_held() => {}
                                Some(u) if opens => h.open.run(u.clone()),
                                Some(_) => {}
                                None => h.click.run((cid.clone(), scope.clone())),
                            }
                        >
                            {self.kid(0, h)}
                        </button>
                        {move || r3.get().map(|r| view! { <span class="a2ui-note" id=note_id.clone() data-testid="a2ui-button-reason">{r}</span> })}
                    </span>
                }
                .into_any()
            }
            Kind::TextField {
                label: text,
                variant,
                binding,
                ..
            } => {
                let (input, value) = (input.as_ref().expect(STATE), value.expect(STATE));
                let input_id = dom_id();
                let aria = fallback_name(&text, &label, "text field");
                let on_input = move |ev: leptos::ev::Event| {
                    if let Some(b) = binding.clone() {
                        h.edit.run((b, Value::String(event_target_value(&ev))));
                    }
                };
                let control = if variant == TextFieldVariant::LongText {
                    view! { <textarea id=input_id.clone() aria-label=aria aria-describedby=input.describedby() aria-invalid=input.invalid() dir="auto" rows="4" use:bind_value=value on:input=on_input></textarea> }.into_any()
                } else {
                    let kind = match variant.as_str() {
                        "number" => "number",
                        "obscured" => "password",
                        _ => "text",
                    };
                    view! { <input id=input_id.clone() aria-label=aria aria-describedby=input.describedby() aria-invalid=input.invalid() type=kind dir="auto" use:bind_value=value on:input=on_input /> }.into_any()
                };
                view! {
                    <div class="a2ui-field">
                        <label for=input_id dir="auto">{text}</label>
                        {control}
                        {description.map(|d| view! { <span class="a2ui-note" dir="auto">{d}</span> })}
                    </div>
                }
                .into_any()
            }
            Kind::CheckBox {
                label: text,
                binding,
                ..
            } => {
                let (input, value) = (input.as_ref().expect(STATE), value.expect(STATE));
                let input_id = dom_id();
                let aria = fallback_name(&text, &label, "checkbox");
                view! {
                    <div class="a2ui-check">
                        <input
                            id=input_id.clone()
                            aria-label=aria
                            aria-describedby=input.describedby()
                            aria-invalid=input.invalid()
                            type="checkbox"
                            use:bind_value=value
                            on:change=move |ev| {
                                if let Some(b) = binding.clone() {
                                    h.edit.run((b, Value::Bool(event_target_checked(&ev))));
                                }
                            }
                        />
                        <label for=input_id dir="auto">{text}</label>
                    </div>
                }
                .into_any()
            }
            Kind::ChoicePicker(choices) => choice_view(
                choices,
                label,
                value.expect(STATE),
                input.as_ref().expect(STATE),
                h,
            ),
            Kind::Slider {
                label: text,
                min,
                max,
                binding,
                ..
            } => {
                let (input, value) = (input.as_ref().expect(STATE), value.expect(STATE));
                let input_id = dom_id();
                let shown = value.clone();
                view! {
                    <div class="a2ui-field">
                        <label for=input_id.clone() dir="auto">{text.or(label).unwrap_or_else(|| "Value".into())}</label>
                        <input
                            id=input_id
                            type="range"
                            min=min
                            max=max
                            step="any"
                            aria-describedby=input.describedby()
                            use:bind_value=value.clone()
                            on:input=move |ev| {
                                let v: f64 = event_target_value(&ev).parse().unwrap_or(min);
                                value.set(Val::Num(v));
                                if let Some(b) = binding.clone() {
                                    h.edit.run((b, serde_json::json!(v)));
                                }
                            }
                        />
                        <output>{move || tracked(&shown).with(|v| match v { Val::Num(n) => n.to_string(), _ => String::new() })}</output>
                    </div>
                }
                .into_any()
            }
            Kind::DateTimeInput {
                label: text,
                enable_date,
                enable_time,
                min,
                max,
                binding,
                ..
            } => {
                let (input, value) = (input.as_ref().expect(STATE), value.expect(STATE));
                let input_id = dom_id();
                let zone = value.clone();
                let written = value.clone();
                let kind = match (enable_date, enable_time) {
                    (true, true) => "datetime-local",
                    (false, true) => "time",
                    _ => "date",
                };
                view! {
                    <div class="a2ui-field">
                        <label for=input_id.clone() dir="auto">{text.or(label).unwrap_or_else(|| "Date".into())}</label>
                        <input
                            id=input_id
                            type=kind
                            min=min
                            max=max
                            aria-describedby=input.describedby()
                            aria-invalid=input.invalid()
                            use:bind_value=value
                            on:input=move |ev| {
                                if let Some(b) = binding.clone() {
                                    let edited = event_target_value(&ev);
                                    let v = written.with_untracked(|w| match w {
                                        Val::Zoned { zone, seconds, .. } => dates::rezone(&edited, zone, *seconds),
                                        _ => edited,
                                    });
                                    h.edit.run((b, Value::String(v)));
                                }
                            }
                        />
                        {move || tracked(&zone).with(|z| match z {
                            Val::Zoned { zone, .. } => Some(view! { <span class="a2ui-zone" data-testid="a2ui-zone">{dates::zone_name(zone)}</span> }),
                            _ => None,
                        })}
                    </div>
                }
                .into_any()
            }
            Kind::Placeholder { reason, name } => {
                let text = placeholder_text(reason, &id, name.as_deref(), options().renderer);
                view! { <span class="a2ui-placeholder" role="note" data-testid="a2ui-placeholder">{text}</span> }.into_any()
            }
        };
        let view = match binding {
            Some(binding) => input.expect(STATE).wrap(view, binding, h),
            None => view,
        };
        match fault_note {
            Some(note) => view! { {view}{note} }.into_any(),
            None => view,
        }
    }

    fn tabs_view(&self, titles: Vec<String>, h: Handlers, label: Option<String>) -> AnyView {
        let active = RwSignal::new(0usize);
        let n = titles.len();
        // Each tab and its panel name each other: one pair of ids per tab.
        let ids: Vec<(String, String)> = (0..n).map(|_| (dom_id(), dom_id())).collect();
        let buttons = titles
            .into_iter()
            .enumerate()
            .map(|(i, title)| {
                let (tab_id, panel_id) = ids[i].clone();
                view! {
                    <button
                        type="button"
                        role="tab"
                        id=tab_id
                        aria-controls=panel_id
                        aria-selected=move || (active.get() == i).to_string()
                        tabindex=move || if active.get() == i { "0" } else { "-1" }
                        on:click=move |_| active.set(i)
                        on:keydown=move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
                            "ArrowRight" => active.set((i + 1) % n),
                            "ArrowLeft" => active.set((i + n - 1) % n),
                            _ => {}
                        }
                        dir="auto"
                    >
                        {title}
                    </button>
                }
            })
            .collect_view();
        let panels = (0..n)
            .map(|i| {
                let (tab_id, panel_id) = ids[i].clone();
                view! {
                    <div role="tabpanel" id=panel_id aria-labelledby=tab_id hidden=move || active.get() != i>
                        {self.kid(i, h)}
                    </div>
                }
            })
            .collect_view();
        view! {
            <div class="a2ui-tabs">
                <div role="tablist" aria-label=label>{buttons}</div>
                {panels}
            </div>
        }
        .into_any()
    }

    /// A Modal: its trigger, drawn once, opens a `<dialog>` as a real modal (`showModal`:
    /// the rest of the page is inert behind it). Focus moves into it, Escape or its Close
    /// button closes it, and focus goes back to the trigger. It is named by the agent's
    /// accessibility label, or else by the trigger's text.
    fn modal_view(&self, h: Handlers, label: Option<String>) -> AnyView {
        let dialog = NodeRef::<leptos::html::Dialog>::new();
        let trigger = NodeRef::<leptos::html::Div>::new();
        let trigger_id = dom_id();
        let labelled = label.is_none().then(|| trigger_id.clone());
        // A trigger that is not itself a control (a Text, an Image) is made one, so the
        // dialog can be opened from the keyboard and focus has somewhere to come back to.
        let kids = self.kids.clone();
        let plain = Signal::derive(move || {
            kids.as_ref()
                .is_some_and(|k| tracked(k).with(|k| k.first().is_some_and(|l| !l.focusable)))
        });
        let open = move || {
            let Some(d) = dialog.get_untracked() else {
                return;
            };
            if d.open() || d.show_modal().is_err() {
                return;
            }
            let first = d
                .query_selector("button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex='-1'])")
                .ok()
                .flatten();
            if let Some(f) = first.and_then(|f| f.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = f.focus();
            }
        };
        let back = move || {
            let Some(t) = trigger.get_untracked() else {
                return;
            };
            let target: Option<web_sys::HtmlElement> = if t.has_attribute("tabindex") {
                Some(t.unchecked_into())
            } else {
                t.query_selector("button, input, textarea, select")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into().ok())
            };
            if let Some(target) = target {
                let _ = target.focus();
            }
        };
        // Focus goes back at once: the `close` event comes a task later, and a browser that
        // restores focus itself sends it to whatever had it before (often the page's body).
        let close = move || {
            if let Some(d) = dialog.get_untracked() {
                d.close();
            }
            back();
        };
        view! {
            <div class="a2ui-modal-wrap">
                <div
                    class="a2ui-modal-trigger"
                    id=trigger_id
                    node_ref=trigger
                    role=move || plain.get().then_some("button")
                    tabindex=move || plain.get().then_some("0")
                    aria-haspopup="dialog"
                    on:click=move |_| open()
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                        if plain.get_untracked() && matches!(ev.key().as_str(), "Enter" | " ") {
                            ev.prevent_default();
                            open();
                        }
                    }
                >
                    {self.kid(0, h)}
                </div>
                <dialog
                    class="a2ui-modal"
                    node_ref=dialog
                    aria-label=label
                    aria-labelledby=labelled
                    data-testid="a2ui-modal"
                    on:close=move |_| back()
                    on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                        // The browser closes a modal dialog on Escape by itself; doing it here
                        // too covers a dialog that did not open modally and keeps the key
                        // from reaching the page behind.
                        if ev.key() == "Escape" {
                            ev.prevent_default();
                            ev.stop_propagation();
                            close();
                        }
                    }
                >
                    {self.kid(1, h)}
                    <button type="button" class="a2ui-button a2ui-modal-close" on:click=move |_| close()>"Close"</button>
                </dialog>
            </div>
        }
        .into_any()
    }
}

/// The reactive parts around an input: its check messages and the agent's proposal, shown
/// under it and named by the control's `aria-describedby`.
///
/// Check messages wait for the person: they are shown (and the control marked invalid) once
/// focus has left the input ([`State::touched`]) or a submit was tried ([`LiveTree::tried`]),
/// not while an empty form is first read. A Button its checks disable says why at once.
struct Input {
    described: String,
    errors: ArcRwSignal<Vec<String>>,
    proposal: ArcRwSignal<Option<String>>,
    touched: ArcRwSignal<bool>,
    tried: TriedHere,
}

impl Input {
    /// The check messages the person is shown now.
    fn shown_errors(&self) -> impl Fn() -> Vec<String> + Clone + Send + Sync + 'static {
        let (errors, touched, tried) = (
            self.errors.clone(),
            self.touched.clone(),
            self.tried.clone(),
        );
        move || {
            if tracked(&touched).get() || tried.get() {
                tracked(&errors).get()
            } else {
                Vec::new()
            }
        }
    }

    fn describedby(&self) -> impl Fn() -> Option<String> + Send + Sync + 'static {
        let (errors, proposal, id) = (
            self.shown_errors(),
            self.proposal.clone(),
            self.described.clone(),
        );
        move || {
            (!errors().is_empty() || tracked(&proposal).with(Option::is_some)).then(|| id.clone())
        }
    }

    fn invalid(&self) -> impl Fn() -> Option<&'static str> + Send + Sync + 'static {
        let errors = self.shown_errors();
        move || (!errors().is_empty()).then_some("true")
    }

    fn wrap(self, control: AnyView, binding: Option<String>, h: Handlers) -> AnyView {
        let invalid = self.invalid();
        let errors = self.shown_errors();
        let Input {
            described,
            proposal,
            touched,
            tried,
            ..
        } = self;
        // Touched when focus leaves the input for somewhere outside it (moving between a
        // ChoicePicker's own options is not leaving it).
        let on_focusout = move |ev: leptos::ev::FocusEvent| {
            let wrap = ev
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            let to = ev
                .related_target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok());
            let within = wrap.is_some_and(|w| to.is_some_and(|to| w.contains(Some(&to))));
            if !within && !touched.get_untracked() {
                touched.set(true);
            }
        };
        // Enter in a one-line field is how a form is submitted: the person tried.
        let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
            let one_line = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .is_some_and(|i| !matches!(i.type_().as_str(), "checkbox" | "radio" | "range"));
            // Enter that ends an input method's composition (Chinese, Japanese) picks a
            // word; it submits nothing.
            let composing = ev.is_composing() || ev.key_code() == 229;
            if ev.key() == "Enter" && one_line && !composing && !tried.is_on() {
                tried.set();
            }
        };
        view! {
            <div class="a2ui-input" data-invalid=invalid on:focusout=on_focusout on:keydown=on_keydown>
                {control}
                {move || extras(errors(), tracked(&proposal).get(), binding.clone(), h, described.clone())}
            </div>
        }
        .into_any()
    }
}

/// Check messages and the agent's proposal under an input, in the element `id` names.
fn extras(
    errors: Vec<String>,
    proposal: Option<String>,
    binding: Option<String>,
    h: Handlers,
    id: String,
) -> Option<AnyView> {
    if errors.is_empty() && proposal.is_none() {
        return None;
    }
    let proposal = proposal.zip(binding).map(|(agent, pointer)| {
        let (p1, p2) = (pointer.clone(), pointer);
        view! {
            <p class="a2ui-proposal" data-testid="a2ui-proposal">
                "The agent has since proposed: " <bdi>{agent}</bdi> " "
                <button type="button" data-testid="a2ui-accept" on:click=move |_| h.accept.run(p1.clone())>"Use the agent's value"</button>
                " "
                <button type="button" data-testid="a2ui-keep" on:click=move |_| h.keep.run(p2.clone())>"Keep mine"</button>
            </p>
        }
    });
    Some(
        view! {
            <div id=id class="a2ui-extras">
                {(!errors.is_empty()).then(|| view! {
                    <ul class="a2ui-errors" data-testid="a2ui-errors">
                        {errors.into_iter().map(|e| view! { <li dir="auto">{e}</li> }).collect_view()}
                    </ul>
                })}
                {proposal}
            </div>
        }
        .into_any(),
    )
}

/// Sets a control's value from `value` when it is drawn and whenever `value` changes, and
/// only when it differs from what the control shows: setting an equal value would still
/// move the caret. (Leptos's `prop:value` waits for a microtask; this is immediate, so a
/// `mountSurface` update is on the page when `update()` returns.)
fn bind_value(el: web_sys::Element, value: ArcRwSignal<Val>) {
    let el = SendWrapper::new(el);
    ImmediateEffect::new_scoped(move || tracked(&value).with(|v| set_control(&el, v)));
}

fn set_control(el: &web_sys::Element, v: &Val) {
    if let Some(t) = el.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        if let Val::Text(s) = v {
            if t.value() != *s {
                t.set_value(s);
            }
        }
        return;
    }
    let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() else {
        return;
    };
    match v {
        Val::Text(s) | Val::Zoned { local: s, .. } if i.value() != *s => i.set_value(s),
        Val::Bool(b) if i.checked() != *b => i.set_checked(*b),
        Val::Num(n) if i.value_as_number() != *n => i.set_value(&n.to_string()),
        _ => {}
    }
}

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// A fresh DOM id for label/control association: never derived from agent text.
fn dom_id() -> String {
    format!("a2ui-{}", NEXT_ID.fetch_add(1, Ordering::Relaxed))
}

/// An Icon, drawn as SVG of ours: the agent's own `svgPath` when it passes the core's check,
/// else the built-in path for a catalog name ([`icons`]); never a glyph that needs an emoji
/// font. A name the catalog does not list draws a neutral dashed frame named by that name,
/// so it still says what the agent meant.
fn icon_view(name: Option<String>, svg_path: Option<String>, label: Option<String>) -> AnyView {
    let built_in = name.as_deref().and_then(icons::path);
    let aria = label
        .filter(|l| !l.trim().is_empty())
        .or(name)
        .unwrap_or_else(|| "icon".into());
    match svg_path
        .filter(|d| svg_path_ok(d))
        .or_else(|| built_in.map(str::to_string))
    {
        Some(d) => view! {
            <svg class="a2ui-icon" viewBox="0 0 24 24" role="img" aria-label=aria><path d=d></path></svg>
        }
        .into_any(),
        None => view! {
            <svg class="a2ui-icon a2ui-icon-unknown" viewBox="0 0 24 24" role="img" aria-label=aria data-testid="a2ui-icon-unknown">
                <rect x="4" y="4" width="16" height="16" rx="3"></rect>
            </svg>
        }
        .into_any(),
    }
}

/// An accessible name for a control whose visible label is blank: the agent's accessibility
/// label, or words of ours saying what the control is.
fn fallback_name(visible: &str, a11y: &Option<String>, what: &str) -> Option<String> {
    if !visible.trim().is_empty() {
        return None;
    }
    Some(
        a11y.clone()
            .filter(|l| !l.trim().is_empty())
            .unwrap_or_else(|| format!("Unlabelled {what}")),
    )
}

/// Which media a box stands for: an Image with its `variant` and `fit` (the catalog's words).
#[derive(Clone, Copy)]
enum Media {
    Image(&'static str, &'static str),
    Video,
    Audio,
}

/// A media box: a frame the size the agent's variant asks for (an avatar's circle, a
/// header's band, a video's 16:9), holding the media when the page allows its host and a
/// neutral picture of its kind otherwise; under it the description and the URL as text, and a
/// link only a person's click follows.
fn media_box(kind: Media, url: Option<String>, description: Option<String>) -> AnyView {
    let o = options();
    let loaded = url.clone().filter(|u| o.loadable(u));
    let shown = loaded.is_some();
    let (name, class, glyph) = match kind {
        Media::Image(variant, _) => (
            "Image",
            format!("a2ui-media a2ui-media-image a2ui-media-{variant}"),
            "photo",
        ),
        Media::Video => ("Video", "a2ui-media a2ui-media-video".to_string(), "play"),
        Media::Audio => (
            "Audio",
            "a2ui-media a2ui-media-audio".to_string(),
            "volumeUp",
        ),
    };
    let inside = match (loaded, kind) {
        (Some(u), Media::Image(_, fit)) => view! { <img class=format!("a2ui-media-loaded a2ui-fit-{fit}") src=u alt=description.clone().unwrap_or_default() loading="lazy" referrerpolicy="no-referrer" /> }.into_any(),
        (Some(u), Media::Video) => view! { <video class="a2ui-media-loaded" src=u controls preload="none"></video> }.into_any(),
        (Some(u), Media::Audio) => view! { <audio class="a2ui-media-loaded" src=u controls preload="none"></audio> }.into_any(),
        (None, _) => view! {
            <svg class="a2ui-icon a2ui-media-glyph" viewBox="0 0 24 24" aria-hidden="true"><path d=icons::path(glyph).unwrap_or_default()></path></svg>
        }
        .into_any(),
    };
    let note = if o.renderer == "console" {
        "Not loaded: this console loads no media from agents."
    } else {
        "Not loaded: this page loads media only from hosts it names."
    };
    view! {
        <figure class=class data-testid="a2ui-media">
            <div class="a2ui-media-frame" data-loaded=if shown { "true" } else { "false" }>{inside}</div>
            <figcaption class="a2ui-media-caption">
                <span class="a2ui-media-kind">{name}</span>
                {description.map(|d| view! { " " <bdi>{d}</bdi> })}
                {url.map(|u| {
                    let linkable = u.starts_with("https://");
                    view! {
                        <code class="a2ui-url">{u.clone()}</code>
                        {linkable.then(|| view! {
                            <a class="a2ui-link" href=u target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">"Open in a new tab"</a>
                        })}
                    }
                })}
                {(!shown).then(|| view! { <span class="a2ui-note">{note}</span> })}
            </figcaption>
        </figure>
    }
    .into_any()
}

/// A ChoicePicker; `fallback` names it when it has no label of its own.
fn choice_view(
    choices: Choices,
    fallback: Option<String>,
    value: ArcRwSignal<Val>,
    input: &Input,
    h: Handlers,
) -> AnyView {
    let Choices {
        label,
        options,
        multiple,
        chips,
        filterable,
        binding,
        ..
    } = choices;
    let label = label.or(fallback);
    let filter = RwSignal::new(String::new());
    let group = dom_id();
    let kind = if multiple { "checkbox" } else { "radio" };
    let items = options
        .into_iter()
        .map(|(text, option)| {
            let input_id = dom_id();
            let lower = text.to_lowercase();
            let binding = binding.clone();
            let (shown, chosen) = (value.clone(), value.clone());
            let v = option.clone();
            view! {
                <div class="a2ui-choice" hidden=move || !lower.contains(&filter.get().to_lowercase())>
                    <input
                        id=input_id.clone()
                        type=kind
                        name=group.clone()
                        prop:checked=move || tracked(&shown).with(|s| matches!(s, Val::Chosen(c) if c.contains(&v)))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            let mut c = match chosen.get_untracked() {
                                Val::Chosen(c) => c,
                                _ => Vec::new(),
                            };
                            if !multiple {
                                c.clear();
                            }
                            c.retain(|x| x != &option);
                            if on {
                                c.push(option.clone());
                            }
                            chosen.set(Val::Chosen(c.clone()));
                            if let Some(b) = binding.clone() {
                                h.edit.run((b, serde_json::json!(c)));
                            }
                        }
                    />
                    <label for=input_id dir="auto">{text}</label>
                </div>
            }
        })
        .collect_view();
    let filter_id = dom_id();
    view! {
        <fieldset class=if chips { "a2ui-choices a2ui-chips" } else { "a2ui-choices" } aria-describedby=input.describedby()>
            <legend dir="auto">{label.unwrap_or_else(|| "Choose".into())}</legend>
            {filterable.then(|| view! {
                <label for=filter_id.clone() class="a2ui-filter-label">"Filter"</label>
                <input id=filter_id type="search" on:input=move |ev| filter.set(event_target_value(&ev)) />
            })}
            {items}
        </fieldset>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_try_sets_every_flag_handed_out_and_each_handed_out_after() {
        let tried = Tried::default();
        let before: Vec<_> = (0..3).map(|_| TriedHere::new(&tried)).collect();
        assert!(before.iter().all(|t| !t.flag.get_untracked()));
        before[1].set();
        assert!(before.iter().all(|t| t.flag.get_untracked() && t.is_on()));
        assert!(TriedHere::new(&tried).flag.get_untracked());
        // Set once: nothing is kept to set again.
        assert!(tried.flags().list.is_empty());
    }

    #[test]
    fn dropped_flags_are_not_kept() {
        let tried = Tried::default();
        let kept: Vec<_> = (0..10).map(|_| TriedHere::new(&tried)).collect();
        for _ in 0..10_000 {
            drop(TriedHere::new(&tried));
        }
        // At most twice the live flags since the last sweep, and never below the floor.
        assert!(
            tried.flags().list.len() <= 64,
            "{}",
            tried.flags().list.len()
        );
        tried.set();
        assert!(kept.iter().all(|t| t.flag.get_untracked()));
    }
}
