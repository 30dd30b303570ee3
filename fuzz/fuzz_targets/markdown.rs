//! Text's Markdown (`surfaces_markdown`): any text, read once into a tree with no element
//! budget, and again with the default one. Its events must nest (every start closed by an
//! end of the same tag, in order), the trees stay within `MAX_DEPTH` and the budget, and
//! reading takes time linear in the text: at most 1 µs of CPU time a byte plus 50 ms. The
//! reader runs at 20–150 ns a byte natively on hostile shapes (several times that under
//! AddressSanitizer); the 60 KB seeds `hostile-link-brackets`, `hostile-emphasis-bounds` and
//! the like took 10–160 ms natively when the bounds they test were missing.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use surfaces_fuzz::within;
use surfaces_markdown::{parse_within, read, Event, Md, Tree, MAX_DEPTH, MAX_ELEMENTS};

/// The elements a tree holds, and its depth.
fn measure(nodes: &[Md]) -> (usize, usize) {
    let (mut count, mut deepest) = (0, 0);
    // The trees are at most MAX_DEPTH deep, so this stack is too.
    let mut stack = vec![(nodes, 0usize)];
    while let Some((nodes, depth)) = stack.pop() {
        for n in nodes {
            match n {
                Md::Text(_) => {}
                Md::Br | Md::Rule => count += 1,
                Md::El(_, kids) => {
                    count += 1;
                    deepest = deepest.max(depth + 1);
                    stack.push((kids, depth + 1));
                }
            }
        }
    }
    (count, deepest)
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let limit = Duration::from_millis(50) + Duration::from_micros(text.len() as u64);

    // One reading checks that the events nest and builds the tree with no budget from them.
    let mut open = Vec::new();
    let mut whole = Tree::new(usize::MAX);
    within("reading", limit, || {
        read(&text, &mut |e| {
            match &e {
                Event::Start(tag) => open.push(*tag),
                Event::End(tag) => {
                    let started = open.pop().expect("an end without a start");
                    assert_eq!(&started, tag, "{tag:?} ends {started:?}");
                }
                Event::Text(_)
                | Event::Code(_)
                | Event::SoftBreak
                | Event::HardBreak
                | Event::Rule => {}
            }
            whole.event(e);
        })
    });
    assert!(open.is_empty(), "left open: {open:?}");

    let budgeted = within("a tree", limit, || parse_within(&text, MAX_ELEMENTS));
    for ((tree, used), most) in [(whole.finish(), usize::MAX), (budgeted, MAX_ELEMENTS)] {
        let (count, depth) = measure(&tree);
        assert!(depth <= MAX_DEPTH, "{depth} deep");
        assert_eq!(count, used, "the tree holds what it says it built");
        assert!(used <= most);
    }
});
