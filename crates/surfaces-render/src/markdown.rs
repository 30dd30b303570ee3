//! Text's Markdown subset (the Basic Catalog: "simple Markdown … without HTML, images, or
//! links"), drawn as allowlisted elements built here from pulldown-cmark's events. Nothing is
//! parsed as HTML: raw HTML arrives as text, a link as its text, an image as its alt text.
//!
//! The agent controls how deeply Markdown nests (`> > > - - -` …), so the tree is built with
//! an explicit stack and at most [`MAX_DEPTH`] elements deep: a construct nested deeper is
//! drawn as its content only. Drawing the tree then recurses at most that deep.

use leptos::prelude::*;
use pulldown_cmark::{Event, Options, Parser, Tag};

/// How many elements deep a Text's Markdown may nest (a paragraph in an item of a list in a
/// list is 4): deeper constructs are flattened into their nearest drawn ancestor.
pub const MAX_DEPTH: usize = 6;

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

/// The blocks `text` is drawn as.
pub fn parse(text: &str) -> Vec<Md> {
    let mut stack = vec![Frame {
        el: None,
        kids: Vec::new(),
    }];
    let mut drawn_depth = 0;
    for event in Parser::new_ext(text, Options::empty()) {
        let top = stack.last_mut().expect("the root frame is never popped");
        match event {
            Event::Start(tag) => {
                let mut open = |el: Option<El>| {
                    let el = el.filter(|_| drawn_depth < MAX_DEPTH);
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
            Event::Code(t) if drawn_depth < MAX_DEPTH => top
                .kids
                .push(Md::El(El::Code, vec![Md::Text(t.to_string())])),
            Event::Code(t) => push_text(&mut top.kids, &t),
            // An agent's single line break is meant as one: a chat-style text, not a page of prose.
            Event::SoftBreak | Event::HardBreak => top.kids.push(Md::Br),
            Event::Rule => top.kids.push(Md::Rule),
            Event::TaskListMarker(done) => push_text(&mut top.kids, if done { "☑ " } else { "☐ " }),
        }
    }
    stack.swap_remove(0).kids
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
