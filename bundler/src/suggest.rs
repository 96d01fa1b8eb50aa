//! "Did you mean ...?" for names typed by hand: the closest known name by edit distance.

/// The candidate closest to `name` by Levenshtein distance (ties go to the first), or `None`
/// when it is far off: a candidate qualifies when it contains `name` (`lasker` finds
/// `lasker_nim`) or differs from it in at most a third of its characters (at least 2 edits).
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let allowed = (name.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (edit_distance(name, c), c))
        .filter(|&(d, c)| d <= allowed || c.contains(name))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over chars: insertions, deletions and substitutions cost 1.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    // `row[j]` is the distance between the prefix of `a` read so far and `b[..j]`.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for j in 1..=b.len() {
            let substitution = diagonal + usize::from(ca != b[j - 1]);
            diagonal = row[j];
            row[j] = substitution.min(row[j] + 1).min(row[j - 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_of_known_pairs() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("nim", ""), 3);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("wythof", "wythoff"), 1);
        assert_eq!(edit_distance("flaw", "lawn"), 2);
    }

    #[test]
    fn distance_matches_a_recursive_definition_on_small_strings() {
        fn naive(a: &[u8], b: &[u8]) -> usize {
            match (a.split_last(), b.split_last()) {
                (None, _) => b.len(),
                (_, None) => a.len(),
                (Some((x, ra)), Some((y, rb))) => (naive(ra, rb) + usize::from(x != y))
                    .min(naive(ra, b) + 1)
                    .min(naive(a, rb) + 1),
            }
        }
        let words = ["", "a", "ab", "ba", "abc", "bca", "aab", "cab", "abcb"];
        for a in words {
            for b in words {
                assert_eq!(
                    edit_distance(a, b),
                    naive(a.as_bytes(), b.as_bytes()),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn suggests_the_nearest_name_or_nothing() {
        let names = ["nim", "anti_nim", "wythoff", "lasker_nim", "mex"];
        assert_eq!(closest("wythof", names), Some("wythoff"));
        assert_eq!(closest("anti-nim", names), Some("anti_nim"));
        assert_eq!(closest("lasker", names), Some("lasker_nim"));
        assert_eq!(closest("hackenbush", names), None);
    }
}
