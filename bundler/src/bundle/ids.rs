//! The engine's handles on what it reads: a crate, a module, an item of a module, a leaf of a
//! `use` item, a member of a trait, impl or `extern` block. Each is a position in the
//! [`Library`](super::library::Library) as read, ordered as the library is (a bundle writes
//! what it keeps in that order), and hashed as the numbers it holds.

/// Lookups hash small keys millions of times in a large crate graph (libc, regex): a fast
/// hash, not one that resists collisions crafted by an attacker.
pub type HashMap<K, V> = std::collections::HashMap<K, V, rustc_hash::FxBuildHasher>;
pub type HashSet<T> = std::collections::HashSet<T, rustc_hash::FxBuildHasher>;

/// A crate of the library, by its place in the crate graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CrateId(pub usize);

/// A module of the library, by the order it was met in: each crate's root first, then the
/// modules of each module as it is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModuleId(pub usize);

/// An entry of a module (an item, or a child module's declaration), by its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId {
    pub module: ModuleId,
    pub index: usize,
}

impl ItemId {
    pub fn new(module: ModuleId, index: usize) -> ItemId {
        ItemId { module, index }
    }
}

/// A leaf of a `use` item (`use a::{b, c::*};` has two), numbered in source order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LeafId {
    pub item: ItemId,
    pub leaf: usize,
}

impl LeafId {
    pub fn new(item: ItemId, leaf: usize) -> LeafId {
        LeafId { item, leaf }
    }

    /// The module its `use` item is in.
    pub fn module(self) -> ModuleId {
        self.item.module
    }
}

/// A member of a trait, an impl or an `extern` block, by its position in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MemberId {
    pub item: ItemId,
    pub member: usize,
}

impl MemberId {
    pub fn new(item: ItemId, member: usize) -> MemberId {
        MemberId { item, member }
    }
}
