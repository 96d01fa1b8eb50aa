//! Description: Anti-SG, the SJ theorem: a sum of games played misere (whoever cannot move
//! WINS, i.e. the last mover loses), judged from the components' normal-play Grundy values.
//! The player to move wins iff (the xor is nonzero and some component value exceeds 1) or
//! (the xor is 0 and no component value exceeds 1). This holds ONLY under the SJ condition:
//! in every component, every position of Grundy value 0 that still has a move has a move to
//! a position of Grundy value 1. (The usual statement instead adds a rule: the game ends
//! once every component has value 0; the condition gives real games the same outcomes.)
//! The condition is exact: if a game breaks it somewhere, some position of that game alone
//! gets the wrong answer (misere Kayles does). Nim heaps satisfy it (value 0 means empty).
//! `sj_condition_fails_at` checks a finite acyclic game.
//!
//! Usage:
//! ```
//! use templates::anti_sg::{first_player_wins, sj_condition_fails_at};
//! // Misere Nim heaps are their own Grundy values.
//! assert!(first_player_wins(&[1, 1]));
//! assert!(!first_player_wins(&[2, 2]));
//! // Game "take 1 stone" on heaps 0..=3: values 0, 1, 0, 1; heap 2 can reach value 1.
//! let options = vec![vec![], vec![0], vec![1], vec![2]];
//! assert_eq!(sj_condition_fails_at(&options, &[0, 1, 0, 1]), None);
//! // A value-0 vertex whose options all have value 2 breaks the condition.
//! let options = vec![vec![], vec![0], vec![0, 1], vec![2]];
//! assert_eq!(sj_condition_fails_at(&options, &[0, 1, 2, 0]), Some(3));
//! ```
//!
//! Time: O(number of components); the checker O(V + E).
//!
//! Memory: O(1).
//!
//! Source: Jia Zhihao (2009), Chinese national team paper on the SJ theorem. Corrects the
//! seed text, which states the rule for every Anti-SG game with no condition at all: it is
//! wrong for misere Kayles (see the tests).
//!
//! Status: exhaustive: misere Nim sums of up to 3 heaps <= 7; every subtraction game with
//! moves within {1..5} on heaps <= 12 (all meet the condition), sums of up to 3 heaps; 400
//! random acyclic games of 8 positions, sums of up to 3 positions; each against a misere
//! search of the sum, and where the condition fails, a single position where the formula
//! is wrong is found. Misere Kayles: a row of 8 pins is a first-player win, the formula
//! says loss, the checker rejects it.
//! Problems: none yet (misere Nim itself is `anti_nim`, used by luogu-p4279).

/// Whether the player to move wins the misere sum of games with these Grundy values,
/// assuming every component satisfies the SJ condition.
pub fn first_player_wins(grundy: &[u32]) -> bool {
    let sum = grundy.iter().fold(0, |acc, &g| acc ^ g);
    let some_big = grundy.iter().any(|&g| g > 1);
    (sum != 0) == some_big
}

/// The first position of an acyclic game graph that breaks the SJ condition: value 0, some
/// option, but no option of value 1. `grundy` holds the normal-play values (e.g. `dag_sg`).
pub fn sj_condition_fails_at(options: &[Vec<usize>], grundy: &[u32]) -> Option<usize> {
    (0..options.len()).find(|&v| {
        grundy[v] == 0 && !options[v].is_empty() && options[v].iter().all(|&w| grundy[w] != 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memo_sg::tests::kayles_moves;
    use crate::test_rng::Rng;
    use std::collections::{BTreeSet, HashMap};

    /// Normal-play Grundy values of an acyclic game graph, by recursion.
    fn grundy_of(options: &[Vec<usize>]) -> Vec<u32> {
        fn go(v: usize, g: &[Vec<usize>], memo: &mut Vec<Option<u32>>) -> u32 {
            if let Some(x) = memo[v] {
                return x;
            }
            let seen: BTreeSet<u32> = g[v].iter().map(|&w| go(w, g, memo)).collect();
            let x = (0..).find(|x| !seen.contains(x)).unwrap();
            memo[v] = Some(x);
            x
        }
        let mut memo = vec![None; options.len()];
        (0..options.len())
            .map(|v| go(v, options, &mut memo))
            .collect()
    }

    /// Misere search over a sum: the state is the sorted list of component positions; a
    /// move replaces one component by one of its options; with no move, the mover has won.
    fn misere_wins(
        sum: &[usize],
        options: &[Vec<usize>],
        memo: &mut HashMap<Vec<usize>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(sum) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        for i in 0..sum.len() {
            for &w in &options[sum[i]] {
                any_move = true;
                let mut next = sum.to_vec();
                next[i] = w;
                next.sort_unstable();
                win |= !misere_wins(&next, options, memo);
            }
        }
        let w = win || !any_move;
        memo.insert(sum.to_vec(), w);
        w
    }

    /// Compares the formula with the search on every sum of up to 3 positions. If the
    /// condition holds they must all agree; if not, some single position must disagree.
    /// Returns whether the condition held.
    fn check_game(options: &[Vec<usize>]) -> bool {
        let grundy = grundy_of(options);
        let mut memo = HashMap::new();
        let n = options.len();
        let formula_right = |sum: &[usize], memo: &mut HashMap<Vec<usize>, bool>| {
            let values: Vec<u32> = sum.iter().map(|&v| grundy[v]).collect();
            first_player_wins(&values) == misere_wins(sum, options, memo)
        };
        if sj_condition_fails_at(options, &grundy).is_none() {
            for a in 0..n {
                for b in a..n {
                    for c in b..n {
                        for sum in [vec![a], vec![a, b], vec![a, b, c]] {
                            assert!(formula_right(&sum, &mut memo), "{options:?} {sum:?}");
                        }
                    }
                }
            }
            assert!(formula_right(&[], &mut memo));
            true
        } else {
            assert!(
                (0..n).any(|v| !formula_right(&[v], &mut memo)),
                "condition fails but the formula is right everywhere: {options:?}"
            );
            false
        }
    }

    #[test]
    fn misere_nim_heaps() {
        let heaps: Vec<Vec<usize>> = (0..=7).map(|h| (0..h).collect()).collect();
        assert!(check_game(&heaps));
    }

    #[test]
    fn every_subtraction_game_within_one_to_five() {
        for mask in 1u32..32 {
            let game: Vec<Vec<usize>> = (0..=12usize)
                .map(|h| {
                    (1..=5)
                        .filter(|s| mask >> (s - 1) & 1 == 1 && s <= &h)
                        .map(|s| h - s)
                        .collect()
                })
                .collect();
            // The search finds that every one of these games meets the condition.
            assert!(check_game(&game), "moves mask {mask:b}");
        }
    }

    #[test]
    fn random_acyclic_games() {
        let mut rng = Rng::new(0x0bad_5eed_1234_9876);
        let mut held = 0;
        for _ in 0..400 {
            // Position v moves only to smaller positions, so the game is acyclic.
            let game: Vec<Vec<usize>> = (0..8usize)
                .map(|v| (0..v).filter(|_| rng.below(3) == 0).collect())
                .collect();
            held += usize::from(check_game(&game));
        }
        assert!(0 < held && held < 400, "{held}");
    }

    #[test]
    fn misere_kayles_breaks_the_formula() {
        // Positions: sorted row lengths reachable from one row of 8 pins.
        let mut index: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut states: Vec<Vec<u8>> = vec![vec![8]];
        let mut options: Vec<Vec<usize>> = Vec::new();
        index.insert(vec![8], 0);
        while options.len() < states.len() {
            let mut opts = Vec::new();
            for next in kayles_moves(&states[options.len()]) {
                let id = *index.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    states.len() - 1
                });
                opts.push(id);
            }
            options.push(opts);
        }
        let grundy = grundy_of(&options);
        let mut memo = HashMap::new();
        let real = misere_wins(&[0], &options, &mut memo);
        assert!(real, "misere Kayles with 8 pins is a first-player win");
        assert!(
            !first_player_wins(&[grundy[0]]),
            "the SJ formula says the opposite"
        );
        let bad = sj_condition_fails_at(&options, &grundy).expect("the checker must reject Kayles");
        assert_eq!(grundy[bad], 0);
    }
}
