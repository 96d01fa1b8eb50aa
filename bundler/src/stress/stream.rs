//! Shrinking the stream of choices a `stress_gen` generator drew (see the template's header
//! for the protocol): chunks of choices deleted (halves down to single ones), then each
//! choice lowered towards 0, in rounds until none is kept. The oracle runs the generator on
//! each candidate and answers with the choices it really drew; a candidate is kept only when
//! those are shorter, or as long and smaller at the first difference, so shrinking ends.
//! Every candidate is an input the generator itself wrote.

use super::shrink::{delete_chunks, lower, Oracle};
use std::cmp::Ordering;

/// The shrunk form of `choices`, which make the generator write a failing input.
pub fn shrink_stream(choices: Vec<u64>, oracle: &mut dyn Oracle<Vec<u64>>) -> Vec<u64> {
    let mut current = choices;
    loop {
        let before = current.clone();
        delete_chunks(
            &mut current,
            oracle,
            Vec::len,
            |stream, chunk| {
                let mut shorter = stream.clone();
                shorter.drain(chunk);
                vec![shorter]
            },
            keep_if_smaller,
        );
        let mut index = 0;
        while index < current.len() && !oracle.spent() {
            let stream = current.clone();
            let with = |value: u128| {
                let mut lowered = stream.clone();
                lowered[index] = value as u64;
                lowered
            };
            if let Some(drawn) = lower(oracle, u128::from(current[index]), &with) {
                keep_if_smaller(&mut current, drawn);
            }
            index += 1;
        }
        if current == before || oracle.spent() {
            return current;
        }
    }
}

/// Takes `drawn` for `current` when it is smaller: shorter, or as long and smaller at the
/// first choice that differs.
fn keep_if_smaller(current: &mut Vec<u64>, drawn: Vec<u64>) -> bool {
    let smaller = match drawn.len().cmp(&current.len()) {
        Ordering::Less => true,
        Ordering::Equal => drawn < *current,
        Ordering::Greater => false,
    };
    if smaller {
        *current = drawn;
    }
    smaller
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A generator of the template's kind, replayed: a count n in 1..=20, then n values in
    /// 0..=1000; the choices it really drew, and its input.
    fn generate(choices: &[u64]) -> (Vec<u64>, Vec<u64>) {
        let mut at = 0;
        let mut draw = |span: u64| {
            let c = choices.get(at).map_or(0, |&c| c.min(span));
            at += 1;
            c
        };
        let n = 1 + draw(19);
        let values: Vec<u64> = (0..n).map(|_| draw(1000)).collect();
        (choices[..at.min(choices.len())].to_vec(), values)
    }

    /// Fails when the input holds two values whose sum is at least 1500, one after the other.
    struct Generated {
        runs: usize,
    }

    impl Oracle<Vec<u64>> for Generated {
        fn first(
            &mut self,
            candidates: &mut dyn Iterator<Item = (usize, Vec<u64>)>,
        ) -> Option<(usize, Vec<u64>)> {
            for (tag, choices) in candidates {
                self.runs += 1;
                let (mut drawn, values) = generate(&choices);
                // As the template records: every draw, zeros past the end included.
                drawn.resize(1 + values.len(), 0);
                drawn[0] = values.len() as u64 - 1;
                drawn[1..].copy_from_slice(&values);
                if values.windows(2).any(|w| w[0] + w[1] >= 1500) {
                    return Some((tag, drawn));
                }
            }
            None
        }
        fn width(&self) -> usize {
            2
        }
        fn spent(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_stream_shrinks_to_the_smallest_input_the_generator_can_write() {
        let start = vec![
            17, 3, 999, 12, 640, 980, 5, 77, 1000, 30, 900, 901, 2, 44, 1, 500, 16, 20, 700, 1,
        ];
        let (_, values) = generate(&start);
        assert!(values.windows(2).any(|w| w[0] + w[1] >= 1500));
        let mut oracle = Generated { runs: 0 };
        let shrunk = shrink_stream(start, &mut oracle);
        // n = 2 (choice 1), then a pair at the threshold: lowering either one passes.
        assert_eq!(
            (shrunk.len(), shrunk[0], shrunk[1] + shrunk[2]),
            (3, 1, 1500),
            "{shrunk:?}"
        );
        assert!(oracle.runs < 300, "{} runs", oracle.runs);
    }

    #[test]
    fn only_smaller_streams_are_kept() {
        let mut current = vec![3, 4];
        assert!(!keep_if_smaller(&mut current, vec![3, 4, 0]));
        assert!(!keep_if_smaller(&mut current, vec![3, 5]));
        assert!(keep_if_smaller(&mut current, vec![2, 9]));
        assert!(keep_if_smaller(&mut current, vec![9]));
        assert_eq!(current, [9]);
    }
}
