//! Description: Grundy table for heap games where a move turns one heap into at most two
//! smaller heaps (Multi-SG). Heaps in a position are independent, so an option `(a, b)` of
//! heap `h` is worth `SG(a) xor SG(b)`; a plain reduction is `(a, 0)` and removing the heap is
//! `(0, 0)`. Covers Lasker's Nim, Grundy's game, Kayles and octal-like rules given as a
//! closure that lists the options of each heap.
//!
//! Usage:
//! ```
//! use templates::split_sg::split_sg;
//! // Grundy's game: split a heap into two unequal nonempty heaps.
//! let sg = split_sg(8, |h, options| {
//!     options.extend((1..h).filter(|&a| 2 * a < h).map(|a| (a, h - a)));
//! });
//! assert_eq!(sg[..3], [0, 0, 0]); // heaps 1 and 2 cannot be split
//! assert_eq!(sg[3], 1); // only 3 -> (1, 2), worth 0
//! ```
//!
//! Time: O(total number of options over heaps 0..=n), e.g. O(n^2) for split games: Grundy's
//! game up to 4000 in 6 ms (`cargo bench -p templates --bench sg`, 2 shared cores).
//!
//! Memory: O(n) plus the largest option list.
//!
//! Source: Sprague (1935) and Grundy (1939): the value of a sum is the xor of its parts.
//!
//! Status: exhaustive: for Lasker's Nim, Grundy's game and Kayles, every multiset of up to
//! 3 heaps of size at most 12 is played to the end by a win/lose search and agrees with the
//! xor of the table. Problems: poj3537.

use crate::mex::Mex;

/// `SG(h)` for every heap `0..=n`. `moves(h, options)` pushes the options of heap `h` as
/// pairs of heaps (use 0 for "no heap"); both must be smaller than `h`.
pub fn split_sg(n: usize, mut moves: impl FnMut(usize, &mut Vec<(usize, usize)>)) -> Vec<u32> {
    let mut sg = Vec::with_capacity(n + 1);
    let (mut options, mut mex) = (Vec::new(), Mex::new());
    for h in 0..=n {
        options.clear();
        moves(h, &mut options);
        mex.start(options.len());
        for &(a, b) in &options {
            assert!(
                a < h && b < h,
                "split_sg: heap {h} has option ({a}, {b}) not below it"
            );
            mex.insert(sg[a] ^ sg[b]);
        }
        sg.push(mex.get());
    }
    sg
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    type Rule = fn(usize, &mut Vec<(usize, usize)>);

    fn lasker(h: usize, options: &mut Vec<(usize, usize)>) {
        options.extend((0..h).map(|a| (a, 0)));
        options.extend((1..h).map(|a| (a, h - a)));
    }

    fn grundy_game(h: usize, options: &mut Vec<(usize, usize)>) {
        options.extend((1..h).filter(|&a| 2 * a < h).map(|a| (a, h - a)));
    }

    /// Kayles: knock down one pin or two adjacent pins from a row of h.
    fn kayles(h: usize, options: &mut Vec<(usize, usize)>) {
        for gone in 1..=2.min(h) {
            options.extend((0..=h - gone).map(|left| (left, h - gone - left)));
        }
    }

    /// Whether the mover wins the sum of `heaps`, by playing every move on the whole position.
    fn wins(heaps: Vec<usize>, rule: Rule, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
        if let Some(&w) = memo.get(&heaps) {
            return w;
        }
        let mut options = Vec::new();
        let mut result = false;
        for i in 0..heaps.len() {
            options.clear();
            rule(heaps[i], &mut options);
            for &(a, b) in &options {
                let mut next = heaps.clone();
                next.swap_remove(i);
                next.extend([a, b].into_iter().filter(|&x| x > 0));
                next.sort_unstable();
                if !wins(next, rule, memo) {
                    result = true;
                    break;
                }
            }
            if result {
                break;
            }
        }
        memo.insert(heaps, result);
        result
    }

    fn check_sums(rule: Rule, max_heap: usize) {
        let sg = split_sg(max_heap, rule);
        let mut memo = HashMap::new();
        for x in 0..=max_heap {
            for y in x..=max_heap {
                for z in y..=max_heap {
                    let heaps: Vec<usize> = [x, y, z].into_iter().filter(|&h| h > 0).collect();
                    let xor = sg[x] ^ sg[y] ^ sg[z];
                    assert_eq!(wins(heaps, rule, &mut memo), xor != 0, "{x} {y} {z}");
                }
            }
        }
    }

    #[test]
    fn lasker_sums_match_game_search() {
        check_sums(lasker, 12);
    }

    #[test]
    fn grundy_game_sums_match_game_search() {
        check_sums(grundy_game, 12);
    }

    #[test]
    fn kayles_sums_match_game_search() {
        check_sums(kayles, 12);
    }

    #[test]
    #[should_panic(expected = "not below it")]
    fn rejects_options_that_do_not_shrink() {
        split_sg(3, |h, options| options.push((h, 0)));
    }
}
