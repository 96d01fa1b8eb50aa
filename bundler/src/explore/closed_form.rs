//! The library's closed forms that `explore` recognises, and how sure each match is: a
//! theorem for a subtraction set of consecutive moves, otherwise agreement on every value
//! computed (evidence, said so in the report).

use templates::{bash, ed_game, fibonacci_nim, lasker_nim, wythoff};

/// A template that answers the game, with how to call it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    pub text: String,
    /// True when a theorem makes the match hold for every position, not only those computed.
    pub proven: bool,
}

fn known(text: String, proven: bool) -> Option<Known> {
    Some(Known { text, proven })
}

/// The Bash template for moves `a..=b`.
fn bash(a: usize, b: usize, proven: bool) -> Option<Known> {
    let text = if a == 1 {
        format!(
            "Bash game with m = {b}: `use templates::bash::first_player_wins;` then \
             `first_player_wins(n, {b})` (G(n) = n mod {})",
            b + 1
        )
    } else {
        format!(
            "extended Bash game with a = {a}, b = {b}: `use templates::bash::extended_grundy;` \
             then `extended_grundy(n, {a}, {b})`"
        )
    };
    known(text, proven)
}

/// A subtraction set of consecutive moves is a Bash game (theorem; see the `bash` template).
pub fn subtraction(moves: &[usize]) -> Option<Known> {
    let (first, last) = (moves[0], *moves.last()?);
    if moves.len() != last - first + 1 {
        return None;
    }
    bash(first, last, true)
}

/// The octal template, for a code whose period is proven by `limit` values: it proves the
/// period itself when the program starts and answers any heap, in O(limit^2), so only up
/// to `TEMPLATE_PROOF_HEAPS`; past that the report points to `--emit` instead.
pub fn octal(code: &str, limit: usize) -> Option<Known> {
    let text = if limit <= TEMPLATE_PROOF_HEAPS {
        format!(
            "the octal template: `use templates::octal::Octal;` then \
             `let g = Octal::parse(\"{code}\").unwrap().proven_grundy({limit}).unwrap();` and \
             `g.value(n)` for any u64 heap (or paste the --emit function)"
        )
    } else {
        format!(
            "the --emit function (the octal template's `proven_grundy` would need {limit} \
             values, an O(n^2) start of minutes, to prove the period itself)"
        )
    };
    known(text, true)
}

/// Heaps the octal template's own proof may need at a program's start: 30,000 is about
/// 2 * 10^8 pairs, a few tenths of a second; 0.56's 653,570 would be about a minute.
const TEMPLATE_PROOF_HEAPS: usize = 30_000;

/// A library formula equal to the one-heap values `G(0..)` on every heap computed.
pub fn one_heap(values: &[u32]) -> Option<Known> {
    let all = |f: &dyn Fn(u64) -> u64| {
        values
            .iter()
            .enumerate()
            .all(|(n, &g)| f(n as u64) == g as u64)
    };
    if all(&|n| n) {
        return known(
            "Nim: G(n) = n; a position's value is the xor of its heaps: \
             `use templates::nim::nim_sum;`"
                .into(),
            false,
        );
    }
    if all(&lasker_nim::grundy) {
        return known(
            "Lasker's Nim: `use templates::lasker_nim::grundy;` (G by n mod 4)".into(),
            false,
        );
    }
    // Extended Bash with a..=b: zeros below a, then G returns to 0 at a + b.
    let a = values.iter().position(|&g| g != 0).filter(|&a| a >= 1)?;
    let period = a + values[a..].iter().position(|&g| g == 0)?;
    let b = period - a;
    if b < a || !all(&|n| bash::extended_grundy(n, a as u64, b as u64)) {
        return None;
    }
    bash(a, b, false)
}

/// A library description of the two-heap game whose Grundy values are `g[a][b]`.
pub fn two_heap(g: &[Vec<u32>]) -> Option<Known> {
    let side = g.len();
    let every =
        |f: &dyn Fn(u64, u64) -> bool| (0..side).all(|a| (0..side).all(|b| f(a as u64, b as u64)));
    let p = |a: u64, b: u64| g[a as usize][b as usize] == 0;
    let text = if every(&|a, b| g[a as usize][b as usize] as u64 == a ^ b) {
        "two-heap Nim: G(a, b) = a xor b: `use templates::nim::nim_sum;`".to_string()
    } else if every(&|a, b| p(a, b) == (a == b)) {
        "P-positions are a = b, as in two-heap Nim (copy the opponent's move on the other heap)"
            .to_string()
    } else if every(&|a, b| p(a, b) == wythoff::is_cold(a, b)) {
        "Wythoff's game: P-positions are the Beatty pairs (floor(k phi), floor(k phi^2)) and \
         their mirror images: `use templates::wythoff::is_cold;` then `!is_cold(a, b)` wins"
            .to_string()
    } else if every(&|a, b| p(a, b) == fibonacci_nim::winning_move(a, b).is_none()) {
        "Fibonacci Nim with a counters left and at most b to take: P iff the smallest \
         Zeckendorf term of a exceeds b: `use templates::fibonacci_nim::winning_move;`"
            .to_string()
    } else if every(&|a, b| p(a, b) == fibonacci_nim::winning_move(b, a).is_none()) {
        "Fibonacci Nim with b counters left and at most a to take: P iff the smallest \
         Zeckendorf term of b exceeds a: `use templates::fibonacci_nim::winning_move;`"
            .to_string()
    } else if every(&|a, b| a == 0 || b == 0 || g[a as usize][b as usize] == ed_game::grundy(a, b))
    {
        "E&D: G(a, b) = trailing ones of (a - 1) | (b - 1) for a, b >= 1: \
         `use templates::ed_game::grundy;`"
            .to_string()
    } else {
        return None;
    };
    known(text, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_octal_template_is_named_only_where_its_own_proof_is_quick() {
        let quick = octal("0.77", 168).unwrap();
        assert!(quick.text.contains("proven_grundy(168)"), "{}", quick.text);
        let edge = octal("0.77", TEMPLATE_PROOF_HEAPS).unwrap();
        assert!(edge.text.contains("proven_grundy("), "{}", edge.text);
        // 0.127 is proven at 93,167 values (Gangolli and Plambeck 1989).
        let slow = octal("0.127", 93167).unwrap();
        assert!(!slow.text.contains("proven_grundy("), "{}", slow.text);
        assert!(
            slow.text.starts_with("the --emit function"),
            "{}",
            slow.text
        );
        assert!(quick.proven && slow.proven);
    }
}
