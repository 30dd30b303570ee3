//! A Row's, Column's or List's child ids, kept in one buffer.
//!
//! As a `Vec` of [`super::Id`], each id past 12 bytes (the inline limit of
//! [`super::ShortText`] in wasm32) was an allocation of its own, made as the list was read
//! and freed when the list was resent: a chat log whose messages are named by UUID (36
//! bytes) spent about two fifths of its fold making and freeing them (BENCHMARKS.md).
//! Here a list is one allocation, whatever its ids (none when it is empty): kept as two, its
//! text and where each id ends, a tree of 3,280 Rows, Columns and Texts made and freed one
//! more block for each of its 1,093 lists.

use std::fmt;

/// The ids of a list, their text end to end and where each ends. Made by an
/// [`IdListBuilder`] or collected from ids; never changed after.
///
/// One block of words: how many ids, where each ends, then their text, packed into the
/// words after (the bytes past it zero, so lists are equal when their words are). Empty, it
/// holds no word.
#[derive(Clone, PartialEq, Eq, Default)]
pub struct IdList {
    words: Box<[usize]>,
}

/// Ids laid end to end, borrowed: an [`IdList`] or an [`IdListBuilder`] as read.
#[derive(Clone, Copy)]
pub struct Ids<'a> {
    text: &'a str,
    ends: &'a [usize],
}

impl<'a> Ids<'a> {
    /// How many ids there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`th id.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        let end = *self.ends.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1],
        };
        Some(id_at(self.text, start, end))
    }

    /// How many ids of `other`, from its start, are the same as these from place `skip` on
    /// (a list resent is compared with its last version: from its start, or from a later
    /// place when a window dropped its oldest). Found for the lists at once, where one id
    /// after another was a call each: each id's length is compared first, then the text up
    /// to the last id whose lengths agree, eight bytes at a time.
    pub fn common_prefix_from(&self, skip: usize, other: Ids<'_>) -> usize {
        let Some(ends) = self.ends.get(skip..) else {
            return 0;
        };
        let base = match skip {
            0 => 0,
            _ => self.ends[skip - 1],
        };
        let same_ends = ends
            .iter()
            .zip(other.ends)
            .take_while(|&(a, b)| a - base == *b)
            .count();
        let Some(&bytes) = same_ends.checked_sub(1).and_then(|i| other.ends.get(i)) else {
            return 0;
        };
        let a = &self.text.as_bytes()[base..base + bytes];
        let b = &other.text.as_bytes()[..bytes];
        match crate::swar::first_difference(a, b) {
            None => same_ends,
            // The ids that end before the first difference.
            Some(at) => other.ends[..same_ends].partition_point(|&end| end <= at),
        }
    }

    /// How many ids at the end of both are the same, found for the lists at once as
    /// [`Ids::common_prefix_from`] finds those at the start.
    pub fn common_suffix(&self, other: Ids<'_>) -> usize {
        let len = |ends: &[usize], i: usize| ends[i] - if i == 0 { 0 } else { ends[i - 1] };
        let (a, b) = (self.ends.len(), other.ends.len());
        let same_lengths = (1..=a.min(b))
            .take_while(|&k| len(self.ends, a - k) == len(other.ends, b - k))
            .count();
        // The text of those ids, at the end of each.
        let from = |ends: &[usize], n: usize| match n {
            0 => 0,
            _ => ends[n - 1],
        };
        let (sa, sb) = (
            from(self.ends, a - same_lengths),
            from(other.ends, b - same_lengths),
        );
        let (ta, tb) = (&self.text.as_bytes()[sa..], &other.text.as_bytes()[sb..]);
        match crate::swar::last_difference(ta, tb) {
            None => same_lengths,
            // The ids that start past the last difference (in `other`'s own places).
            Some(at) => {
                let tail = &other.ends[b - same_lengths..];
                same_lengths - tail.partition_point(|&end| end - sb <= at) - 1
            }
        }
    }

    /// Where `id` first is among the first `within` ids, if it is there.
    pub fn position(&self, id: &str, within: usize) -> Option<usize> {
        let mut start = 0;
        self.ends.iter().take(within).position(|&end| {
            let here = end - start == id.len()
                && crate::swar::same_bytes(&self.text.as_bytes()[start..end], id.as_bytes());
            start = end;
            here
        })
    }

    /// The ids in order.
    pub fn iter(&self) -> IdIter<'a> {
        IdIter {
            text: self.text,
            ends: self.ends.iter(),
            start: 0,
        }
    }
}

/// The id of `text` from `start` to `end`, two ends of ids (or 0 and an end).
#[inline(always)]
fn id_at(text: &str, start: usize, end: usize) -> &str {
    debug_assert!(start <= end && text.is_char_boundary(start) && text.is_char_boundary(end));
    // SAFETY: the ends of a list are where each of its ids ends, in order: only
    // `IdListBuilder::push` makes one, past the whole `&str` it adds, so each is a character
    // boundary within the text, and no end is before the one before it. (Checked, each id
    // read would be tested again for the two boundaries it is known to have.)
    unsafe { text.get_unchecked(start..end) }
}

/// The ids of an [`Ids`], in order.
pub struct IdIter<'a> {
    text: &'a str,
    ends: std::slice::Iter<'a, usize>,
    start: usize,
}

impl<'a> Iterator for IdIter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let end = *self.ends.next()?;
        let id = id_at(self.text, self.start, end);
        self.start = end;
        Some(id)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.ends.size_hint()
    }
}

impl ExactSizeIterator for IdIter<'_> {}

impl IdList {
    /// The ids, borrowed.
    pub fn ids(&self) -> Ids<'_> {
        let Some((&n, rest)) = self.words.split_first() else {
            return Ids {
                text: "",
                ends: &[],
            };
        };
        let (ends, packed) = rest.split_at(n);
        let len = ends.last().copied().unwrap_or(0);
        debug_assert!(len <= std::mem::size_of_val(packed));
        // SAFETY: `IdListBuilder::build`, the one maker of a list with words, copied `len`
        // bytes of a `&str` (its text, whose length is its last end) into the words after
        // the ends, which hold at least that many bytes; a `u8` needs no alignment.
        let text = unsafe {
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(
                packed.as_ptr().cast::<u8>(),
                len,
            ))
        };
        Ids { text, ends }
    }

    /// How many ids there are.
    pub fn len(&self) -> usize {
        self.words.first().copied().unwrap_or(0)
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`th id.
    pub fn get(&self, i: usize) -> Option<&str> {
        self.ids().get(i)
    }

    /// The ids in order.
    pub fn iter(&self) -> IdIter<'_> {
        self.ids().iter()
    }
}

impl<'a> IntoIterator for &'a IdList {
    type Item = &'a str;
    type IntoIter = IdIter<'a>;

    fn into_iter(self) -> IdIter<'a> {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for IdList {
    fn from_iter<I: IntoIterator<Item = S>>(ids: I) -> IdList {
        let mut list = IdListBuilder::default();
        for id in ids {
            list.push(id.as_ref());
        }
        list.build()
    }
}

impl fmt::Debug for IdList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An [`IdList`] being read, kept between lists: each list is then made at its length at
/// once, and the builder keeps its room.
#[derive(Default)]
pub struct IdListBuilder {
    text: String,
    ends: Vec<usize>,
}

impl IdListBuilder {
    /// Adds `id` at the end. Copied by [`crate::swar::push_str`]: as `String::push_str`, a
    /// `memory.copy` in wasm32 for each child id, which V8 makes a call out of the module (a
    /// chat resending its column with each of 400 messages made 80,200 of them).
    pub fn push(&mut self, id: &str) {
        crate::swar::push_str(&mut self.text, id);
        self.ends.push(self.text.len());
    }

    /// Forgets every id, keeping the room.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// The ids so far, borrowed.
    pub fn ids(&self) -> Ids<'_> {
        Ids {
            text: &self.text,
            ends: &self.ends,
        }
    }

    /// The ids so far, as a list of its own at their length.
    pub fn build(&self) -> IdList {
        let n = self.ends.len();
        if n == 0 {
            return IdList::default();
        }
        const W: usize = std::mem::size_of::<usize>();
        let text = self.text.as_bytes();
        let mut words = Vec::with_capacity(1 + n + text.len().div_ceil(W));
        words.push(n);
        words.extend_from_slice(&self.ends);
        // The text a word at a time, in the bytes' order in memory (as `ids` reads it back),
        // the last word's bytes past it zero (so that lists compare by their words).
        let mut whole = text.chunks_exact(W);
        words.extend(
            whole
                .by_ref()
                .map(|w| usize::from_ne_bytes(w.try_into().expect("W bytes"))),
        );
        let rest = whole.remainder();
        if !rest.is_empty() {
            let mut last = [0; W];
            last[..rest.len()].copy_from_slice(rest);
            words.push(usize::from_ne_bytes(last));
        }
        IdList {
            words: words.into_boxed_slice(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_back_as_they_went_in() {
        let ids = ["root", "", "é", "550e8400-e29b-41d4-a716-446655440000", "x"];
        let list: IdList = ids.iter().collect();
        assert_eq!(list.len(), ids.len());
        assert_eq!(list.iter().collect::<Vec<_>>(), ids);
        assert_eq!(list.iter().len(), ids.len());
        for (i, id) in ids.iter().enumerate() {
            assert_eq!(list.get(i), Some(*id));
        }
        assert_eq!(list.get(ids.len()), None);
        assert_eq!(format!("{list:?}"), format!("{ids:?}"));
        // Two lists are equal when their ids are, not their text alone.
        let joined: IdList = ["ab", "c"].iter().collect();
        let split: IdList = ["a", "bc"].iter().collect();
        assert_ne!(joined, split);
        assert!(IdList::default().is_empty());
    }

    #[test]
    fn the_common_prefix_is_the_ids_both_start_with() {
        let mut rng = crate::test_rng::Xorshift(0x1d5);
        let pool = [
            "a",
            "b",
            "ab",
            "",
            "550e8400-e29b-41d4-a716-446655440000",
            "é",
            "aé",
        ];
        let pick = |rng: &mut crate::test_rng::Xorshift, n: u64| -> Vec<&str> {
            (0..rng.next() % n)
                .map(|_| pool[rng.next() as usize % pool.len()])
                .collect()
        };
        for _ in 0..4000 {
            let a = pick(&mut rng, 12);
            let skip = rng.next() as usize % (a.len() + 2);
            let mut b: Vec<&str> = a.iter().skip(skip).copied().collect();
            b.truncate(rng.next() as usize % (b.len() + 1));
            b.extend(pick(&mut rng, 4));
            let (la, lb): (IdList, IdList) = (a.iter().collect(), b.iter().collect());
            let naive = a
                .iter()
                .skip(skip)
                .zip(&b)
                .take_while(|(x, y)| x == y)
                .count();
            assert_eq!(
                la.ids().common_prefix_from(skip, lb.ids()),
                naive,
                "{a:?} {skip} {b:?}"
            );
            let naive = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            assert_eq!(
                la.ids().common_prefix_from(0, lb.ids()),
                naive,
                "{a:?} {b:?}"
            );
            let naive = a
                .iter()
                .rev()
                .zip(b.iter().rev())
                .take_while(|(x, y)| x == y)
                .count();
            assert_eq!(la.ids().common_suffix(lb.ids()), naive, "{a:?} {b:?}");
            assert_eq!(lb.ids().common_suffix(la.ids()), naive, "{a:?} {b:?}");
            for id in pool {
                let within = rng.next() as usize % (a.len() + 2);
                let naive = a.iter().take(within).position(|x| *x == id);
                assert_eq!(la.ids().position(id, within), naive);
            }
        }
    }

    #[test]
    fn a_builder_keeps_its_room_and_makes_lists_at_their_length() {
        let mut b = IdListBuilder::default();
        b.push("a-long-identifier-of-a-message");
        b.push("b");
        let first = b.build();
        // One block: the count, two ends, and 31 bytes of text in the words after them.
        let word = std::mem::size_of::<usize>();
        assert_eq!(first.words.len(), 1 + 2 + 31usize.div_ceil(word));
        let room = (b.text.capacity(), b.ends.capacity());
        b.clear();
        assert!(b.ids().is_empty());
        assert_eq!((b.text.capacity(), b.ends.capacity()), room);
        b.push("c");
        assert_eq!(b.build().iter().collect::<Vec<_>>(), ["c"]);
        assert_eq!(
            first.iter().collect::<Vec<_>>(),
            ["a-long-identifier-of-a-message", "b"]
        );
        assert_eq!(first.ids().get(1), Some("b"));
    }

    /// Texts of every length from 0 to 24 bytes (each remainder of a word's bytes), of one
    /// id in ASCII or of two or three ids of one- to four-byte characters, and of ids all
    /// empty, made in a builder that held longer text before: each list reads back its ids
    /// and equals one made fresh, and an empty one is no block.
    #[test]
    fn lists_of_every_length_read_back_and_compare_by_their_ids() {
        let mut used = IdListBuilder::default();
        let mut lists: Vec<Vec<String>> = (0..=24).map(|len| vec!["k".repeat(len)]).collect();
        for len in 0..=20 {
            for count in 2..=3 {
                lists.push(
                    (0..count)
                        .map(|i| "aé€😀".chars().cycle().skip(i).take(len).collect())
                        .collect(),
                );
            }
        }
        lists.push(vec![String::new(); 3]);
        lists.push(Vec::new());
        let mut residues = [false; 8];
        for ids in lists {
            used.clear();
            used.push(&"x".repeat(40));
            used.push("é");
            used.clear();
            for id in &ids {
                used.push(id);
            }
            residues[ids.iter().map(String::len).sum::<usize>() % 8] = true;
            let reused = used.build();
            let fresh: IdList = ids.iter().collect();
            assert_eq!(reused, fresh, "{ids:?}");
            assert_eq!(reused.iter().collect::<Vec<_>>(), ids);
            assert_eq!(reused.len(), ids.len());
            assert_eq!(reused.is_empty(), ids.is_empty());
            for (i, id) in ids.iter().enumerate() {
                assert_eq!(reused.get(i), Some(id.as_str()));
            }
        }
        assert_eq!(residues, [true; 8]);
        assert_eq!(IdListBuilder::default().build(), IdList::default());
        assert!(IdList::default().words.is_empty());
        assert_eq!(IdList::default().iter().count(), 0);
    }
}
