//! "Did you mean ...?" for names typed by hand: the closest known name by edit distance.

/// The candidate closest to `name` by edit distance (ties go to the first), or `None`
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

/// Edits needed to turn `a` into `b`, counting the usual typos as one each: an insertion, a
/// deletion, a substitution, or a swap of two adjacent characters (optimal string alignment).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
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
        assert_eq!(edit_distance("poj2131", "poj2311"), 1);
        assert_eq!(edit_distance("hdu1864", "hdu1848"), 2);
    }

    #[test]
    fn distance_matches_a_recursive_definition_on_small_strings() {
        fn naive(a: &[u8], b: &[u8]) -> usize {
            match (a.split_last(), b.split_last()) {
                (None, _) => b.len(),
                (_, None) => a.len(),
                (Some((x, ra)), Some((y, rb))) => {
                    let mut best = (naive(ra, rb) + usize::from(x != y))
                        .min(naive(ra, b) + 1)
                        .min(naive(a, rb) + 1);
                    let (n, m) = (a.len(), b.len());
                    if n > 1 && m > 1 && a[n - 1] == b[m - 2] && a[n - 2] == b[m - 1] {
                        best = best.min(naive(&a[..n - 2], &b[..m - 2]) + 1);
                    }
                    best
                }
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
