//! Everything the command prints goes through one [`Out`]. When the reader goes away
//! (`surfaces a2ui … | head -1`), writing stops quietly: no message, no panic, and the exit
//! status stays the one the run determined. Any other write error is an I/O problem.

use std::io::{self, BufWriter, ErrorKind, Write};

use crate::term::is_hidden;

enum State {
    Open,
    /// The reader closed the pipe: nothing more is written, and that is no error.
    ReaderGone,
    Failed(io::Error),
}

pub struct Out<W: Write> {
    inner: BufWriter<W>,
    state: State,
}

impl Out<io::StdoutLock<'static>> {
    pub fn stdout() -> Self {
        Out::new(io::stdout().lock())
    }
}

impl<W: Write> Out<W> {
    pub fn new(w: W) -> Self {
        Out {
            inner: BufWriter::new(w),
            state: State::Open,
        }
    }

    pub fn write_str(&mut self, s: &str) {
        if let State::Open = self.state {
            if let Err(e) = self.inner.write_all(s.as_bytes()) {
                self.fail(e);
            }
        }
    }

    fn fail(&mut self, e: io::Error) {
        self.state = if e.kind() == ErrorKind::BrokenPipe {
            State::ReaderGone
        } else {
            State::Failed(e)
        };
    }

    /// Flushes. A reader that went away is no error; any other write error is.
    pub fn finish(mut self) -> io::Result<()> {
        if let State::Open = self.state {
            if let Err(e) = self.inner.flush() {
                self.fail(e);
            }
        }
        // Whatever is still buffered is dropped unwritten (BufWriter's drop would try again).
        let (_, _unwritten) = self.inner.into_parts();
        match self.state {
            State::Failed(e) => Err(e),
            State::Open | State::ReaderGone => Ok(()),
        }
    }
}

/// A report as pretty JSON, with C1 controls (U+0080–U+009F), DEL, U+2028/U+2029, bidi
/// controls and the other characters a terminal would act on or hide written as `\uXXXX`
/// escapes (serde_json leaves them raw). They can only be inside JSON strings (outside them
/// serde_json writes ASCII alone), where an escape means the same character, so escaping
/// the serialised text character by character is exact.
pub fn json_text(value: &serde_json::Value) -> String {
    let raw = serde_json::to_string_pretty(value).expect("a report always serialises");
    let mut s = String::with_capacity(raw.len());
    for c in raw.chars() {
        // C0 controls are escaped by serde_json inside strings; the ones left are the
        // layout's own newlines.
        if (c as u32) >= 0x20 && is_hidden(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                s.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            s.push(c);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes `room` bytes, then fails with `kind`.
    struct Pipe {
        taken: Vec<u8>,
        room: usize,
        kind: ErrorKind,
    }
    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from(self.kind));
            }
            let n = buf.len().min(self.room);
            self.taken.extend_from_slice(&buf[..n]);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn write_a_lot(kind: ErrorKind) -> io::Result<()> {
        let mut out = Out::new(Pipe {
            taken: Vec::new(),
            room: 100,
            kind,
        });
        for _ in 0..10_000 {
            out.write_str("a line of output that nobody reads\n");
        }
        out.finish()
    }

    #[test]
    fn a_reader_that_goes_away_is_no_error() {
        assert!(write_a_lot(ErrorKind::BrokenPipe).is_ok());
    }

    #[test]
    fn other_write_errors_are_reported() {
        let e = write_a_lot(ErrorKind::StorageFull).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::StorageFull);
    }

    #[test]
    fn json_escapes_what_a_terminal_would_act_on() {
        let v = serde_json::json!({
            "label": "a\u{85}b\u{9b}31mc\u{2028}d\u{2029}e\u{7f}f\u{202e}g\u{e0041}h\u{1b}i",
            "plain": "Payroll – münchen ✓"
        });
        let text = json_text(&v);
        for raw in [
            '\u{85}',
            '\u{9b}',
            '\u{2028}',
            '\u{2029}',
            '\u{7f}',
            '\u{202e}',
            '\u{e0041}',
            '\u{1b}',
        ] {
            assert!(!text.contains(raw), "{raw:?} in {text}");
        }
        assert!(
            text.contains(r"a\u0085b\u009b31mc\u2028d\u2029e\u007ff\u202eg\udb40\udc41h\u001bi"),
            "{text}"
        );
        assert!(text.contains("Payroll – münchen ✓"));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, v);
    }
}
