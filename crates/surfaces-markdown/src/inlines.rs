//! CommonMark's inlines (spec 0.31.2, "Appendix A: A parsing strategy" and "Phase 2"):
//! emphasis by the delimiter-run algorithm, code spans, links and images, inline or by
//! reference (drawn as their text: a destination is read only to know where it ends),
//! autolinks (their text), raw HTML (as written), backslash escapes and character
//! references.
//!
//! Named character references are read from a short table of the common ones: the full
//! table (2,125 names) was a fifth of pulldown-cmark's size in the module. Any other name is
//! text as written. Link labels match when equal after `str::to_lowercase` (the spec folds
//! case fully, so `ẞ` and `SS` differ here).
//!
//! Scans that can run far from where they start (a link's destination and title, an HTML
//! tag's attributes, a link label) share one budget a paragraph: four times its length and
//! 4,096 bytes. Past it, what they would have read is text. A definition's scans are
//! bounded by its paragraph without it: each definition taken moves past what it read. With
//! these, the search for a code span's end done once for the whole text, delimiters bounded
//! by their positions (not by entries that may be gone), and a link's closing marking the
//! brackets before it inactive by one number, reading a paragraph is linear in its length.

use super::punctuation::{is_punctuation, is_whitespace};
use super::{Event, Tag};
use std::borrow::Cow;

/// The named character references read (others are text as written).
const ENTITIES: &[(&str, &str)] = &[
    ("amp", "&"),
    ("apos", "'"),
    ("bull", "•"),
    ("cent", "¢"),
    ("copy", "©"),
    ("deg", "°"),
    ("divide", "÷"),
    ("euro", "€"),
    ("gt", ">"),
    ("hellip", "…"),
    ("laquo", "«"),
    ("larr", "←"),
    ("ldquo", "“"),
    ("lsquo", "‘"),
    ("lt", "<"),
    ("mdash", "—"),
    ("middot", "·"),
    ("nbsp", "\u{a0}"),
    ("ndash", "–"),
    ("para", "¶"),
    ("plusmn", "±"),
    ("pound", "£"),
    ("quot", "\""),
    ("raquo", "»"),
    ("rarr", "→"),
    ("rdquo", "”"),
    ("reg", "®"),
    ("rsquo", "’"),
    ("sect", "§"),
    ("times", "×"),
    ("trade", "™"),
    ("yen", "¥"),
];

/// What one piece of the paragraph is. Kept small (12 bytes), as an agent can make a piece
/// of every byte (`*_*_…`).
enum Piece {
    /// These bytes of the text, as they are.
    Src(u32, u32),
    /// Text that is not in the text as such (a character reference's character): the
    /// `strings` entry.
    Owned(u32),
    /// A code span's content: the `strings` entry.
    Code(u32),
    SoftBreak,
    HardBreak,
    Nothing,
}

/// No mark.
const NONE: u32 = u32::MAX;

/// One piece of the paragraph, with the tags that end before it and start after it
/// (emphasis and links found later are attached to the pieces around them): each the first
/// of a list in `marks`, the last added first.
struct Node {
    piece: Piece,
    ends_before: u32,
    starts_after: u32,
}

/// A run of `*` or `_` that may open or close emphasis, in a list linked both ways.
struct Delim {
    node: usize,
    c: u8,
    count: usize,
    original: usize,
    can_open: bool,
    can_close: bool,
    prev: Option<usize>,
    next: Option<usize>,
}

struct Bracket {
    node: usize,
    /// How many brackets opened before it: a link closing makes every link bracket open
    /// then inactive (no link holds a link), which `Inlines::inactive_below` records.
    seq: usize,
    /// Where its `[` is.
    at: usize,
    /// Whether another bracket opened after it (then it cannot be a label itself).
    bracket_after: bool,
    /// The last delimiter when the bracket opened: emphasis inside the link is above it.
    delim_below: Option<usize>,
    image: bool,
}

struct Inlines<'a> {
    text: &'a str,
    labels: &'a Labels,
    pos: usize,
    nodes: Vec<Node>,
    /// The tags of `Node::ends_before` and `Node::starts_after` lists: each with the next.
    marks: Vec<(Tag, u32)>,
    strings: Vec<String>,
    delims: Vec<Delim>,
    last_delim: Option<usize>,
    brackets: Vec<Bracket>,
    /// Brackets opened so far, and below which sequence number a link bracket is inactive.
    bracket_seq: usize,
    inactive_below: usize,
    /// Every run of backticks, as (length, start), in that order: a code span's end is the
    /// first run of its opener's length after it.
    tick_runs: Option<Vec<(usize, usize)>>,
    /// Bytes left for scans that can run far (see the module's comment).
    scan_budget: usize,
    /// How far the last link's scan read.
    reach: usize,
    /// By the kind of raw HTML that ends with `END_OF[kind]`: set once a search for that
    /// end found none, as no later search can find one either.
    no_end_left: [bool; 4],
}

/// The kinds of raw HTML that end at a fixed string, and those strings.
const COMMENT: usize = 0;
const PROCESSING: usize = 1;
const CDATA: usize = 2;
const DECLARATION: usize = 3;
const END_OF: [&str; 4] = ["-->", "?>", "]]>", ">"];

/// The link labels a text defines (`[label]: destination "title"`), normalised.
pub(super) type Labels = std::collections::HashSet<String>;

/// Hands `sink` the events of a paragraph's or heading's text (already trimmed).
pub(super) fn read(text: &str, labels: &Labels, sink: &mut dyn FnMut(Event<'_>)) {
    // Offsets are kept as u32: a text past 4 GiB is drawn as it is.
    if u32::try_from(text.len()).is_err() {
        sink(Event::Text(Cow::Borrowed(text)));
        return;
    }
    let mut p = Inlines::new(text, labels);
    p.parse();
    let mut ends = Vec::new();
    let mut strings = std::mem::take(&mut p.strings)
        .into_iter()
        .map(Some)
        .collect::<Vec<_>>();
    for node in &p.nodes {
        // Ends were added inner first: the list holds them outer first.
        ends.clear();
        let mut at = node.ends_before;
        while at != NONE {
            let (tag, next) = p.marks[at as usize];
            ends.push(tag);
            at = next;
        }
        ends.iter().rev().for_each(|&tag| sink(Event::End(tag)));
        match node.piece {
            Piece::Src(a, b) if a < b => {
                sink(Event::Text(Cow::Borrowed(&text[a as usize..b as usize])))
            }
            Piece::Owned(i) => sink(Event::Text(Cow::Owned(
                strings[i as usize].take().unwrap_or_default(),
            ))),
            Piece::Code(i) => sink(Event::Code(Cow::Owned(
                strings[i as usize].take().unwrap_or_default(),
            ))),
            Piece::SoftBreak => sink(Event::SoftBreak),
            Piece::HardBreak => sink(Event::HardBreak),
            Piece::Src(..) | Piece::Nothing => {}
        }
        // Starts were added inner first: the list holds them outer first, as they open.
        let mut at = node.starts_after;
        while at != NONE {
            let (tag, next) = p.marks[at as usize];
            sink(Event::Start(tag));
            at = next;
        }
    }
}

/// How many bytes at the start of `text` (a paragraph's) are link reference definitions,
/// each label added to `labels` (the first of a label is the one that counts, and only
/// its label matters: a link is drawn as its text).
pub(super) fn definitions(text: &str, labels: &mut Labels) -> usize {
    let empty = Labels::new();
    let mut p = Inlines::new(text, &empty);
    let mut taken = 0;
    while let Some(label) = p.definition() {
        labels.insert(label);
        taken = p.pos;
    }
    taken
}

/// A link label as labels are matched: inner white space collapsed, case folded.
fn normalise(label: &str) -> String {
    let inner = &label[1..label.len() - 1];
    inner
        .split_ascii_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl<'a> Inlines<'a> {
    fn new(text: &'a str, labels: &'a Labels) -> Self {
        Inlines {
            text,
            labels,
            pos: 0,
            nodes: Vec::new(),
            marks: Vec::new(),
            strings: Vec::new(),
            delims: Vec::new(),
            last_delim: None,
            brackets: Vec::new(),
            bracket_seq: 0,
            inactive_below: 0,
            tick_runs: None,
            scan_budget: text.len().saturating_mul(4).saturating_add(4096),
            reach: 0,
            no_end_left: [false; 4],
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    fn push(&mut self, piece: Piece) -> usize {
        self.nodes.push(Node {
            piece,
            ends_before: NONE,
            starts_after: NONE,
        });
        self.nodes.len() - 1
    }

    /// The text's bytes from `start` to the position, as a piece (`read` made sure the
    /// text's offsets fit a u32).
    fn src(&mut self, start: usize) -> usize {
        self.push(Piece::Src(start as u32, self.pos as u32))
    }

    fn string(&mut self, s: String) -> u32 {
        self.strings.push(s);
        (self.strings.len() - 1) as u32
    }

    /// Adds `tag` to the front of a node's list of starts (`start`) or of ends.
    fn mark(&mut self, node: usize, tag: Tag, start: bool) {
        let at = self.marks.len() as u32;
        let head = if start {
            &mut self.nodes[node].starts_after
        } else {
            &mut self.nodes[node].ends_before
        };
        self.marks.push((tag, *head));
        *head = at;
    }

    fn parse(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b'\n' => self.newline(),
                b'\\' => self.backslash(),
                b'`' => self.backticks(),
                b'*' | b'_' => self.delimiter_run(c),
                b'[' => {
                    self.pos += 1;
                    let node = self.src(self.pos - 1);
                    self.open_bracket(node, self.pos - 1, false);
                }
                b'!' => {
                    if self.bytes().get(self.pos + 1) == Some(&b'[') {
                        self.pos += 2;
                        let node = self.src(self.pos - 2);
                        self.open_bracket(node, self.pos - 1, true);
                    } else {
                        self.pos += 1;
                        self.src(self.pos - 1);
                    }
                }
                b']' => self.close_bracket(),
                b'<' => {
                    if !self.autolink() && !self.raw_html() {
                        self.pos += 1;
                        self.src(self.pos - 1);
                    }
                }
                b'&' => {
                    if !self.entity() {
                        self.pos += 1;
                        self.src(self.pos - 1);
                    }
                }
                _ => {
                    let start = self.pos;
                    let rest = &self.bytes()[start..];
                    let len = rest
                        .iter()
                        .position(|b| {
                            matches!(
                                b,
                                b'\n'
                                    | b'\\'
                                    | b'`'
                                    | b'*'
                                    | b'_'
                                    | b'['
                                    | b'!'
                                    | b']'
                                    | b'<'
                                    | b'&'
                            )
                        })
                        .unwrap_or(rest.len());
                    // `len` stops at an ASCII byte or the end: a character boundary.
                    self.pos += len.max(1);
                    self.src(start);
                }
            }
        }
        self.process_emphasis(None);
    }

    fn newline(&mut self) {
        self.pos += 1;
        let text = self.text;
        let hard = match self.nodes.last_mut().map(|n| &mut n.piece) {
            Some(Piece::Src(a, b)) => {
                let t = &text[*a as usize..*b as usize];
                let kept = t.trim_end_matches([' ', '\t']).len();
                *b = *a + kept as u32;
                t.ends_with("  ")
            }
            Some(Piece::Owned(i)) => {
                let t = &mut self.strings[*i as usize];
                let hard = t.ends_with("  ");
                let kept = t.trim_end_matches([' ', '\t']).len();
                t.truncate(kept);
                hard
            }
            _ => false,
        };
        self.push(if hard {
            Piece::HardBreak
        } else {
            Piece::SoftBreak
        });
    }

    fn backslash(&mut self) {
        self.pos += 1;
        match self.peek() {
            Some(b'\n') => {
                self.pos += 1;
                self.push(Piece::HardBreak);
            }
            Some(c) if c.is_ascii_punctuation() => {
                self.pos += 1;
                self.src(self.pos - 1);
            }
            _ => {
                self.src(self.pos - 1);
            }
        }
    }

    fn backticks(&mut self) {
        let start = self.pos;
        let n = self.bytes()[start..]
            .iter()
            .take_while(|&&b| b == b'`')
            .count();
        let after = start + n;
        let text = self.text;
        let runs = self.tick_runs.get_or_insert_with(|| {
            let mut runs = Vec::new();
            let b = text.as_bytes();
            let mut i = 0;
            while i < b.len() {
                if b[i] == b'`' {
                    let len = b[i..].iter().take_while(|&&x| x == b'`').count();
                    runs.push((len, i));
                    i += len;
                } else {
                    i += 1;
                }
            }
            runs.sort_unstable();
            runs
        });
        let at = runs.partition_point(|&(len, s)| (len, s) < (n, after));
        match runs.get(at) {
            Some(&(len, close)) if len == n => {
                let inner = self.text[after..close].replace('\n', " ");
                let strip = inner.len() >= 2
                    && inner.starts_with(' ')
                    && inner.ends_with(' ')
                    && inner.bytes().any(|b| b != b' ');
                let code = if strip {
                    inner[1..inner.len() - 1].to_string()
                } else {
                    inner
                };
                let i = self.string(code);
                self.push(Piece::Code(i));
                self.pos = close + n;
            }
            _ => {
                self.pos = after;
                self.src(start);
            }
        }
    }

    fn delimiter_run(&mut self, c: u8) {
        let start = self.pos;
        let count = self.bytes()[start..]
            .iter()
            .take_while(|&&b| b == c)
            .count();
        let end = start + count;
        let before = self.text[..start].chars().next_back().unwrap_or('\n');
        let after = self.text[end..].chars().next().unwrap_or('\n');
        let (after_space, after_punct) = (is_whitespace(after), is_punctuation(after));
        let (before_space, before_punct) = (is_whitespace(before), is_punctuation(before));
        let left = !after_space && (!after_punct || before_space || before_punct);
        let right = !before_space && (!before_punct || after_space || after_punct);
        let (can_open, can_close) = if c == b'_' {
            (
                left && (!right || before_punct),
                right && (!left || after_punct),
            )
        } else {
            (left, right)
        };
        self.pos = end;
        let node = self.src(start);
        if can_open || can_close {
            let at = self.delims.len();
            self.delims.push(Delim {
                node,
                c,
                count,
                original: count,
                can_open,
                can_close,
                prev: self.last_delim,
                next: None,
            });
            if let Some(prev) = self.last_delim {
                self.delims[prev].next = Some(at);
            }
            self.last_delim = Some(at);
        }
    }

    fn remove_delim(&mut self, at: usize) {
        let (prev, next) = (self.delims[at].prev, self.delims[at].next);
        if let Some(p) = prev {
            self.delims[p].next = next;
        }
        match next {
            Some(n) => self.delims[n].prev = prev,
            None => self.last_delim = prev,
        }
    }

    /// Matches the emphasis of the delimiters above `bottom` (all of them for `None`), then
    /// drops those delimiters.
    fn process_emphasis(&mut self, bottom: Option<usize>) {
        // The lowest opener worth trying again, by closer kind, whether it can also open and
        // its length modulo 3.
        let mut openers_bottom = [[bottom; 6]; 2];
        // The first delimiter above `bottom`.
        let mut closer = None;
        let mut at = self.last_delim;
        // Delimiters are numbered in the text's order, so "at or below" is a comparison (a
        // bound stays one when its own delimiter is gone).
        let above = |d: usize, bound: Option<usize>| bound.is_none_or(|b| d > b);
        while let Some(d) = at {
            if !above(d, bottom) {
                break;
            }
            closer = Some(d);
            at = self.delims[d].prev;
        }
        while let Some(c) = closer {
            if !self.delims[c].can_close {
                closer = self.delims[c].next;
                continue;
            }
            let kind = usize::from(self.delims[c].c == b'_');
            let slot = if self.delims[c].can_open { 3 } else { 0 } + self.delims[c].original % 3;
            let mut opener = self.delims[c].prev;
            let mut found = false;
            while let Some(o) = opener {
                if !above(o, bottom) || !above(o, openers_bottom[kind][slot]) {
                    break;
                }
                let (od, cd) = (&self.delims[o], &self.delims[c]);
                let odd = (cd.can_open || od.can_close)
                    && cd.original % 3 != 0
                    && (od.original + cd.original) % 3 == 0;
                if od.c == cd.c && od.can_open && !odd {
                    found = true;
                    break;
                }
                opener = od.prev;
            }
            if !found {
                openers_bottom[kind][slot] = self.delims[c].prev;
                let next = self.delims[c].next;
                if !self.delims[c].can_open {
                    self.remove_delim(c);
                }
                closer = next;
                continue;
            }
            let o = opener.expect("found");
            let used = if self.delims[c].count >= 2 && self.delims[o].count >= 2 {
                2
            } else {
                1
            };
            self.delims[o].count -= used;
            self.delims[c].count -= used;
            let tag = if used == 2 {
                Tag::Strong
            } else {
                Tag::Emphasis
            };
            let (on, cn) = (self.delims[o].node, self.delims[c].node);
            // A run's delimiters are one byte each: the opener's used ones are its last, the
            // closer's its first.
            if let Piece::Src(_, b) = &mut self.nodes[on].piece {
                *b -= used as u32;
            }
            if let Piece::Src(a, _) = &mut self.nodes[cn].piece {
                *a += used as u32;
            }
            self.mark(on, tag, true);
            self.mark(cn, tag, false);
            // The delimiters between them are text now.
            let mut between = self.delims[o].next;
            while let Some(b) = between {
                if b == c {
                    break;
                }
                between = self.delims[b].next;
                self.remove_delim(b);
            }
            if self.delims[o].count == 0 {
                self.remove_delim(o);
            }
            if self.delims[c].count == 0 {
                let next = self.delims[c].next;
                self.remove_delim(c);
                closer = next;
            }
        }
        // Drop the delimiters above `bottom`.
        while let Some(last) = self.last_delim {
            if !above(last, bottom) {
                break;
            }
            self.remove_delim(last);
        }
    }

    fn open_bracket(&mut self, node: usize, at: usize, image: bool) {
        if let Some(last) = self.brackets.last_mut() {
            last.bracket_after = true;
        }
        self.brackets.push(Bracket {
            node,
            seq: self.bracket_seq,
            at,
            bracket_after: false,
            delim_below: self.last_delim,
            image,
        });
        self.bracket_seq += 1;
    }

    fn close_bracket(&mut self) {
        self.pos += 1;
        let after = self.pos;
        let Some(opener) = self.brackets.last() else {
            self.src(after - 1);
            return;
        };
        if !opener.image && opener.seq < self.inactive_below {
            self.brackets.pop();
            self.src(after - 1);
            return;
        }
        let (node, image, below) = (opener.node, opener.image, opener.delim_below);
        let (label_at, bracket_after) = (opener.at, opener.bracket_after);
        let inline = self.peek() == Some(b'(') && self.link_tail();
        if inline || self.reference(label_at, bracket_after) {
            let tag = if image { Tag::Image } else { Tag::Link };
            self.nodes[node].piece = Piece::Nothing;
            self.mark(node, tag, true);
            self.process_emphasis(below);
            let end = self.push(Piece::Nothing);
            self.mark(end, tag, false);
            self.brackets.pop();
            if !image {
                // No link in a link: every link bracket open now is inactive.
                self.inactive_below = self.bracket_seq;
            }
        } else {
            self.brackets.pop();
            self.pos = after;
            self.src(after - 1);
        }
    }

    /// Spaces and tabs, then at most one line ending, then spaces and tabs.
    fn spnl(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
        if self.peek() == Some(b'\n') {
            self.pos += 1;
            while matches!(self.peek(), Some(b' ' | b'\t')) {
                self.pos += 1;
            }
        }
    }

    /// After a link's text (at the position, past its `]`): a full (`[label]`), collapsed
    /// (`[]`) or shortcut reference to a defined label; moves past what it takes.
    fn reference(&mut self, text_at: usize, bracket_after: bool) -> bool {
        if self.labels.is_empty() {
            return false;
        }
        let after = self.pos;
        let len = self.label_len();
        let label = if len > 2 {
            &self.text[after..after + len]
        } else if !bracket_after {
            // `[]` or nothing: the link's text is the label.
            &self.text[text_at..after]
        } else {
            return false;
        };
        if self.labels.contains(&normalise(label)) {
            self.pos = after + len;
            true
        } else {
            false
        }
    }

    /// The length of the link label (`[…]`, at most 999 characters inside, no unescaped
    /// bracket) at the position, or 0.
    fn label_len(&mut self) -> usize {
        let b = self.bytes();
        if b.get(self.pos) != Some(&b'[') || self.scan_budget == 0 {
            return 0;
        }
        let mut i = self.pos + 1;
        let mut len = 0;
        let found = loop {
            match b.get(i) {
                Some(b']') => break true,
                Some(b'[') | None => break false,
                Some(b'\\') if b.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
                Some(_) => i += 1,
            }
            len += 1;
            if len > 999 {
                break false;
            }
        };
        self.scan_budget = self.scan_budget.saturating_sub(i - self.pos);
        if found {
            i + 1 - self.pos
        } else {
            0
        }
    }

    /// A link reference definition at the position, moving past it: its normalised label.
    fn definition(&mut self) -> Option<String> {
        let start = self.pos;
        let len = self.label_len();
        let label = &self.text[start..start + len];
        if len == 0
            || label[1..len - 1]
                .trim_matches([' ', '\t', '\n', '\r'])
                .is_empty()
            || self.bytes().get(start + len) != Some(&b':')
        {
            self.pos = start;
            return None;
        }
        self.pos = start + len + 1;
        self.spnl();
        let destination_at = self.pos;
        if !self.destination() || self.pos == destination_at {
            self.pos = start;
            return None;
        }
        let before_title = self.pos;
        self.spnl();
        let titled = self.pos > before_title
            && matches!(self.peek(), Some(b'"' | b'\'' | b'('))
            && self.title();
        if !titled || !self.at_line_end() {
            // No title, or one with more after it on its line: the definition may end at
            // the destination.
            self.pos = before_title;
            if !self.at_line_end() {
                self.pos = start;
                return None;
            }
        }
        Some(normalise(label))
    }

    /// Spaces and tabs, then a line ending or the end: moves past them if so.
    fn at_line_end(&mut self) -> bool {
        let b = self.bytes();
        let mut i = self.pos;
        while matches!(b.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        match b.get(i) {
            None => {
                self.pos = i;
                true
            }
            Some(b'\n') => {
                self.pos = i + 1;
                true
            }
            _ => false,
        }
    }

    /// At `(` after a link's text: whether `(destination "title")` follows, and if so moves
    /// past it.
    fn link_tail(&mut self) -> bool {
        if self.scan_budget == 0 {
            return false;
        }
        let start = self.pos;
        self.reach = start;
        let ok = self.link_tail_from();
        let read = self.reach.max(self.pos) - start;
        self.scan_budget = self.scan_budget.saturating_sub(read);
        if !ok {
            self.pos = start;
        }
        ok
    }

    fn link_tail_from(&mut self) -> bool {
        self.pos += 1;
        self.spnl();
        if !self.destination() {
            return false;
        }
        let before_title = self.pos;
        self.spnl();
        let spaced = self.pos > before_title;
        if spaced && matches!(self.peek(), Some(b'"' | b'\'' | b'(')) && !self.title() {
            return false;
        }
        self.spnl();
        if self.peek() == Some(b')') {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn destination(&mut self) -> bool {
        let b = self.bytes();
        if self.peek() == Some(b'<') {
            let mut i = self.pos + 1;
            while let Some(&c) = b.get(i) {
                match c {
                    b'>' => {
                        self.pos = i + 1;
                        return true;
                    }
                    b'\\' if b.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
                    b'<' | b'\n' => {
                        self.reach = i;
                        return false;
                    }
                    _ => i += 1,
                }
            }
            self.reach = i;
            return false;
        }
        let start = self.pos;
        let mut depth = 0usize;
        let mut i = start;
        while let Some(&c) = b.get(i) {
            match c {
                b'\\' if b.get(i + 1).is_some_and(u8::is_ascii_punctuation) => i += 2,
                b'(' => {
                    depth += 1;
                    i += 1;
                }
                b')' if depth == 0 => break,
                b')' => {
                    depth -= 1;
                    i += 1;
                }
                c if c <= b' ' || c == 0x7f => break,
                _ => i += 1,
            }
        }
        self.pos = i;
        depth == 0 && (i > start || b.get(i) == Some(&b')'))
    }

    fn title(&mut self) -> bool {
        let b = self.bytes();
        let close = match b[self.pos] {
            b'(' => b')',
            q => q,
        };
        let mut i = self.pos + 1;
        while let Some(&c) = b.get(i) {
            if c == b'\\' && b.get(i + 1).is_some_and(u8::is_ascii_punctuation) {
                i += 2;
            } else if c == close {
                self.pos = i + 1;
                return true;
            } else if close == b')' && c == b'(' {
                self.reach = i;
                return false;
            } else {
                i += 1;
            }
        }
        self.reach = i;
        false
    }

    /// `<scheme:…>` or `<address@host>`: drawn as the address alone.
    fn autolink(&mut self) -> bool {
        let b = &self.bytes()[self.pos + 1..];
        let uri = || {
            let scheme = b
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'.' | b'-'))
                .count();
            if !(2..=32).contains(&scheme)
                || !b[0].is_ascii_alphabetic()
                || b.get(scheme) != Some(&b':')
            {
                return None;
            }
            let rest = b[scheme + 1..]
                .iter()
                .position(|&c| c == b'>' || c == b'<' || c <= b' ')?;
            (b[scheme + 1 + rest] == b'>').then_some(scheme + 1 + rest)
        };
        let email = || {
            let local = b
                .iter()
                .take_while(|&&c| c.is_ascii_alphanumeric() || b".!#$%&'*+/=?^_`{|}~-".contains(&c))
                .count();
            if local == 0 || b.get(local) != Some(&b'@') {
                return None;
            }
            let mut i = local + 1;
            loop {
                let label = b[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
                    .count();
                if label == 0 || label > 63 || b[i] == b'-' || b[i + label - 1] == b'-' {
                    return None;
                }
                i += label;
                match b.get(i) {
                    Some(b'.') => i += 1,
                    Some(b'>') => return Some(i),
                    _ => return None,
                }
            }
        };
        let Some(len) = uri().or_else(email) else {
            return false;
        };
        let start = self.push(Piece::Nothing);
        self.mark(start, Tag::Link, true);
        self.push(Piece::Src(
            (self.pos + 1) as u32,
            (self.pos + 1 + len) as u32,
        ));
        self.pos += len + 2;
        let end = self.push(Piece::Nothing);
        self.mark(end, Tag::Link, false);
        true
    }

    /// Raw HTML (a tag, a comment, a processing instruction, a declaration or CDATA): text
    /// as written, read whole so that nothing in it is taken as Markdown.
    fn raw_html(&mut self) -> bool {
        let rest = &self.text[self.pos..];
        let len = if rest.starts_with("<!--") {
            self.until(COMMENT, 4)
        } else if rest.starts_with("<?") {
            self.until(PROCESSING, 2)
        } else if rest.starts_with("<![CDATA[") {
            self.until(CDATA, 9)
        } else if rest.as_bytes().get(1) == Some(&b'!')
            && rest.as_bytes().get(2).is_some_and(u8::is_ascii_alphabetic)
        {
            self.until(DECLARATION, 2)
        } else if self.scan_budget > 0 {
            let (len, read) = html_tag(rest.as_bytes());
            self.scan_budget = self.scan_budget.saturating_sub(read);
            len
        } else {
            None
        };
        let Some(len) = len else {
            return false;
        };
        self.pos += len;
        self.src(self.pos - len);
        true
    }

    /// The length of the raw HTML of `kind` that starts here and ends at the first
    /// `END_OF[kind]` past `skip` bytes.
    fn until(&mut self, kind: usize, skip: usize) -> Option<usize> {
        if self.no_end_left[kind] {
            return None;
        }
        let (rest, end) = (&self.text[self.pos..], END_OF[kind]);
        // `<!-->` and `<!--->`: a comment that ends where it starts.
        if kind == COMMENT {
            if rest.starts_with("<!-->") {
                return Some(5);
            }
            if rest.starts_with("<!--->") {
                return Some(6);
            }
        }
        match rest.get(skip..).and_then(|r| r.find(end)) {
            Some(at) => Some(skip + at + end.len()),
            None => {
                self.no_end_left[kind] = true;
                None
            }
        }
    }

    fn entity(&mut self) -> bool {
        let b = &self.bytes()[self.pos + 1..];
        let (len, value) = if b.first() == Some(&b'#') {
            let hex = matches!(b.get(1), Some(b'x' | b'X'));
            let digits_at = if hex { 2 } else { 1 };
            let digits = b[digits_at..]
                .iter()
                .take_while(|c| {
                    if hex {
                        c.is_ascii_hexdigit()
                    } else {
                        c.is_ascii_digit()
                    }
                })
                .count();
            if digits == 0
                || digits > if hex { 6 } else { 7 }
                || b.get(digits_at + digits) != Some(&b';')
            {
                return false;
            }
            let s = &self.text[self.pos + 1 + digits_at..self.pos + 1 + digits_at + digits];
            let n = u32::from_str_radix(s, if hex { 16 } else { 10 }).unwrap_or(0);
            let c = char::from_u32(n)
                .filter(|&c| c != '\0')
                .unwrap_or('\u{fffd}');
            (digits_at + digits + 1, c.to_string())
        } else {
            let name = b.iter().take_while(|c| c.is_ascii_alphanumeric()).count();
            if !(2..=32).contains(&name)
                || !b[0].is_ascii_alphabetic()
                || b.get(name) != Some(&b';')
            {
                return false;
            }
            let key = &self.text[self.pos + 1..self.pos + 1 + name];
            match ENTITIES.binary_search_by(|(k, _)| (*k).cmp(key)) {
                Ok(i) => (name + 1, ENTITIES[i].1.to_string()),
                Err(_) => return false,
            }
        };
        self.pos += len + 1;
        let i = self.string(value);
        self.push(Piece::Owned(i));
        true
    }
}

/// The length of the open or closing HTML tag `b` starts with, if it starts with one, and
/// how far the search for it read.
pub(super) fn html_tag(b: &[u8]) -> (Option<usize>, usize) {
    let mut reach = 0;
    let len = tag_len(b, &mut reach);
    (len, reach.min(b.len()))
}

fn tag_len(b: &[u8], reach: &mut usize) -> Option<usize> {
    if b.first() != Some(&b'<') {
        return None;
    }
    let name = |i: usize| -> Option<usize> {
        if !b.get(i)?.is_ascii_alphabetic() {
            return None;
        }
        Some(
            i + 1
                + b[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-')
                    .count(),
        )
    };
    let spaces = |mut i: usize| {
        while b
            .get(i)
            .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c'))
        {
            i += 1;
        }
        i
    };
    if b.get(1) == Some(&b'/') {
        let i = spaces(name(2)?);
        *reach = i;
        return (b.get(i) == Some(&b'>')).then_some(i + 1);
    }
    let mut i = name(1)?;
    loop {
        let after_space = spaces(i);
        *reach = after_space;
        match b.get(after_space)? {
            b'>' => return Some(after_space + 1),
            b'/' => return (b.get(after_space + 1) == Some(&b'>')).then_some(after_space + 2),
            c if after_space > i && (c.is_ascii_alphabetic() || *c == b'_' || *c == b':') => {
                let mut j = after_space + 1;
                while b.get(j).is_some_and(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b':' | b'-')
                }) {
                    j += 1;
                }
                // An optional value.
                let k = spaces(j);
                *reach = k;
                if b.get(k) == Some(&b'=') {
                    let v = spaces(k + 1);
                    *reach = v;
                    match b.get(v)? {
                        q @ (b'"' | b'\'') => {
                            let Some(close) = b[v + 1..].iter().position(|c| c == q) else {
                                *reach = b.len();
                                return None;
                            };
                            i = v + 1 + close + 1;
                        }
                        _ => {
                            let len = b[v..]
                                .iter()
                                .take_while(|c| {
                                    !matches!(c, b'"' | b'\'' | b'=' | b'<' | b'>' | b'`')
                                        && **c > b' '
                                })
                                .count();
                            if len == 0 {
                                return None;
                            }
                            i = v + len;
                        }
                    }
                } else {
                    i = j;
                }
            }
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entity_table_is_sorted_for_its_binary_search() {
        assert!(ENTITIES.windows(2).all(|w| w[0].0 < w[1].0));
    }

    fn text_of(markdown: &str) -> String {
        let mut out = String::new();
        read(markdown, &Labels::new(), &mut |e| {
            if let Event::Text(t) = e {
                out.push_str(&t);
            }
        });
        out
    }

    #[test]
    fn character_references() {
        assert_eq!(
            text_of("&amp; &hellip; &yen; &#35; &#x1F600; &#0; &#x110000;"),
            "& … ¥ # 😀 \u{fffd} \u{fffd}"
        );
        // Not in the table, or not a reference: as written.
        assert_eq!(
            text_of("&frac34; &#; &#12345678; &x;"),
            "&frac34; &#; &#12345678; &x;"
        );
    }
}
