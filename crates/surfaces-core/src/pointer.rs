use std::fmt;

/// The longest pointer a finding carries, in bytes. A place deeper or under longer keys is
/// named by its nearest ancestor whose pointer fits: a finding's path runs through keys an
/// agent chose, and a store keeps up to `findings` of them, so without a bound a 1 MB key
/// named by 32 findings of one envelope was kept as 32 MB (twice that with `~` escaped).
pub const MAX_POINTER_BYTES: usize = 1024;

/// An RFC 6901 JSON Pointer built segment by segment (`~` and `/` escaped as `~0`, `~1`), at
/// most [`MAX_POINTER_BYTES`] long: a segment past that is left out, with every one after
/// it, so the pointer names an ancestor of the place, never another place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pointer(String, bool);

impl Pointer {
    pub fn root() -> Self {
        Pointer(String::new(), false)
    }

    /// This pointer with one more segment, or as it is when that would make it longer than
    /// [`MAX_POINTER_BYTES`] (or an earlier segment was left out).
    pub fn key(&self, segment: &str) -> Self {
        if self.1 {
            return self.clone();
        }
        let mut s =
            String::with_capacity((self.0.len() + segment.len() + 1).min(MAX_POINTER_BYTES));
        s.push_str(&self.0);
        s.push('/');
        if s.len() > MAX_POINTER_BYTES {
            return Pointer(self.0.clone(), true);
        }
        // Stops at the bound: what is left of a long segment is not read.
        for c in segment.chars() {
            match c {
                '~' => s.push_str("~0"),
                '/' => s.push_str("~1"),
                c => s.push(c),
            }
            if s.len() > MAX_POINTER_BYTES {
                return Pointer(self.0.clone(), true);
            }
        }
        Pointer(s, false)
    }

    /// This pointer with an array index as one more segment, within the same bound.
    pub fn index(&self, i: usize) -> Self {
        if self.1 {
            return self.clone();
        }
        let s = format!("{}/{}", self.0, i);
        if s.len() > MAX_POINTER_BYTES {
            return Pointer(self.0.clone(), true);
        }
        Pointer(s, false)
    }

    /// Whether a segment was left out to keep the pointer within [`MAX_POINTER_BYTES`].
    pub fn is_cut(&self) -> bool {
        self.1
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<Pointer> for String {
    fn from(p: Pointer) -> String {
        p.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_tilde_and_slash() {
        let p = Pointer::root().key("a/b").key("m~n").index(3);
        assert_eq!(p.as_str(), "/a~1b/m~0n/3");
    }

    #[test]
    fn a_pointer_at_the_bound_is_kept_and_one_past_it_names_the_ancestor() {
        let parent = Pointer::root().key("a");
        // "/a/" and then the segment: 1,024 bytes in all.
        let fits = "k".repeat(MAX_POINTER_BYTES - 3);
        let at = parent.key(&fits);
        assert_eq!(at.as_str().len(), MAX_POINTER_BYTES);
        assert!(!at.is_cut());
        let past = parent.key(&format!("{fits}k"));
        assert_eq!(past.as_str(), "/a");
        assert!(past.is_cut());
        // Nothing after a left-out segment is added: the pointer stays the ancestor's.
        assert_eq!(past.key("b").index(7).as_str(), "/a");
        // Escapes count: 510 `~` are 1,020 bytes, 511 are 1,022, past the bound after "/a/".
        assert_eq!(parent.key(&"~".repeat(510)).as_str().len(), 3 + 1020);
        assert_eq!(parent.key(&"~".repeat(511)).as_str(), "/a");
        // An index past the bound too.
        let long = Pointer::root().key(&"k".repeat(MAX_POINTER_BYTES - 3));
        assert_eq!(long.as_str().len(), MAX_POINTER_BYTES - 2);
        assert_eq!(long.index(7).as_str().len(), MAX_POINTER_BYTES);
        assert_eq!(long.index(70).as_str(), long.as_str());
        assert!(long.index(70).is_cut());
        // An empty segment is one byte, `/`, and is held to the bound too.
        let full = Pointer::root().key(&"k".repeat(MAX_POINTER_BYTES - 2));
        assert_eq!(full.key("").as_str().len(), MAX_POINTER_BYTES);
        assert_eq!(full.key("").key("").as_str(), full.key("").as_str());
        assert!(full.key("").key("").is_cut());
    }

    #[test]
    fn empty_key_is_a_segment() {
        assert_eq!(Pointer::root().key("").as_str(), "/");
    }
}
