//! The component graph of a surface: who refers to whom, cycles, second parents, and the
//! placeholders a render from `root` would show.

use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::num::NonZeroU32;

use super::catalog::{
    Children, Component, ComponentKind, Components, Id, IdHasher, IdList, IdListBuilder, Ids,
};
use crate::swar::{cmp_same_len, same_bytes};

/// A reference from a component to another by id.
#[derive(Debug, Clone, Copy, Eq)]
pub struct ChildRef<'a> {
    pub id: &'a str,
    /// Repeated over a data-model array (a ChildList template).
    pub template: bool,
    /// Refers to a component that may also be placed elsewhere (a Modal's `trigger`, which
    /// the official examples also put in a layout), so it does not make a second parent.
    pub shared: bool,
}

impl PartialEq for ChildRef<'_> {
    /// Compared a word at a time: a parent resent that lists its children otherwise than as
    /// a list of ids (a Card, a Modal, Tabs) compares each of its places with the last
    /// version's ([`kept`]).
    fn eq(&self, other: &Self) -> bool {
        self.template == other.template
            && self.shared == other.shared
            && same_bytes(self.id.as_bytes(), other.id.as_bytes())
    }
}

/// Calls `f` with each id a component refers to, in the order it renders them, without
/// collecting them (the graph checks visit every component of every update).
pub fn each_child<'a>(component: &'a Component, mut f: impl FnMut(ChildRef<'a>)) {
    let mut one = |id: &'a str, template: bool, shared: bool| {
        f(ChildRef {
            id,
            template,
            shared,
        })
    };
    match &component.kind {
        ComponentKind::Row { children, .. }
        | ComponentKind::Column { children, .. }
        | ComponentKind::List { children, .. } => match children {
            Children::Ids(ids) => ids.iter().for_each(|id| one(id, false, false)),
            Children::Template { component_id, .. } => one(component_id, true, true),
        },
        ComponentKind::Card { child } | ComponentKind::Button { child, .. } => {
            one(child, false, false)
        }
        ComponentKind::Modal { trigger, content } => {
            one(trigger, false, true);
            one(content, false, false);
        }
        ComponentKind::Tabs { tabs } => tabs.iter().for_each(|t| one(&t.child, false, false)),
        ComponentKind::Text { .. }
        | ComponentKind::Image { .. }
        | ComponentKind::Icon { .. }
        | ComponentKind::Video { .. }
        | ComponentKind::AudioPlayer { .. }
        | ComponentKind::Divider { .. }
        | ComponentKind::TextField { .. }
        | ComponentKind::CheckBox { .. }
        | ComponentKind::ChoicePicker { .. }
        | ComponentKind::Slider { .. }
        | ComponentKind::DateTimeInput { .. } => {}
    }
}

/// Calls `f` with each id a component places as its own (not shared) child.
fn each_owned_child<'a>(component: &'a Component, mut f: impl FnMut(&'a str)) {
    each_child(component, |c| {
        if !c.shared {
            f(c.id)
        }
    });
}

/// The places of a component's children, as [`each_child`] gives them: a list of ids as it
/// stands, or the others collected (a list of a few hundred ids was copied as it was gone
/// through, a tenth of a fold of a chat log).
#[derive(Clone, Copy)]
enum Places<'r, 'a> {
    Ids(Ids<'a>),
    Refs(&'r [ChildRef<'a>]),
}

impl<'r, 'a> Places<'r, 'a> {
    /// The places of `component`'s children, collected into `refs` if they are no list.
    fn of(component: &'a Component, refs: &'r mut Vec<ChildRef<'a>>) -> Places<'r, 'a> {
        match id_list(component) {
            Some(ids) => Places::Ids(ids.ids()),
            None => {
                refs.clear();
                each_child(component, |k| refs.push(k));
                Places::Refs(refs)
            }
        }
    }

    fn len(&self) -> usize {
        match self {
            Places::Ids(ids) => ids.len(),
            Places::Refs(refs) => refs.len(),
        }
    }

    /// The child at place `i`, which is below [`Places::len`].
    fn get(&self, i: usize) -> ChildRef<'a> {
        match self {
            Places::Ids(ids) => ChildRef {
                id: ids.get(i).expect("a place of the list"),
                template: false,
                shared: false,
            },
            Places::Refs(refs) => refs[i],
        }
    }
}

/// How many children `component` places as its own ([`each_owned_child`]).
pub(crate) fn owned_children(component: &Component) -> usize {
    match id_list(component) {
        Some(ids) => ids.len(),
        None => {
            let mut n = 0;
            each_owned_child(component, |_| n += 1);
            n
        }
    }
}

/// The list of ids of a Row, Column or List that lists its children so, from a
/// `&Component`'s kind or a `&mut` one's: one pattern for [`id_list`] and [`id_list_mut`].
macro_rules! id_list_of {
    ($kind:expr) => {
        match $kind {
            ComponentKind::Row {
                children: Children::Ids(ids),
                ..
            }
            | ComponentKind::Column {
                children: Children::Ids(ids),
                ..
            }
            | ComponentKind::List {
                children: Children::Ids(ids),
                ..
            } => Some(ids),
            _ => None,
        }
    };
}

/// The list of a Row, Column or List that lists its children by id.
fn id_list(component: &Component) -> Option<&IdList> {
    id_list_of!(&component.kind)
}

/// [`id_list`], to change.
fn id_list_mut(component: &mut Component) -> Option<&mut IdList> {
    id_list_of!(&mut component.kind)
}

/// A structural problem that makes an `updateComponents` inadmissible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphError {
    Cycle(String),
    TwoParents(String),
    /// One parent lists the same child twice (a component appears once in a tree).
    ListedTwice {
        parent: String,
        child: String,
    },
}

/// The error for `child` claimed again, by `parent` when the same one claims it twice.
fn claimed_again(child: &str, first: &str, again: &str) -> GraphError {
    if first == again {
        GraphError::ListedTwice {
            parent: again.to_string(),
            child: child.to_string(),
        }
    } else {
        GraphError::TwoParents(child.to_string())
    }
}

/// Checks the whole component map for cycles and components with two parents. A template
/// component may be shared by several lists (it is repeated by nature); it may not contain
/// its own list. The fold checks each update incrementally ([`Graph::admit`]); this whole-map
/// check is the reference the incremental one is tested against. It walks the ids in order,
/// so of several faults the one it names is the same for the same map, whatever the table's
/// hash seed.
pub fn check(components: &Components) -> Result<(), GraphError> {
    let mut ids: Vec<&Id> = components.keys().collect();
    ids.sort_unstable();
    let mut parents: HashMap<&str, &str> = HashMap::new();
    let mut twice = None;
    for id in &ids {
        let c = &components[*id];
        each_owned_child(c, |child| {
            if let Some(first) = parents.insert(child, id) {
                twice.get_or_insert(claimed_again(child, first, id));
            }
        });
        if let Some(e) = twice {
            return Err(e);
        }
    }
    let starts: Vec<Start> = ids
        .iter()
        .map(|id| (id.as_str(), &*components[*id], None))
        .collect();
    acyclic_from(&starts, 0, |id| Some((&**components.get(id)?, None)))
}

/// Where a search for cycles starts: an id, its component and its slot in the update (found
/// once, where the start was found).
type Start<'a> = (&'a str, &'a Component, Option<usize>);

/// Depth-first with three colours from `starts`, iteratively so a hostile chain cannot
/// exhaust the stack. Finds every cycle reachable from them. The ids still to visit of every
/// node on the path share one stack, so a visit allocates nothing of its own. `get` gives a
/// component and, for one of the update's `slots`, its place there: those keep their colour
/// in a list (an update's own components are most of what a check visits, and a map of
/// colours cost an insert and an allocation per visit), the rest in a map.
fn acyclic_from<'a>(
    starts: &[Start<'a>],
    slots: usize,
    get: impl Fn(&str) -> Option<(&'a Component, Option<usize>)>,
) -> Result<(), GraphError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Colour {
        White,
        Grey,
        Black,
    }
    struct Colours<'a> {
        dense: Vec<Colour>,
        sparse: BTreeMap<&'a str, Colour>,
    }
    impl<'a> Colours<'a> {
        fn of(&self, id: &str, slot: Option<usize>) -> Colour {
            match slot {
                Some(i) => self.dense[i],
                None => self.sparse.get(id).copied().unwrap_or(Colour::White),
            }
        }
        fn paint(&mut self, id: &'a str, slot: Option<usize>, colour: Colour) {
            match slot {
                Some(i) => self.dense[i] = colour,
                None => {
                    self.sparse.insert(id, colour);
                }
            }
        }
    }
    let mut colours = Colours {
        dense: vec![Colour::White; slots],
        sparse: BTreeMap::new(),
    };
    // The path: each node with its slot, and where its pending children start in `pending`.
    let mut path: Vec<(&str, Option<usize>, usize)> = Vec::new();
    // Room for one child of each of the update's components: grown from empty, this list
    // took three or four allocations in most updates.
    let mut pending: Vec<&str> = Vec::with_capacity(slots);
    for &(start, c, slot) in starts {
        if !has_child(c, false) || colours.of(start, slot) != Colour::White {
            continue;
        }
        colours.paint(start, slot, Colour::Grey);
        path.push((start, slot, pending.len()));
        each_child(c, |k| pending.push(k.id));
        while let Some(&(node, slot, from)) = path.last() {
            if pending.len() == from {
                colours.paint(node, slot, Colour::Black);
                path.pop();
                continue;
            }
            let next = pending.pop().expect("not empty");
            let Some((c, slot)) = get(next) else { continue };
            // A component that refers to none is on no cycle: it needs no colour (a list
            // of leaves, relisted in each update, painted one map entry each).
            if !has_child(c, false) {
                continue;
            }
            match colours.of(next, slot) {
                Colour::Grey => return Err(GraphError::Cycle(next.to_string())),
                Colour::Black => {}
                Colour::White => {
                    colours.paint(next, slot, Colour::Grey);
                    path.push((next, slot, pending.len()));
                    each_child(c, |k| pending.push(k.id));
                }
            }
        }
    }
    Ok(())
}

/// A surface's parent links (child id → the one component that places it as its own), kept
/// between updates so that admitting an update costs what the update touches, not the whole
/// surface (but for a bit per parent number, up to the largest it replaces, zeroed).
///
/// A defined child keeps its link in its own [`Component`] as the number of its parent;
/// `pending` holds the links of children not defined yet, moved into the child when it is.
/// A parent keeps its number for the life of the surface: a component is never removed
/// alone, so the numbers are bounded by the ids a surface may hold.
#[derive(Debug, Clone, Default)]
pub struct Graph {
    /// The number of each parent id: a link names its parent by number, so that telling
    /// two parents apart needs no parent id in the link.
    numbers: HashMap<Id, NonZeroU32, IdHasher>,
    pending: HashMap<Id, NonZeroU32, IdHasher>,
    /// How many children the components place as their own, defined or not. Each is another
    /// component (none has two parents), so a surface that may hold `components` of them
    /// never needs more places than that; and the checks of an update go through the
    /// places below its new edges, so this bounds what any update costs however little it
    /// changes.
    owned: usize,
}

impl Graph {
    /// An empty graph whose tables hash ids as `hasher` does (the surface's seed: their
    /// ids are the agent's).
    pub(crate) fn with_hasher(hasher: &IdHasher) -> Graph {
        Graph {
            numbers: HashMap::with_hasher(hasher.clone()),
            pending: HashMap::with_hasher(hasher.clone()),
            owned: 0,
        }
    }

    /// How many children the components place as their own, defined or not.
    pub(crate) fn owned(&self) -> usize {
        self.owned
    }

    /// Keeps `n` as the count of places, after an update is laid: what the graph's
    /// components placed, less what the updated ones' old versions place, plus what their
    /// new ones do (`store::update_components` finds it as it looks each one up).
    pub(crate) fn set_owned(&mut self, n: usize) {
        self.owned = n;
    }

    /// The number of the component that places `child`, if one does.
    #[cfg(test)]
    fn parent_of(&self, components: &Components, child: &str) -> Option<NonZeroU32> {
        match components.get(child) {
            Some(c) => c.parent,
            None => self.pending.get(child).copied(),
        }
    }

    /// The number of parent `id`, given one if it has none.
    fn number(&mut self, id: &str) -> NonZeroU32 {
        if let Some(&n) = self.numbers.get(id) {
            return n;
        }
        let n = NonZeroU32::new(
            u32::try_from(self.numbers.len() + 1).expect("bounded by the component limit"),
        )
        .expect("one or more");
        self.numbers.insert(Id::from(id), n);
        n
    }

    /// Links `child`, defined or not, to parent `n`, and gives the link it had.
    fn set_link(
        &mut self,
        components: &mut Components,
        child: &str,
        n: NonZeroU32,
    ) -> Option<NonZeroU32> {
        if let Some(c) = components.get_mut(child) {
            c.parent.replace(n)
        } else if let Some(slot) = self.pending.get_mut(child) {
            Some(std::mem::replace(slot, n))
        } else {
            self.pending.insert(Id::from(child), n);
            None
        }
    }

    /// Clears the link of `child`, defined or not, if parent `n` holds it: one lookup of a
    /// defined child, where reading the link and then setting it were two.
    fn clear_link(&mut self, components: &mut Components, child: &str, n: NonZeroU32) {
        match components.get_mut(child) {
            Some(c) => {
                if c.parent == Some(n) {
                    c.parent = None;
                }
            }
            None => {
                if self.pending.get(child) == Some(&n) {
                    self.pending.remove(child);
                }
            }
        }
    }

    /// Whether laying `update` over
    /// `components` keeps the graph free of cycles and second parents. `components` must
    /// already be such a graph, with `self` its parent links.
    ///
    /// Only the updated components' edges change, so a new second parent involves one of
    /// them, and a new cycle runs through one of their new edges: checking from those is
    /// enough. An edge at a place of its list that the old version held in the same order
    /// (at the start, from a later place of the old list, or at the end: [`kept`]) is not
    /// new: a parent resent with a child more, as a chat log is, or with its oldest dropped,
    /// as a window is, costs what it changes, not what it lists.
    pub(crate) fn admit(
        &self,
        components: &Components,
        update: &Update,
    ) -> Result<Admitted, GraphError> {
        // Hashed as the components are: a resent parent claims each of its children here.
        let (mut claims, mut parents, mut widest) = (0, 0, 0);
        for (_, c) in &update.0 {
            let n = owned_children(c);
            claims += n;
            parents += usize::from(n > 0);
            // The widest of the parents whose places are collected ([`Places::of`]).
            if id_list(c).is_none() {
                widest = widest.max(n);
            }
        }
        // With one parent in the update, no other parent of it claims a child, and a child
        // at a kept place is listed once in the parent's old version: it need not be
        // claimed (a chat log resent with a message more claims one child, not all of
        // them). A child listed again elsewhere in the list is caught there (below).
        let one_parent = parents <= 1;
        let mut claimed: HashMap<&str, &str, IdHasher> = HashMap::with_capacity_and_hasher(
            if one_parent { 0 } else { claims },
            components.hasher().clone(),
        );
        // With one parent, a child defined already is claimed by where its component
        // lives, not by its id: the same id is the same component, and an address hashes
        // in one multiplication where an id is hashed and then compared byte by byte.
        let mut claimed_defined: HashSet<usize, IdHasher> =
            HashSet::with_hasher(components.hasher().clone());
        // Whether the one parent lists only children linked to it already (a list
        // reordered, or cut): then laying it relinks none ([`Admitted`]).
        let mut settled = one_parent;
        // What a list of ids keeps, for `apply` to lay it by.
        let mut list_kept = None;
        let mut twice = None;
        // The numbers of the updated components that are parents already, a bit each, in
        // as many words as the largest of them needs: their children are theirs to give up.
        // (A sorted list of them brought a sort of its own into the `.wasm`.)
        let mut renewed: Vec<u64> = Vec::new();
        for (id, _) in &update.0 {
            if let Some(&n) = self.numbers.get(*id) {
                let n = n.get() as usize;
                if renewed.len() <= n / 64 {
                    renewed.resize(n / 64 + 1, 0);
                }
                renewed[n / 64] |= 1 << (n % 64);
            }
        }
        let is_renewed = |n: NonZeroU32| {
            let n = n.get() as usize;
            renewed.get(n / 64).is_some_and(|w| w >> (n % 64) & 1 == 1)
        };
        // Each list and table makes room for what it takes once that is known, and never
        // for a child at a kept place, which none of them takes. Grown as they filled, they
        // made a fifth of the allocations of a fold of 100 new surfaces of ten Images each,
        // and a sixteenth of one of the official examples.
        // Where a new edge leads: a new cycle would pass there.
        let mut starts: Vec<Start> = Vec::new();
        let (mut old_refs, mut new_refs) = (Vec::new(), Vec::with_capacity(widest));
        for &(id, c) in &update.0 {
            let new = Places::of(c, &mut new_refs);
            if new.len() == 0 {
                // Most updates of a live surface: a Text's new words.
                continue;
            }
            let old_version = components.get(id);
            let old = match old_version {
                Some(o) => Places::of(o, &mut old_refs),
                None => Places::Refs(&[]),
            };
            // Two lists of ids (a Row, Column or List resent) are compared as ids alone: none
            // of their places is a template's or shared.
            let lists = match (old, new) {
                (Places::Ids(o), Places::Ids(n)) => Some((o, n)),
                _ => None,
            };
            let Kept { skip, start, end } =
                kept(old.len(), new.len(), lists, |i, j| old.get(i) == new.get(j));
            if lists.is_some() {
                let at = c as *const Component as usize;
                let kept = Kept { skip, start, end };
                list_kept = Some((at, old.len(), new.len(), kept));
            }
            // Kept places go unclaimed when they outnumber the old version's other places:
            // then it is cheaper to look those up for each child linked here (`moved`,
            // made into a set when first asked). `own` is this parent's number then.
            let others = old.len() - start - end;
            let skip_kept = one_parent && start + end > others;
            let own = if one_parent {
                self.numbers.get(id).copied()
            } else {
                claimed.reserve(new.len());
                None
            };
            settled &= own.is_some();
            // How many of the children from place `i` on may be claimed: those at kept places
            // at the end are not, when kept places go unclaimed.
            let rest = |i: usize| new.len() - i - if skip_kept { end } else { 0 };
            let mut moved: Option<HashSet<&str, IdHasher>> = None;
            // With kept places unclaimed, nothing is done at one: only the others are gone
            // through (a chat log resent with a message more, one child, not hundreds).
            let places = match skip_kept {
                true => start..new.len() - end,
                false => 0..new.len(),
            };
            for i in places {
                let k = new.get(i);
                let kept = i < start || i >= new.len() - end;
                // A kept child is this one's already (it renews it): it needs no lookup.
                // Any other is looked up once, for its link and for whether a new cycle
                // could go on from it: not from a component defined outside the update
                // with no children, nor from one not defined at all.
                let (mut link, mut defined) = (None, None);
                if !kept {
                    defined = components.get(k.id);
                    link = match defined {
                        Some(c) => c.parent,
                        None => self.pending.get(k.id).copied(),
                    };
                    // A child with no children of its own closes no cycle: the search
                    // would pass it by (a new surface of Images starts none, and makes
                    // none of its lists).
                    let from = match update.find(k.id) {
                        Some(i) => Some((update.0[i].1, Some(i))),
                        None => defined.map(|c| (&**c, None)),
                    };
                    if let Some((c, slot)) = from.filter(|(c, _)| has_child(c, false)) {
                        if starts.capacity() == 0 {
                            starts.reserve(new.len() - i);
                        }
                        starts.push((k.id, c, slot));
                    }
                }
                if k.shared || (skip_kept && kept) {
                    continue;
                }
                // A child at a kept place is linked here already: the old version placed
                // it there.
                settled &= kept || link == own;
                // Linked here, so listed by the old version: at a place not kept (a child
                // moved), or at a kept one, where the new version lists it too.
                if skip_kept && own.is_some() && link == own {
                    let moved = moved.get_or_insert_with(|| {
                        let mut set = HashSet::with_hasher(components.hasher().clone());
                        let others = (0..skip).chain(skip + start..old.len() - end);
                        set.extend(
                            others
                                .map(|i| old.get(i))
                                .filter(|r| !r.shared)
                                .map(|r| r.id),
                        );
                        set
                    });
                    if !moved.contains(k.id) {
                        twice.get_or_insert(claimed_again(k.id, id, id));
                    }
                }
                // A parent outside the update keeps its children; one inside is replaced.
                let kept_elsewhere = link.is_some_and(|old| !is_renewed(old));
                // A kept place was not looked up above: it is here, with kept places claimed.
                let defined = if one_parent && kept {
                    components.get(k.id)
                } else {
                    defined
                };
                let again = match defined {
                    // Each table makes room for the rest of the list when first used (with
                    // one parent, `claimed` starts empty): grown one by one, a table took
                    // three allocations for a dozen children, and a new surface's children,
                    // none defined yet, need no table of addresses at all.
                    Some(c) if one_parent => {
                        if claimed_defined.capacity() == 0 {
                            claimed_defined.reserve(rest(i));
                        }
                        (!claimed_defined.insert(&**c as *const Component as usize)).then_some(id)
                    }
                    _ => {
                        if claimed.capacity() == 0 {
                            claimed.reserve(rest(i));
                        }
                        claimed.insert(k.id, id)
                    }
                };
                if let Some(first) = again {
                    twice.get_or_insert(claimed_again(k.id, first, id));
                } else if kept_elsewhere {
                    twice.get_or_insert(GraphError::TwoParents(k.id.to_string()));
                }
            }
            if let Some(e) = twice {
                return Err(e);
            }
        }
        let admitted = Admitted { settled, list_kept };
        if starts.is_empty() {
            return Ok(admitted);
        }
        // Every cycle of the new graph has a new edge (the old graph has none), and a
        // search from where that edge leads comes round to it.
        acyclic_from(&starts, update.0.len(), |id| match update.find(id) {
            Some(i) => Some((update.0[i].1, Some(i))),
            None => Some((&**components.get(id)?, None)),
        })?;
        Ok(admitted)
    }

    /// Lays an admitted `update` over `components` and keeps the links: a replaced component's
    /// own link passes to its new version, the links its old version made are dropped, and
    /// the new version's are made; a child at a place its parent's old version had it
    /// ([`kept`]) keeps its link, untouched, and so does one the new version lists
    /// elsewhere (a list reordered costs a lookup a child, not two; none when `admitted`
    /// found every child it lists linked to it already). `admitted` is what [`Graph::admit`]
    /// gave for these very components (the same boxes) over the same `components`.
    pub(crate) fn apply(
        &mut self,
        components: &mut Components,
        update: Vec<(Id, Box<Component>)>,
        admitted: Admitted,
    ) {
        // Ids whose new version places children, each with the old version it replaced;
        // and the old versions replaced by one that places none.
        // Made at its length: grown as it filled, it was reallocated a few times in a new
        // surface's first update.
        let mut parents: Vec<(Id, Option<usize>)> =
            Vec::with_capacity(update.iter().filter(|(_, c)| has_child(c, true)).count());
        let mut replaced: Vec<Box<Component>> = Vec::new();
        let mut emptied: Vec<(Id, Box<Component>)> = Vec::new();
        for (id, mut c) in update {
            let parent = has_child(&c, true);
            // Every child a settled parent lists is linked here already: with as many as
            // its old version listed, none is dropped either, and nothing is left to do.
            let listed = (parent && admitted.settled).then(|| owned_children(&c));
            if let Some(old) = components.get_mut(&id) {
                c.parent = old.parent;
                let old = std::mem::replace(old, c);
                if listed.is_some_and(|n| n == owned_children(&old)) {
                    continue;
                }
                if parent {
                    parents.push((id, Some(replaced.len())));
                    replaced.push(old);
                } else {
                    emptied.push((id, old));
                }
            } else {
                c.parent = self.pending.remove(&id);
                if parent {
                    parents.push((id.clone(), None));
                }
                components.insert(id, c);
            }
        }
        for (id, old) in &emptied {
            if let Some(n) = self.numbers.get(id.as_str()).copied() {
                each_owned_child(old, |child| self.clear_link(components, child, n));
            }
        }
        // Each parent's list of children is moved out while their entries are written, and
        // put back, so the parent stays where it is in the map (taken out and put back, it
        // was a removal and an insert per parent); the few ids of another parent are copied.
        let mut copied = IdListBuilder::default();
        let mut old_kids: Vec<&str> = Vec::new();
        // A new surface's parents are numbered at once: grown one by one, the table was
        // reallocated a few times in its first update. (A parent replaced has a number
        // already, unless its old version placed no child.)
        self.numbers
            .reserve(parents.iter().filter(|(_, old)| old.is_none()).count());
        for (id, old) in parents {
            let n = self.number(&id);
            let c = components.get_mut(id.as_str()).expect("just laid");
            let address = &**c as *const Component as usize;
            let taken = id_list_mut(c).map(std::mem::take);
            if taken.is_none() {
                copied.clear();
                each_owned_child(c, |child| copied.push(child));
            }
            let children = taken.as_ref().map_or(copied.ids(), IdList::ids);
            old_kids.clear();
            if let Some(i) = old {
                each_owned_child(&replaced[i], |k| old_kids.push(k));
            }
            let lists = old
                .and_then(|i| id_list(&replaced[i]))
                .zip(taken.as_ref())
                .map(|(old, new)| (old.ids(), new.ids()));
            let same = |i: usize, j: usize| {
                children
                    .get(j)
                    .is_some_and(|child| same_bytes(old_kids[i].as_bytes(), child.as_bytes()))
            };
            let Kept { skip, start, end } = match admitted.list_kept {
                // The lengths too: an `Admitted` of another update would be caught here, not
                // laid by (a kept place past a list's end).
                Some((at, old_len, new_len, found))
                    if lists.is_some()
                        && at == address
                        && (old_len, new_len) == (old_kids.len(), children.len()) =>
                {
                    debug_assert_eq!(found, kept(old_kids.len(), children.len(), lists, same));
                    found
                }
                _ => kept(old_kids.len(), children.len(), lists, same),
            };
            let listed = || {
                children
                    .iter()
                    .skip(start)
                    .take(children.len() - start - end)
            };
            let dropped = || {
                old_kids[..skip]
                    .iter()
                    .chain(&old_kids[skip + start..old_kids.len() - end])
            };
            // Those linked here already were the old version's (no child is listed twice
            // in one parent, nor at a kept place and another): when there are as many as
            // the old version had at its other places, it drops none of them.
            let mut relisted = 0;
            if admitted.settled {
                // Each is linked here already, as `admit` found.
                relisted = listed().len();
            } else {
                for child in listed() {
                    relisted += usize::from(self.set_link(components, child, n) == Some(n));
                }
            }
            if relisted < old_kids.len() - start - end {
                let mut again: HashSet<&str, IdHasher> =
                    HashSet::with_capacity_and_hasher(listed().len(), components.hasher().clone());
                again.extend(listed());
                for &child in dropped() {
                    if !again.contains(child) {
                        // Unless another parent of the update took it already.
                        self.clear_link(components, child, n);
                    }
                }
            }
            if let Some(list) = taken {
                let c = components.get_mut(id.as_str()).expect("just laid");
                *id_list_mut(c).expect("a list was taken from it") = list;
            }
        }
    }
}

/// What [`Graph::admit`] learnt that [`Graph::apply`] may skip. `Admitted::default()`
/// skips nothing.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Admitted {
    /// The update's one parent (a component that places children) lists only children
    /// linked to it already: its list was reordered or cut, so laying it links none anew
    /// (a ranking resorted costs a lookup a child, not two).
    settled: bool,
    /// The last list of ids of the update the check met (most updates hold one), by the
    /// address of its component (which laying it keeps), with the lengths of its old and new
    /// versions and what it keeps of the old one: two lists of a few hundred ids compared
    /// once, not twice. Any other list is compared again as it is laid.
    list_kept: Option<(usize, usize, usize, Kept)>,
}

/// The places two versions of a list keep: `start` places at the start of the new one that
/// the old one holds in the same order from its place `skip` on (0, unless the new one starts
/// with a later place of the old one: a window that dropped its oldest), and `end` places at
/// the end of both; never overlapping in either. A child at a kept place was listed by the
/// old version, so it makes no new edge and keeps its link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Kept {
    skip: usize,
    start: usize,
    end: usize,
}

/// The places two versions of a list keep (`same` of a place in the old one and one in the
/// new one), compared as `lists` of ids at once when they are.
fn kept(
    old: usize,
    new: usize,
    lists: Option<(Ids<'_>, Ids<'_>)>,
    same: impl Fn(usize, usize) -> bool,
) -> Kept {
    // Place by place, as any two lists are compared; two lists of ids are compared at once
    // (and, in debug builds, checked against this).
    let same_end = || {
        (1..=old.min(new))
            .take_while(|&k| same(old - k, new - k))
            .count()
    };
    // The end first: a list that gained a child at its start (the newest first) keeps the
    // rest there, and nothing is left to search for where its start went.
    let end = match lists {
        Some((o, n)) => o.common_suffix(n),
        None => same_end(),
    };
    debug_assert_eq!(end, same_end());
    let (old_rest, new_rest) = (old - end, new - end);
    // Where the new list's first child is in the rest of the old one: its first place most
    // often. The search is no longer than that rest.
    let skip = match (old_rest, new_rest) {
        (0, _) | (_, 0) => 0,
        _ if same(0, 0) => 0,
        _ => match lists {
            Some((o, n)) => n.get(0).and_then(|first| o.position(first, old_rest)),
            None => (1..old_rest).find(|&i| same(i, 0)),
        }
        .unwrap_or(0),
    };
    let longest = (old_rest - skip).min(new_rest);
    let same_start = || (0..longest).take_while(|&i| same(skip + i, i)).count();
    let start = match lists {
        Some((o, n)) => o.common_prefix_from(skip, n).min(longest),
        None => same_start(),
    };
    debug_assert_eq!(start, same_start());
    Kept { skip, start, end }
}

/// An update's components by id, as [`Graph::admit`] reads them, each id once: up to
/// [`INDEXED`] of them sorted by id ([`id_order`]), and past that in the update's order,
/// found by their hash.
/// (A sorted list, not a map: most updates are of one component or a few, and a map's
/// node was an allocation and a free per update. Past a few dozen, each search of the list
/// is several comparisons of ids of one length, a word at a time: a seventh of a fold of
/// one update of 1,000 Icons.)
pub(crate) struct Update<'a>(
    Vec<(&'a str, &'a Component)>,
    /// Past [`INDEXED`] components, where each is in the list (which is then in the
    /// update's order, not sorted).
    Option<HashMap<&'a str, u32, IdHasher>>,
    /// Up to [`INDEXED`] components, each id's first eight bytes as a number ([`prefix`]),
    /// in the list's order: a search compares an id's length and these, and its bytes only
    /// past them. Compared byte by byte ([`id_order`]), the searches of an update's ids were
    /// 7% of a fold of the official examples in wasm (`cmp_same_len` and `find`).
    [u64; INDEXED],
);

/// How many components an update holds before [`Update::find`] looks them up by hash.
const INDEXED: usize = 32;

impl<'a> Update<'a> {
    /// The update of `list`, in any order; `None` when an id comes twice. `hasher` hashes
    /// ids as the surface's components are hashed (under its secret seed).
    pub fn of(mut list: Vec<(&'a str, &'a Component)>, hasher: &IdHasher) -> Option<Update<'a>> {
        if list.len() > INDEXED {
            // Past them the ids are found by hash, so the table finds an id given twice
            // as it is made: sorted first (only to find one), 500 new Texts spent a
            // twentieth of their fold comparing ids.
            let mut index = HashMap::with_capacity_and_hasher(list.len(), hasher.clone());
            for (i, &(id, _)) in list.iter().enumerate() {
                if index.insert(id, i as u32).is_some() {
                    return None;
                }
            }
            return Some(Update(list, Some(index), [0; INDEXED]));
        }
        list.sort_unstable_by(|a, b| id_order(a.0, b.0));
        let twice = list
            .windows(2)
            .any(|w| same_bytes(w[0].0.as_bytes(), w[1].0.as_bytes()));
        let mut prefixes = [0; INDEXED];
        if list.len() <= INDEXED {
            for (p, (id, _)) in prefixes.iter_mut().zip(&list) {
                *p = prefix(id);
            }
        }
        (!twice).then_some(Update(list, None, prefixes))
    }

    /// Where `id` is in the update, if it is there.
    fn find(&self, id: &str) -> Option<usize> {
        if let Some(index) = &self.1 {
            return index.get(id).map(|&i| i as usize);
        }
        // Most updates hold one component or a few: compared for equality, most ids
        // differ in their length, where ordering them compares their bytes.
        if self.0.len() <= 4 {
            return self
                .0
                .iter()
                .position(|&(k, _)| same_bytes(k.as_bytes(), id.as_bytes()));
        }
        // The list's order ([`id_order`]): by length, then by the bytes, the first eight
        // of which are the prefix (ids of one length are padded alike).
        let (len, first) = (id.len(), prefix(id));
        let (mut low, mut high) = (0, self.0.len());
        while low < high {
            let mid = (low + high) / 2;
            let k = self.0[mid].0;
            let order = k
                .len()
                .cmp(&len)
                .then(self.2[mid].cmp(&first))
                .then_with(|| {
                    if len > 8 {
                        cmp_same_len(&k.as_bytes()[8..], &id.as_bytes()[8..])
                    } else {
                        std::cmp::Ordering::Equal
                    }
                });
            match order {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }
}

/// An id's first eight bytes as a big-endian number, zeros past its end: of two ids of one
/// length, the one whose prefix is smaller comes first in [`id_order`], and equal prefixes
/// leave the bytes past the eighth to compare.
// A load of eight bytes, or a shift a byte for a shorter id: a copy of up to eight bytes
// was a call to `memcpy` in wasm32.
#[inline]
fn prefix(id: &str) -> u64 {
    let b = id.as_bytes();
    if let Some(word) = b.first_chunk::<8>() {
        return u64::from_be_bytes(*word);
    }
    b.iter()
        .enumerate()
        .fold(0, |w, (i, &x)| w | u64::from(x) << (56 - 8 * i))
}

/// The order of an update's ids: by length, then by their bytes. Most ids differ in length,
/// so most comparisons never read their bytes; those that do read them a word at a time
/// ([`cmp_same_len`]), not through a call to `memcmp` (in wasm32 a byte-at-a-time loop: a
/// search of a whole surface's update was a fifth of such calls in a fold).
fn id_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| cmp_same_len(a.as_bytes(), b.as_bytes()))
}

/// Whether `c` refers to any component, or with `owned`, places any as its own.
fn has_child(c: &Component, owned: bool) -> bool {
    let mut any = false;
    each_child(c, |k| any |= !(owned && k.shared));
    any
}

/// Why a render shows a placeholder instead of a component.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub enum PlaceholderReason {
    /// Referred to but not (yet) defined.
    Missing,
    /// Deeper than the depth limit.
    Depth,
    /// More repeated content (template items, rendered nodes) than a render shows.
    Template,
    /// Reached again below itself (defensive: cycles are refused on admission).
    Cycle,
    /// Media whose address, once its binding or function is resolved, is refused by the URL
    /// policy (not `https:`, off the host allowlist, or carrying credentials).
    UrlRefused,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
pub struct Placeholder {
    pub component_id: String,
    pub reason: PlaceholderReason,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn decode(c: &Value) -> Component {
        let mut o = c.as_object().unwrap().clone();
        o.remove("id");
        crate::a2ui::catalog::component::decode(o).unwrap()
    }

    fn map(v: Value) -> Components {
        v.as_array()
            .unwrap()
            .iter()
            .map(|c| (Id::from(c["id"].as_str().unwrap()), Box::new(decode(c))))
            .collect()
    }

    impl Graph {
        /// Every link, child id to parent id, from the children and from `pending`.
        fn links(&self, components: &Components) -> BTreeMap<String, String> {
            let names: BTreeMap<NonZeroU32, &str> =
                self.numbers.iter().map(|(k, &n)| (n, k.as_str())).collect();
            assert_eq!(names.len(), self.numbers.len(), "a number names one parent");
            let children = components.keys().chain(self.pending.keys());
            children
                .filter_map(|k| {
                    Some((
                        k.to_string(),
                        names[&self.parent_of(components, k)?].to_string(),
                    ))
                })
                .collect()
        }
    }

    /// The links a map of components makes, read from each parent's own children.
    fn whole_map_links(components: &Components) -> BTreeMap<String, String> {
        let mut all = BTreeMap::new();
        for (id, c) in components {
            each_owned_child(c, |child| {
                all.insert(child.to_string(), id.to_string());
            });
        }
        all
    }

    /// An update finds each of its ids where it is, and no other, at every size of list: by
    /// comparing, by length and prefix, and by hash; among ids that share a length and their
    /// first eight bytes, or differ in their last byte only.
    #[test]
    fn an_update_finds_its_ids_and_no_other() {
        let text = decode(&json!({"component": "Text", "text": "x"}));
        let mut pool: Vec<String> = Vec::new();
        for stem in ["a", "item-000", "item-0001", "item-0002x", "row", "é-é"] {
            for n in 0..12 {
                pool.push(format!("{stem}{n}"));
                pool.push(format!("{stem}-{n:02}-tail"));
            }
        }
        pool.extend(["", "\u{0}", "\u{0}\u{0}", "zzzzzzzz", "zzzzzzzzz"].map(String::from));
        let hasher = IdHasher::default();
        for n in 0..=INDEXED + 3 {
            let chosen: Vec<&str> = pool.iter().step_by(3).take(n).map(|s| s.as_str()).collect();
            let update = Update::of(chosen.iter().map(|&id| (id, &text)).collect(), &hasher)
                .expect("each id once");
            for id in &pool {
                let found = update.find(id).map(|i| update.0[i].0);
                let want = chosen.contains(&id.as_str()).then_some(id.as_str());
                assert_eq!(found, want, "{id:?} among {n}");
            }
            // An id given twice, sorted or hashed, at each end and between: no update.
            for twice in [0, n / 2, n.saturating_sub(1)] {
                let Some(&again) = chosen.get(twice) else {
                    continue;
                };
                for at in [0, n / 3, n] {
                    let mut list: Vec<(&str, &Component)> =
                        chosen.iter().map(|&id| (id, &text)).collect();
                    list.insert(at, (again, &text));
                    assert!(
                        Update::of(list, &hasher).is_none(),
                        "{again:?} twice among {n}"
                    );
                }
            }
        }
    }

    /// The incremental check agrees with the whole-map check on random update sequences,
    /// and its parent links stay those of the whole map.
    #[test]
    fn incremental_check_matches_whole_map() {
        // One id too long to be kept inline, in wasm32 or natively.
        let ids = [
            "root",
            "a",
            "b",
            "c",
            "d",
            "a-component-id-of-over-24-bytes",
        ];
        let (refused, admitted) = random_updates(&ids, 4, 400, 0x2545_f491_4f6c_dd1d);
        assert!(
            refused > 100 && admitted > 100,
            "{refused} refused, {admitted} admitted"
        );
    }

    /// [`incremental_check_matches_whole_map`] with updates of up to 80 components, which
    /// [`Update`] looks up by hash ([`INDEXED`]).
    #[test]
    fn incremental_check_matches_whole_map_in_large_updates() {
        let names: Vec<String> = (0..120).map(|i| format!("c{i}")).collect();
        let mut ids: Vec<&str> = names.iter().map(String::as_str).collect();
        ids[0] = "root";
        let (refused, admitted) = random_updates(&ids, 80, 60, 0x9e37_79b9_7f4a_7c15);
        assert!(
            refused > 20 && admitted > 20,
            "{refused} refused, {admitted} admitted"
        );
    }

    /// Sequences of random updates of up to `most` components each over the components
    /// `ids`, each held to the whole-map check ([`lay_checked`]): how many were refused
    /// and how many admitted.
    fn random_updates(ids: &[&str], most: u64, rounds: usize, seed: u64) -> (usize, usize) {
        let mut rng = crate::test_rng::Xorshift(seed);
        let mut next = move |n: u64| rng.next() % n;
        let pick = ids.len() as u64;
        let (mut refused, mut admitted) = (0, 0);
        for _ in 0..rounds {
            let mut components = Components::default();
            let mut graph = Graph::default();
            for _ in 0..12 {
                let mut update = Components::default();
                let mut order = Vec::new();
                let size = next(most) + 1;
                for _ in 0..size {
                    let id = ids[next(pick) as usize];
                    // Four picks drawn ahead, so each kind below takes what it needs.
                    let p: Vec<&str> = (0..4).map(|_| ids[next(pick) as usize]).collect();
                    // In a large update most components are leaves, or no update of
                    // them would be admitted.
                    let kind = match size > 8 && next(16) > 0 {
                        true => 100,
                        false => next(9),
                    };
                    let n = next(4) as usize;
                    let c = match kind {
                        0 | 100 => json!({"id": id, "component": "Text", "text": "x"}),
                        1 => json!({"id": id, "component": "Card", "child": p[0]}),
                        2 => json!({"id": id, "component": "Row", "children": p[..n]}),
                        3 => json!({"id": id, "component": "Modal",
                            "trigger": p[0], "content": p[1]}),
                        4 => json!({"id": id, "component": "List",
                            "children": {"componentId": p[0], "path": "/l"}}),
                        5 => json!({"id": id, "component": "Column",
                            "children": [p[0], p[1], p[2]]}),
                        6 => json!({"id": id, "component": "Button", "child": p[0],
                            "action": {"event": {"name": "go"}}}),
                        7 => json!({"id": id, "component": "List", "children": [p[0]]}),
                        _ => json!({"id": id, "component": "Tabs",
                            "tabs": [{"title": "t", "child": p[0]}, {"title": "u", "child": p[1]}]}),
                    };
                    if update.insert(Id::from(id), Box::new(decode(&c))).is_none() {
                        order.push(Id::from(id));
                    }
                }
                if lay_checked(&mut graph, &mut components, &update, order, &mut next) {
                    admitted += 1;
                } else {
                    refused += 1;
                }
            }
        }
        (refused, admitted)
    }

    /// Admits `update` (its ids in `order`, as an envelope lists them) as the store does,
    /// holding the incremental check to the whole-map one, and when admitted lays it and
    /// holds the links kept to those the whole map gives. Whether it was admitted.
    fn lay_checked(
        graph: &mut Graph,
        components: &mut Components,
        update: &Components,
        mut order: Vec<Id>,
        next: &mut impl FnMut(u64) -> u64,
    ) -> bool {
        let mut merged = components.clone();
        merged.extend(update.clone());
        // Laid in an order of its own, the same boxes as checked (as the store lays them:
        // what the check hands to the laying is found by their addresses).
        for i in (1..order.len()).rev() {
            order.swap(i, next(i as u64 + 1) as usize);
        }
        let list: Vec<(Id, Box<Component>)> = order
            .iter()
            .map(|k| (k.clone(), update[k].clone()))
            .collect();
        let view = Update::of(
            list.iter().map(|(k, v)| (k.as_str(), &**v)).collect(),
            components.hasher(),
        )
        .expect("a map's keys are unique");
        let whole = check(&merged);
        let incremental = graph.admit(components, &view);
        assert_eq!(
            whole.is_ok(),
            incremental.is_ok(),
            "{components:?} + {update:?}: {whole:?} vs {incremental:?}"
        );
        if let (Err(a), Err(b)) = (&whole, &incremental) {
            // A second parent may be found as one parent listing a child twice, or
            // the other way round, depending on where the search starts.
            assert_eq!(
                matches!(a, GraphError::Cycle(_)),
                matches!(b, GraphError::Cycle(_))
            );
            return false;
        }
        drop(view);
        graph.apply(components, list, incremental.expect("admitted"));
        assert_eq!(*components, merged);
        // The links kept are those the whole map gives, wherever they are kept.
        let mut fresh = Graph::default();
        let mut rebuilt = Components::default();
        fresh.apply(
            &mut rebuilt,
            merged.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            Admitted::default(),
        );
        assert_eq!(graph.links(components), fresh.links(&rebuilt));
        assert_eq!(graph.links(components), whole_map_links(&merged));
        assert!(graph.pending.keys().all(|k| !components.contains_key(k)));
        assert!(graph.numbers.len() <= components.len());
        true
    }

    /// Parents resent with their lists changed a little, as live surfaces resend them (a
    /// child appended, dropped, moved, doubled, taken from another parent, the oldest
    /// dropped from a window, or the parent itself or an ancestor listed): the check that skips the places a list keeps agrees
    /// with the whole-map check, and the links it leaves are the whole map's.
    #[test]
    fn resent_lists_agree_with_the_whole_map() {
        let mut rng = crate::test_rng::Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = move |n: u64| rng.next() % n;
        let parents = ["root", "p1", "p2"];
        let pool = [
            "root",
            "p1",
            "p2",
            "a",
            "b",
            "c",
            "d",
            "e",
            "f",
            "an-id-longer-than-24-bytes-x",
        ];
        let (mut refused, mut admitted) = (0, 0);
        for _ in 0..300 {
            let mut components = Components::default();
            let mut graph = Graph::default();
            let mut lists: Vec<Vec<&str>> = vec![Vec::new(); parents.len()];
            for _ in 0..16 {
                let mut update = Components::default();
                let mut order = Vec::new();
                let mut changed = lists.clone();
                for _ in 0..=next(2) {
                    let who = next(parents.len() as u64) as usize;
                    let list = &mut changed[who];
                    match next(10) {
                        0 | 1 => list.push(pool[next(pool.len() as u64) as usize]),
                        // A window: its oldest dropped, a new one (or one it holds) added.
                        8 if !list.is_empty() => {
                            let drop = 1 + next(list.len().min(3) as u64) as usize;
                            list.drain(..drop.min(list.len()));
                            list.push(pool[next(pool.len() as u64) as usize]);
                        }
                        2 if !list.is_empty() => {
                            list.remove(next(list.len() as u64) as usize);
                        }
                        3 if list.len() > 1 => {
                            let (i, j) = (next(list.len() as u64), next(list.len() as u64));
                            list.swap(i as usize, j as usize);
                        }
                        4 if !list.is_empty() => {
                            let at = next(list.len() as u64 + 1) as usize;
                            let again = list[next(list.len() as u64) as usize];
                            list.insert(at, again);
                        }
                        5 => {
                            let from = lists[next(parents.len() as u64) as usize].clone();
                            if let Some(&k) = from.first() {
                                list.insert(0, k);
                            }
                        }
                        // Reordered whole, as a ranking is resorted; then perhaps one
                        // place given another child of the list, or one from the pool.
                        6 | 7 if list.len() > 1 => {
                            for i in (1..list.len()).rev() {
                                list.swap(i, next(i as u64 + 1) as usize);
                            }
                            if next(2) == 0 {
                                let at = next(list.len() as u64) as usize;
                                list[at] = match next(2) {
                                    0 => list[next(list.len() as u64) as usize],
                                    _ => pool[next(pool.len() as u64) as usize],
                                };
                            }
                        }
                        _ => {}
                    }
                    let kind = if next(5) == 0 { "Row" } else { "Column" };
                    let c =
                        json!({"id": parents[who], "component": kind, "children": list.clone()});
                    if update
                        .insert(Id::from(parents[who]), Box::new(decode(&c)))
                        .is_none()
                    {
                        order.push(Id::from(parents[who]));
                    }
                }
                if next(3) == 0 {
                    // A leaf defined beside them, as a chat log sends its new message.
                    let leaf = pool[3 + next(pool.len() as u64 - 3) as usize];
                    let c = json!({"id": leaf, "component": "Text", "text": "t"});
                    if update
                        .insert(Id::from(leaf), Box::new(decode(&c)))
                        .is_none()
                    {
                        order.push(Id::from(leaf));
                    }
                }
                if lay_checked(&mut graph, &mut components, &update, order, &mut next) {
                    admitted += 1;
                    for (who, p) in parents.iter().enumerate() {
                        if update.contains_key(*p) {
                            lists[who] = changed[who].clone();
                        }
                    }
                } else {
                    refused += 1;
                }
            }
        }
        assert!(
            refused > 300 && admitted > 1000,
            "{refused} refused, {admitted} admitted"
        );
    }

    /// Lays each update in turn, as the store does, and gives the links after the last.
    fn lay(updates: &[Value]) -> Result<BTreeMap<String, String>, GraphError> {
        let mut components = Components::default();
        let mut graph = Graph::default();
        for u in updates {
            let list: Vec<(Id, Box<Component>)> = u
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (Id::from(c["id"].as_str().unwrap()), Box::new(decode(c))))
                .collect();
            let view = Update::of(
                list.iter().map(|(k, c)| (k.as_str(), &**c)).collect(),
                components.hasher(),
            )
            .expect("each id once");
            let admitted = graph.admit(&components, &view)?;
            drop(view);
            graph.apply(&mut components, list, admitted);
        }
        Ok(graph.links(&components))
    }

    fn links(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(c, p)| (c.to_string(), p.to_string()))
            .collect()
    }

    /// A child may move from a parent the update replaces, whatever that parent's number
    /// (the replaced parents are kept a bit per number, so numbers past a word's 64 bits
    /// too), and not from one it leaves alone.
    #[test]
    fn children_move_only_from_replaced_parents_of_any_number() {
        // Cards each placing their own Text, numbered 1 to `count` (128: the last number
        // fills a word's last bit).
        for count in [128, 150] {
            let first: Vec<Value> = (0..count)
                .flat_map(|i| {
                    [
                        json!({"id": format!("p{i}"), "component": "Card", "child": format!("c{i}")}),
                        json!({"id": format!("c{i}"), "component": "Text", "text": "t"}),
                    ]
                })
                .collect();
            for i in [0, 62, 63, 64, 126, 127, count - 1] {
                let (parent, child) = (format!("p{i}"), format!("c{i}"));
                // Replaced in the same update: its child is free to move.
                let moved = lay(&[
                    Value::Array(first.clone()),
                    json!([
                        {"id": parent, "component": "Card", "child": "spare"},
                        {"id": "new", "component": "Card", "child": child},
                    ]),
                ])
                .unwrap();
                assert_eq!(moved[&child], "new", "{parent} of {count}");
                assert_eq!(moved["spare"], parent);
                // Left alone while two of its neighbours in the numbering (whose bits are
                // in its word or the next) are replaced: its child keeps it.
                let before = if i > 0 { i - 1 } else { i + 2 };
                let after = if i + 1 < count { i + 1 } else { i - 2 };
                let kept = lay(&[
                    Value::Array(first.clone()),
                    json!([
                        {"id": format!("p{before}"), "component": "Card", "child": "spare1"},
                        {"id": format!("p{after}"), "component": "Card", "child": "spare2"},
                        {"id": "new", "component": "Card", "child": child},
                    ]),
                ]);
                assert_eq!(
                    kept,
                    Err(GraphError::TwoParents(child.clone())),
                    "{parent} of {count}"
                );
            }
        }
    }

    #[test]
    fn links_follow_children_that_move() {
        // A child handed down to a sibling in the same update.
        let got = lay(&[
            json!([{"id": "root", "component": "Row", "children": ["a", "b"]}]),
            json!([{"id": "a", "component": "Card", "child": "b"},
                   {"id": "root", "component": "Row", "children": ["a"]}]),
        ]);
        assert_eq!(got, Ok(links(&[("a", "root"), ("b", "a")])));
        // A parent turned into a Text gives its child up to a new one.
        let got = lay(&[
            json!([{"id": "p", "component": "Card", "child": "c"},
                   {"id": "c", "component": "Text", "text": "x"}]),
            json!([{"id": "p", "component": "Text", "text": "x"},
                   {"id": "q", "component": "Card", "child": "c"},
                   {"id": "c", "component": "Text", "text": "y"}]),
        ]);
        assert_eq!(got, Ok(links(&[("c", "q")])));
        // A link to a child never defined goes when its parent lets it go.
        let got = lay(&[
            json!([{"id": "p", "component": "Card", "child": "c"}]),
            json!([{"id": "p", "component": "Text", "text": "x"}]),
        ]);
        assert_eq!(got, Ok(links(&[])));
        // A child defined after its parent takes the waiting link along.
        let got = lay(&[
            json!([{"id": "p", "component": "Column", "children": ["c"]}]),
            json!([{"id": "c", "component": "Text", "text": "x"}]),
            json!([{"id": "c", "component": "Text", "text": "y"}]),
        ]);
        assert_eq!(got, Ok(links(&[("c", "p")])));
        // A Modal's trigger is shared, its content is its own.
        let got =
            lay(&[json!([{"id": "m", "component": "Modal", "trigger": "x", "content": "x"}])]);
        assert_eq!(got, Ok(links(&[("x", "m")])));
        // A second parent outside the update is refused; inside, the old one gives it up.
        assert_eq!(
            lay(&[
                json!([{"id": "p", "component": "Card", "child": "c"}]),
                json!([{"id": "q", "component": "Card", "child": "c"}]),
            ]),
            Err(GraphError::TwoParents("c".into()))
        );
        // Cycles through the update, and through a List's own template.
        assert!(matches!(
            lay(&[
                json!([{"id": "a", "component": "Card", "child": "b"}]),
                json!([{"id": "b", "component": "Card", "child": "a"}]),
            ]),
            Err(GraphError::Cycle(_))
        ));
        assert!(matches!(
            lay(&[json!([{"id": "l", "component": "List",
                "children": {"componentId": "l", "path": "/x"}}])]),
            Err(GraphError::Cycle(_))
        ));
    }

    #[test]
    fn cycles_and_parents() {
        let ok = map(json!([
            {"id": "root", "component": "Column", "children": ["a", "b"]},
            {"id": "a", "component": "Card", "child": "c"},
            {"id": "b", "component": "Text", "text": "x"},
        ]));
        assert_eq!(check(&ok), Ok(()));
        let cyc = map(json!([
            {"id": "root", "component": "Card", "child": "a"},
            {"id": "a", "component": "Card", "child": "root"},
        ]));
        assert!(matches!(check(&cyc), Err(GraphError::Cycle(_))));
        let own = map(json!([{"id": "a", "component": "Card", "child": "a"}]));
        assert!(matches!(check(&own), Err(GraphError::Cycle(_))));
        let two = map(json!([
            {"id": "root", "component": "Row", "children": ["x", "x"]},
        ]));
        assert_eq!(
            check(&two),
            Err(GraphError::ListedTwice {
                parent: "root".into(),
                child: "x".into()
            })
        );
    }

    /// Several faults at once: the one named is the first in id order, under every seed.
    #[test]
    fn of_several_faults_the_same_is_named_whatever_the_seed() {
        let named = |components: Value| -> Vec<Result<(), GraphError>> {
            (0..64u64)
                .map(|seed| {
                    let mut seeded = Components::with_hasher(IdHasher::with_seed(seed));
                    seeded.extend(map(components.clone()));
                    check(&seeded)
                })
                .collect()
        };
        let cycles = named(json!([
            {"id": "m", "component": "Card", "child": "n"},
            {"id": "n", "component": "Card", "child": "m"},
            {"id": "b", "component": "Card", "child": "c"},
            {"id": "c", "component": "Card", "child": "b"},
            {"id": "y", "component": "Card", "child": "z"},
            {"id": "z", "component": "Card", "child": "y"},
        ]));
        // The search starts at "b" and meets "b" again through "c".
        assert_eq!(cycles, vec![Err(GraphError::Cycle("b".into())); 64]);
        let parents = named(json!([
            {"id": "r", "component": "Row", "children": ["x", "w"]},
            {"id": "q", "component": "Row", "children": ["w"]},
            {"id": "p", "component": "Row", "children": ["x"]},
        ]));
        // "p" takes "x", "q" takes "w", then "r" claims "x" again.
        assert_eq!(parents, vec![Err(GraphError::TwoParents("x".into())); 64]);
    }
}
