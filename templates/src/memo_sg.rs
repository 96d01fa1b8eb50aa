//! Description: Grundy values over an implicit game: states of any type `S: Hash + Eq +
//! Clone`, and a closure `moves(&state, &mut out)` that pushes every option of `state` onto
//! `out` (push nothing for a terminal state). Values are memoized across queries, and the
//! search keeps its own stack, so a game a million moves deep needs no deep recursion.
//! All frames share one options buffer, so nothing is allocated per state but the memo
//! entry. The game must be finite and acyclic: reaching a state again while it is still
//! being evaluated panics with a message.
//!
//! Usage:
//! ```
//! use templates::memo_sg::MemoSg;
//! // One heap; a move takes 1, 3 or 4 stones.
//! let mut game = MemoSg::new(|&n: &u32, out: &mut Vec<u32>| {
//!     out.extend([1, 3, 4].iter().filter(|&&t| t <= n).map(|&t| n - t));
//! });
//! assert_eq!(game.grundy(5), 3);
//! assert_eq!(game.grundy(2), 0); // answered from the memo
//! ```
//!
//! Time: O(sum over reachable states of their option count), hashing included: a 10^6-heap
//! subtraction game {1, 3, 4} in 0.35-0.7 s, the hashing (a few lookups per option) most of
//! it (`cargo bench -p templates --bench sg`, 2 shared cores).
//!
//! Memory: O(reachable states + options along the deepest line of play).
//!
//! Source: Sprague (1935) and Grundy (1939); an explicit-stack version of the seeds'
//! recursive `sg(x)` with a hash-set mex (replaced by the stamped `Mex`).
//!
//! Status: exhaustive: every state of a two-heap Wythoff game with heaps <= 20, the
//! subtraction game {1, 3, 4} up to 300, Kayles rows as multisets of rows of total <= 12,
//! a tuple game (x, y, last amount) with x, y <= 12, each against a recursive search; a
//! chain 10^6 moves deep on the default test thread; memo reuse and cycle rejection.
//! Problems: none yet (generic; for games whose states are not small integers).

use crate::mex::Mex;
use std::collections::HashMap;
use std::hash::Hash;

/// Sentinel stored in the memo while a state is on the search stack.
const OPEN: u32 = u32::MAX;

/// Memoized Grundy values of the game whose options `moves` pushes for each state.
pub struct MemoSg<S, F> {
    moves: F,
    memo: HashMap<S, u32>,
    mex: Mex,
    options: Vec<S>,
}

impl<S: Hash + Eq + Clone, F: FnMut(&S, &mut Vec<S>)> MemoSg<S, F> {
    pub fn new(moves: F) -> Self {
        MemoSg {
            moves,
            memo: HashMap::new(),
            mex: Mex::new(),
            options: Vec::new(),
        }
    }

    /// The Grundy value of `state`.
    pub fn grundy(&mut self, state: S) -> u32 {
        if let Some(&v) = self.memo.get(&state) {
            return v;
        }
        // Frame: (state, next option to visit, end of its options). Its options sit in
        // self.options between the previous frame's end and its own end.
        let mut stack: Vec<(S, usize, usize)> = Vec::new();
        self.open(state.clone(), &mut stack);
        while let Some(top) = stack.last_mut() {
            let (next, end) = (top.1, top.2);
            let pending = (next..end).find(|&i| !self.memo.contains_key(&self.options[i]));
            match pending {
                Some(i) => {
                    top.1 = i;
                    let child = self.options[i].clone();
                    self.open(child, &mut stack);
                }
                None => {
                    let (s, _, _) = stack.pop().unwrap();
                    let begin = stack.last().map_or(0, |f| f.2);
                    self.mex.start(end - begin);
                    for o in &self.options[begin..end] {
                        let v = self.memo[o];
                        assert!(v != OPEN, "MemoSg: the game has a cycle");
                        self.mex.insert(v);
                    }
                    self.memo.insert(s, self.mex.get());
                    self.options.truncate(begin);
                }
            }
        }
        self.memo[&state]
    }

    /// Marks `state` open and pushes its frame with its options appended to the buffer.
    fn open(&mut self, state: S, stack: &mut Vec<(S, usize, usize)>) {
        let start = self.options.len();
        (self.moves)(&state, &mut self.options);
        self.memo.insert(state.clone(), OPEN);
        stack.push((state, start, self.options.len()));
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;
    use std::collections::BTreeSet;

    /// Plain recursive search with a memo: the value is the mex of the options' values.
    fn naive<S: Hash + Eq + Clone>(
        s: &S,
        moves: &dyn Fn(&S) -> Vec<S>,
        memo: &mut HashMap<S, u32>,
    ) -> u32 {
        if let Some(&v) = memo.get(s) {
            return v;
        }
        let seen: BTreeSet<u32> = moves(s).iter().map(|o| naive(o, moves, memo)).collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(s.clone(), v);
        v
    }

    /// Kayles (`anti_sg` plays it too): a state is the sorted list of row lengths; a move
    /// knocks down one pin or two adjacent pins, possibly splitting a row in two.
    pub(crate) fn kayles_moves(rows: &[u8]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        for (i, &r) in rows.iter().enumerate() {
            for take in 1..=2u8.min(r) {
                for left in 0..=r - take {
                    let mut next = rows.to_vec();
                    next.remove(i);
                    next.extend([left, r - take - left].iter().filter(|&&x| x > 0));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    }

    fn agree<S: Hash + Eq + Clone + std::fmt::Debug>(states: &[S], moves: &dyn Fn(&S) -> Vec<S>) {
        let mut game = MemoSg::new(|s: &S, out: &mut Vec<S>| out.extend(moves(s)));
        let mut memo = HashMap::new();
        for s in states {
            assert_eq!(game.grundy(s.clone()), naive(s, moves, &mut memo), "{s:?}");
        }
    }

    #[test]
    fn wythoff_two_heaps() {
        let moves = |&(a, b): &(u32, u32)| {
            let mut out = Vec::new();
            out.extend((0..a).map(|x| (x, b)));
            out.extend((0..b).map(|y| (a, y)));
            out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
            out
        };
        let states: Vec<_> = (0..=20)
            .flat_map(|a| (0..=20).map(move |b| (a, b)))
            .collect();
        agree(&states, &moves);
        // Fresh memo, largest state first, so the explicit stack does the whole search.
        agree(&[(20, 20)], &moves);
    }

    #[test]
    fn subtraction_game() {
        let moves = |&n: &u32| {
            [1, 3, 4]
                .iter()
                .filter(|&&t| t <= n)
                .map(|&t| n - t)
                .collect()
        };
        agree(&(0..=300).rev().collect::<Vec<u32>>(), &moves);
    }

    #[test]
    fn kayles_rows_as_multisets() {
        let moves = |rows: &Vec<u8>| kayles_moves(rows);
        let mut states = Vec::new();
        for a in 0..=12u8 {
            for b in 0..=a.min(12 - a) {
                let state: Vec<u8> = [b, a].iter().copied().filter(|&x| x > 0).collect();
                states.push(state);
            }
        }
        agree(&states, &moves);
    }

    #[test]
    fn tuple_game_with_a_remembered_last_move() {
        // (x, y, last): take 1..=3 from x or y, but not the amount the opponent just took.
        let moves = |&(x, y, last): &(u8, u8, u8)| {
            let mut out = Vec::new();
            for t in (1..=3).filter(|&t| t != last) {
                if t <= x {
                    out.push((x - t, y, t));
                }
                if t <= y {
                    out.push((x, y - t, t));
                }
            }
            out
        };
        let mut states = Vec::new();
        for x in 0..=12 {
            for y in 0..=12 {
                states.extend((0..=3).map(|last| (x, y, last)));
            }
        }
        agree(&states, &moves);
    }

    #[test]
    fn million_deep_chain_on_the_default_thread() {
        let mut game = MemoSg::new(|&n: &u64, out: &mut Vec<u64>| {
            if n > 0 {
                out.push(n - 1);
            }
        });
        assert_eq!(game.grundy(1_000_000), 0);
        assert_eq!(game.grundy(999_999), 1);
    }

    #[test]
    fn memo_is_kept_between_queries() {
        let calls = Cell::new(0);
        let mut game = MemoSg::new(|&n: &u32, out: &mut Vec<u32>| {
            calls.set(calls.get() + 1);
            out.extend((1..=2).filter(|&t| t <= n).map(|t| n - t));
        });
        game.grundy(50);
        assert_eq!(calls.get(), 51);
        game.grundy(30);
        game.grundy(52);
        assert_eq!(calls.get(), 53);
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn cycle_is_rejected() {
        let mut game = MemoSg::new(|&n: &u32, out: &mut Vec<u32>| out.push((n + 1) % 3));
        game.grundy(0);
    }
}
