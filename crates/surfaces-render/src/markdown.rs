//! Text's Markdown, drawn: the trees `surfaces-markdown` reads (allowlisted elements only,
//! at most [`MAX_DEPTH`] deep and [`MAX_ELEMENTS`] a Text), within a budget the Texts of one
//! drawn tree share ([`Pool`]).

use leptos::prelude::*;

use surfaces_markdown::parse_within;
pub use surfaces_markdown::{parse, El, Md, MAX_DEPTH, MAX_ELEMENTS};

/// The inline content of `blocks` when they are a single paragraph (what a heading or a
/// Button's label can hold), or else the blocks as they are.
pub fn inline(mut blocks: Vec<Md>) -> Result<Vec<Md>, Vec<Md>> {
    match blocks.as_mut_slice() {
        [] => Ok(Vec::new()),
        [Md::El(El::P, kids)] => Ok(std::mem::take(kids)),
        _ => Err(blocks),
    }
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

    fn count(nodes: &[Md]) -> usize {
        nodes
            .iter()
            .map(|n| match n {
                Md::Text(_) => 0,
                Md::Br | Md::Rule => 1,
                Md::El(_, kids) => 1 + count(kids),
            })
            .sum()
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
}
