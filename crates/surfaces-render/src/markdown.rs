//! Text's Markdown subset (the Basic Catalog: "simple Markdown … without HTML, images, or
//! links"), drawn as allowlisted elements built here from pulldown-cmark's events. Nothing is
//! parsed as HTML: raw HTML arrives as text, a link as its text, an image as its alt text.
//!
//! The agent controls how deeply Markdown nests (`> > > - - -` …), so the tree is built with
//! an explicit stack and at most [`MAX_DEPTH`] elements deep: a construct nested deeper is
//! drawn as its content only. Drawing the tree then recurses at most that deep.
//!
//! The agent also controls how many constructs a Text holds (`*_[` repeated draws an element
//! per three bytes), so one Text builds at most [`MAX_ELEMENTS`] elements: past that, every
//! construct is drawn as its content only, a line break as a space, a rule as nothing.

use leptos::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag};

/// How many elements deep a Text's Markdown may nest (a paragraph in an item of a list in a
/// list is 4): deeper constructs are flattened into their nearest drawn ancestor.
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

/// One open construct: `el` is `None` when it is not drawn (a link, an image, a heading's
/// wrapper, anything past [`MAX_DEPTH`]) and its content goes to the nearest drawn one.
struct Frame {
    el: Option<El>,
    kids: Vec<Md>,
}

fn element(tag: &Tag) -> Option<El> {
    Some(match tag {
        Tag::Paragraph | Tag::HtmlBlock => El::P,
        Tag::Emphasis => El::Em,
        // A Markdown heading inside a Text would break the page's outline: it is bold text.
        Tag::Strong | Tag::Heading { .. } => El::Strong,
        Tag::CodeBlock(_) => El::Pre,
        Tag::List(Some(start)) => El::Ol(*start),
        Tag::List(None) => El::Ul,
        Tag::Item => El::Li,
        Tag::BlockQuote(_) => El::Quote,
        _ => return None,
    })
}

fn push_text(kids: &mut Vec<Md>, text: &str) {
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

/// How many Markdown elements the Texts of one drawn tree (a surface) hold at once: each
/// Text at most [`MAX_ELEMENTS`], and all of them this many. Each Text alone, a surface of
/// 640 Texts of `a\n` × 200, repeated by templates, drew 132,000 elements (a red-team
/// review); a Text drawn once they are all held is drawn as its text, as written.
pub const MAX_TREE_ELEMENTS: usize = 2000;

/// The Markdown elements a tree's Texts hold now ([`MAX_TREE_ELEMENTS`]): a Text takes them
/// as it is drawn and gives them back when its drawing is cleaned up (drawn again or gone).
#[derive(Clone, Default)]
pub struct Pool(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Pool {
    /// The blocks `text` is drawn as, within what the tree has left; called while a Text is
    /// drawn, in its reactive scope.
    pub fn parse(&self, text: &str) -> Vec<Md> {
        use std::sync::atomic::Ordering::Relaxed;
        let left = MAX_TREE_ELEMENTS.saturating_sub(self.0.load(Relaxed));
        if left == 0 {
            // Nothing to build: the text as written, not parsed at all.
            return vec![Md::Text(text.to_string())];
        }
        let (blocks, used) = parse_within(text, left.min(MAX_ELEMENTS));
        self.0.fetch_add(used, Relaxed);
        let held = self.0.clone();
        on_cleanup(move || {
            held.fetch_sub(used, Relaxed);
        });
        blocks
    }

    /// How many elements the tree's Texts hold now.
    pub fn held(&self) -> usize {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// The blocks `text` is drawn as.
pub fn parse(text: &str) -> Vec<Md> {
    parse_within(text, MAX_ELEMENTS).0
}

/// The blocks `text` is drawn as, building at most `most` elements, and how many it built.
fn parse_within(text: &str, most: usize) -> (Vec<Md>, usize) {
    let mut stack = vec![Frame {
        el: None,
        kids: Vec::new(),
    }];
    let mut drawn_depth = 0;
    // Elements left to build; each one drawn takes one.
    let mut budget = most;
    for event in Parser::new_ext(text, Options::empty()) {
        let top = stack.last_mut().expect("the root frame is never popped");
        match event {
            Event::Start(tag) => {
                let mut open = |el: Option<El>| {
                    let el = el.filter(|_| drawn_depth < MAX_DEPTH && take(&mut budget));
                    drawn_depth += usize::from(el.is_some());
                    stack.push(Frame {
                        el,
                        kids: Vec::new(),
                    });
                };
                // A heading is bold text in a paragraph of its own: two frames, closed together.
                if matches!(tag, Tag::Heading { .. }) {
                    open(Some(El::P));
                }
                open(element(&tag));
            }
            Event::End(end) => {
                let closes = if matches!(end, pulldown_cmark::TagEnd::Heading(_)) {
                    2
                } else {
                    1
                };
                for _ in 0..closes {
                    if stack.len() < 2 {
                        break;
                    }
                    let Frame { el, kids } = stack.pop().expect("checked");
                    let parent = &mut stack.last_mut().expect("checked").kids;
                    match el {
                        Some(el) => {
                            drawn_depth -= 1;
                            parent.push(Md::El(el, kids));
                        }
                        None => {
                            for k in kids {
                                match k {
                                    Md::Text(t) => push_text(parent, &t),
                                    k => parent.push(k),
                                }
                            }
                        }
                    }
                }
            }
            Event::Text(t)
            | Event::Html(t)
            | Event::InlineHtml(t)
            | Event::InlineMath(t)
            | Event::DisplayMath(t)
            | Event::FootnoteReference(t) => push_text(&mut top.kids, &t),
            Event::Code(t) if drawn_depth < MAX_DEPTH && take(&mut budget) => top
                .kids
                .push(Md::El(El::Code, vec![Md::Text(t.to_string())])),
            Event::Code(t) => push_text(&mut top.kids, &t),
            // An agent's single line break is meant as one: a chat-style text, not a page of prose.
            Event::SoftBreak | Event::HardBreak if take(&mut budget) => top.kids.push(Md::Br),
            Event::SoftBreak | Event::HardBreak => push_text(&mut top.kids, " "),
            Event::Rule if take(&mut budget) => top.kids.push(Md::Rule),
            Event::Rule => {}
            Event::TaskListMarker(done) => push_text(&mut top.kids, if done { "☑ " } else { "☐ " }),
        }
    }
    (stack.swap_remove(0).kids, most - budget)
}

/// The inline content of `blocks` when they are a single paragraph (what a heading or a
/// Button's label can hold); `None` when they are more than that.
pub fn inline(blocks: &[Md]) -> Option<Vec<Md>> {
    match blocks {
        [] => Some(Vec::new()),
        [Md::El(El::P, kids)] => Some(kids.clone()),
        _ => None,
    }
}

/// Draws `nodes`; recursion is bounded by [`MAX_DEPTH`], which `parse` enforced.
pub fn view(nodes: Vec<Md>) -> AnyView {
    nodes
        .into_iter()
        .map(|n| match n {
            Md::Text(t) => t.into_any(),
            Md::Br => view! { <br /> }.into_any(),
            Md::Rule => view! { <hr class="a2ui-md-rule" /> }.into_any(),
            Md::El(el, kids) => {
                let k = view(kids);
                match el {
                    El::P => view! { <p dir="auto">{k}</p> }.into_any(),
                    El::Em => view! { <em>{k}</em> }.into_any(),
                    El::Strong => view! { <strong>{k}</strong> }.into_any(),
                    El::Code => view! { <code>{k}</code> }.into_any(),
                    El::Pre => view! { <pre dir="auto"><code>{k}</code></pre> }.into_any(),
                    El::Ul => view! { <ul>{k}</ul> }.into_any(),
                    El::Ol(start) => view! { <ol start=start>{k}</ol> }.into_any(),
                    El::Li => view! { <li dir="auto">{k}</li> }.into_any(),
                    El::Quote => view! { <blockquote dir="auto">{k}</blockquote> }.into_any(),
                }
            }
        })
        .collect_view()
        .into_any()
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

    fn count(blocks: &[Md]) -> usize {
        let (mut count, mut deepest) = (0, 0);
        measure(blocks, 0, &mut count, &mut deepest);
        count
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

    /// The Texts of one tree hold at most MAX_TREE_ELEMENTS elements together: one drawn
    /// past them is its text alone, and a Text's elements come back when it is cleaned up.
    #[test]
    fn a_trees_texts_share_at_most_max_tree_elements() {
        let pool = Pool::default();
        let lines = "a\n".repeat(MAX_ELEMENTS);
        let drawn: Vec<Owner> = (0..MAX_TREE_ELEMENTS / MAX_ELEMENTS)
            .map(|_| {
                let owner = Owner::new();
                let blocks = owner.with(|| pool.parse(&lines));
                assert_eq!(count(&blocks), MAX_ELEMENTS);
                owner
            })
            .collect();
        assert_eq!(pool.held(), MAX_TREE_ELEMENTS);
        // At the limit: the next Text is its text as written, with no element.
        let late = Owner::new();
        let blocks = late.with(|| pool.parse(&lines));
        assert_eq!(blocks, [Md::Text(lines.clone())]);
        // One Text gone: its elements are the next one's.
        drawn[0].cleanup();
        assert_eq!(pool.held(), MAX_TREE_ELEMENTS - MAX_ELEMENTS);
        let again = Owner::new();
        assert_eq!(count(&again.with(|| pool.parse(&lines))), MAX_ELEMENTS);
        assert_eq!(pool.held(), MAX_TREE_ELEMENTS);
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

    #[test]
    fn links_images_and_html_are_text() {
        let blocks = parse("[a](https://x.example) ![b](https://y.example/i.png) <b>c</b>");
        assert_eq!(blocks.len(), 1);
        let mut text = String::new();
        text_of(&blocks, &mut text);
        assert_eq!(text, "a b <b>c</b>");
    }
}
