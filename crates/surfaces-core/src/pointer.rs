use std::fmt;

/// An RFC 6901 JSON Pointer built segment by segment (`~` and `/` escaped as `~0`, `~1`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pointer(String);

impl Pointer {
    pub fn root() -> Self {
        Pointer(String::new())
    }

    /// This pointer with one more segment.
    pub fn key(&self, segment: &str) -> Self {
        let mut s = String::with_capacity(self.0.len() + segment.len() + 1);
        s.push_str(&self.0);
        s.push('/');
        for c in segment.chars() {
            match c {
                '~' => s.push_str("~0"),
                '/' => s.push_str("~1"),
                c => s.push(c),
            }
        }
        Pointer(s)
    }

    pub fn index(&self, i: usize) -> Self {
        Pointer(format!("{}/{}", self.0, i))
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
    fn empty_key_is_a_segment() {
        assert_eq!(Pointer::root().key("").as_str(), "/");
    }
}
