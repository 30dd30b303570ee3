//! The last answers of a costly pure function of a string, kept per thread.
//!
//! A host with `xn--` labels costs tens of microseconds to read (its labels decoded, the
//! host read back by the parser, its scripts and skeleton found), and a surface names the
//! same hosts again and again: a gallery's images on one CDN, each update resending them.
//! Each answer depends on its key alone (the parser is installed once a process), so one
//! kept is the answer. At most [`KEPT`] are kept, the oldest dropped first, so the memory is
//! bounded; as many as a part may name such hosts by default (`Limits::idn_hosts`), so a
//! part names none it has named already at full cost however it takes turns among them (with
//! 16 kept, 17 hosts in turn cost what no memo did: a red-team review).

use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

use crate::a2ui::catalog::IdHasher;

/// How many answers a memo keeps: the default of `Limits::idn_hosts`.
pub(crate) const KEPT: usize = 256;

/// The longest key kept: a longer one is answered each time. (A host the URL policy reads
/// is at most 253 bytes, and its Unicode form at most four times that; a card's host is
/// not held to the policy, and one past this would make an answer of kilobytes.)
const LONGEST_KEY: usize = 1024;

/// A memo's answers: their places by key, and the answers in a ring.
pub(crate) struct Recent<V> {
    places: Places,
    answers: Vec<V>,
}

/// Where each kept key's answer is, and each place's key: the part of a memo that does not
/// depend on its answers' type, so that its code is in the module once.
struct Places {
    /// Made when first kept, hashed under a seed an agent cannot know
    /// (`a2ui::key_seed`): the keys are an agent's hosts.
    by_key: Option<HashMap<String, usize, IdHasher>>,
    keys: Vec<String>,
    /// The place the next key takes once all [`KEPT`] are taken: the oldest.
    next: usize,
}

impl Places {
    fn find(&self, key: &str) -> Option<usize> {
        self.by_key.as_ref()?.get(key).copied()
    }

    /// The place for `key` (not kept): a new one, or the oldest's, which is dropped.
    fn take(&mut self, key: &str) -> usize {
        let by_key = self.by_key.get_or_insert_with(|| {
            HashMap::with_hasher(IdHasher::with_seed(crate::a2ui::key_seed()))
        });
        let at = if self.keys.len() < KEPT {
            self.keys.push(key.to_string());
            self.keys.len() - 1
        } else {
            let at = self.next;
            self.next = (at + 1) % KEPT;
            let oldest = std::mem::replace(&mut self.keys[at], key.to_string());
            by_key.remove(&oldest);
            at
        };
        by_key.insert(key.to_string(), at);
        at
    }
}

impl<V> Recent<V> {
    pub(crate) const fn new() -> Self {
        Recent {
            places: Places {
                by_key: None,
                keys: Vec::new(),
                next: 0,
            },
            answers: Vec::new(),
        }
    }
}

/// The answer `memo` holds for `key`, if it holds one.
pub(crate) fn kept<V: Clone + 'static>(
    memo: &'static LocalKey<RefCell<Recent<V>>>,
    key: &str,
) -> Option<V> {
    memo.with(|m| {
        let m = m.borrow();
        m.places.find(key).map(|at| m.answers[at].clone())
    })
}

/// `f(key)`, from `memo` when it holds the answer, else computed and kept.
pub(crate) fn answer<V: Clone + 'static>(
    memo: &'static LocalKey<RefCell<Recent<V>>>,
    key: &str,
    f: impl FnOnce(&str) -> V,
) -> V {
    if let Some(v) = kept(memo, key) {
        return v;
    }
    // Computed outside the borrow: `f` may ask another memo (or this one, for another key).
    let v = f(key);
    if key.len() <= LONGEST_KEY {
        memo.with(|m| {
            let m = &mut *m.borrow_mut();
            if m.places.find(key).is_none() {
                let at = m.places.take(key);
                if at == m.answers.len() {
                    m.answers.push(v.clone());
                } else {
                    m.answers[at] = v.clone();
                }
            }
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static MEMO: RefCell<Recent<usize>> = const { RefCell::new(Recent::new()) };
        static CALLS: Cell<usize> = const { Cell::new(0) };
    }

    fn len_counted(k: &str) -> usize {
        CALLS.with(|c| c.set(c.get() + 1));
        k.len()
    }

    fn calls() -> usize {
        CALLS.with(Cell::get)
    }

    #[test]
    fn an_answer_kept_is_not_computed_again_and_the_oldest_goes_first() {
        let keys: Vec<String> = (0..=KEPT).map(|i| format!("host{i}.example")).collect();
        for k in &keys[..KEPT] {
            assert_eq!(answer(&MEMO, k, len_counted), k.len());
        }
        assert_eq!(calls(), KEPT);
        // All KEPT are kept.
        for k in &keys[..KEPT] {
            assert_eq!(answer(&MEMO, k, len_counted), k.len());
        }
        assert_eq!(calls(), KEPT);
        // One past: the oldest is dropped, the others stay.
        answer(&MEMO, &keys[KEPT], len_counted);
        assert_eq!(calls(), KEPT + 1);
        answer(&MEMO, &keys[1], len_counted);
        assert_eq!(calls(), KEPT + 1);
        answer(&MEMO, &keys[0], len_counted);
        assert_eq!(calls(), KEPT + 2);
    }

    #[test]
    fn a_key_past_the_longest_is_answered_each_time() {
        let at = "a".repeat(LONGEST_KEY);
        let past = "a".repeat(LONGEST_KEY + 1);
        let before = calls();
        answer(&MEMO, &at, len_counted);
        answer(&MEMO, &at, len_counted);
        assert_eq!(calls(), before + 1);
        answer(&MEMO, &past, len_counted);
        answer(&MEMO, &past, len_counted);
        assert_eq!(calls(), before + 3);
    }
}
