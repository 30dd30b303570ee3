//! `mountSurface`: the one A2UI renderer (`surfaces-render`, the console's Leptos components)
//! mounted into an element a JavaScript app gives (React, Lit, plain DOM). Only glue lives
//! here: the options, the handlers that reach the store and the app's callbacks, and the
//! redraw. A redraw renders the surface again and patches the drawn tree, so only what
//! changed is touched; a person's edit and "Use the agent's value" redraw by themselves.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;
use std::task::{Context, Wake, Waker};

use any_spawner::{CustomExecutor, Executor, PinnedFuture, PinnedLocalFuture};
use leptos::mount::mount_to;
use leptos::prelude::*;
use leptos::tachys::view::any_view::AnyViewState;
use send_wrapper::SendWrapper;
use serde_json::Value;
use surfaces_core::a2ui;
use surfaces_render::{Handlers, LiveSurface, RenderOptions};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement};

use crate::a2ui::SurfaceStore;
use crate::{option, option_string, to_js};

/// A mounted surface's state, shared with the handlers of what it drew.
struct Mount {
    store: Rc<RefCell<a2ui::SurfaceStore>>,
    surface: String,
    element: Element,
    drawn: LiveSurface,
    on_action: Option<js_sys::Function>,
    on_edit: Option<js_sys::Function>,
    on_open_url: Option<js_sys::Function>,
}

impl Mount {
    /// Renders the surface again and patches what is drawn, then runs Leptos's effects now,
    /// so the page is up to date when this returns. The focused field keeps its focus and
    /// caret (elements are only moved when a Row, Column or List reorders its children; then
    /// both are given back).
    fn refresh(&self) {
        let focused = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element())
            .filter(|a| self.element.contains(Some(a)));
        let caret = focused.as_ref().and_then(caret_of);
        self.drawn.show(&self.store.borrow(), &self.surface);
        run_effects();
        if let Some(f) = focused.filter(|f| self.element.contains(Some(f))) {
            let doc = self.element.owner_document();
            if doc.and_then(|d| d.active_element()).as_ref() != Some(&f) {
                if let Some(h) = f.dyn_ref::<HtmlElement>() {
                    let _ = h.focus();
                }
                if let (Some((start, end)), Some(i)) = (caret, f.dyn_ref::<HtmlInputElement>()) {
                    let _ = i.set_selection_range(start, end);
                } else if let (Some((start, end)), Some(t)) =
                    (caret, f.dyn_ref::<web_sys::HtmlTextAreaElement>())
                {
                    let _ = t.set_selection_range(start, end);
                }
            }
        }
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

/// The handlers the renderer calls: they reach the store and the app's callbacks.
fn handlers(mount: &Rc<Mount>) -> Handlers {
    let m = SendWrapper::new(mount.clone());
    let (m1, m2, m3, m4, m5) = (m.clone(), m.clone(), m.clone(), m.clone(), m);
    Handlers {
        edit: Callback::new(move |(pointer, value): (String, Value)| {
            let edited = m1
                .store
                .borrow_mut()
                .edit(&m1.surface, &pointer, value.clone())
                .is_ok();
            if edited {
                // Checks are evaluated again: messages and buttons follow the person's input.
                m1.refresh();
                if let Some(f) = &m1.on_edit {
                    let _ = f.call2(
                        &JsValue::NULL,
                        &JsValue::from_str(&pointer),
                        &to_js(&value).unwrap_or(JsValue::NULL),
                    );
                }
            }
        }),
        click: Callback::new(move |(component, scope): (String, String)| {
            let ts = String::from(js_sys::Date::new_0().to_iso_string());
            let result = m2
                .store
                .borrow()
                .action_in(&m2.surface, &component, &scope, &ts);
            if let (Ok(msg), Some(f)) = (result, &m2.on_action) {
                let _ = f.call1(&JsValue::NULL, &to_js(&msg).unwrap_or(JsValue::NULL));
            }
        }),
        // The app asks the person and opens it; nothing is opened here.
        open: Callback::new(move |url: String| {
            if let Some(f) = &m3.on_open_url {
                let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&url));
            }
        }),
        accept: Callback::new(move |pointer: String| {
            let done = m4
                .store
                .borrow_mut()
                .accept_agent(&m4.surface, &pointer)
                .is_ok();
            if done {
                m4.refresh();
            }
        }),
        keep: Callback::new(move |pointer: String| {
            let done = m5
                .store
                .borrow_mut()
                .keep_mine(&m5.surface, &pointer)
                .is_ok();
            if done {
                m5.refresh();
            }
        }),
    }
}

/// A surface drawn into an element; re-draw it after applying envelopes.
#[wasm_bindgen(skip_typescript)]
pub struct MountedSurface {
    mount: Rc<Mount>,
    handle: RefCell<Option<SendWrapper<leptos::mount::UnmountHandle<AnyViewState>>>>,
}

#[wasm_bindgen]
impl MountedSurface {
    /// Draws the surface again from the store (call after `applyEnvelopes`). Only what
    /// changed is touched: everything else keeps its elements, focus and state.
    pub fn update(&self) {
        if self.handle.borrow().is_some() {
            self.mount.refresh();
        }
    }

    /// Removes what was drawn and its event handlers.
    pub fn unmount(&self) {
        let handle = self.handle.borrow_mut().take();
        drop(handle);
        self.mount.element.set_text_content(None);
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
    let surface = option_string(&options, "surfaceId")?
        .ok_or_else(|| JsError::new("mountSurface: options.surfaceId is required"))?;
    let function = |key: &str| -> Result<Option<js_sys::Function>, JsError> {
        let v = option(&options, key)?;
        if v.is_undefined() {
            return Ok(None);
        }
        v.dyn_into::<js_sys::Function>()
            .map(Some)
            .map_err(|_| JsError::new(&format!("mountSurface: options.{key} must be a function")))
    };
    let parent: HtmlElement = element
        .clone()
        .dyn_into()
        .map_err(|_| JsError::new("mountSurface: the element must be an HTML element"))?;
    let hosts = option(&options, "mediaHosts")?;
    let media_hosts: Vec<String> = if hosts.is_undefined() {
        Vec::new()
    } else {
        serde_json::from_value::<Vec<String>>(crate::from_js(&hosts, "mountSurface: mediaHosts")?)
            .map_err(|_| JsError::new("mountSurface: mediaHosts must be an array of host names"))?
            .into_iter()
            .map(|h| h.to_ascii_lowercase())
            .collect()
    };
    // Every option is read and checked before the store's locale changes: a call refused
    // for a bad option leaves the (possibly shared) store as it was.
    let on_open_url = function("onOpenUrl")?;
    let on_action = function("onAction")?;
    let on_edit = function("onEdit")?;
    if let Some(tag) = option_string(&options, "locale")? {
        store
            .inner
            .borrow_mut()
            .set_locale(&tag)
            .map_err(|e| JsError::new(&format!("mountSurface: {e}")))?;
    }
    let render_options = RenderOptions {
        renderer: "renderer",
        media_hosts: Arc::from(media_hosts),
        opens_urls: on_open_url.is_some(),
    };
    let mount = Rc::new(Mount {
        store: store.inner.clone(),
        surface,
        element: element.clone(),
        drawn: LiveSurface::new(2),
        on_action,
        on_edit,
        on_open_url,
    });
    // Leptos's effects run on an executor this package drains itself (see `run_effects`).
    let _ = Executor::init_local_custom_executor(Drain);
    element.set_text_content(None);
    let glue = SendWrapper::new(mount.clone());
    let drawn = mount.drawn.clone();
    let handle = mount_to(parent, move || {
        provide_context(render_options);
        drawn.view(handlers(&glue))
    });
    let mounted = MountedSurface {
        mount,
        handle: RefCell::new(Some(SendWrapper::new(handle))),
    };
    mounted.mount.refresh();
    Ok(mounted)
}

// Leptos runs its effects as tasks on an executor. wasm-bindgen-futures' would run them in a
// microtask, after `update()` has returned; this one queues them and runs them when asked, so
// `mountSurface` and `update()` return with the page drawn (and in a microtask otherwise, for
// changes of the renderer's own, like choosing a tab).

thread_local! {
    static TASKS: RefCell<HashMap<usize, PinnedLocalFuture<()>>> = RefCell::new(HashMap::new());
    static READY: RefCell<VecDeque<usize>> = const { RefCell::new(VecDeque::new()) };
    static NEXT_TASK: Cell<usize> = const { Cell::new(0) };
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
    static RUNNING: Cell<bool> = const { Cell::new(false) };
}

struct Drain;

struct TaskWaker(usize);

impl Wake for TaskWaker {
    fn wake(self: Arc<Self>) {
        READY.with_borrow_mut(|r| r.push_back(self.0));
        schedule();
    }
}

/// Runs the queue in a microtask, unless it is run before that.
fn schedule() {
    if SCHEDULED.replace(true) {
        return;
    }
    queue_microtask(&Closure::once_into_js(run_effects));
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_name = queueMicrotask)]
    fn queue_microtask(task: &JsValue);
}

fn spawn(task: PinnedLocalFuture<()>) {
    let id = NEXT_TASK.replace(NEXT_TASK.get() + 1);
    TASKS.with_borrow_mut(|t| t.insert(id, task));
    READY.with_borrow_mut(|r| r.push_back(id));
    schedule();
}

/// Polls every task that is ready until none is.
fn run_effects() {
    if RUNNING.replace(true) {
        return;
    }
    while let Some(id) = READY.with_borrow_mut(VecDeque::pop_front) {
        // Taken out while it runs, so that it may spawn or wake tasks.
        let Some(mut task) = TASKS.with_borrow_mut(|t| t.remove(&id)) else {
            continue;
        };
        let waker = Waker::from(Arc::new(TaskWaker(id)));
        if task
            .as_mut()
            .poll(&mut Context::from_waker(&waker))
            .is_pending()
        {
            TASKS.with_borrow_mut(|t| t.insert(id, task));
        }
    }
    SCHEDULED.set(false);
    RUNNING.set(false);
}

impl CustomExecutor for Drain {
    fn spawn(&self, fut: PinnedFuture<()>) {
        spawn(fut);
    }
    fn spawn_local(&self, fut: PinnedLocalFuture<()>) {
        spawn(fut);
    }
    fn poll_local(&self) {
        run_effects();
    }
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
  /** BCP 47 locale for numbers, currencies and plurals: sets the store's (its checks and actions use it too). */
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
 * Draws a surface of `store` into `element` with agent-surfaces' own safe renderer (the
 * console's components): agent strings become text nodes, media becomes text and a link
 * (loaded only from `mediaHosts`), and nothing is evaluated.
 */
export function mountSurface(element: Element, store: SurfaceStore, options: MountOptions): MountedSurface;
"#;
