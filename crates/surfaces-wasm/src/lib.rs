//! The npm package `agent-surfaces`: a thin camelCase binding over `surfaces-core`.
//!
//! Reports cross into JavaScript as plain objects and arrays (never `Map`s), with `null` for
//! absent values, matching the TypeScript types declared below. Bad data never throws; only
//! misuse of the API does (a `fetchedFrom` that is not an http(s) URL, unknown limit names).
//!
//! Two builds: with the `ui` feature (the default) the package adds `mountSurface`, which
//! mounts the one renderer (`surfaces-render`); without it, it holds no DOM code and no Leptos.

mod a2ui;
mod card;
#[cfg(feature = "ui")]
mod mount;
mod task;

use serde::Serialize;
use surfaces_core::latin1::{Latin1Room, Latin1Text};
use surfaces_core::utf16::{Utf16Room, Utf16Text};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub use a2ui::SurfaceStore;
pub use card::{check_card, ui_links_uri};
#[cfg(feature = "ui")]
pub use mount::{mount_surface, MountedSurface};
pub use task::A2aTask;

/// Every URL the core reads goes through the host's `URL` (surfaces-host), so the package
/// carries no URL parser or IDNA tables of its own. Called by each constructor of state that
/// parses URLs (a store, a task) and by `checkCard`: a store's methods come after its
/// constructor, so nothing parses before the parser is there.
pub(crate) fn host_url() {
    surfaces_host::install();
}

/// Serialises a report the way the `.d.ts` promises: plain objects, `null` for `None`.
/// What the package returns: plain objects built by `JSON.parse`, which makes every key an
/// own property. (Built key by key, a key `__proto__` would set the object's prototype: no
/// key an agent chose can do that here, wherever it comes from.)
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))?;
    js_sys::JSON::parse(&text)
        .map_err(|_| JsError::new("a report could not be handed to JavaScript"))
}

/// Plain JS data (an object, array, string…) as a `serde_json::Value`, through JSON text so
/// that what JS would serialise is exactly what the core sees.
pub(crate) fn from_js(v: &JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    let text = json_text(v, what)?;
    surfaces_core::json::read_value(&text).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

/// Plain JS data as the JSON text `JSON.stringify` makes of it.
pub(crate) fn json_text(v: &JsValue, what: &str) -> Result<String, JsError> {
    js_sys::JSON::stringify(v)
        .ok()
        .and_then(|t| text_of(&t))
        .ok_or_else(|| JsError::new(&format!("{what} cannot be turned into JSON")))
}

/// [`json_text`] left in JavaScript, for a caller that checks its length before copying it.
pub(crate) fn json_string(v: &JsValue, what: &str) -> Result<js_sys::JsString, JsError> {
    js_sys::JSON::stringify(v)
        .ok()
        .filter(|t| t.is_string())
        .ok_or_else(|| JsError::new(&format!("{what} cannot be turned into JSON")))
}

#[wasm_bindgen]
extern "C" {
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;

    /// An object of our own with no prototype, holding the host functions taken once
    /// ([`Host::new`]), each bound to what it acts on. Called through these typed imports,
    /// a call makes no `arguments` array and no result object to read by name, and its
    /// number crosses as it is: each call out of wasm counts in a call that folds one small
    /// envelope (a lone data value took 2.6 µs where it now takes 1.6, `bench/per-call.mjs`).
    type Held;
    /// The clock for `foldMs`: `performance.now` where there is one, else `Date.now`.
    #[wasm_bindgen(method, structural)]
    fn now(this: &Held) -> f64;
    /// [`Writer::NodeUtf8Write`].
    #[wasm_bindgen(method, structural, js_name = utf8Write)]
    fn utf8_write(
        this: &Held,
        memory: &js_sys::Uint8Array,
        s: &js_sys::JsString,
        offset: u32,
        length: u32,
    ) -> f64;
    /// [`latin1_of`]: Node's `Buffer#latin1Write`, bound as `utf8Write` is.
    #[wasm_bindgen(method, structural, js_name = latin1Write)]
    fn latin1_write(
        this: &Held,
        memory: &js_sys::Uint8Array,
        s: &js_sys::JsString,
        offset: u32,
        length: u32,
    ) -> f64;
    /// [`latin1_of`]: `RegExp#exec` of `/[^\x00-\xff]/` on `s`: `null` when it has no
    /// character past U+00FF.
    #[wasm_bindgen(method, structural, js_name = pastLatin1)]
    fn past_latin1(this: &Held, s: &js_sys::JsString) -> JsValue;
    /// [`Writer::EngineEncodeInto`].
    #[wasm_bindgen(method, structural, js_name = encodeInto)]
    fn encode_into(
        this: &Held,
        s: &js_sys::JsString,
        view: &js_sys::Uint8Array,
    ) -> EncodeIntoResult;
    /// `copy` of `src/units.wat` ([`Host::copy_units`]): the units `from` up to `to` of `s`
    /// written at `dst`, and how many, or -1; it throws (a wasm trap) for a store past the
    /// memory.
    #[wasm_bindgen(catch, method, structural, js_name = copyUnits)]
    fn copy_units_js(
        this: &Held,
        s: &js_sys::JsString,
        from: u32,
        to: u32,
        dst: u32,
    ) -> Result<f64, JsValue>;
    /// What the engine's `encodeInto` answers: a fresh object of two numbers, its own.
    type EncodeIntoResult;
    #[wasm_bindgen(method, structural, getter)]
    fn written(this: &EncodeIntoResult) -> f64;
}

/// The host functions the package calls for each text it folds, taken at its first use.
struct Host {
    held: Held,
    writer: Writer,
    /// Whether `held` has a clock.
    clock: bool,
    /// Node's `Buffer.from` and `Buffer.prototype.write`, where there are: they copy a
    /// string's UTF-16 units as the engine keeps them ([`units_of`]).
    buffer: Option<(JsValue, js_sys::Function, js_sys::Function)>,
    /// Whether `held` has `latin1Write` and `pastLatin1` ([`latin1_of`]), taken only where
    /// `utf8Write` is: a host whose `utf8Write` is not its own is not trusted with the bytes
    /// of a text either.
    latin1: bool,
    /// Node's `v8.serialize`, where there is one ([`Host::two_byte`]).
    serialize: Option<js_sys::Function>,
    /// `Buffer.prototype.write`'s name for UTF-16, made once.
    utf16le: JsValue,
    /// A view of the whole wasm memory for `utf8Write`, made again when the memory's buffer
    /// is not the one under it (after the memory grew).
    memory: std::cell::RefCell<Option<js_sys::Uint8Array>>,
    /// Where there is no `buffer` (browsers): how far `copyUnits` is ([`Host::copy_units`]).
    units_copy: std::cell::Cell<UnitsCopy>,
}

/// How a JS string's UTF-8 is written into wasm memory, and whether it is checked there.
///
/// The host is trusted with wasm memory (a page can write into it directly), so a writer
/// is taken as the host's own by its name and its source (`[native code]`): enough to tell
/// a polyfill or a wrapper, which is checked, not to stop a page bent on passing one off.
/// Agents are not trusted; their text is a JS string by then.
enum Writer {
    /// Node's own `Buffer.prototype.utf8Write` (`Function.prototype.call` bound to it,
    /// held as `utf8Write`). V8 writes well-formed UTF-8 (a lone surrogate as U+FFFD) and
    /// never part of a character; it answers with how many bytes it wrote as a number, and
    /// takes an offset, so it writes into one view of the whole memory, where `encodeInto`
    /// needs a view made for each call and answers with an object.
    NodeUtf8Write,
    /// The engine's own `encodeInto` (browsers; bound to its encoder, held as `encodeInto`):
    /// the Encoding Standard has it write well-formed UTF-8, a lone surrogate as U+FFFD (as
    /// WebIDL converts a USVString), and it throws for no string and no view of memory that
    /// is not shared.
    EngineEncodeInto,
    /// Another `encodeInto` (Node's own is JavaScript around its native encoder, so it
    /// cannot be told apart from a replacement), called as it was taken (one the page puts
    /// in its place later is never called), its output checked: by Node's `isUtf8`
    /// (simdutf, many times the speed of a check in wasm) past [`CHECKED_HERE`] bytes where
    /// there is one, else by `String::from_utf8`.
    Checked {
        js: TextEncoder,
        encode_into: Option<js_sys::Function>,
        is_utf8: Option<js_sys::Function>,
        /// The key `written` of `encodeInto`'s result, made once: made for each read, it
        /// was a string decoded from wasm memory, a tenth of a one-envelope call.
        written: JsValue,
    },
}

/// Starts compiling the module that copies a string's units ([`Host::copy_units`]) where the
/// host has no copy of its own (browsers), with the first store made, so that it is ready by
/// the time a page has fetched a text to fold: started by the first text that could use it,
/// it is ready only from the next task on, after that text. Compiled there and then instead
/// (`new WebAssembly.Module`), it made a cold page's first fold of the `scripts` workload
/// 4–10 ms slower (compiling, and a first run in the engine's baseline tier; in runs where
/// one build moves by 2–4 ms), for the 0.6 ms the copy saves each fold of it after.
pub(crate) fn start_units_copy() {
    HOST.with(|host| {
        if host.buffer.is_none() {
            host.start_units_copy();
        }
    });
}

/// How far [`Host::copy_units`] is.
#[derive(Clone, Copy)]
enum UnitsCopy {
    Unasked,
    Compiling,
    Ready,
    Unavailable,
}

/// Starts compiling `src/units.wat` ([`Host::copy_units`]); once compiled, it is given the
/// package's memory and its `copy` held as `copyUnits`. None when it could not be started.
fn compile_units_copy() -> Option<()> {
    let wasm = property(&js_sys::global(), "WebAssembly")?;
    let compile = function(property(&wasm, "compile")?)?;
    let instance_class = function(property(&wasm, "Instance")?)?;
    let set = |o: &JsValue, key: &str, v: &JsValue| {
        js_sys::Reflect::set(o, &JsValue::from_str(key), v).is_ok()
    };
    let options = js_sys::Object::new();
    let builtins: js_sys::Array = [JsValue::from_str("js-string")].iter().collect();
    set(&options, "builtins", &builtins).then_some(())?;
    let bytes = js_sys::Uint8Array::from(UNITS_WASM);
    let compiled = compile.call2(&wasm, &bytes, &options).ok()?;
    let then = function(property(&compiled, "then")?)?;
    // One callback for both outcomes (a module, or a reason it has none), so that neither
    // is left unfreed: a closure made to be called once is freed by its call.
    let settled = Closure::once_into_js(move |module: JsValue| {
        let copy = (|| {
            module.dyn_ref::<js_sys::WebAssembly::Module>()?;
            let package = js_sys::Object::new();
            let imports = js_sys::Object::new();
            (set(&package, "memory", &wasm_bindgen::memory())
                && set(&imports, "package", &package))
            .then_some(())?;
            let args: js_sys::Array = [&module, imports.as_ref()].into_iter().collect();
            let instance = js_sys::Reflect::construct(&instance_class, &args).ok()?;
            function(property(&property(&instance, "exports")?, "copy")?)
        })();
        HOST.with(|host| {
            let ready = copy.is_some_and(|f| set(&host.held, "copyUnits", &f));
            host.units_copy.set(if ready {
                UnitsCopy::Ready
            } else {
                UnitsCopy::Unavailable
            });
        });
    });
    then.call2(&compiled, &settled, &settled).ok().map(drop)
}

/// Whether `f` is the host's own function named `name`: a bound or wrapped function is
/// named otherwise ("bound encodeInto") or is not native code.
fn native(f: &js_sys::Function, name: &str) -> bool {
    f.name() == name && String::from(f.to_string()).contains("[native code]")
}

impl Host {
    fn new() -> Host {
        let held: Held = js_sys::Object::create(JsValue::NULL.unchecked_ref::<js_sys::Object>())
            .unchecked_into();
        // An own property of an object with no prototype: no setter of the page's runs.
        let hold = |key: &str, f: &js_sys::Function| {
            js_sys::Reflect::set(&held, &JsValue::from_str(key), f).is_ok()
        };
        let global = js_sys::global();
        let bound = |owner: &str, name: &str| {
            let owner = property(&global, owner)?;
            Some(property(&owner, name).and_then(function)?.bind0(&owner))
        };
        let clock = bound("performance", "now")
            .or_else(|| bound("Date", "now"))
            .is_some_and(|now| hold("now", &now));
        let buffer = node_buffer();
        // A `Buffer` method of the host's own, as a function of the buffer it writes to.
        let buffer_method = |name: &str| {
            let (buffer, ..) = buffer.as_ref()?;
            let f = function(property(&property(buffer, "prototype")?, name)?)?;
            native(&f, name).then_some(())?;
            Some(property(&f, "call").and_then(function)?.bind0(&f))
        };
        let utf8_write = buffer_method("utf8Write");
        let writer = if utf8_write.is_some_and(|w| hold("utf8Write", &w)) {
            Writer::NodeUtf8Write
        } else {
            let js = TextEncoder::new();
            let encode_into = property(&js, "encodeInto").and_then(function);
            match encode_into {
                Some(f) if native(&f, "encodeInto") && hold("encodeInto", &f.bind0(&js)) => {
                    Writer::EngineEncodeInto
                }
                encode_into => Writer::Checked {
                    js,
                    encode_into,
                    is_utf8: node_is_utf8(),
                    written: JsValue::from_str("written"),
                },
            }
        };
        let latin1 = matches!(writer, Writer::NodeUtf8Write)
            && buffer_method("latin1Write").is_some_and(|w| hold("latin1Write", &w))
            && past_latin1().is_some_and(|exec| hold("pastLatin1", &exec));
        Host {
            latin1,
            held,
            writer,
            clock,
            serialize: node_v8_serialize(),
            buffer,
            utf16le: JsValue::from_str("utf16le"),
            memory: std::cell::RefCell::new(None),
            units_copy: std::cell::Cell::new(UnitsCopy::Unasked),
        }
    }

    /// Whether `held` has `copyUnits`: `copy` of `src/units.wat` ([`units_of`]), which is
    /// compiled off the page's thread (`WebAssembly.compile`) from the first store made, or
    /// else the first text that could use it ([`start_units_copy`]). Until it is ready,
    /// texts go through the host's UTF-8 writer. Never ready where the engine has no JS
    /// String Builtins or no GC arrays: the module then fails to compile or to link (it
    /// imports the builtins by their names, which nothing else gives).
    fn copy_units(&self) -> bool {
        match self.units_copy.get() {
            UnitsCopy::Ready => true,
            UnitsCopy::Compiling | UnitsCopy::Unavailable => false,
            UnitsCopy::Unasked => {
                self.start_units_copy();
                false
            }
        }
    }

    /// [`units_of`] in a browser: `copyUnits` ([`Host::copy_units`]) writes the units into
    /// the room, a piece at a time.
    fn units_by_builtins(&self, s: &js_sys::JsString, len: u32) -> Option<Utf16Text> {
        let mut room = Utf16Room::new(len as usize);
        // Zeroed first: `copyUnits` is whatever `WebAssembly.Instance` made of the
        // module, and a page can put another function in its place (as the end-to-end
        // test does, to count its calls); one that answers without writing then leaves
        // zeros, which convert as any units do, never bytes no one wrote. It costs a
        // `memory.fill` of two bytes a unit.
        // SAFETY: the room has `2 * len` bytes at `units()` (`Utf16Room::units`).
        unsafe { room.units().write_bytes(0, 2 * len as usize) };
        let at = room.units() as usize as u32;
        // A piece at a time (`src/units.wat` says why): `copy` writes units `from` up
        // to `to` at its `dst` and answers with their count, or writes none and answers
        // -1 when the string has no such units; a store past the memory throws. Nothing
        // allocates in this memory meanwhile (its array is the engine's).
        const PIECE: u32 = 32_768;
        let mut from = 0;
        while from < len {
            let to = len.min(from + PIECE);
            let copied = self.held.copy_units_js(s, from, to, at + 2 * from).ok()?;
            if copied != f64::from(to - from) {
                return None;
            }
            from = to;
        }
        // SAFETY: every one of the room's `2 * len` bytes was written (zeroed above, and
        // then the units each answer says were copied over them).
        Some(unsafe { room.filled() })
    }

    fn start_units_copy(&self) {
        if let UnitsCopy::Unasked = self.units_copy.get() {
            self.units_copy.set(if compile_units_copy().is_some() {
                UnitsCopy::Compiling
            } else {
                UnitsCopy::Unavailable
            });
        }
    }

    /// Whether the engine keeps `s` (of `len` units) as UTF-16 rather than a byte a
    /// character. JavaScript cannot ask; the answer is a matter of speed only, so a wrong
    /// one costs time, never a wrong text. V8 keeps a slice of a string as the string is
    /// kept, and its serializer writes a string as it is kept: 64 units as about 64 bytes or
    /// about 128 (about a microsecond). A string with no character past U+00FF can be kept
    /// as UTF-16 (one cut or rebuilt from one that had such a character): a look at its
    /// characters cannot tell. Without the serializer, 32 characters are looked at, and a
    /// string is taken as UTF-16 when one of them is past U+00FF.
    fn two_byte(&self, s: &js_sys::JsString, len: u32) -> bool {
        const PROBE: u32 = 64;
        if let Some(serialize) = &self.serialize {
            let probe = s.slice(0, PROBE);
            let size = serialize
                .call1(&JsValue::UNDEFINED, &probe)
                .ok()
                .and_then(|bytes| property(&bytes, "length"))
                .and_then(|n| n.as_f64());
            if let Some(size) = size {
                return size > f64::from(PROBE + PROBE / 2);
            }
        }
        const SAMPLES: u32 = 32;
        let step = len / SAMPLES;
        (0..SAMPLES).any(|k| s.char_code_at(k * step + step / 2) > 255.0)
    }

    /// A view of the whole wasm memory as it is now.
    fn memory(&self) -> js_sys::Uint8Array {
        let bytes = memory_pages() << 16;
        let mut cached = self.memory.borrow_mut();
        match cached.as_ref() {
            // Growing the memory detaches the buffer under a view (its length is then 0),
            // and so can the host (`memory.grow(0)`) without a change in size.
            Some(view) if view.byte_length() as usize == bytes => view.clone(),
            _ => {
                let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
                let view = js_sys::Uint8Array::new(&memory.buffer());
                *cached = Some(view.clone());
                view
            }
        }
    }
}

/// The wasm memory's size in pages (outside wasm, where there is no memory to grow, 0).
fn memory_pages() -> usize {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0);
    #[cfg(not(target_arch = "wasm32"))]
    0
}

/// A monotonic clock for `foldMs` where there is one (browsers, Node), else the date, else
/// none (0).
pub(crate) fn now_ms() -> f64 {
    HOST.with(|host| if host.clock { host.held.now() } else { 0.0 })
}

/// `process.getBuiltinModule(name)`, where there is one (Node).
fn node_module(name: &str) -> Option<JsValue> {
    let process = property(&js_sys::global(), "process")?;
    function(property(&process, "getBuiltinModule")?)?
        .call1(&process, &JsValue::from_str(name))
        .ok()
}

fn node_buffer_module() -> Option<JsValue> {
    node_module("node:buffer")
}

/// Node's `v8.serialize`. Only how long its answer is counts ([`Host::two_byte`]), and
/// only for speed, so one a page put in its place can cost time but not change a text.
fn node_v8_serialize() -> Option<js_sys::Function> {
    function(property(&node_module("node:v8")?, "serialize")?)
}

fn property(o: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(o, &JsValue::from_str(key)).ok()
}

fn function(v: JsValue) -> Option<js_sys::Function> {
    v.dyn_into::<js_sys::Function>().ok()
}

/// Node's `Buffer`, with its `from` and its prototype's `write`, where there is one.
fn node_buffer() -> Option<(JsValue, js_sys::Function, js_sys::Function)> {
    let buffer = property(&node_buffer_module()?, "Buffer")?;
    let from = function(property(&buffer, "from")?)?;
    let write = function(property(&property(&buffer, "prototype")?, "write")?)?;
    Some((buffer, from, write))
}

/// The host's own `RegExp#exec` of `/[^\x00-\xff]/`, bound to it: `null` for a string
/// with no character past U+00FF ([`latin1_of`]). `exec` rather than `test`: `test` calls
/// whatever `exec` the pattern has when called, which a page or a polyfill can replace.
fn past_latin1() -> Option<js_sys::Function> {
    let pattern = js_sys::RegExp::new("[^\\x00-\\xff]", "");
    let exec = function(property(&pattern, "exec")?)?;
    native(&exec, "exec").then(|| exec.bind0(&pattern))
}

/// The fewest UTF-16 units in a string that [`units_of`] and [`latin1_of`] copy: below
/// this, the look at how the engine keeps the string costs more than the copy can save.
const COPIED_FROM: u32 = 1024;

/// A JS string of [`COPIED_FROM`] characters or more, none past U+00FF, in Node: its bytes
/// as `Buffer#latin1Write` copies them, for the core to convert ([`Latin1Text`]; a fold's
/// text is then searched for no bidi control, as it can hold none). Node's `utf8Write` writes such a string a
/// character at a time from its first character past ASCII on: 0.25 ms for the 617,695
/// units of `megabyte` (`bench/workloads.mjs`) with one "é" at its start, 0.025 ms
/// without it, where `latin1Write` takes 0.008. Whether a character is past U+00FF is
/// asked of the host's own `RegExp#exec` ([`past_latin1`]), which answers for any string,
/// however the engine keeps it. V8 answers at once (0.15 µs for 617 KB) for a string it
/// keeps a byte a character, as it keeps most that reach here: a fold's text kept as
/// UTF-16 went to [`units_of`] first. One kept as UTF-16 that still reaches here (a card or
/// an A2A text, which go nowhere else first, or a fold's text where 32 characters were
/// sampled and none was past U+00FF) is searched up to its first character past U+00FF: at
/// most one pass over it, before `utf8Write` writes it as before.
pub(crate) fn latin1_of(s: &js_sys::JsString, len: u32) -> Option<Latin1Text> {
    if len < COPIED_FROM {
        return None;
    }
    HOST.with(|host| {
        if !host.latin1 || !host.held.past_latin1(s).is_null() {
            return None;
        }
        let mut room = Latin1Room::new(len as usize);
        let at = room.bytes() as usize as u32;
        // Made after the allocation, which may have grown the memory.
        let memory = host.memory();
        let written = host.held.latin1_write(&memory, s, at, len);
        // SAFETY: `latin1Write` wrote `written` bytes from the room's start, and that is
        // all of them: it returns how many bytes it wrote, one a character, and writes no
        // more than the length given, the room's. That is Node's own `latin1Write`, taken
        // when the module started ([`Host::new`]); the host is trusted with wasm memory
        // anyway ([`text_of`]).
        (written == f64::from(len)).then(|| unsafe { room.filled() })
    })
}

/// A JS string's UTF-16 units, copied as they are, when the host can copy them (Node's
/// `Buffer`; in browsers, the JS String Builtins through `src/units.wat`), the string has
/// at least 1,024 units and the engine keeps it as UTF-16 ([`Host::two_byte`]). V8 writes
/// such a string's UTF-8 a character at a time, even when
/// every character is ASCII: 0.72 ms for the 338,000 units of the `scripts` workload
/// (`bench/workloads.mjs`), 0.69 ms for the 1,252,906 ASCII units of `scripts-python`, where
/// this copy takes 0.03 and 0.05 ms and the core converts them in wasm
/// (`SurfaceStore::apply_utf16`, eight units at a time, a run of ASCII sixteen). A string
/// kept a byte a character (Latin-1) goes through [`text_of`], which in Node copies it as
/// its bytes ([`latin1_of`]). Browsers' `encodeInto`
/// writes a string kept as UTF-16 a character at a time too (1.0–1.4 ms for `scripts` in
/// Chromium); where the engine has the JS String Builtins (Chromium 130 on, Firefox 134 on),
/// `src/units.wat` copies its units in 0.2 ms. Where it has none, `encodeInto` it is (a
/// `charCodeAt` loop in JavaScript takes half of what `encodeInto` does, and the conversion
/// the rest). A shorter string goes through [`text_of`]: the look at how the
/// engine keeps it, about a microsecond, costs more than the copy can save there (when 32
/// characters were looked at from 128 units on, a lone 433-byte envelope took about 0.5 µs
/// more a call in `bench/per-call.mjs`).
///
/// Any units are good input to the conversion, so nothing the host writes is checked; the
/// host is trusted with wasm memory anyway (see [`text_of`]). The units go into the buffer
/// their UTF-8 is then written to ([`Utf16Room`]; not zeroed first, and at an even address),
/// so a text takes no more wasm memory than through `TextEncoder`. Little-endian, as wasm is.
pub(crate) fn units_of(s: &js_sys::JsString, len: u32) -> Option<Utf16Text> {
    if len < COPIED_FROM {
        return None;
    }
    HOST.with(|host| {
        let node = host.buffer.as_ref();
        if node.is_none() && !host.copy_units() || !host.two_byte(s, len) {
            return None;
        }
        let Some((buffer, from, write)) = node else {
            return host.units_by_builtins(s, len);
        };
        let mut room = Utf16Room::new(len as usize);
        let (units, bytes) = (room.units(), 2 * len as usize);
        let memory = wasm_bindgen::memory()
            .dyn_into::<js_sys::WebAssembly::Memory>()
            .ok()?
            .buffer();
        // Should wasm memory grow (and move) before the copy, `from` or `write` throws on
        // the old buffer, or writes less: then the string goes through `text_of`.
        let view = from
            .call3(
                buffer,
                &memory,
                &JsValue::from(units as usize as f64),
                &JsValue::from(bytes as f64),
            )
            .ok()?;
        let written = write
            .call3(&view, s, &JsValue::from(0), &host.utf16le)
            .ok()?
            .as_f64()?;
        // SAFETY: `write` wrote `written` bytes from the room's start, and that is all of
        // them: `Buffer#write` returns how many bytes it wrote, and writes no more than the
        // view, which is the room. That is Node's own `write`, taken when the module started
        // ([`Host::new`]); the host is trusted with wasm memory anyway ([`text_of`]).
        (written == bytes as f64).then(|| unsafe { room.filled() })
    })
}

/// Node's `isUtf8` (from `node:buffer`), where there is one.
fn node_is_utf8() -> Option<js_sys::Function> {
    function(property(&node_buffer_module()?, "isUtf8")?)
}

thread_local! {
    static HOST: Host = Host::new();
}

/// The most bytes of UTF-8 [`text_of`] checks in wasm where the host could check them:
/// below this, the call to `isUtf8` and the view it needs cost more than the check.
const CHECKED_HERE: usize = 256;

/// `src/units.wat`, assembled by build.rs ([`Host::copy_units`]).
static UNITS_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/units.wasm"));

/// A JS string as UTF-8, written by the host's own writer straight into our memory.
/// wasm-bindgen's own conversion copies ASCII one character at a time in JavaScript, which
/// was an eighth of a large fold's time.
///
/// Checking the UTF-8 in wasm was a third of a fold of text that is mostly not ASCII, so it
/// is checked there only when none of the host's own means applies ([`Writer`]).
/// wasm-bindgen's own string glue trusts whatever `TextEncoder` the page has; this trusts
/// the engine's own writers, and checks a replacement's (a polyfill, a wrapper).
pub(crate) fn text_of(v: &JsValue) -> Option<String> {
    let s = v.dyn_ref::<js_sys::JsString>()?;
    string_text(s, s.length())
}

/// [`text_of`] for a string whose length in UTF-16 units, `len`, is known: each call out
/// of wasm counts in a call that folds one small envelope.
pub(crate) fn string_text(s: &js_sys::JsString, len: u32) -> Option<String> {
    match latin1_of(s, len) {
        Some(text) => Some(text.into_utf8()),
        None => utf8_text(s, len),
    }
}

/// [`string_text`] by the host's UTF-8 writer, for a string [`latin1_of`] did not copy.
pub(crate) fn utf8_text(s: &js_sys::JsString, len: u32) -> Option<String> {
    if len == 0 {
        return Some(String::new());
    }
    // At most three bytes per UTF-16 unit (a surrogate pair is two units for four bytes).
    let capacity = (len as usize).saturating_mul(3);
    let mut buf: Vec<u8> = Vec::with_capacity(capacity);
    HOST.with(|host| {
        let written = match &host.writer {
            Writer::NodeUtf8Write => {
                // Made after the allocation, which may have grown the memory.
                let memory = host.memory();
                let at = buf.as_mut_ptr() as usize as u32;
                host.held.utf8_write(&memory, s, at, capacity as u32)
            }
            Writer::EngineEncodeInto => {
                // SAFETY: the view covers the allocation just made, and nothing allocates
                // (which could grow and move wasm memory) until encodeInto has returned.
                let view = unsafe { js_sys::Uint8Array::view_mut_raw(buf.as_mut_ptr(), capacity) };
                host.held.encode_into(s, &view).written()
            }
            Writer::Checked {
                js,
                encode_into,
                written,
                ..
            } => {
                // SAFETY: as above.
                let view = unsafe { js_sys::Uint8Array::view_mut_raw(buf.as_mut_ptr(), capacity) };
                let result = encode_into.as_ref()?.call2(js, s, &view).ok()?;
                // Read through Reflect: a result with no `written` is no text, never a
                // throw through wasm frames.
                js_sys::Reflect::get(&result, written).ok()?.as_f64()?
            }
        };
        // Each writes at most `capacity` bytes from the start of the buffer: a count it
        // cannot have written is no text.
        if !(0.0..=capacity as f64).contains(&written) {
            return None;
        }
        let written = written as usize;
        // SAFETY: the writer wrote `written` initialised bytes at the start of the buffer.
        unsafe { buf.set_len(written) };
        let known = match &host.writer {
            Writer::NodeUtf8Write | Writer::EngineEncodeInto => true,
            // A short text is checked in wasm in less time than a call out takes.
            Writer::Checked {
                is_utf8: Some(is_utf8),
                ..
            } if written > CHECKED_HERE => {
                // SAFETY: as above: a view of the bytes just written, and nothing
                // allocates until the call returns.
                let written = unsafe { js_sys::Uint8Array::view(&buf) };
                is_utf8
                    .call1(&JsValue::UNDEFINED, &written)
                    .is_ok_and(|r| r.as_bool() == Some(true))
            }
            Writer::Checked { .. } => false,
        };
        if known {
            // SAFETY: UTF-8, by the host's own writer or its check (see `Writer`).
            Some(unsafe { String::from_utf8_unchecked(buf) })
        } else {
            String::from_utf8(buf).ok()
        }
    })
}

/// A string argument, its type checked here. wasm-bindgen's own `&str` and `String` glue
/// takes whatever it is handed for a string: an object or a number from plain JavaScript (the
/// `.d.ts` forbids it, but nothing checks) is measured by its missing `length` and ends in
/// a write out of bounds of wasm memory. So every string parameter of the package is a
/// `JsValue` read through this, and a wrong type is the usage error it is.
pub(crate) fn string_arg(v: &JsValue, what: &str) -> Result<String, JsError> {
    v.as_string()
        .ok_or_else(|| JsError::new(&format!("{what} must be a string")))
}

/// An optional string argument: `undefined` and `null` are its absence.
pub(crate) fn optional_string_arg(v: &JsValue, what: &str) -> Result<Option<String>, JsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    string_arg(v, what).map(Some)
}

/// Reads an optional property of an options object: `undefined` when it is absent or
/// `null`. Options that are not an object, or a property that throws when read (a getter, a
/// proxy), are usage errors, not silently no options.
pub(crate) fn option(options: &Option<js_sys::Object>, key: &str) -> Result<JsValue, JsError> {
    let Some(o) = options.as_ref() else {
        return Ok(JsValue::UNDEFINED);
    };
    if !o.is_object() {
        return Err(JsError::new("options must be an object"));
    }
    let v = js_sys::Reflect::get(o, &JsValue::from_str(key))
        .map_err(|_| JsError::new(&format!("options.{key} could not be read")))?;
    Ok(if v.is_null() { JsValue::UNDEFINED } else { v })
}

/// An optional option read by `read`; a value it refuses is a usage error naming what the
/// option `wants`.
pub(crate) fn option_as<T>(
    options: &Option<js_sys::Object>,
    key: &str,
    read: impl FnOnce(&JsValue) -> Option<T>,
    wants: &str,
) -> Result<Option<T>, JsError> {
    // No options: asking `undefined` whether it is `undefined` is a call out of wasm.
    if options.is_none() {
        return Ok(None);
    }
    let v = option(options, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    read(&v)
        .map(Some)
        .ok_or_else(|| JsError::new(&format!("options.{key} must be {wants}")))
}

/// An optional string option; another type is a usage error.
pub(crate) fn option_string(
    options: &Option<js_sys::Object>,
    key: &str,
) -> Result<Option<String>, JsError> {
    option_as(options, key, JsValue::as_string, "a string")
}

/// An optional boolean option; another type is a usage error.
pub(crate) fn option_bool(
    options: &Option<js_sys::Object>,
    key: &str,
) -> Result<Option<bool>, JsError> {
    option_as(options, key, JsValue::as_bool, "true or false")
}
