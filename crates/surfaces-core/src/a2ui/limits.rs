use serde::{Deserialize, Serialize};

/// The most `depth` a render uses: the DOM renderer draws a level of the tree a level of
/// recursion deep, and in a browser's 1 MB wasm stack a chain of about 300 Rows trapped
/// and took the whole instance with it (red-team review). The npm package refuses a larger
/// `depth` (API misuse).
pub const MAX_RENDER_DEPTH: usize = 64;

/// Bounds on what an agent can make a renderer hold. Defaults are the existing console's;
/// each is configurable, and each has a test at the limit and one past it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "ts", tsify(rename = "A2uiLimits"))]
pub struct Limits {
    /// Envelopes processed per store (per task); later ones are ignored.
    pub envelopes: usize,
    /// Surfaces alive at once.
    pub surfaces: usize,
    /// Components per surface; also the children its components may place as their own,
    /// defined or not (each is another component, so no surface needs more).
    pub components: usize,
    /// Nesting depth rendered from `root`; deeper becomes a placeholder. At most
    /// [`MAX_RENDER_DEPTH`] (64): each level of a tree is a level of recursion for whoever
    /// draws it, so the npm package refuses more, and Rust renders no deeper.
    pub depth: usize,
    /// Nodes one render draws (template items and each ChoicePicker option included); past
    /// it, a placeholder.
    pub rendered_nodes: usize,
    /// Serialised size of a surface's data model (agent model, and person's edits).
    pub data_model_bytes: usize,
    /// Nesting depth of a surface's data model (the model object itself is 1); an update
    /// path has at most this many segments.
    pub data_model_depth: usize,
    /// Characters in any one string of a component.
    pub text_chars: usize,
    /// Options of a ChoicePicker.
    pub options: usize,
    /// Characters in a surface or component id.
    pub id_chars: usize,
    /// Bytes of a data path (a binding, a template, an update's path); it has at most
    /// `dataModelDepth` segments too.
    pub path_chars: usize,
    /// Serialised size of an action's resolved context.
    pub action_context_bytes: usize,
    /// Serialised size of one A2A part (or one text given to `apply_envelopes`).
    pub part_bytes: usize,
    /// JSON values in one envelope read from text. Past it the envelope is refused
    /// (`envelope-too-large`) before more of it is built: a value built costs far more
    /// memory than its text (a 7-byte `{"a":0}` is a map node of hundreds of bytes). Not
    /// counted: a well-formed `updateDataModel` whose value is kept unbuilt (one holding no
    /// bidirectional control and no refused key), which `dataModelBytes` bounds instead (a
    /// host that raises that limit lets a model build that much more when it is read); and
    /// an envelope a Rust caller gives as a `serde_json::Value` (`apply_envelope`,
    /// `apply_data`, `apply_part`), which it built itself. (The npm package reads objects
    /// as their JSON text, so counts them.)
    pub envelope_values: usize,
    /// Token bucket per surface, driven by caller-supplied timestamps: the burst size…
    pub update_burst: u32,
    /// …and how many updates per second refill it.
    pub updates_per_second: f64,
    /// Budget of one function evaluation: nesting depth…
    pub function_depth: usize,
    /// …function calls…
    pub function_steps: usize,
    /// …characters of output…
    pub function_output_chars: usize,
    /// …and work units (about a nanosecond each natively: characters scanned, regex size ×
    /// text length, lookups, output).
    pub function_work: u64,
    /// Work units of one whole pass: a render of a surface, or one click's checks and
    /// context. Past it, checks fail closed and values show nothing.
    pub render_work: u64,
    /// Bytes of text one render hands to a renderer (values, labels, check messages,
    /// options): what a DOM must lay out stays small whatever the data model repeats.
    pub render_bytes: usize,
    /// Findings a store keeps; past it they are counted, and the report ends with one
    /// `findings-truncated` finding.
    pub findings: usize,
    /// Hosts with `xn--` labels one part may name (a host written in Unicode counts by its
    /// punycode form; each at most 253 bytes, as a DNS name): each is decoded, read back by
    /// the URL parser and checked for look-alikes, tens of microseconds (the last 256 are
    /// kept, so a larger limit lets a part cost more). A URL naming one more is refused
    /// (`url-refused`) before its host is decoded; once a part has named this many, so is a URL whose host
    /// is written in Unicode or with percent escapes (telling which host it names would
    /// take the parser). Hosts written in Unicode or with percent escapes that the parser
    /// reads in one part are held to the same number, as written, whatever comes of them
    /// (one refused once mapped and encoded costs the parser as much). A part is one call
    /// that applies text, data or an envelope, or what is applied within
    /// `SurfaceStore::enter_part` (an A2A event, a chunk of a stream).
    pub idn_hosts: usize,
}

impl Limits {
    /// Limits read from JSON text, unknown names refused: for hosts that take them as JSON
    /// (the npm package), read here so that `serde_json`'s reader is the core's
    /// ([`crate::json`]).
    #[inline(never)]
    pub fn from_json(text: &str) -> Result<Limits, serde_json::Error> {
        serde_json::from_str(text)
    }

    pub fn budget(&self) -> super::catalog::functions::Budget {
        super::catalog::functions::Budget {
            depth: self.function_depth,
            steps: self.function_steps,
            output_chars: self.function_output_chars,
            work: self.function_work,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            envelopes: 2000,
            surfaces: 8,
            components: 200,
            depth: 20,
            rendered_nodes: 1000,
            data_model_bytes: 65536,
            data_model_depth: 32,
            text_chars: 5000,
            options: 50,
            id_chars: 128,
            path_chars: 512,
            action_context_bytes: 16384,
            part_bytes: 1024 * 1024,
            envelope_values: 32_768,
            update_burst: 200,
            updates_per_second: 50.0,
            function_depth: 5,
            function_steps: 256,
            function_output_chars: 10_000,
            function_work: super::catalog::functions::DEFAULT_EVALUATION_WORK,
            render_work: super::catalog::functions::DEFAULT_PASS_WORK,
            render_bytes: 256 * 1024,
            findings: 1000,
            idn_hosts: 256,
        }
    }
}
