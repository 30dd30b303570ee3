//! Text's Markdown (the Basic Catalog: "simple Markdown … without HTML, images, or
//! links"), read into the trees of allowlisted elements a renderer draws: our CommonMark
//! reader ([`blocks`], [`inlines`]) hands its events to a [`Tree`]. Nothing is parsed as
//! HTML: raw HTML arrives as text, a link as its text, an image as its alt text. No
//! dependencies and no DOM: `surfaces-render` draws the trees, and the fuzz target reads
//! them alone.
//!
//! The reader is ours, not pulldown-cmark, for size: pulldown-cmark was 66 KB of the UI
//! build's `.wasm` gzipped, a tenth of it (BENCHMARKS.md, "Build choices"). It follows the
//! CommonMark spec 0.31.2 for what a Text draws, and `tests/agreement.rs` holds it to
//! pulldown-cmark's reading of the spec's examples, of the official examples' Texts and of
//! generated text, with the places it differs listed there.
//!
//! The agent controls how deeply Markdown nests (`> > > - - -` …), so the tree is built
//! without recursion and at most [`MAX_DEPTH`] elements deep: a construct nested deeper is
//! drawn as its content only. Drawing the tree then recurses at most that deep.
//!
//! The agent also controls how many constructs a Text holds (`*_[` repeated draws an element
//! per three bytes), so one Text builds at most [`MAX_ELEMENTS`] elements: past that, every
//! construct is drawn as its content only, a line break as a space, a rule as nothing.

use std::borrow::Cow;

mod blocks;
mod inlines;
mod punctuation;

pub use blocks::MAX_CONTAINERS;

/// What the reader finds, in order: the subset of CommonMark's events a Text draws. Text
/// is borrowed from what was read where it can be.
#[derive(Clone, Debug, PartialEq)]
pub enum Event<'a> {
    Start(Tag),
    End(Tag),
    Text(Cow<'a, str>),
    Code(Cow<'a, str>),
    SoftBreak,
    HardBreak,
    Rule,
}

/// The blocks and inlines [`Event`]s open and close.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tag {
    Paragraph,
    Heading,
    BlockQuote,
    CodeBlock,
    HtmlBlock,
    /// Ordered (its first number) or not.
    List(Option<u64>),
    Item,
    Emphasis,
    Strong,
    Link,
    Image,
}

/// Hands `sink` the events `text` reads as, in order.
pub fn read(text: &str, sink: &mut dyn FnMut(Event<'_>)) {
    blocks::read(text, sink);
}

/// How many elements deep a Text's Markdown may nest (a paragraph in an item of a list in an
/// item of a list is 5): deeper constructs are flattened into their nearest drawn ancestor.
pub const MAX_DEPTH: usize = 6;

/// How many elements (line breaks and rules included) one Text's Markdown may build: enough
/// for a long formatted message, few enough that one string cannot flood the page.
pub const MAX_ELEMENTS: usize = 200;

/// The elements a Text's Markdown may become: nothing else is ever built.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum El {
    P,
    Em,
    Strong,
    Code,
    Pre,
    Ul,
    Ol(u64),
    Li,
    Quote,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Md {
    Text(String),
    Br,
    Rule,
    El(El, Vec<Md>),
}

/// One drawn element, open: its kids so far.
struct Frame {
    el: El,
    kids: Vec<Md>,
}

fn element(tag: &Tag) -> Option<El> {
    Some(match tag {
        Tag::Paragraph | Tag::HtmlBlock => El::P,
        Tag::Emphasis => El::Em,
        // A Markdown heading inside a Text would break the page's outline: it is bold text.
        Tag::Strong | Tag::Heading => El::Strong,
        Tag::CodeBlock => El::Pre,
        Tag::List(Some(start)) => El::Ol(*start),
        Tag::List(None) => El::Ul,
        Tag::Item => El::Li,
        Tag::BlockQuote => El::Quote,
        Tag::Link | Tag::Image => return None,
    })
}

fn push_text(kids: &mut Vec<Md>, text: &str) {
    if text.is_empty() {
        return;
    }
    if let Some(Md::Text(t)) = kids.last_mut() {
        t.push_str(text);
    } else {
        kids.push(Md::Text(text.to_string()));
    }
}

/// Takes one element from `budget`, if one is left.
fn take(budget: &mut usize) -> bool {
    let ok = *budget > 0;
    *budget -= usize::from(ok);
    ok
}

/// The blocks `text` is drawn as.
pub fn parse(text: &str) -> Vec<Md> {
    parse_within(text, MAX_ELEMENTS).0
}

/// The blocks `text` is drawn as, building at most `most` elements, and how many it built.
pub fn parse_within(text: &str, most: usize) -> (Vec<Md>, usize) {
    let mut tree = Tree::new(most);
    read(text, &mut |e| tree.event(e));
    tree.finish()
}

/// The tree a Text's events build, within its element budget. Public for the test that
/// holds the reader to pulldown-cmark's events.
pub struct Tree {
    /// The root's kids, then each open drawn element.
    root: Vec<Md>,
    drawn: Vec<Frame>,
    /// For each open construct, whether it is drawn: one that is not (a link, an image,
    /// anything past [`MAX_DEPTH`] or the budget) puts its content in the nearest drawn one.
    open: Vec<bool>,
    /// Elements left to build; each one drawn takes one.
    budget: usize,
    most: usize,
}

impl Tree {
    pub fn new(most: usize) -> Self {
        Tree {
            root: Vec::new(),
            drawn: Vec::new(),
            open: Vec::new(),
            budget: most,
            most,
        }
    }

    fn kids(&mut self) -> &mut Vec<Md> {
        match self.drawn.last_mut() {
            Some(frame) => &mut frame.kids,
            None => &mut self.root,
        }
    }

    fn open(&mut self, el: Option<El>) {
        let el = el.filter(|_| self.drawn.len() < MAX_DEPTH && take(&mut self.budget));
        self.open.push(el.is_some());
        if let Some(el) = el {
            self.drawn.push(Frame {
                el,
                kids: Vec::new(),
            });
        }
    }

    fn close(&mut self) {
        if self.open.pop() == Some(true) {
            let Frame { el, kids } = self.drawn.pop().expect("a drawn frame per drawn mark");
            self.kids().push(Md::El(el, kids));
        }
    }

    pub fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => {
                // A heading is bold text in a paragraph of its own: two frames, closed together.
                if matches!(tag, Tag::Heading) {
                    self.open(Some(El::P));
                }
                self.open(element(&tag));
            }
            Event::End(tag) => {
                self.close();
                if matches!(tag, Tag::Heading) {
                    self.close();
                }
            }
            Event::Text(t) => push_text(self.kids(), &t),
            Event::Code(t) if self.drawn.len() < MAX_DEPTH && take(&mut self.budget) => self
                .kids()
                .push(Md::El(El::Code, vec![Md::Text(t.into_owned())])),
            Event::Code(t) => push_text(self.kids(), &t),
            // An agent's single line break is meant as one: a chat-style text, not a page of prose.
            Event::SoftBreak | Event::HardBreak if take(&mut self.budget) => {
                self.kids().push(Md::Br)
            }
            Event::SoftBreak | Event::HardBreak => push_text(self.kids(), " "),
            Event::Rule if take(&mut self.budget) => self.kids().push(Md::Rule),
            Event::Rule => {}
        }
    }

    /// The tree, and how many elements it built.
    pub fn finish(mut self) -> (Vec<Md>, usize) {
        while !self.open.is_empty() {
            self.close();
        }
        (self.root, self.most - self.budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every element the tree would draw, and its deepest nesting.
    fn measure(nodes: &[Md], depth: usize, count: &mut usize, deepest: &mut usize) {
        for n in nodes {
            match n {
                Md::Text(_) => {}
                Md::Br | Md::Rule => *count += 1,
                Md::El(_, kids) => {
                    *count += 1;
                    *deepest = (*deepest).max(depth + 1);
                    measure(kids, depth + 1, count, deepest);
                }
            }
        }
    }

    fn elements(text: &str) -> (usize, usize) {
        let (mut count, mut deepest) = (0, 0);
        measure(&parse(text), 0, &mut count, &mut deepest);
        (count, deepest)
    }

    /// All the text a tree holds, in order.
    fn text_of(nodes: &[Md], out: &mut String) {
        for n in nodes {
            match n {
                Md::Text(t) => out.push_str(t),
                Md::Br => out.push(' '),
                Md::Rule => {}
                Md::El(_, kids) => text_of(kids, out),
            }
        }
    }

    #[test]
    fn a_text_builds_at_most_max_elements() {
        // One paragraph with n emphasised words: n + 1 elements.
        let words = |n: usize| {
            (0..n)
                .map(|i| format!("*w{i}*"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(elements(&words(MAX_ELEMENTS - 1)).0, MAX_ELEMENTS);
        let (count, _) = elements(&words(MAX_ELEMENTS));
        assert_eq!(count, MAX_ELEMENTS, "one past the limit");
        // Past the budget the words are still all there, as text.
        let mut text = String::new();
        text_of(&parse(&words(MAX_ELEMENTS + 50)), &mut text);
        assert!(text.contains("w0") && text.contains(&format!("w{}", MAX_ELEMENTS + 49)));
    }

    #[test]
    fn hostile_openers_line_breaks_and_rules_stay_within_the_budget() {
        for hostile in [
            "*_[".repeat(1600),
            "**a** ".repeat(5000),
            "a\n".repeat(5000),
            "---\n\n".repeat(2000),
            "`c` ".repeat(5000),
            "- a\n".repeat(3000),
            "> ".repeat(3000) + "deep",
        ] {
            let (count, deepest) = elements(&hostile);
            assert!(
                count <= MAX_ELEMENTS,
                "{count} elements from {:?}…",
                &hostile[..12]
            );
            assert!(
                deepest <= MAX_DEPTH,
                "{deepest} deep from {:?}…",
                &hostile[..12]
            );
        }
    }

    #[test]
    fn nesting_stops_at_max_depth() {
        // Each `> ` is one blockquote; the paragraph inside is one more.
        let quotes = |n: usize| "> ".repeat(n) + "x";
        assert_eq!(elements(&quotes(MAX_DEPTH - 1)).1, MAX_DEPTH);
        assert_eq!(
            elements(&quotes(MAX_DEPTH)).1,
            MAX_DEPTH,
            "one past the limit"
        );
    }

    /// The events `text` reads as, owned.
    fn events(text: &str) -> Vec<Event<'static>> {
        let mut out = Vec::new();
        read(text, &mut |e| {
            out.push(match e {
                Event::Text(t) => Event::Text(Cow::Owned(t.into_owned())),
                Event::Code(t) => Event::Code(Cow::Owned(t.into_owned())),
                Event::Start(t) => Event::Start(t),
                Event::End(t) => Event::End(t),
                Event::SoftBreak => Event::SoftBreak,
                Event::HardBreak => Event::HardBreak,
                Event::Rule => Event::Rule,
            })
        });
        out
    }

    fn starts(events: &[Event], tag: Tag) -> usize {
        events.iter().filter(|e| **e == Event::Start(tag)).count()
    }

    /// All the text of `events`, in order.
    fn text_in(events: &[Event]) -> String {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn at_most_max_containers_are_open_at_once() {
        let quotes = |n: usize| "> ".repeat(n) + "x";
        let at = events(&quotes(MAX_CONTAINERS));
        assert_eq!(starts(&at, Tag::BlockQuote), MAX_CONTAINERS);
        assert_eq!(text_in(&at), "x");
        let past = events(&quotes(MAX_CONTAINERS + 1));
        assert_eq!(
            starts(&past, Tag::BlockQuote),
            MAX_CONTAINERS,
            "one past the limit"
        );
        assert_eq!(text_in(&past), "> x", "the marker past the limit is text");
        // List items count too, with quotes.
        let items = |n: usize| "- ".repeat(n) + "x";
        assert_eq!(
            starts(&events(&items(MAX_CONTAINERS)), Tag::Item),
            MAX_CONTAINERS
        );
        let past = events(&("> ".to_string() + &items(MAX_CONTAINERS)));
        assert_eq!(starts(&past, Tag::Item), MAX_CONTAINERS - 1);
        assert_eq!(text_in(&past), "- x");
    }

    /// Blank lines after the first change nothing: they are skipped, unless a block takes
    /// them as lines.
    #[test]
    fn runs_of_blank_lines_read_as_one() {
        let nested = "- ".repeat(MAX_CONTAINERS) + "x";
        let indent = " ".repeat(2 * MAX_CONTAINERS);
        let with = |blanks: usize| events(&format!("{nested}{}{indent}y", "\n".repeat(blanks + 1)));
        // The innermost item goes on past the blank line, which makes its list loose.
        assert_eq!(starts(&with(1), Tag::Paragraph), 2);
        assert_eq!(starts(&with(1), Tag::Item), MAX_CONTAINERS);
        assert_eq!(with(2), with(1));
        assert_eq!(with(1000), with(1));
        let code = format!("```\na{}b\n```", "\n".repeat(5));
        assert_eq!(
            text_in(&events(&code)),
            "a\n\n\n\n\nb\n",
            "a code block keeps its blank lines"
        );
    }

    /// A link's destination and title are read only within a budget of the text's length:
    /// failing ones that each read to the end (`[a](` with no `)`) spend it, and a link past
    /// it is its text as written.
    #[test]
    fn far_scans_stop_at_the_budget() {
        let link = |failing: usize| "[a](".repeat(failing) + " [x](y)";
        // Well within the budget (4 × length + 4096 bytes read): the last link is a link.
        let within = events(&link(30));
        assert_eq!(starts(&within, Tag::Link), 1);
        assert!(text_in(&within).ends_with(" x"));
        // Scans of about twice the square of the openers: far past it.
        let past = events(&link(400));
        assert_eq!(starts(&past, Tag::Link), 0);
        assert!(text_in(&past).ends_with(" [x](y)"));
        // A text of the same length without failing scans keeps its links.
        let plain = "[a](b) ".repeat(230);
        assert_eq!(starts(&events(&plain), Tag::Link), 230);
    }

    #[test]
    fn links_images_and_html_are_text() {
        let blocks = parse("[a](https://x.example) ![b](https://y.example/i.png) <b>c</b>");
        assert_eq!(blocks.len(), 1);
        let mut text = String::new();
        text_of(&blocks, &mut text);
        assert_eq!(text, "a b <b>c</b>");
    }
}
