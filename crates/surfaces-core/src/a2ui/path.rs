//! A JSON Pointer kept as a stack of borrowed segments while walking a document, and turned
//! into a string only when a finding needs it: validation of valid input allocates nothing.

use crate::pointer::Pointer;

#[derive(Clone, Copy)]
enum Seg<'a> {
    Key(&'a str),
    Index(usize),
}

#[derive(Clone, Copy)]
pub struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    seg: Option<Seg<'a>>,
}

impl<'a> Path<'a> {
    pub const ROOT: Path<'static> = Path {
        parent: None,
        seg: None,
    };

    pub fn key(&'a self, key: &'a str) -> Path<'a> {
        Path {
            parent: Some(self),
            seg: Some(Seg::Key(key)),
        }
    }

    pub fn index(&'a self, i: usize) -> Path<'a> {
        Path {
            parent: Some(self),
            seg: Some(Seg::Index(i)),
        }
    }

    pub fn pointer(&self) -> Pointer {
        let mut segs = Vec::new();
        let mut at = Some(self);
        while let Some(p) = at {
            if let Some(s) = p.seg {
                segs.push(s);
            }
            at = p.parent;
        }
        segs.iter().rev().fold(Pointer::root(), |acc, s| match s {
            Seg::Key(k) => acc.key(k),
            Seg::Index(i) => acc.index(*i),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_pointer() {
        let root = Path::ROOT;
        let a = root.key("a/b");
        let b = a.index(2);
        let c = b.key("~");
        assert_eq!(c.pointer().as_str(), "/a~1b/2/~0");
        assert_eq!(Path::ROOT.pointer().as_str(), "");
    }
}
