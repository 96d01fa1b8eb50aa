//! Shrinking a failing input's text. The input is read as lines of whitespace-separated
//! tokens; candidates are made smaller in rounds until none is kept (1-minimal) or the
//! oracle's budget is spent:
//!
//! - groups counted by a number (see [`counts`]) deleted in chunks, the count lowered with
//!   them: whole cases of a `T`-case input, edges after `n m`, items after `n`;
//! - lines, then tokens, deleted in chunks: half of them, then quarters, down to single ones;
//!   a count whose groups lose a whole number of groups is lowered to match;
//! - each integer lowered towards 0: to the smallest of `0..SCAN` that still fails, else by
//!   bisection (so a bug at a threshold ends at the threshold); then the numbers that are
//!   equal (and count nothing) lowered together, as a position of equal heaps needs.
//!
//! Written here rather than taken from a crate: the delta-debugging crates do not keep the
//! counts of a judge's input consistent, which is most of what makes its inputs shrink.

use std::collections::BTreeSet;
use std::ops::Range;

/// Says which candidates still fail, running several at once.
pub trait Oracle<C> {
    /// The first of `candidates` (each with the caller's tag) that still fails, in their
    /// order and as the oracle normalizes it; `None` when none does or the budget is spent.
    fn first(&mut self, candidates: &mut dyn Iterator<Item = (usize, C)>) -> Option<(usize, C)>;
    /// How many candidates are tried at once: the useful number to offer side by side.
    fn width(&self) -> usize;
    /// Whether the budget is spent: nothing more is tried.
    fn spent(&self) -> bool;
}

/// The values below this are tried first, in order, when a number is lowered: the smallest
/// that fails is found even where failing is not monotone in the number.
const SCAN: u128 = 8;

/// The shrunk form of `input`, a failing input. Unchanged when even its normalized text
/// (tokens joined by single spaces, empty lines dropped) no longer fails.
pub fn shrink_text(input: &str, oracle: &mut dyn Oracle<String>) -> String {
    let mut current = Text::parse(input);
    let normal = current.render();
    if normal != input && oracle.first(&mut std::iter::once((0, normal))).is_none() {
        return input.to_string();
    }
    loop {
        let before = current.clone();
        delete_counted_groups(&mut current, oracle);
        let lines = |text: &Text| -> Vec<Vec<Pos>> {
            (0..text.lines.len())
                .map(|l| (0..text.lines[l].len()).map(|t| (l, t)).collect())
                .collect()
        };
        delete_units(&mut current, oracle, &lines);
        let tokens = |text: &Text| -> Vec<Vec<Pos>> { text.positions().map(|p| vec![p]).collect() };
        delete_units(&mut current, oracle, &tokens);
        lower_numbers(&mut current, oracle);
        lower_equal_numbers(&mut current, oracle);
        if current == before || oracle.spent() {
            return current.render();
        }
    }
}

/// A token's place: (line, index in the line).
type Pos = (usize, usize);

/// An input as lines of tokens, without empty lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Text {
    lines: Vec<Vec<String>>,
}

impl Text {
    pub(super) fn parse(input: &str) -> Text {
        Text {
            lines: input
                .lines()
                .map(|line| line.split_whitespace().map(str::to_string).collect())
                .filter(|tokens: &Vec<String>| !tokens.is_empty())
                .collect(),
        }
    }

    pub(super) fn render(&self) -> String {
        self.lines
            .iter()
            .map(|line| line.join(" ") + "\n")
            .collect()
    }

    fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.lines.len()).flat_map(move |l| (0..self.lines[l].len()).map(move |t| (l, t)))
    }

    fn number(&self, (line, token): Pos) -> Option<i128> {
        self.lines[line][token].parse().ok()
    }

    /// This text without the tokens `gone` (lines left empty go too), and with the counts
    /// `set` given new values.
    fn without(&self, gone: &BTreeSet<Pos>, set: &[(Pos, u64)]) -> Text {
        let lines = (0..self.lines.len())
            .map(|l| {
                (0..self.lines[l].len())
                    .filter(|&t| !gone.contains(&(l, t)))
                    .map(|t| match set.iter().find(|(at, _)| *at == (l, t)) {
                        Some((_, value)) => value.to_string(),
                        None => self.lines[l][t].clone(),
                    })
                    .collect::<Vec<_>>()
            })
            .filter(|line| !line.is_empty())
            .collect();
        Text { lines }
    }
}

/// A number of the input that counts what follows it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Count {
    at: Pos,
    value: u64,
    region: Region,
    /// Units (lines or tokens) per counted group: 2 for `T` cases of two lines each.
    per: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Region {
    /// These lines (the rest of the input after the count's line).
    Lines(Range<usize>),
    /// These tokens of one line.
    Tokens(usize, Range<usize>),
}

impl Count {
    /// The counted groups, each as its tokens.
    fn groups(&self, text: &Text) -> Vec<Vec<Pos>> {
        let units: Vec<Vec<Pos>> = match &self.region {
            Region::Lines(lines) => lines
                .clone()
                .map(|l| (0..text.lines[l].len()).map(|t| (l, t)).collect())
                .collect(),
            Region::Tokens(line, tokens) => tokens.clone().map(|t| vec![(*line, t)]).collect(),
        };
        units.chunks(self.per).map(|group| group.concat()).collect()
    }

    /// How many whole units of its region `gone` takes.
    fn lost(&self, text: &Text, gone: &BTreeSet<Pos>) -> usize {
        match &self.region {
            Region::Lines(lines) => lines
                .clone()
                .filter(|&l| (0..text.lines[l].len()).all(|t| gone.contains(&(l, t))))
                .count(),
            Region::Tokens(line, tokens) => tokens
                .clone()
                .filter(|&t| gone.contains(&(*line, t)))
                .count(),
        }
    }
}

/// Most units a counted group may have.
const MAX_PER: usize = 4;
/// Most tokens of a line whose number counts the lines or the line after it (a header:
/// `n`, `n m`, `n m k q`).
const HEADER_TOKENS: usize = 4;

/// The numbers that count what follows them, as far as the text shows it; at most one per
/// number and one per region:
///
/// - the lines after a header line to the end of the input, when they fall into groups of
///   1 to 4 lines whose first lines have one shape (as many tokens): `m` of `n m` before `m`
///   edges, `T` before `T` cases of two lines (at least two such groups); the last number of
///   the header that fits. Groups of one line are records: nothing in them counts;
/// - the tokens of the next line, counted by the first number of a header (`n` before `n`
///   items; or pairs of them);
/// - the rest of its own line, counted by its first number (`n a1 .. an`).
fn counts(text: &Text) -> Vec<Count> {
    let lines = &text.lines;
    let mut found = Vec::new();
    for (l, line) in lines.iter().enumerate() {
        let value = |t: usize| line[t].parse::<u64>().ok().filter(|&v| v > 0);
        let mut taken = vec![false; line.len()];
        let header = line.len() <= HEADER_TOKENS;
        let after = lines.len() - l - 1;
        let lines_to_end = (1..=MAX_PER)
            .filter(|&per| header && after > 0 && after.is_multiple_of(per))
            .filter(|&per| per == 1 || after / per >= 2)
            .filter(|&per| same_shape(&lines[l + 1..], per))
            .find_map(|per| {
                let t = (0..line.len())
                    .rev()
                    .find(|&t| value(t) == Some((after / per) as u64))?;
                Some((t, per))
            });
        if let Some((t, per)) = lines_to_end {
            taken[t] = true;
            found.push(Count {
                at: (l, t),
                value: (after / per) as u64,
                region: Region::Lines(l + 1..lines.len()),
                per,
            });
            if per == 1 {
                break;
            }
        }
        let tokens_counted = |tokens: usize, taken: &[bool]| {
            (1..=2)
                .filter(|&per| tokens > 0 && tokens.is_multiple_of(per))
                .find(|&per| !taken[0] && value(0) == Some((tokens / per) as u64))
        };
        if let Some(next) = lines.get(l + 1).filter(|_| header) {
            if let Some(per) = tokens_counted(next.len(), &taken) {
                taken[0] = true;
                found.push(Count {
                    at: (l, 0),
                    value: (next.len() / per) as u64,
                    region: Region::Tokens(l + 1, 0..next.len()),
                    per,
                });
            }
        }
        if let Some(per) = tokens_counted(line.len() - 1, &taken) {
            found.push(Count {
                at: (l, 0),
                value: ((line.len() - 1) / per) as u64,
                region: Region::Tokens(l, 1..line.len()),
                per,
            });
        }
    }
    found
}

/// Whether `lines` fall into groups of `per` lines whose first lines all have as many tokens
/// (and, one line a group, whose lines all do).
fn same_shape(lines: &[Vec<String>], per: usize) -> bool {
    let mut firsts = lines.chunks(per).map(|group| group[0].len());
    let first = firsts.next();
    firsts.all(|len| Some(len) == first)
}

/// The candidates deleting the tokens `gone` from `text`: first with every count that
/// loses whole groups lowered to match, then with all but one of them (a number may only
/// look like a count), then with none.
fn deletions(text: &Text, counts: &[Count], gone: &BTreeSet<Pos>) -> Vec<String> {
    let lowered: Vec<(Pos, u64)> = counts
        .iter()
        .filter(|count| !gone.contains(&count.at))
        .filter_map(|count| {
            let lost = count.lost(text, gone);
            let groups = (lost / count.per) as u64;
            (lost > 0 && lost.is_multiple_of(count.per) && groups <= count.value)
                .then(|| (count.at, count.value - groups))
        })
        .collect();
    let mut variants = vec![lowered.clone()];
    if lowered.len() > 1 {
        for skip in 0..lowered.len() {
            let mut fewer = lowered.clone();
            fewer.remove(skip);
            variants.push(fewer);
        }
    }
    if !lowered.is_empty() {
        variants.push(Vec::new());
    }
    let mut candidates: Vec<String> = Vec::new();
    for set in variants {
        let candidate = text.without(gone, &set).render();
        if !candidates.contains(&candidate) {
            candidates.push(candidate);
        }
    }
    candidates
}

/// Deletes the groups of each count in chunks, the count lowered with them.
fn delete_counted_groups(current: &mut Text, oracle: &mut dyn Oracle<String>) {
    let mut index = 0;
    while let Some(count) = counts(current).get(index).cloned() {
        if oracle.spent() {
            return;
        }
        // The count stays at its place while only what follows it is deleted.
        let groups = |text: &Text| {
            counts(text)
                .into_iter()
                .find(|c| c.at == count.at)
                .map_or_else(Vec::new, |c| c.groups(text))
        };
        delete_units(current, oracle, &groups);
        index += 1;
    }
}

/// Deletes chunks of the units `units_of` gives (each a set of tokens), large chunks first.
fn delete_units(
    current: &mut Text,
    oracle: &mut dyn Oracle<String>,
    units_of: &dyn Fn(&Text) -> Vec<Vec<Pos>>,
) {
    delete_chunks(
        current,
        oracle,
        |text| units_of(text).len(),
        |text, chunk| {
            let units = units_of(text);
            let gone: BTreeSet<Pos> = units[chunk].iter().flatten().copied().collect();
            deletions(text, &counts(text), &gone)
        },
        |text, accepted| {
            *text = Text::parse(&accepted);
            true
        },
    );
}

/// The chunk-deletion schedule: chunks of half the units, then quarters, down to single
/// ones, each size tried at every place from the first; after a deletion is kept, the same
/// size is tried again at the same place. `without(state, chunk)` gives the candidates
/// deleting the units `chunk`; `accept` takes a candidate the oracle kept and says whether
/// it is smaller. Returns whether anything was kept.
pub(super) fn delete_chunks<S, C>(
    state: &mut S,
    oracle: &mut dyn Oracle<C>,
    units: impl Fn(&S) -> usize,
    without: impl Fn(&S, Range<usize>) -> Vec<C>,
    mut accept: impl FnMut(&mut S, C) -> bool,
) -> bool {
    let mut changed = false;
    let mut size = (units(state) / 2).max(1);
    let mut from = 0;
    loop {
        let count = units(state);
        if count == 0 || from >= count || oracle.spent() {
            if size == 1 || count == 0 || oracle.spent() {
                return changed;
            }
            size /= 2;
            from = 0;
            continue;
        }
        let size_now = size.min(count);
        let found = {
            let state = &*state;
            let without = &without;
            let mut plan = (from..count).step_by(size_now).flat_map(move |start| {
                without(state, start..(start + size_now).min(count))
                    .into_iter()
                    .map(move |candidate| (start, candidate))
            });
            oracle.first(&mut plan)
        };
        match found {
            Some((start, candidate)) => {
                if accept(state, candidate) {
                    changed = true;
                    from = start;
                } else {
                    from = start + size_now;
                }
            }
            None => from = count,
        }
    }
}

/// Lowers every integer of the input towards 0, one at a time.
fn lower_numbers(current: &mut Text, oracle: &mut dyn Oracle<String>) {
    let places: Vec<Pos> = current.positions().collect();
    for at in places {
        let Some(value) = current.number(at) else {
            continue;
        };
        let text = current.clone();
        let with = |magnitude: u128| {
            let magnitude = magnitude as i128;
            let value = if value < 0 { -magnitude } else { magnitude };
            let mut changed = text.clone();
            changed.lines[at.0][at.1] = value.to_string();
            changed.render()
        };
        if let Some(lowered) = lower(oracle, value.unsigned_abs(), &with) {
            *current = Text::parse(&lowered);
        }
        if oracle.spent() {
            return;
        }
    }
}

/// Lowers together the numbers that share a value (counts left out), one value at a time.
fn lower_equal_numbers(current: &mut Text, oracle: &mut dyn Oracle<String>) {
    let counted: BTreeSet<Pos> = counts(current).iter().map(|c| c.at).collect();
    let mut places: std::collections::BTreeMap<i128, Vec<Pos>> = Default::default();
    for at in current.positions().filter(|at| !counted.contains(at)) {
        if let Some(value) = current.number(at) {
            places.entry(value).or_default().push(at);
        }
    }
    for (value, at) in places.into_iter().filter(|(_, at)| at.len() > 1) {
        let text = current.clone();
        let with = |magnitude: u128| {
            let magnitude = magnitude as i128;
            let value = if value < 0 { -magnitude } else { magnitude };
            let mut changed = text.clone();
            for &(line, token) in &at {
                changed.lines[line][token] = value.to_string();
            }
            changed.render()
        };
        if let Some(lowered) = lower(oracle, value.unsigned_abs(), &with) {
            *current = Text::parse(&lowered);
        }
        if oracle.spent() {
            return;
        }
    }
}

/// The candidate with the smallest magnitude below `magnitude` that still fails, as far as
/// it can be found, or `None`. The magnitudes below `SCAN` are tried first, in order, so the
/// smallest failing one is found even where failing is not monotone. Above them, one less is
/// tried: when it passes, the number is left (lowering it by one step passes: 1-minimal);
/// else a bisection (into as many parts as the oracle tries at once) goes down to a magnitude
/// whose next lower one passes (so a bug at a threshold ends at the threshold).
pub(super) fn lower<C>(
    oracle: &mut dyn Oracle<C>,
    magnitude: u128,
    with: &dyn Fn(u128) -> C,
) -> Option<C> {
    let mut small = (0..magnitude.min(SCAN)).map(|m| (m as usize, with(m)));
    if let Some((_, found)) = oracle.first(&mut small) {
        return Some(found);
    }
    if magnitude <= SCAN {
        return None;
    }
    let (_, mut best) = oracle.first(&mut std::iter::once((0, with(magnitude - 1))))?;
    // Failing at `high` (the best found), not at `low`.
    let (mut low, mut high) = (SCAN - 1, magnitude - 1);
    while high - low > 1 && !oracle.spent() {
        let parts = (oracle.width() as u128 + 1).min(high - low);
        let points: Vec<u128> = (1..parts)
            .map(|j| low + (high - low) * j / parts)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut plan = points.iter().enumerate().map(|(i, &m)| (i, with(m)));
        match oracle.first(&mut plan) {
            Some((i, found)) => {
                high = points[i];
                low = if i == 0 { low } else { points[i - 1] };
                best = found;
            }
            None => low = *points.last().expect("at least one point"),
        }
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// An oracle from a plain predicate over the text, counting what it was asked.
    struct Predicate<F> {
        fails: F,
        asked: usize,
        width: usize,
        seen: HashMap<String, bool>,
    }

    impl<F: Fn(&str) -> bool> Predicate<F> {
        fn new(fails: F) -> Self {
            Predicate {
                fails,
                asked: 0,
                width: 2,
                seen: HashMap::new(),
            }
        }
    }

    impl<F: Fn(&str) -> bool> Oracle<String> for Predicate<F> {
        fn first(
            &mut self,
            candidates: &mut dyn Iterator<Item = (usize, String)>,
        ) -> Option<(usize, String)> {
            for (tag, text) in candidates {
                let fails = match self.seen.get(&text) {
                    Some(&fails) => fails,
                    None => {
                        self.asked += 1;
                        let fails = (self.fails)(&text);
                        self.seen.insert(text.clone(), fails);
                        fails
                    }
                };
                if fails {
                    return Some((tag, text));
                }
            }
            None
        }
        fn width(&self) -> usize {
            self.width
        }
        fn spent(&self) -> bool {
            false
        }
    }

    fn numbers(text: &str) -> Vec<i64> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect()
    }

    /// A T-case input (`T`, then each case as `n` and a line of n numbers) read strictly:
    /// `None` when the counts do not match the tokens.
    fn cases(text: &str) -> Option<Vec<Vec<i64>>> {
        let lines: Vec<Vec<i64>> = text.lines().map(numbers).collect();
        let (head, rest) = lines.split_first()?;
        if head.len() != 1 || rest.len() != 2 * head[0] as usize {
            return None;
        }
        rest.chunks(2)
            .map(|case| {
                (case[0].len() == 1 && case[0][0] as usize == case[1].len())
                    .then(|| case[1].clone())
            })
            .collect()
    }

    #[test]
    fn counted_cases_shrink_to_the_one_failing_case_with_the_counts_kept() {
        // Fails when some case holds two equal numbers, both at least 3.
        let fails = |text: &str| {
            cases(text).is_some_and(|cases| {
                cases.iter().any(|c| {
                    c.iter()
                        .enumerate()
                        .any(|(i, a)| *a >= 3 && c[i + 1..].contains(a))
                })
            })
        };
        let mut input = String::from("6\n");
        for case in [
            vec![1, 2, 9],
            vec![4, 8, 15, 16],
            vec![23, 42],
            vec![7, 5, 11, 5, 2],
            vec![6],
            vec![10, 20, 30],
        ] {
            input += &format!("{}\n", case.len());
            input += &case
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            input += "\n";
        }
        assert!(fails(&input));
        let mut oracle = Predicate::new(fails);
        assert_eq!(shrink_text(&input, &mut oracle), "1\n2\n3 3\n");
        assert!(oracle.asked < 200, "{} candidates", oracle.asked);
    }

    #[test]
    fn edges_counted_by_the_header_shrink_with_it() {
        // `n m` then m distinct edges `u v`, u < v <= n; fails when some vertex has three
        // edges (the counts must hold).
        let fails = |text: &str| {
            let lines: Vec<Vec<i64>> = text.lines().map(numbers).collect();
            let Some((head, edges)) = lines.split_first() else {
                return false;
            };
            if head.len() != 2 || head[1] as usize != edges.len() {
                return false;
            }
            let n = head[0];
            let mut degree = HashMap::new();
            let distinct: BTreeSet<&Vec<i64>> = edges.iter().collect();
            if distinct.len() != edges.len() {
                return false;
            }
            for edge in edges {
                if edge.len() != 2 || edge[0] < 1 || edge[0] >= edge[1] || edge[1] > n {
                    return false;
                }
                for &v in edge {
                    *degree.entry(v).or_insert(0) += 1;
                }
            }
            degree.values().any(|&d| d >= 3)
        };
        let input = "9 8\n1 2\n2 3\n3 4\n4 5\n5 9\n5 6\n6 7\n5 8\n";
        let mut oracle = Predicate::new(fails);
        assert_eq!(shrink_text(input, &mut oracle), "4 3\n1 2\n1 3\n1 4\n");
    }

    #[test]
    fn numbers_go_down_to_their_threshold() {
        // A bug from 1000 on, in the second number of a line of three.
        let fails = |text: &str| {
            let v = numbers(text);
            v.len() == 3 && v[1] >= 1000
        };
        let mut oracle = Predicate::new(fails);
        assert_eq!(shrink_text("77 123456789 5\n", &mut oracle), "0 1000 0\n");
        // Negative numbers rise towards 0: fails when the first is at most -37.
        let mut oracle =
            Predicate::new(|text: &str| numbers(text).first().is_some_and(|&v| v <= -37));
        assert_eq!(shrink_text("-4000 12\n", &mut oracle), "-37\n");
    }

    #[test]
    fn the_smallest_failing_value_is_found_where_failing_is_not_monotone() {
        // Fails for odd values from 5: bisection alone could stop at any odd value.
        let fails = |text: &str| numbers(text).first().is_some_and(|&v| v >= 5 && v % 2 == 1);
        let mut oracle = Predicate::new(fails);
        assert_eq!(shrink_text("9001\n", &mut oracle), "5\n");
    }

    #[test]
    fn the_result_is_one_minimal() {
        // Fails while the tokens hold a 7 before a 3 (with anything between).
        let fails = |text: &str| {
            let v = numbers(text);
            v.iter()
                .position(|&x| x == 7)
                .is_some_and(|i| v[i + 1..].contains(&3))
        };
        let input = "1 7 2\n9 9 9\n4 4\n3 8 7 3\n";
        let mut oracle = Predicate::new(fails);
        let shrunk = shrink_text(input, &mut oracle);
        assert_eq!(shrunk, "7 3\n");
        // Removing any token, or lowering any number by one, passes.
        let tokens = numbers(&shrunk);
        for i in 0..tokens.len() {
            let mut fewer = tokens.clone();
            fewer.remove(i);
            assert!(!fails(&format!("{fewer:?}").replace([',', '[', ']'], "")));
            let mut lower = tokens.clone();
            lower[i] -= 1;
            assert!(!fails(&format!("{lower:?}").replace([',', '[', ']'], "")));
        }
    }

    #[test]
    fn an_input_whose_layout_matters_is_kept_as_it_is() {
        let mut oracle = Predicate::new(|text: &str| text.contains("  "));
        assert_eq!(shrink_text("1  2\n", &mut oracle), "1  2\n");
    }

    #[test]
    fn counts_are_seen_where_the_text_shows_them() {
        let at = |text: &str| -> Vec<(Pos, u64, usize)> {
            counts(&Text::parse(text))
                .iter()
                .map(|c| (c.at, c.value, c.per))
                .collect()
        };
        // T of two-line cases; each n of the next line.
        assert_eq!(
            at("2\n3\n3 5 1\n1\n1\n"),
            [((0, 0), 2, 2), ((1, 0), 3, 1), ((3, 0), 1, 1)]
        );
        // m of `n m` over the edges (n is only as large); a pair count; `n a1 .. an`.
        assert_eq!(at("3 3\n1 2\n2 3\n1 3\n"), [((0, 1), 3, 1)]);
        assert_eq!(at("2\n1 1 2 2\n"), [((0, 0), 2, 2)]);
        assert_eq!(at("3 7 8 9\n"), [((0, 0), 3, 1)]);
        // Lines of different shapes are not one count's groups; records count nothing.
        assert_eq!(at("3\n5 2\n4\n"), []);
        assert_eq!(at("2\n2 1\n1 3\n"), [((0, 0), 2, 1)]);
    }
}
