//! One conversation with an agent as a person sees it: the person's and the agent's
//! messages (their text), the task's state and artifacts, and every A2UI part folded into
//! the task's surfaces, oldest first. It is fed the events [`super::wire`] reads, in the
//! order they arrive, from a send's answer, a stream, a `tasks/get` or a resubscribe; an
//! event seen twice (a task snapshot after a reconnect repeats its history) is folded once.
//! Everything is bounded: turns kept, artifacts, findings, and the bytes of what the agent
//! said (ids and names included; each id is at most [`super::wire::MAX_ID_BYTES`]).

use std::collections::BTreeSet;

use serde::Serialize;
use serde_json::{json, Value};

use super::read::DataText;
use super::wire::{Artifact, Event, Message, Outgoing, Part, Role, Status, TaskState};
use surfaces_core::a2ui::{ApplyContext, Limits, PartOutcome, SurfaceStore};
use surfaces_core::{Code, Finding};

/// Bounds of one task view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskLimits {
    /// Turns kept; older ones are dropped (their surfaces stay).
    pub turns: usize,
    pub artifacts: usize,
    /// Message ids remembered to fold a repeated message once (and no more than
    /// `kept_bytes` of them: they are kept apart from the turns, which may be dropped).
    pub seen_ids: usize,
    pub findings: usize,
    /// Bytes of text, data, ids and names kept over all turns and artifacts: past it, the
    /// oldest turns go, an artifact takes no more parts, and no new artifact is kept. (Each
    /// event is bounded by the stream's limits, but a stream of them is not: this bounds
    /// what a long conversation holds.)
    pub kept_bytes: usize,
}

impl Default for TaskLimits {
    fn default() -> Self {
        TaskLimits {
            turns: 200,
            artifacts: 64,
            seen_ids: 10_000,
            findings: 500,
            kept_bytes: 4 << 20,
        }
    }
}

/// What one part became in the view.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Shown {
    /// Agent or person text: for a text node, never markup.
    Text { text: String },
    /// An A2UI part, folded into the surfaces (this many envelopes read).
    Interface { envelopes: usize },
    /// A data part that is not A2UI, for showing as data: kept as its JSON text without the
    /// white space between tokens, so that what a task keeps is what `kept_bytes` counts;
    /// its values are built when it is serialized, one part at a time (an agent's at most
    /// `wire::MAX_VALUES`, checked when it was read).
    Data {
        media_type: Option<String>,
        data: DataText,
    },
    /// A file, by name and media type; its link is the agent's and is never loaded.
    File {
        name: Option<String>,
        media_type: Option<String>,
        uri: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Turn {
    pub role: Role,
    pub message_id: Option<String>,
    pub parts: Vec<Shown>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactView {
    pub artifact_id: String,
    pub name: Option<String>,
    pub parts: Vec<Shown>,
    /// Parts of it already folded (an artifact sent again is not folded twice): kept with
    /// it, so that a caller who changes `TaskView::artifacts` changes this with it.
    #[serde(skip)]
    pub(crate) folded: usize,
}

#[derive(Debug, Clone, Default)]
pub struct TaskView {
    pub task_id: Option<String>,
    pub context_id: Option<String>,
    pub state: Option<TaskState>,
    /// Oldest first.
    pub turns: Vec<Turn>,
    pub artifacts: Vec<ArtifactView>,
    /// Everything A2UI the agent sent, folded.
    pub surfaces: SurfaceStore,
    /// Added to by [`TaskView::finding`] only, which keeps at most `findings` of them
    /// (the first; [`TaskView::reported_findings`] says how many more there were).
    pub findings: Vec<Finding>,
    /// Findings past the `findings` limit, counted, not kept.
    pub findings_dropped: usize,
    /// Whether the agent's card advertises A2UI: without it, no part is drawn.
    pub advertised: bool,
    /// The stream being read has given its last event (or no stream was open).
    pub settled: bool,
    limits: TaskLimits,
    seen: BTreeSet<String>,
    /// Bytes of the ids in `seen`.
    seen_bytes: usize,
    dropped_turns: usize,
    /// Bytes kept now (`kept_bytes` bounds it).
    kept: usize,
    /// An artifact was refused a part: said once.
    artifact_full: bool,
    /// An artifact past the `artifacts` limit was refused: said once.
    artifacts_full: bool,
}

/// What a turn keeps, in bytes.
fn turn_size(turn: &Turn) -> usize {
    turn.message_id.as_ref().map_or(0, String::len) + kept_size(&turn.parts)
}

/// What an artifact keeps besides its parts, in bytes.
fn artifact_size(id: &str, name: Option<&String>) -> usize {
    id.len() + name.map_or(0, String::len)
}

/// What a shown part keeps, in bytes.
fn kept_size(parts: &[Shown]) -> usize {
    parts
        .iter()
        .map(|p| match p {
            Shown::Text { text } => text.len(),
            Shown::Interface { .. } => 8,
            Shown::Data { data, media_type } => {
                data.text().len() + media_type.as_ref().map_or(0, String::len)
            }
            Shown::File {
                name,
                media_type,
                uri,
            } => [name, media_type, uri]
                .iter()
                .map(|f| f.as_ref().map_or(0, String::len))
                .sum(),
        })
        .sum()
}

impl TaskView {
    pub fn new(advertised: bool, surface_limits: Limits, limits: TaskLimits) -> Self {
        TaskView {
            advertised,
            surfaces: SurfaceStore::new(surface_limits),
            limits,
            settled: true,
            ..TaskView::default()
        }
    }

    /// How many turns were dropped so far (the oldest go first): the number, counted from
    /// the conversation's first turn, of the first turn in [`TaskView::turns`]. Turns are
    /// never changed once pushed, so a caller may keep what it made of each by its number.
    pub fn turns_dropped(&self) -> usize {
        self.dropped_turns
    }

    /// Keeps a finding, while fewer than `findings` are kept; past that, counts it.
    pub fn finding(&mut self, f: Finding) {
        if self.findings.len() < self.limits.findings {
            self.findings.push(f);
        } else {
            self.findings_dropped = self.findings_dropped.saturating_add(1);
        }
    }

    /// The findings kept, and one more (`findings-truncated`) that counts those past the
    /// `findings` limit, as a store's report says it: what an agent's flood of findings
    /// pushed out is never silently gone.
    pub fn reported_findings(&self) -> Vec<Finding> {
        let mut out = self.findings.clone();
        if self.findings_dropped > 0 {
            out.push(Finding::new(
                Code::FindingsTruncated,
                "",
                format!(
                    "{} more findings of this task are not listed; the limit is {}.",
                    self.findings_dropped, self.limits.findings
                ),
            ));
        }
        out
    }

    fn push_turn(&mut self, turn: Turn) {
        self.kept += turn_size(&turn);
        self.turns.push(turn);
        self.drop_old_turns(0);
    }

    /// The oldest turns go while there are too many or they hold too much to leave `room`
    /// bytes (the newest stays: one event is bounded by the stream's limits).
    fn drop_old_turns(&mut self, room: usize) {
        while self.turns.len() > 1
            && (self.turns.len() > self.limits.turns || self.kept + room > self.limits.kept_bytes)
        {
            let old = self.turns.remove(0);
            self.kept -= turn_size(&old);
            self.dropped_turns += 1;
            if self.dropped_turns == 1 {
                let (turns, bytes) = (self.limits.turns, self.limits.kept_bytes);
                self.finding(Finding::new(
                    Code::A2aLimit,
                    "",
                    format!("Only the last {turns} turns, and {bytes} bytes of their text and data, are kept; older ones are dropped (their surfaces stay)."),
                ));
            }
        }
    }

    /// Whether a message was folded already; remembers it when not.
    fn seen_before(&mut self, id: Option<&str>) -> bool {
        let Some(id) = id else { return false };
        if self.seen.contains(id) {
            return true;
        }
        if self.seen.len() < self.limits.seen_ids
            && self.seen_bytes + id.len() <= self.limits.kept_bytes
        {
            self.seen_bytes += id.len();
            self.seen.insert(id.to_string());
        }
        false
    }

    /// What a part becomes. `fold`: an agent's A2UI part is folded into the surfaces; a
    /// person's (an action, an error report: client-to-server messages) never is.
    fn show(
        &mut self,
        index: usize,
        part: Part,
        context_id: Option<&str>,
        fold: bool,
    ) -> Option<Shown> {
        Some(match part {
            Part::Text { text } => Shown::Text { text },
            Part::File {
                name,
                media_type,
                uri,
            } => Shown::File {
                name,
                media_type,
                uri,
            },
            Part::Data {
                data,
                media_type,
                a2ui,
            } => {
                if fold && a2ui && self.advertised {
                    let ctx = ApplyContext {
                        context_id: context_id.map(str::to_string),
                        now_ms: None,
                    };
                    // `partBytes` bounds the data's text without white space between tokens,
                    // which is only taken out when the text is past it.
                    let unspaced = (data.text().len() > self.surfaces.limits.part_bytes)
                        .then(|| data.unspaced());
                    let text = unspaced.as_deref().unwrap_or(data.text());
                    let outcome = self.surfaces.apply_part_text(
                        media_type.as_deref(),
                        Some(text),
                        self.advertised,
                        &ctx,
                    );
                    if let PartOutcome::A2ui(n) = outcome {
                        return Some(Shown::Interface { envelopes: n });
                    }
                }
                // Checked once, with nothing built, to know it can be shown (its count of
                // values, its depth, its numbers).
                match data.shown() {
                    Ok(data) => Shown::Data { media_type, data },
                    Err(f) => {
                        // Made anew, so the message is held to its bound with what it adds.
                        self.finding(Finding::new(
                            f.code,
                            format!("/parts/{index}/data"),
                            format!("{} The part is not shown.", f.message),
                        ));
                        return None;
                    }
                }
            }
        })
    }

    fn message(&mut self, m: Message) {
        if self.seen_before(m.message_id.as_deref()) {
            return;
        }
        if m.role == Role::Agent && self.context_id.is_none() {
            self.context_id.clone_from(&m.context_id);
        }
        // A copy per message is bounded: the reader refuses ids past `MAX_ID_BYTES`.
        let ctx = m.context_id.or_else(|| self.context_id.clone());
        // A task's history holds the person's messages too (a `tasks/get` after a reload):
        // their A2UI parts are what was sent, not surfaces to draw.
        let fold = m.role == Role::Agent;
        let parts = m
            .parts
            .into_iter()
            .enumerate()
            .filter_map(|(i, p)| self.show(i, p, ctx.as_deref(), fold))
            .collect();
        self.push_turn(Turn {
            role: m.role,
            message_id: m.message_id,
            parts,
        });
    }

    fn artifact(&mut self, a: Artifact, append: bool) {
        let ctx = self.context_id.clone();
        let known = self
            .artifacts
            .iter()
            .position(|v| v.artifact_id == a.artifact_id);
        let i = match known {
            Some(i) => i,
            None => {
                if self.artifacts.len() == self.limits.artifacts {
                    if !std::mem::replace(&mut self.artifacts_full, true) {
                        let limit = self.limits.artifacts;
                        self.finding(Finding::new(
                            Code::A2aLimit,
                            "",
                            format!("More than {limit} artifacts; the rest are not read."),
                        ));
                    }
                    return;
                }
                // Artifacts are never dropped: old turns make room for one, as for a turn,
                // and one whose id and name still do not fit is not kept at all.
                let size = artifact_size(&a.artifact_id, a.name.as_ref());
                self.drop_old_turns(size);
                if self.kept + size > self.limits.kept_bytes {
                    self.artifact_full();
                    return;
                }
                self.kept += size;
                self.artifacts.push(ArtifactView {
                    artifact_id: a.artifact_id,
                    name: a.name,
                    parts: Vec::new(),
                    folded: 0,
                });
                self.artifacts.len() - 1
            }
        };
        let done = self.artifacts[i].folded;
        // A chunk appends; a whole artifact sent again repeats what was folded.
        let skip = if append { 0 } else { done };
        let total = a.parts.len();
        let mut held = self.artifacts[i].parts.len();
        let mut new: Vec<Shown> = Vec::new();
        for (n, p) in a.parts.into_iter().enumerate().skip(skip) {
            // Chunks are bounded one by one, their sum is not: an artifact holds at most
            // MAX_PARTS parts, and all artifacts and turns `kept_bytes`. A part past the
            // first bound is not even folded: its surfaces would be drawn, and its work done,
            // for an artifact that does not keep it.
            if held >= super::wire::MAX_PARTS {
                self.artifact_full();
                continue;
            }
            let Some(shown) = self.show(n, p, ctx.as_deref(), true) else {
                continue;
            };
            let size = kept_size(std::slice::from_ref(&shown));
            if held >= super::wire::MAX_PARTS || self.kept + size > self.limits.kept_bytes {
                self.artifact_full();
                continue;
            }
            held += 1;
            self.kept += size;
            new.push(shown);
        }
        let artifact = &mut self.artifacts[i];
        artifact.folded = if append {
            done + total
        } else {
            done.max(total)
        };
        artifact.parts.extend(new);
    }

    /// An artifact was refused a part (or a new artifact refused): said once.
    fn artifact_full(&mut self) {
        if !std::mem::replace(&mut self.artifact_full, true) {
            self.finding(Finding::new(
                Code::A2aLimit,
                "",
                format!(
                    "An artifact takes at most {} parts, and artifacts and turns keep at most {} bytes in all; what is past either is not kept.",
                    super::wire::MAX_PARTS,
                    self.limits.kept_bytes
                ),
            ));
        }
    }

    fn status(&mut self, s: Status) {
        self.state = Some(s.state);
        if let Some(m) = s.message {
            self.message(m);
        }
    }

    /// Whether an event about `task_id` belongs to this view (the first one decides).
    fn ours(&mut self, task_id: &str, context_id: Option<&String>) -> bool {
        match &self.task_id {
            Some(t) if t != task_id => {
                self.finding(Finding::new(
                    Code::A2aTaskMismatch,
                    "",
                    "An event names another task than this conversation's; it is ignored.",
                ));
                false
            }
            _ => {
                if self.task_id.is_none() {
                    self.task_id = Some(task_id.to_string());
                }
                if self.context_id.is_none() {
                    self.context_id = context_id.cloned();
                }
                true
            }
        }
    }

    /// Whether `e` is about another task than this conversation's: [`Self::apply`] does not
    /// fold it (a finding says so), and it says nothing of this conversation's actions.
    pub fn names_other_task(&self, e: &Event) -> bool {
        matches!((&self.task_id, e.task_id()), (Some(t), Some(o)) if t != o)
    }

    /// Folds one event, its parts one part for the limits a part has (`idnHosts`).
    pub fn apply(&mut self, event: Event) {
        self.surfaces.enter_part();
        self.apply_event(event);
        self.surfaces.leave_part();
    }

    fn apply_event(&mut self, event: Event) {
        match event {
            Event::Message(m) => {
                // A message that names a task is about that task: another task's says
                // nothing of this conversation, as another task's status does not.
                if let Some(task_id) = &m.task_id {
                    if !self.ours(task_id, m.context_id.as_ref()) {
                        return;
                    }
                }
                self.message(m);
                // A message answer ends the exchange.
                self.settled = true;
            }
            Event::Task {
                id,
                context_id,
                status,
                history,
                artifacts,
            } => {
                if !self.ours(&id, context_id.as_ref()) {
                    return;
                }
                for m in history {
                    self.message(m);
                }
                for a in artifacts {
                    self.artifact(a, false);
                }
                let end = status.state.is_terminal() || status.state.is_interrupted();
                self.status(status);
                // A task still working has more to say (a stream's first event can be the
                // task as it was, waiting for the person, before the agent works again).
                self.settled = end;
            }
            Event::Status {
                task_id,
                context_id,
                status,
                last,
            } => {
                if !self.ours(&task_id, context_id.as_ref()) {
                    return;
                }
                self.status(status);
                self.settled = last;
            }
            Event::Artifact {
                task_id,
                context_id,
                artifact,
                append,
                ..
            } => {
                if self.ours(&task_id, context_id.as_ref()) {
                    self.artifact(artifact, append);
                }
            }
        }
    }

    /// Folds a JSON-RPC answer or one stream event's data; what cannot be read is a finding.
    pub fn apply_text(&mut self, version: super::ProtocolVersion, text: &str) {
        self.apply_text_with(version, text, |_| {});
    }

    /// [`Self::apply_text`], showing the event read to `seen` first (an action's lifecycle
    /// learns from the same events the view folds).
    pub fn apply_text_with(
        &mut self,
        version: super::ProtocolVersion,
        text: &str,
        mut seen: impl FnMut(&Event),
    ) {
        match super::wire::response(version, text) {
            Ok(e) => {
                // An event about another task is not folded (a finding says so): it says
                // nothing about this conversation's actions either.
                if !self.names_other_task(&e) {
                    seen(&e);
                }
                self.apply(e)
            }
            Err(f) => self.finding(f),
        }
    }

    /// Reads the next bytes of a stream answer (server-sent events of JSON-RPC responses)
    /// with `decoder`, folding each event; what the stream breaks is a finding.
    pub fn apply_stream_bytes(
        &mut self,
        version: super::ProtocolVersion,
        decoder: &mut super::SseDecoder,
        bytes: &[u8],
    ) {
        self.apply_stream_bytes_with(version, decoder, bytes, |_| {});
    }

    /// [`Self::apply_stream_bytes`], showing each event read to `seen` first.
    pub fn apply_stream_bytes_with(
        &mut self,
        version: super::ProtocolVersion,
        decoder: &mut super::SseDecoder,
        bytes: &[u8],
        mut seen: impl FnMut(&Event),
    ) {
        // The chunk's events are one part (`idnHosts`), as one call.
        self.surfaces.enter_part();
        for item in decoder.push(bytes) {
            match item {
                Ok(ev) => self.apply_text_with(version, &ev.data, &mut seen),
                Err(p) => self.finding(p.finding()),
            }
        }
        self.surfaces.leave_part();
    }

    /// Records what the person sends (before the answer comes) and notes that an answer is
    /// awaited.
    pub fn sent(&mut self, out: &Outgoing) {
        self.seen_before(Some(&out.message_id));
        let mut parts = Vec::new();
        if let Some(t) = &out.text {
            parts.push(Shown::Text { text: t.clone() });
        }
        for (data, media_type) in &out.data {
            parts.push(Shown::Data {
                media_type: Some(media_type.clone()),
                data: DataText::of(data),
            });
        }
        self.push_turn(Turn {
            role: Role::User,
            message_id: Some(out.message_id.clone()),
            parts,
        });
        self.settled = false;
    }

    /// The stream (or request) ended. Ended before its last event, the outcome of what was
    /// sent is not known: a finding says so, and `settled` stays false until the task is
    /// read again (`tasks/get`).
    pub fn stream_ended(&mut self) {
        if !self.settled {
            self.finding(Finding::new(
                Code::A2aStreamCut,
                "",
                "The agent's stream ended before its last event; what was sent may or may not have been done.",
            ));
        }
    }

    /// The A2UI `error` client message for the envelopes the store refused so far (at most
    /// `max`), for an agent to correct itself: `{version, error: {code, surfaceId, path,
    /// message}}` per `client_to_server.json`. Messages are the store's own, never agent text.
    pub fn refusals_for_agent(&self, max: usize) -> Vec<Value> {
        self.surfaces
            .findings()
            .iter()
            .filter(|f| f.severity == surfaces_core::Severity::Error)
            .take(max)
            .map(|f| {
                json!({"version": "v0.9", "error": {
                    "code": "VALIDATION_FAILED",
                    "surfaceId": "",
                    "path": f.path,
                    "message": format!("{}: {}", f.code, f.code.summary()),
                }})
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: TaskLimits = TaskLimits {
        turns: 200,
        artifacts: 64,
        seen_ids: 10_000,
        findings: 500,
        kept_bytes: 1000,
    };

    fn message(id: &str, text: &str) -> Event {
        Event::Message(Message {
            message_id: Some(id.into()),
            role: Role::Agent,
            parts: vec![Part::Text { text: text.into() }],
            task_id: None,
            context_id: None,
            action_key: None,
        })
    }

    fn artifact(id: &str, name: &str) -> Event {
        Event::Artifact {
            task_id: "t".into(),
            context_id: None,
            artifact: Artifact {
                artifact_id: id.into(),
                name: Some(name.into()),
                parts: vec![],
            },
            append: false,
            last_chunk: true,
        }
    }

    /// The bytes of agent strings the turns and artifacts hold, counted from what is there.
    fn held(t: &TaskView) -> usize {
        let turns: usize = t.turns.iter().map(turn_size).sum();
        let artifacts: usize = t
            .artifacts
            .iter()
            .map(|a| artifact_size(&a.artifact_id, a.name.as_ref()) + kept_size(&a.parts))
            .sum();
        turns + artifacts
    }

    fn seen_held(t: &TaskView) -> usize {
        t.seen.iter().map(String::len).sum()
    }

    #[test]
    fn a_turns_id_counts_against_kept_bytes() {
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        // Two turns of a 500-byte id and no text: at the budget, both kept.
        t.apply(message(&"a".repeat(500), ""));
        t.apply(message(&"b".repeat(500), ""));
        assert_eq!(t.turns.len(), 2);
        assert_eq!(held(&t), 1000);
        assert!(t.findings.is_empty());
        // One byte past: the oldest goes.
        t.apply(message("c", ""));
        assert_eq!(t.turns.len(), 2);
        assert_eq!(held(&t), 501);
        assert_eq!(t.findings[0].code, Code::A2aLimit);
    }

    #[test]
    fn an_artifacts_id_and_name_count_against_kept_bytes() {
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        // An id of 100 bytes and a name of 900: at the budget, kept.
        t.apply(artifact(&"a".repeat(100), &"n".repeat(900)));
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(held(&t), 1000);
        assert!(t.findings.is_empty());
        // One byte more is not kept, and said so; the one kept folds as before.
        t.apply(artifact("b", ""));
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(held(&t), 1000);
        assert_eq!(t.findings.len(), 1);
        assert_eq!(t.findings[0].code, Code::A2aLimit);
        // However many are sent, what is held stays within the budget.
        for i in 0..1000 {
            t.apply(artifact(&format!("{i:0>400}"), &"n".repeat(400)));
        }
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(t.findings.len(), 1, "said once");
    }

    #[test]
    fn old_turns_make_room_for_a_new_artifact() {
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        // Turns at the budget, then an artifact: the oldest turn goes, as for a turn.
        t.apply(message(&"a".repeat(500), ""));
        t.apply(message(&"b".repeat(500), ""));
        t.apply(artifact("x", "name"));
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(t.turns.len(), 1);
        assert_eq!(held(&t), 505);
        // The newest turn stays: an artifact that does not fit beside it is not kept.
        t.apply(artifact(&"y".repeat(496), ""));
        assert_eq!(t.artifacts.len(), 1);
        assert_eq!(t.turns.len(), 1);
    }

    #[test]
    fn what_an_artifact_folded_is_kept_with_it() {
        let with_parts = |id: &str| {
            let Event::Artifact { mut artifact, .. } = artifact(id, "n") else {
                unreachable!()
            };
            artifact.parts = vec![
                Part::Text { text: "one".into() },
                Part::Text { text: "two".into() },
            ];
            Event::Artifact {
                task_id: "t".into(),
                context_id: None,
                artifact,
                append: false,
                last_chunk: true,
            }
        };
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        t.apply(with_parts("x"));
        assert_eq!(t.artifacts[0].parts.len(), 2);
        // A caller who empties the list, then another artifact: its parts are its own, not
        // skipped as the first one's were folded.
        t.artifacts.clear();
        t.apply(with_parts("y"));
        assert_eq!(t.artifacts[0].parts.len(), 2);
    }

    #[test]
    fn message_ids_remembered_are_bounded_by_kept_bytes() {
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        let (a, b, c) = ("a".repeat(500), "b".repeat(500), "c".to_string());
        for id in [&a, &b, &c] {
            t.apply(message(id, ""));
        }
        // Two ids of 500 bytes are at the budget; the third is past it and not remembered.
        assert_eq!(seen_held(&t), 1000);
        assert_eq!(t.seen.len(), 2);
        // So a remembered message sent again is folded once, the other again.
        let turns = t.turns.len();
        t.apply(message(&a, ""));
        assert_eq!(t.turns.len(), turns);
        t.apply(message(&c, ""));
        assert_eq!(
            t.turns
                .iter()
                .filter(|u| u.message_id == Some(c.clone()))
                .count(),
            2
        );
        for i in 0..10_000 {
            t.apply(message(&format!("{i:0>500}"), ""));
            assert!(held(&t) <= 1000 && seen_held(&t) <= 1000);
        }
    }

    #[test]
    fn every_finding_is_capped() {
        let mut t = TaskView::new(true, Limits::default(), LIMITS);
        let f = || Finding::new(Code::A2aLimit, "", "x");
        for _ in 0..LIMITS.findings {
            t.finding(f());
        }
        assert_eq!(t.findings.len(), LIMITS.findings);
        assert_eq!(
            t.reported_findings().len(),
            LIMITS.findings,
            "at the limit, all listed"
        );
        t.finding(f());
        t.finding(f());
        assert_eq!(t.findings.len(), LIMITS.findings);
        // Past it, counted: what a flood pushed out is said to be there.
        let reported = t.reported_findings();
        assert_eq!(reported.len(), LIMITS.findings + 1);
        let last = reported.last().unwrap();
        assert_eq!(last.code, Code::FindingsTruncated);
        assert!(
            last.message.starts_with("2 more findings"),
            "{}",
            last.message
        );
    }

    #[test]
    fn artifacts_past_the_limit_are_said_once_and_their_parts_past_it_not_folded() {
        let roomy = || {
            let limits = TaskLimits {
                kept_bytes: 1 << 20,
                ..LIMITS
            };
            TaskView::new(true, Limits::default(), limits)
        };
        let mut t = roomy();
        for i in 0..LIMITS.artifacts + 100 {
            t.apply(artifact(&format!("a{i}"), "n"));
        }
        assert_eq!(t.artifacts.len(), LIMITS.artifacts);
        assert_eq!(t.findings.len(), 1, "said once, not once an artifact");
        // An artifact of more parts than it may hold: the rest are not read, A2UI or not.
        let a2ui = || Part::Data {
            data: crate::read::DataText::of(&serde_json::json!([{"version": "v0.9",
                "createSurface": {"surfaceId": "s", "catalogId": surfaces_core::a2ui::BASIC_CATALOG_ID}}])),
            media_type: Some("application/json+a2ui".into()),
            a2ui: true,
        };
        let mut t = roomy();
        let Event::Artifact { mut artifact, .. } = artifact("x", "n") else {
            unreachable!()
        };
        artifact.parts = (0..super::super::wire::MAX_PARTS + 50)
            .map(|_| a2ui())
            .collect();
        t.apply(Event::Artifact {
            task_id: "t".into(),
            context_id: None,
            artifact,
            append: false,
            last_chunk: true,
        });
        assert_eq!(t.artifacts[0].parts.len(), super::super::wire::MAX_PARTS);
        // Each part past the first creates the surface again, refused: one refusal a part
        // read, none for the 50 past the bound.
        assert_eq!(
            t.surfaces.stats().ignored,
            super::super::wire::MAX_PARTS - 1
        );
    }
}
