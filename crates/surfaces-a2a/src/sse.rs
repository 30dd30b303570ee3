//! Server-sent events, decoded incrementally as the WHATWG HTML standard says (§9.2): bytes
//! in, in whatever pieces the network hands them over, events out. A line is ended by CRLF,
//! LF or CR (a CR at the end of one piece and an LF at the start of the next are one ending);
//! `data` lines join with LF; a line starting with `:` is a comment; an empty line ends an
//! event. Everything is bounded: a line, an event's data, and the number of events; past a
//! bound the decoder says so once and drops what it cannot hold, never growing.

use std::sync::Arc;

/// One event. `event` is `message` when the stream names none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    pub event: String,
    pub data: String,
    /// The last `id` seen on the stream so far (for a reconnect's `Last-Event-ID`). Shared
    /// by every event after it: one long id followed by many small events is held once.
    pub id: Option<Arc<str>>,
}

/// What went wrong on the stream; the decoder keeps going after each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseProblem {
    /// A line longer than `line_bytes`: the event it belongs to is dropped.
    LineTooLong { limit: usize },
    /// An event whose data is larger than `event_bytes`: it is dropped.
    EventTooLarge { limit: usize },
    /// More events than `events`: the rest of the stream is not read.
    TooManyEvents { limit: usize },
}

impl SseProblem {
    /// The finding for it.
    pub fn finding(&self) -> surfaces_core::Finding {
        use surfaces_core::Code;
        let (code, message) = match self {
            SseProblem::LineTooLong { limit } => (
                Code::A2aStreamLineTooLong,
                format!("A line of the agent's stream is longer than {limit} bytes; its event is dropped."),
            ),
            SseProblem::EventTooLarge { limit } => (
                Code::A2aStreamEventTooLarge,
                format!("An event of the agent's stream is larger than {limit} bytes; it is dropped."),
            ),
            SseProblem::TooManyEvents { limit } => (
                Code::A2aStreamTooManyEvents,
                format!("The agent's stream sent more than {limit} events; the rest is not read."),
            ),
        };
        surfaces_core::Finding::new(code, "", message)
    }
}

/// Bounds on one stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SseLimits {
    pub line_bytes: usize,
    pub event_bytes: usize,
    pub events: usize,
}

impl Default for SseLimits {
    /// An A2UI part may be a MiB (`partBytes`), and its JSON-RPC frame adds a little.
    fn default() -> Self {
        SseLimits {
            line_bytes: 1_100_000,
            event_bytes: 1_100_000,
            events: 10_000,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct SseDecoder {
    limits: SseLimits,
    line: Vec<u8>,
    /// The last piece ended in CR: an LF that starts the next one ends nothing.
    after_cr: bool,
    started: bool,
    event: String,
    data: String,
    has_data: bool,
    last_id: Option<Arc<str>>,
    /// Bytes of a leading byte-order mark seen so far (it may arrive split over pieces).
    bom: usize,
    /// The current event broke a bound: skip to its end.
    dropping: bool,
    /// The line being read is past its bound: skip to its end.
    line_dropped: bool,
    emitted: usize,
    done: bool,
}

impl SseDecoder {
    pub fn new(limits: SseLimits) -> Self {
        SseDecoder {
            limits,
            ..SseDecoder::default()
        }
    }

    /// Feeds the next bytes of the stream; returns the events (and problems) they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Result<SseEvent, SseProblem>> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        let mut out = Vec::new();
        for &b in bytes {
            if self.done {
                break;
            }
            // A leading byte-order mark is not part of the first field name.
            if !self.started {
                if b == BOM[self.bom] {
                    self.bom += 1;
                    self.started = self.bom == BOM.len();
                    continue;
                }
                self.started = true;
                let seen = std::mem::take(&mut self.bom);
                self.line.extend_from_slice(&BOM[..seen]);
            }
            match b {
                b'\n' if self.after_cr => self.after_cr = false,
                b'\n' | b'\r' => {
                    self.after_cr = b == b'\r';
                    self.end_line(&mut out);
                }
                _ => {
                    self.after_cr = false;
                    if self.line_dropped {
                        continue;
                    }
                    if self.line.len() == self.limits.line_bytes {
                        self.line.clear();
                        self.line_dropped = true;
                        if !self.dropping {
                            self.dropping = true;
                            out.push(Err(SseProblem::LineTooLong {
                                limit: self.limits.line_bytes,
                            }));
                        }
                        continue;
                    }
                    self.line.push(b);
                }
            }
        }
        out
    }

    /// The stream ended: an event not yet ended by an empty line is dropped (the standard
    /// says so: a half-sent event is not an event).
    pub fn finish(&mut self) {
        self.line.clear();
        self.reset_event();
    }

    /// The last event id the stream gave.
    pub fn last_event_id(&self) -> Option<&str> {
        self.last_id.as_deref()
    }

    fn reset_event(&mut self) {
        self.event.clear();
        self.data.clear();
        self.has_data = false;
        self.dropping = false;
    }

    fn end_line(&mut self, out: &mut Vec<Result<SseEvent, SseProblem>>) {
        let dropped_line = std::mem::take(&mut self.line_dropped);
        if self.line.is_empty() && !dropped_line {
            self.dispatch(out);
            return;
        }
        let line = std::mem::take(&mut self.line);
        if dropped_line || self.dropping {
            return;
        }
        let line = String::from_utf8_lossy(&line);
        if line.starts_with(':') {
            return;
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (&*line, ""),
        };
        match field {
            "event" => {
                self.event.clear();
                self.event.push_str(value);
            }
            "data" => {
                if self.data.len() + value.len() + 1 > self.limits.event_bytes {
                    self.dropping = true;
                    out.push(Err(SseProblem::EventTooLarge {
                        limit: self.limits.event_bytes,
                    }));
                    return;
                }
                self.data.push_str(value);
                self.data.push('\n');
                self.has_data = true;
            }
            "id" if !value.contains('\0') => self.last_id = Some(Arc::from(value)),
            // `retry` tells a browser's EventSource how long to wait; a caller that
            // reconnects itself decides that, so it is not passed on.
            _ => {}
        }
    }

    fn dispatch(&mut self, out: &mut Vec<Result<SseEvent, SseProblem>>) {
        if self.dropping {
            self.reset_event();
            return;
        }
        if !self.has_data {
            self.event.clear();
            return;
        }
        if self.emitted == self.limits.events {
            self.done = true;
            out.push(Err(SseProblem::TooManyEvents {
                limit: self.limits.events,
            }));
            self.reset_event();
            return;
        }
        self.emitted += 1;
        let mut data = std::mem::take(&mut self.data);
        data.pop();
        let event = if self.event.is_empty() {
            "message".to_string()
        } else {
            std::mem::take(&mut self.event)
        };
        out.push(Ok(SseEvent {
            event,
            data,
            id: self.last_id.clone(),
        }));
        self.reset_event();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(pieces: &[&[u8]], limits: SseLimits) -> Vec<Result<SseEvent, SseProblem>> {
        let mut d = SseDecoder::new(limits);
        pieces.iter().flat_map(|p| d.push(p)).collect()
    }

    fn data(pieces: &[&[u8]]) -> Vec<String> {
        events(pieces, SseLimits::default())
            .into_iter()
            .map(|e| e.unwrap().data)
            .collect()
    }

    #[test]
    fn the_standards_examples() {
        // §9.2.6: three lines of data make one event; a comment and a field-less line.
        assert_eq!(
            data(&[b"data: YHOO\ndata: +2\ndata: 10\n\n"]),
            ["YHOO\n+2\n10"]
        );
        assert_eq!(
            data(&[b": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"]),
            ["first event", "second event", " third event"]
        );
        // An empty `data` field makes an event whose data is empty; a trailing one, not.
        assert_eq!(data(&[b"data\n\ndata\ndata\n\ndata:"]), ["", "\n"]);
        assert_eq!(data(&[b"data:test\n\ndata: test\n\n"]), ["test", "test"]);
    }

    #[test]
    fn any_split_and_any_line_ending_give_the_same_events() {
        let text = b"\xEF\xBB\xBFevent: update\r\ndata: {\"a\":\r\ndata: 1}\r\nid: 7\r\n\r\ndata: \xC3\xA9t\xC3\xA9\r\r: note\ndata: x\n\n";
        let whole = events(&[text], SseLimits::default());
        for cut in 0..text.len() {
            let (a, b) = text.split_at(cut);
            assert_eq!(events(&[a, b], SseLimits::default()), whole, "cut at {cut}");
        }
        let bytes: Vec<&[u8]> = text.chunks(1).collect();
        assert_eq!(events(&bytes, SseLimits::default()), whole);
        let got: Vec<SseEvent> = whole.into_iter().map(Result::unwrap).collect();
        assert_eq!(got[0].event, "update");
        assert_eq!(got[0].data, "{\"a\":\n1}");
        assert_eq!(got[0].id.as_deref(), Some("7"));
        assert_eq!(got[1].data, "été");
        assert_eq!(got[1].event, "message");
        assert_eq!(got[2].data, "x");
        assert_eq!(got[2].id.as_deref(), Some("7"), "the id carries on");
    }

    #[test]
    fn a_half_sent_event_is_not_an_event() {
        let mut d = SseDecoder::new(SseLimits::default());
        assert!(d.push(b"data: one\n\ndata: tw").len() == 1);
        d.finish();
        assert!(d.push(b"\n\n").is_empty());
    }

    #[test]
    fn lines_events_and_counts_are_bounded_at_and_past_the_limit() {
        let limits = SseLimits {
            line_bytes: 10,
            event_bytes: 12,
            events: 2,
        };
        // A line of exactly 10 bytes is read; 11 is not, and its event is dropped alone.
        let got = events(&[b"data:12345\n\ndata:123456\n\ndata: ok\n\n"], limits);
        assert_eq!(got[0].as_ref().unwrap().data, "12345");
        assert_eq!(got[1], Err(SseProblem::LineTooLong { limit: 10 }));
        assert_eq!(got[2].as_ref().unwrap().data, "ok");
        // Data of 12 bytes (LFs included) is an event; 13 is dropped.
        let wide = SseLimits {
            line_bytes: 20,
            ..limits
        };
        let got = events(
            &[b"data:abcde\ndata:abcde\n\ndata:abcde\ndata:abcdef\n\n"],
            wide,
        );
        assert_eq!(got[0].as_ref().unwrap().data, "abcde\nabcde");
        assert_eq!(got[1], Err(SseProblem::EventTooLarge { limit: 12 }));
        assert_eq!(got.len(), 2);
        // Two events are read; the third ends the stream, once.
        let got = events(&[b"data:1\n\ndata:2\n\ndata:3\n\ndata:4\n\n"], limits);
        assert_eq!(got.len(), 3);
        assert_eq!(got[2], Err(SseProblem::TooManyEvents { limit: 2 }));
    }

    /// The id carries on to every later event: a long one followed by many small events
    /// must be held once, not once an event.
    #[test]
    fn an_id_is_held_once_however_many_events_carry_it() {
        let id = "i".repeat(100_000);
        let mut text = format!("id: {id}\n\n").into_bytes();
        for _ in 0..1000 {
            text.extend_from_slice(b"data: x\n\n");
        }
        let got = events(&[&text], SseLimits::default());
        assert_eq!(got.len(), 1000);
        let held: std::collections::BTreeSet<*const u8> = got
            .iter()
            .map(|e| e.as_ref().unwrap().id.as_deref().unwrap())
            .inspect(|i| assert_eq!(i.len(), id.len()))
            .map(str::as_ptr)
            .collect();
        assert_eq!(held.len(), 1, "one copy of the id's bytes for all events");
    }

    #[test]
    fn a_huge_line_is_never_held() {
        let limits = SseLimits {
            line_bytes: 1000,
            event_bytes: 1000,
            events: 10,
        };
        let mut d = SseDecoder::new(limits);
        let chunk = vec![b'a'; 64 * 1024];
        let mut problems = 0;
        for _ in 0..64 {
            problems += d.push(&chunk).len();
            assert!(
                d.line.capacity() <= 64 * 1024,
                "the line buffer stays bounded"
            );
            assert!(d.line.len() <= 1000);
        }
        assert_eq!(problems, 1, "said once");
        assert_eq!(d.push(b"\n\ndata: after\n\n").len(), 1);
    }
}
