//! CommonMark's block structure (spec 0.31.2, "Appendix A: A parsing strategy"): each line
//! first continues the open containers it can (block quotes, list items), then may open new
//! blocks, and what is left is text for the innermost open block. A paragraph's leading
//! link reference definitions are taken out as it closes: only their labels are kept, which
//! is all a link drawn as its text needs.
//!
//! The agent controls how deeply containers nest, and every line walks the open ones, so
//! at most [`MAX_CONTAINERS`] are open at once: a marker past them is paragraph text. With
//! it, reading a Text is linear in its length: a blank line after a blank line is skipped
//! unless a block takes it as a line or the first left an item with nothing in it, so a run
//! of blank lines walks the open containers at most twice. Emitting the blocks recurses
//! once per container level, so at most about twice [`MAX_CONTAINERS`] deep.

use super::inlines;
use super::{Event, Tag};
use std::borrow::Cow;

/// How many block quotes and list items may be open at once: the renderer draws 6 elements
/// deep (a list two levels down is already four), and each line may walk every open one
/// (a blank line in a fenced block, or the indentation before a line's text).
pub const MAX_CONTAINERS: usize = 16;

const CODE_INDENT: usize = 4;

#[derive(Clone, Copy, PartialEq)]
enum ListKind {
    Bullet(u8),
    Ordered(u8),
}

#[derive(Clone, Copy)]
struct ListData {
    kind: ListKind,
    start: u64,
    marker_offset: usize,
    padding: usize,
}

enum Kind {
    Document,
    Quote,
    List {
        data: ListData,
        tight: bool,
    },
    Item {
        data: ListData,
    },
    Paragraph,
    Heading,
    /// A fenced block's fence: its character, its length and its indentation.
    Code {
        fence: Option<(u8, usize, usize)>,
    },
    Html {
        kind: u8,
    },
    Rule,
    /// A paragraph that held link reference definitions alone: drawn as nothing, kept for
    /// the lines it spans (a blank line after it still makes a list loose).
    Definitions,
}

impl Kind {
    fn accepts_lines(&self) -> bool {
        matches!(
            self,
            Kind::Paragraph | Kind::Code { .. } | Kind::Html { .. }
        )
    }

    fn can_contain(&self, child: &Kind) -> bool {
        match self {
            Kind::Document | Kind::Quote | Kind::Item { .. } => !matches!(child, Kind::Item { .. }),
            Kind::List { .. } => matches!(child, Kind::Item { .. }),
            _ => false,
        }
    }
}

struct Block {
    kind: Kind,
    parent: usize,
    children: Vec<usize>,
    open: bool,
    /// The lines a leaf holds, each ending in `\n` (the text's last may have none).
    text: String,
    start_line: usize,
    end_line: usize,
    /// How many of its children are `Kind::Definitions`: an item whose children are all
    /// such has no content (they still count for the lines it spans).
    definitions: usize,
}

struct Parser<'a> {
    blocks: Vec<Block>,
    tip: usize,
    old_tip: usize,
    last_matched: usize,
    all_closed: bool,
    line: &'a str,
    /// Whether the line ended in a line ending (the last may not).
    line_ended: bool,
    line_number: usize,
    /// Whether the last line was blank.
    last_blank: bool,
    offset: usize,
    column: usize,
    next_nonspace: usize,
    next_nonspace_column: usize,
    indent: usize,
    indented: bool,
    blank: bool,
    partially_consumed_tab: bool,
    /// Open block quotes and list items.
    containers: usize,
    /// The link labels the text defines.
    labels: inlines::Labels,
}

fn is_space_or_tab(c: Option<u8>) -> bool {
    matches!(c, Some(b' ' | b'\t'))
}

/// Hands `sink` the events `text` reads as, blocks and their inlines.
pub(super) fn read(text: &str, sink: &mut dyn FnMut(Event<'_>)) {
    let mut p = Parser {
        blocks: vec![Block {
            kind: Kind::Document,
            parent: 0,
            children: Vec::new(),
            open: true,
            text: String::new(),
            start_line: 1,
            end_line: 0,
            definitions: 0,
        }],
        tip: 0,
        old_tip: 0,
        last_matched: 0,
        all_closed: true,
        line: "",
        line_ended: false,
        line_number: 0,
        last_blank: false,
        offset: 0,
        column: 0,
        next_nonspace: 0,
        next_nonspace_column: 0,
        indent: 0,
        indented: false,
        blank: false,
        partially_consumed_tab: false,
        containers: 0,
        labels: inlines::Labels::new(),
    };
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let mut next = end;
        if rest[next..].starts_with("\r\n") {
            next += 2;
        } else if next < rest.len() {
            next += 1;
        }
        p.line_ended = next > end;
        rest = &rest[next..];
        p.line(line);
    }
    while p.tip != 0 {
        p.finalize(p.tip, p.line_number);
    }
    p.finalize(0, p.line_number);
    p.emit(0, false, sink);
}

impl<'a> Parser<'a> {
    fn peek(&self, at: usize) -> Option<u8> {
        self.line.as_bytes().get(at).copied()
    }

    fn find_next_nonspace(&mut self) {
        let bytes = self.line.as_bytes();
        let (mut i, mut cols) = (self.offset, self.column);
        while let Some(&c) = bytes.get(i) {
            match c {
                b' ' => cols += 1,
                b'\t' => cols += 4 - cols % 4,
                _ => break,
            }
            i += 1;
        }
        self.blank = i == bytes.len();
        self.next_nonspace = i;
        self.next_nonspace_column = cols;
        self.indent = cols - self.column;
        self.indented = self.indent >= CODE_INDENT;
    }

    /// Whether what is left of the line would continue the open paragraph lazily: a line
    /// that is not blank, after containers that did not all continue, with a paragraph open.
    fn lazy(&self) -> bool {
        !self.all_closed && !self.blank && matches!(self.blocks[self.tip].kind, Kind::Paragraph)
    }

    fn advance_next_nonspace(&mut self) {
        self.offset = self.next_nonspace;
        self.column = self.next_nonspace_column;
        self.partially_consumed_tab = false;
    }

    /// Moves past `count` characters (`columns`: `count` columns, a tab counting as the
    /// columns to its stop, part of one left partly consumed).
    fn advance_offset(&mut self, mut count: usize, columns: bool) {
        let bytes = self.line.as_bytes();
        while count > 0 {
            let Some(&c) = bytes.get(self.offset) else {
                break;
            };
            if c == b'\t' {
                let to_tab = 4 - self.column % 4;
                if columns {
                    self.partially_consumed_tab = to_tab > count;
                    let step = to_tab.min(count);
                    self.column += step;
                    self.offset += usize::from(!self.partially_consumed_tab);
                    count -= step;
                } else {
                    self.partially_consumed_tab = false;
                    self.column += to_tab;
                    self.offset += 1;
                    count -= 1;
                }
            } else {
                self.partially_consumed_tab = false;
                self.offset += 1;
                self.column += 1;
                count -= 1;
            }
        }
    }

    /// Moves past a block quote's `>` (at the next non-space) and the one space or tab after
    /// it, if any (a tab only partly).
    fn take_quote_marker(&mut self) {
        self.advance_next_nonspace();
        self.advance_offset(1, false);
        if is_space_or_tab(self.peek(self.offset)) {
            self.advance_offset(1, true);
        }
    }

    /// Moves past the rest of the line: nothing of it is text.
    fn consume_line(&mut self) {
        self.offset = self.line.len();
        self.partially_consumed_tab = false;
    }

    fn rest(&self) -> &'a str {
        &self.line[self.next_nonspace..]
    }

    fn line(&mut self, line: &'a str) {
        let blank = line.bytes().all(|b| b == b' ' || b == b'\t');
        let was_blank = std::mem::replace(&mut self.last_blank, blank);
        self.line_number += 1;
        // A blank line after a blank line changes nothing unless a block takes it as a line
        // (code, HTML) or the first left an item with no content (it then ends at this one):
        // the first closed what a blank line closes. Without this, each of an agent's blank
        // lines would walk every open container.
        let tip = &self.blocks[self.tip];
        let settled = !tip.kind.accepts_lines()
            && (self.has_content(self.tip) || !matches!(tip.kind, Kind::Item { .. }));
        if blank && was_blank && settled {
            return;
        }
        self.line = line;
        self.offset = 0;
        self.column = 0;
        self.blank = false;
        self.partially_consumed_tab = false;
        self.old_tip = self.tip;

        // Continue the open blocks this line continues.
        let mut container = 0;
        while let Some(&last) = self.blocks[container].children.last() {
            if !self.blocks[last].open {
                break;
            }
            container = last;
            self.find_next_nonspace();
            match self.continues(container) {
                Continue::Yes => {}
                Continue::No => {
                    container = self.blocks[container].parent;
                    break;
                }
                Continue::LineDone => return,
            }
        }
        self.all_closed = container == self.old_tip;
        self.last_matched = container;

        // New blocks this line opens.
        let mut matched_leaf = !matches!(self.blocks[container].kind, Kind::Paragraph)
            && self.blocks[container].kind.accepts_lines();
        while !matched_leaf {
            self.find_next_nonspace();
            match self.open_block(container) {
                Start::None => {
                    self.advance_next_nonspace();
                    break;
                }
                Start::Container => container = self.tip,
                Start::Leaf => {
                    container = self.tip;
                    matched_leaf = true;
                }
            }
        }

        // What is left is text.
        if self.lazy() {
            // A lazy continuation line.
            self.add_line();
        } else {
            self.close_unmatched();
            if self.blocks[container].kind.accepts_lines() {
                self.add_line();
                if let Kind::Html { kind: kind @ 1..=5 } = self.blocks[container].kind {
                    if html_block_ends(kind, &self.line[self.offset..]) {
                        self.finalize(container, self.line_number);
                    }
                }
            } else if self.offset < self.line.len() && !self.blank {
                self.add_child(Kind::Paragraph);
                self.advance_next_nonspace();
                self.add_line();
            }
        }
    }

    fn continues(&mut self, container: usize) -> Continue {
        match &self.blocks[container].kind {
            Kind::Document | Kind::List { .. } => Continue::Yes,
            Kind::Quote => {
                if !self.indented && self.peek(self.next_nonspace) == Some(b'>') {
                    self.take_quote_marker();
                    Continue::Yes
                } else {
                    Continue::No
                }
            }
            Kind::Item { data } => {
                let width = data.marker_offset + data.padding;
                if self.blank {
                    if !self.has_content(container) {
                        return Continue::No;
                    }
                    self.advance_next_nonspace();
                } else if self.indent >= width {
                    self.advance_offset(width, true);
                } else {
                    return Continue::No;
                }
                Continue::Yes
            }
            Kind::Heading | Kind::Rule | Kind::Definitions => Continue::No,
            &Kind::Code {
                fence: Some((c, len, fence_offset)),
            } => {
                if self.indent <= 3 && self.peek(self.next_nonspace) == Some(c) {
                    let rest = self.rest().as_bytes();
                    let run = rest.iter().take_while(|&&b| b == c).count();
                    if run >= len && rest[run..].iter().all(|&b| b == b' ' || b == b'\t') {
                        self.finalize(container, self.line_number);
                        return Continue::LineDone;
                    }
                }
                let mut i = fence_offset;
                while i > 0 && is_space_or_tab(self.peek(self.offset)) {
                    self.advance_offset(1, true);
                    i -= 1;
                }
                Continue::Yes
            }
            Kind::Code { fence: None } => {
                if self.indent >= CODE_INDENT {
                    self.advance_offset(CODE_INDENT, true);
                } else if self.blank {
                    self.advance_next_nonspace();
                } else {
                    return Continue::No;
                }
                Continue::Yes
            }
            Kind::Html { kind } => {
                if self.blank && matches!(kind, 6 | 7) {
                    Continue::No
                } else {
                    Continue::Yes
                }
            }
            Kind::Paragraph => {
                if self.blank {
                    Continue::No
                } else {
                    Continue::Yes
                }
            }
        }
    }

    fn open_block(&mut self, container: usize) -> Start {
        let in_paragraph = matches!(self.blocks[container].kind, Kind::Paragraph);
        let rest = self.rest();
        let first = rest.as_bytes().first().copied();
        let room = self.containers < MAX_CONTAINERS;
        if !self.indented {
            match first {
                Some(b'>') if room => {
                    self.take_quote_marker();
                    self.close_unmatched();
                    self.add_child(Kind::Quote);
                    return Start::Container;
                }
                Some(b'#') => {
                    let hashes = rest.bytes().take_while(|&b| b == b'#').count();
                    if hashes <= 6
                        && matches!(rest.as_bytes().get(hashes), None | Some(b' ' | b'\t'))
                    {
                        self.advance_next_nonspace();
                        self.advance_offset(hashes, false);
                        self.close_unmatched();
                        let heading = self.add_child(Kind::Heading);
                        self.blocks[heading].text =
                            atx_content(&self.line[self.offset..]).to_string();
                        self.consume_line();
                        return Start::Leaf;
                    }
                }
                Some(c @ (b'`' | b'~')) => {
                    let run = rest.bytes().take_while(|&b| b == c).count();
                    if run >= 3 && (c == b'~' || !rest[run..].contains('`')) {
                        let fence_offset = self.indent;
                        self.close_unmatched();
                        self.add_child(Kind::Code {
                            fence: Some((c, run, fence_offset)),
                        });
                        // The info string is not drawn: the rest of the line is dropped.
                        self.consume_line();
                        return Start::Leaf;
                    }
                }
                Some(b'<') => {
                    let lazy_paragraph = self.lazy();
                    if let Some(kind) = html_block_start(rest) {
                        if kind < 7 || (!in_paragraph && !lazy_paragraph) {
                            self.close_unmatched();
                            // The block keeps the line from where it is, indentation and all.
                            self.add_child(Kind::Html { kind });
                            return Start::Leaf;
                        }
                    }
                }
                _ => {}
            }
            // A paragraph of link reference definitions alone is no heading's text.
            if in_paragraph && is_setext_underline(rest) && self.take_definitions(container) {
                self.close_unmatched();
                self.blocks[container].kind = Kind::Heading;
                let kept = self.blocks[container].text.trim_end_matches('\n').len();
                self.blocks[container].text.truncate(kept);
                self.consume_line();
                return Start::Leaf;
            }
            if is_thematic_break(rest) {
                self.close_unmatched();
                self.add_child(Kind::Rule);
                self.consume_line();
                return Start::Leaf;
            }
        }
        if (!self.indented || matches!(self.blocks[container].kind, Kind::List { .. })) && room {
            if let Some(data) = self.list_marker(in_paragraph) {
                self.close_unmatched();
                let same_list = matches!(self.blocks[self.tip].kind,
                    Kind::List { data: ref d, .. } if d.kind == data.kind);
                if !same_list {
                    self.add_child(Kind::List { data, tight: true });
                }
                self.add_child(Kind::Item { data });
                return Start::Container;
            }
        }
        if self.indented && !matches!(self.blocks[self.tip].kind, Kind::Paragraph) && !self.blank {
            self.advance_offset(CODE_INDENT, true);
            self.close_unmatched();
            self.add_child(Kind::Code { fence: None });
            return Start::Leaf;
        }
        Start::None
    }

    fn list_marker(&mut self, in_paragraph: bool) -> Option<ListData> {
        if self.indent >= 4 {
            return None;
        }
        let rest = self.rest().as_bytes();
        let (kind, start, marker_len) = match rest.first()? {
            c @ (b'*' | b'+' | b'-') => (ListKind::Bullet(*c), 1, 1),
            b'0'..=b'9' => {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                let delim = *rest.get(digits)?;
                if digits > 9 || !matches!(delim, b'.' | b')') {
                    return None;
                }
                let start: u64 = self.rest()[..digits].parse().ok()?;
                if in_paragraph && start != 1 {
                    return None;
                }
                (ListKind::Ordered(delim), start, digits + 1)
            }
            _ => return None,
        };
        if !matches!(rest.get(marker_len), None | Some(b' ' | b'\t')) {
            return None;
        }
        if in_paragraph && rest[marker_len..].iter().all(|&b| b == b' ' || b == b'\t') {
            return None;
        }
        let marker_offset = self.indent;
        self.advance_next_nonspace();
        self.advance_offset(marker_len, true);
        let (spaces_column, spaces_offset) = (self.column, self.offset);
        loop {
            self.advance_offset(1, true);
            if !(self.column - spaces_column < 5 && is_space_or_tab(self.peek(self.offset))) {
                break;
            }
        }
        let blank_item = self.peek(self.offset).is_none();
        let spaces = self.column - spaces_column;
        let padding = if !(1..5).contains(&spaces) || blank_item {
            self.column = spaces_column;
            self.offset = spaces_offset;
            if is_space_or_tab(self.peek(self.offset)) {
                self.advance_offset(1, true);
            }
            marker_len + 1
        } else {
            marker_len + spaces
        };
        Some(ListData {
            kind,
            start,
            marker_offset,
            padding,
        })
    }

    fn add_line(&mut self) {
        let tip = self.tip;
        if self.partially_consumed_tab {
            self.offset += 1;
            let to_tab = 4 - self.column % 4;
            for _ in 0..to_tab {
                self.blocks[tip].text.push(' ');
            }
        }
        let rest = &self.line[self.offset.min(self.line.len())..];
        self.blocks[tip].text.push_str(rest);
        if self.line_ended {
            self.blocks[tip].text.push('\n');
        }
    }

    fn add_child(&mut self, kind: Kind) -> usize {
        while !self.blocks[self.tip].kind.can_contain(&kind) {
            self.finalize(self.tip, self.line_number - 1);
        }
        self.containers += usize::from(matches!(kind, Kind::Quote | Kind::Item { .. }));
        let at = self.blocks.len();
        self.blocks.push(Block {
            kind,
            parent: self.tip,
            children: Vec::new(),
            open: true,
            text: String::new(),
            start_line: self.line_number,
            end_line: self.line_number,
            definitions: 0,
        });
        self.blocks[self.tip].children.push(at);
        self.tip = at;
        at
    }

    /// Whether a container holds a block other than link reference definitions.
    fn has_content(&self, at: usize) -> bool {
        self.blocks[at].children.len() > self.blocks[at].definitions
    }

    /// Takes the link reference definitions a paragraph starts with; whether any text is left.
    fn take_definitions(&mut self, at: usize) -> bool {
        let text = &mut self.blocks[at].text;
        if text.starts_with('[') {
            let taken = inlines::definitions(text, &mut self.labels);
            text.drain(..taken);
        }
        !is_blank(text)
    }

    fn close_unmatched(&mut self) {
        if !self.all_closed {
            while self.old_tip != self.last_matched {
                let parent = self.blocks[self.old_tip].parent;
                self.finalize(self.old_tip, self.line_number - 1);
                self.old_tip = parent;
            }
            self.all_closed = true;
        }
    }

    fn finalize(&mut self, at: usize, line: usize) {
        let parent = self.blocks[at].parent;
        self.blocks[at].open = false;
        self.blocks[at].end_line = line;
        self.containers -= usize::from(matches!(
            self.blocks[at].kind,
            Kind::Quote | Kind::Item { .. }
        ));
        if matches!(self.blocks[at].kind, Kind::Paragraph) && !self.take_definitions(at) {
            self.blocks[at].kind = Kind::Definitions;
            self.blocks[parent].definitions += 1;
        }
        match self.blocks[at].kind {
            Kind::Code { fence: Some(_) } => {
                // The first line was the fence's info string, which is not drawn.
                let text = &mut self.blocks[at].text;
                let first = text.find('\n').map_or(text.len(), |n| n + 1);
                text.drain(..first);
            }
            Kind::Code { fence: None } => {
                // Blank lines at the end are not the code's, nor the lines it spans.
                let text = &mut self.blocks[at].text;
                let keep = text.trim_end_matches([' ', '\t', '\n']).len();
                let keep = text[keep..].find('\n').map_or(text.len(), |n| keep + n + 1);
                let dropped = text[keep..].bytes().filter(|&b| b == b'\n').count();
                text.truncate(keep);
                let block = &mut self.blocks[at];
                block.end_line -= dropped.min(block.end_line - block.start_line);
            }
            Kind::Item { .. } => {
                if let Some(&last) = self.blocks[at].children.last() {
                    self.blocks[at].end_line = self.blocks[last].end_line;
                } else {
                    self.blocks[at].end_line = self.blocks[at].start_line;
                }
            }
            Kind::List { .. } => {
                let items = self.blocks[at].children.clone();
                let gap = |p: &Parser, a: usize, b: usize| {
                    p.blocks[a].end_line + 1 < p.blocks[b].start_line
                };
                let mut tight = true;
                'items: for (i, &item) in items.iter().enumerate() {
                    if let Some(&next) = items.get(i + 1) {
                        if gap(self, item, next) {
                            tight = false;
                            break;
                        }
                    }
                    let kids = &self.blocks[item].children;
                    for (j, &kid) in kids.iter().enumerate() {
                        if let Some(&next) = kids.get(j + 1) {
                            if gap(self, kid, next) {
                                tight = false;
                                break 'items;
                            }
                        }
                    }
                }
                if let Some(&last) = items.last() {
                    self.blocks[at].end_line = self.blocks[last].end_line;
                }
                if let Kind::List { tight: t, .. } = &mut self.blocks[at].kind {
                    *t = tight;
                }
            }
            _ => {}
        }
        self.tip = parent;
    }

    /// The events of block `at` and its children; `tight`: inside an item of a tight list,
    /// where a paragraph is its inlines alone.
    fn emit(&self, at: usize, tight: bool, sink: &mut dyn FnMut(Event<'_>)) {
        let block = &self.blocks[at];
        let (tag, kids_tight) = match &block.kind {
            Kind::Document => (None, false),
            Kind::Quote => (Some(Tag::BlockQuote), false),
            Kind::List { data, tight } => (
                Some(Tag::List(match data.kind {
                    ListKind::Ordered(_) => Some(data.start),
                    ListKind::Bullet(_) => None,
                })),
                *tight,
            ),
            Kind::Item { .. } => (Some(Tag::Item), tight),
            Kind::Paragraph if tight => (None, false),
            Kind::Paragraph => (Some(Tag::Paragraph), false),
            Kind::Heading => (Some(Tag::Heading), false),
            Kind::Code { .. } => (Some(Tag::CodeBlock), false),
            Kind::Html { .. } => (Some(Tag::HtmlBlock), false),
            Kind::Rule => {
                sink(Event::Rule);
                return;
            }
            Kind::Definitions => return,
        };
        if let Some(tag) = tag {
            sink(Event::Start(tag));
        }
        match &block.kind {
            // The spec strips spaces and tabs, not other white space (an ideographic space
            // opening a Japanese paragraph is its text).
            Kind::Paragraph | Kind::Heading => inlines::read(
                block.text.trim_matches([' ', '\t', '\n']),
                &self.labels,
                sink,
            ),
            Kind::Code { .. } | Kind::Html { .. } if !block.text.is_empty() => {
                sink(Event::Text(Cow::Borrowed(&block.text)));
            }
            _ => {
                for &c in &block.children {
                    self.emit(c, kids_tight, sink);
                }
            }
        }
        if let Some(tag) = tag {
            sink(Event::End(tag));
        }
    }
}

enum Continue {
    Yes,
    No,
    /// The line closed a fenced code block: nothing of it is left.
    LineDone,
}

enum Start {
    None,
    Container,
    Leaf,
}

/// An ATX heading's text: the line after its `#`s, less a closing run of `#`s.
fn atx_content(rest: &str) -> &str {
    let t = rest.trim_matches([' ', '\t']);
    let without = t.trim_end_matches('#');
    if without.is_empty() {
        return "";
    }
    if without.ends_with([' ', '\t']) {
        without.trim_end_matches([' ', '\t'])
    } else {
        t
    }
}

fn is_setext_underline(rest: &str) -> bool {
    let b = rest.as_bytes();
    let Some(&c @ (b'=' | b'-')) = b.first() else {
        return false;
    };
    let run = b.iter().take_while(|&&x| x == c).count();
    b[run..].iter().all(|&x| x == b' ' || x == b'\t')
}

fn is_thematic_break(rest: &str) -> bool {
    let b = rest.as_bytes();
    let Some(&c @ (b'*' | b'_' | b'-')) = b.first() else {
        return false;
    };
    let mut n = 0;
    for &x in b {
        if x == c {
            n += 1;
        } else if x != b' ' && x != b'\t' {
            return false;
        }
    }
    n >= 3
}

const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "base",
    "basefont",
    "blockquote",
    "body",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hr",
    "html",
    "iframe",
    "legend",
    "li",
    "link",
    "main",
    "menu",
    "menuitem",
    "nav",
    "noframes",
    "ol",
    "optgroup",
    "option",
    "p",
    "param",
    "search",
    "section",
    "summary",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "track",
    "ul",
];

/// Which of the seven kinds of HTML block `rest` (a line from its first `<`) starts, if any.
fn html_block_start(rest: &str) -> Option<u8> {
    const RAW: [&str; 4] = ["pre", "script", "style", "textarea"];
    let b = rest.as_bytes();
    let named = |at: usize, name: &str| {
        b.get(at..at + name.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(name.as_bytes()))
    };
    let ends_name = |at: usize| matches!(b.get(at), None | Some(b' ' | b'\t' | b'>'));
    if RAW.iter().any(|t| named(1, t) && ends_name(1 + t.len())) {
        return Some(1);
    }
    if rest.starts_with("<!--") {
        return Some(2);
    }
    if rest.starts_with("<?") {
        return Some(3);
    }
    if b.len() > 2 && b[1] == b'!' && b[2].is_ascii_alphabetic() {
        return Some(4);
    }
    if rest.starts_with("<![CDATA[") {
        return Some(5);
    }
    let name_start = if b.get(1) == Some(&b'/') { 2 } else { 1 };
    let name_len = b[name_start.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric())
        .count();
    let end = name_start + name_len;
    if name_len > 0
        && BLOCK_TAGS
            .iter()
            .any(|t| t.len() == name_len && named(name_start, t))
        && (ends_name(end) || rest[end..].starts_with("/>"))
    {
        return Some(6);
    }
    // Kind 7: a whole open or closing tag alone on its line (an open `pre` and the like
    // were kind 1 above; a closing one is kind 7, as cmark, commonmark.js and
    // pulldown-cmark read it).
    let tag_len = inlines::html_tag(b).0?;
    rest[tag_len..]
        .trim_matches([' ', '\t'])
        .is_empty()
        .then_some(7)
}

fn html_block_ends(kind: u8, line: &str) -> bool {
    match kind {
        1 => {
            let lower = line.to_ascii_lowercase();
            ["</pre>", "</script>", "</style>", "</textarea>"]
                .iter()
                .any(|t| lower.contains(t))
        }
        2 => line.contains("-->"),
        3 => line.contains("?>"),
        4 => line.contains('>'),
        5 => line.contains("]]>"),
        _ => false,
    }
}

/// Whether a line or lines hold only spaces, tabs and line endings.
fn is_blank(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n'))
}
