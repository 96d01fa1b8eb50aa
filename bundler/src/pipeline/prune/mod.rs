//! Keeping only what runs. The engine keeps an item when kept code names it; rustc knows
//! what execution reaches, through every trait, generic and macro, and the bundle is
//! compiled anyway. So the bundled crates' code is cut by what rustc says of it:
//!
//! 1. its liveness analysis, which for a binary starts at `main`: every function, method,
//!    type, trait, constant, static, alias and macro nothing reached uses, and every import
//!    nothing uses (the `dead_code`, `unused_imports` and `unused_macros` lints, forced on
//!    over the crates' `allow`s), and every rule of a macro no call matched
//!    (`unused_macro_rules`). A dead type or trait goes with its impls, those a macro
//!    call writes included (the call goes when rustc's errors show its impls were of what
//!    was cut); a dead trait method goes from the impls too;
//! 2. the code it generates: an impl for a type no generated function mentions (num-traits'
//!    impls for all twelve integer types when the solution uses `u64`), a macro call
//!    that writes impls only for such types, and a trait impl's override of a provided
//!    method that never runs (an iterator's `count`).
//!
//! Rounds repeat until nothing more goes: each cut may leave more dead (a helper only a cut
//! impl called). Every cut is compiled: a set of cuts that breaks the bundle is halved until
//! the halves that compile are found, and a cut that breaks it alone is not made. What is
//! left always compiled.

mod bodies;
mod edits;
mod expand;
mod gated;
mod index;

pub(super) use gated::Alike;

pub(super) use edits::cut_ranges;
pub(super) use index::within;

use super::PipelineError;
use crate::bundle::Bundle;
use crate::profile::rustc::{Diagnostic, Outcome};
use bodies::Bodies;
use edits::{edit_ranges, Edits};
use index::{member_key, Cut, Index, Met, UNMET_CLASSES};
use std::collections::HashSet;

/// The lints whose findings are cut, made warnings whatever the bundle's attributes say.
const LINTS: [&str; 8] = [
    "--force-warn",
    "dead_code",
    "--force-warn",
    "unused_imports",
    "--force-warn",
    "unused_macros",
    "--force-warn",
    "unused_macro_rules",
];

/// What pruning may spend: at most this many compilations, its type-checks of at most this
/// many bytes in all (a type-check takes time in proportion to the text: a megabyte bundle
/// gets a few rounds, a small one many). The one or two object builds that tell what runs
/// are not counted in bytes: every bundle needs them, and their stubs are worth most. A
/// budget of work rather than of seconds, so that the same bundle is pruned the same way
/// on every machine.
const MAX_COMPILES: usize = 24;
const MAX_BYTES_COMPILED: usize = 3 << 20;

/// How many times that budget pruning may spend while the bundle is still longer than the
/// judge's limit, but within [`OVER_LIMIT_REACH`] times it: a bundle the judge would refuse
/// is worth the wait when it may yet fit; one many times over is not (rand's took three
/// minutes to be refused all the same).
const OVER_LIMIT_STRETCH: usize = 3;
const OVER_LIMIT_REACH: usize = 4;

/// Times the imports that name what a cut removed are dropped before a cut counts as failed.
const IMPORT_ROUNDS: usize = 3;

/// Type-checks a text with extra rustc arguments.
pub type Check<'a> = &'a dyn Fn(&str, &[&str]) -> Result<Outcome, PipelineError>;

/// The functions rustc generates code for in a text, unoptimized, with extra rustc
/// arguments, demangled; `None` when it cannot say.
pub type Generated<'a> = &'a dyn Fn(&str, &[&str]) -> Result<Option<Vec<String>>, PipelineError>;

/// Compiling, as pruning needs it.
pub struct Compiler<'a> {
    pub check: Check<'a>,
    pub generated: Generated<'a>,
    /// The cfgs the judge sets as here.
    pub alike: Alike,
    /// The judge's limit on the source's length, if it has one.
    pub limit: Option<usize>,
}

/// What pruning did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruned {
    /// Bytes of the bundle before and after.
    pub before: usize,
    pub after: usize,
    /// Compilations it took.
    pub compiles: usize,
}

/// Cuts from `bundle` the bundled crates' code that `main` does not reach. A bundle that
/// does not compile is left as it is (its errors are verification's to report).
pub fn prune(bundle: &mut Bundle, compiler: &Compiler) -> Result<Pruned, PipelineError> {
    let mut pruner = Pruner {
        bundle,
        compiler,
        pruned: Pruned::default(),
        refused: HashSet::new(),
        bytes_compiled: 0,
    };
    pruner.pruned.before = pruner.bundle.text.len();
    let outcome = pruner.check()?;
    if outcome.success {
        let (functions, outcome) = pruner.stub_never_run(outcome)?;
        let outcome = pruner.cut_dead(outcome)?;
        if let Some(functions) = functions {
            pruner.cut_unmet(&functions, outcome)?;
        }
    }
    pruner.pruned.after = pruner.bundle.text.len();
    Ok(pruner.pruned)
}

struct Pruner<'b, 'c> {
    bundle: &'b mut Bundle,
    compiler: &'c Compiler<'c>,
    pruned: Pruned,
    /// The keys of cuts that broke the bundle alone: not tried again.
    refused: HashSet<String>,
    bytes_compiled: usize,
}

impl Pruner<'_, '_> {
    /// Whether the budget is spent.
    fn spent(&self) -> bool {
        let (compiles, bytes) = budget(self.bundle.text.len(), self.compiler.limit);
        self.pruned.compiles >= compiles || self.bytes_compiled >= bytes
    }

    fn check(&mut self) -> Result<Outcome, PipelineError> {
        self.pruned.compiles += 1;
        self.bytes_compiled += self.bundle.text.len();
        (self.compiler.check)(&self.bundle.text, &LINTS)
    }

    /// Cuts what rustc's lints find unused, round after round, until a round cuts nothing
    /// or next to nothing (under 1% of the text: the budget buys more elsewhere); the
    /// outcome of the last compilation, which passed.
    fn cut_dead(&mut self, mut outcome: Outcome) -> Result<Outcome, PipelineError> {
        while !self.spent() {
            let Some(index) = Index::of(self.bundle, self.compiler.alike) else {
                break;
            };
            let dead = index.dead(self.bundle, &outcome.diagnostics);
            let before = self.bundle.text.len();
            match self.cut_what_compiles(&index, dead)? {
                Some(after) => outcome = after,
                None => break,
            }
            if before.saturating_sub(self.bundle.text.len()) < before / 100 {
                break;
            }
        }
        Ok(outcome)
    }

    /// Cuts the impls no generated function meets ([`Index::unmet_impls`]): first the
    /// crates' item-level macro calls whose code rustc could judge better written out are
    /// (those that write impls for both met and unmet primitive types, define items, or
    /// carry tests), so that each item they write is cut or kept on its own; then what is
    /// left dead goes too. Other calls stay calls: written out, they would only grow.
    fn cut_unmet(
        &mut self,
        functions: &[String],
        mut outcome: Outcome,
    ) -> Result<(), PipelineError> {
        if self.spent() {
            return Ok(());
        }
        let met = Met::of(functions);
        let as_made = self.bundle.clone();
        if expand::write_out_calls(self.bundle, &|call| {
            met.mixed(call.idents) || call.compiled_out || call.defines
        }) > 0
        {
            outcome = self.check()?;
            if !outcome.success {
                *self.bundle = as_made.clone();
                outcome = self.check()?;
            }
        }
        let mut cut_any = false;
        for class in 0..UNMET_CLASSES {
            let Some(index) = Index::of(self.bundle, self.compiler.alike) else {
                break;
            };
            let unmet = index.unmet_impls(&met, class);
            if let Some(after) = self.cut_what_compiles(&index, unmet)? {
                outcome = after;
                cut_any = true;
            }
        }
        if cut_any {
            // What broke the bundle alone may not now that the impls are gone.
            self.refused.clear();
            self.cut_dead(outcome)?;
        }
        if self.bundle.text.len() > as_made.text.len() {
            // Written out, calls grow: when the budget ends before their code is cut, the
            // bundle as it compiled before is the smaller.
            *self.bundle = as_made;
        }
        Ok(())
    }

    /// Replaces the bodies of the bundled crates' functions that never run by a stub
    /// ([`Bodies`]). The functions rustc generates (read from the bundle with its bodies
    /// marked; `None` when rustc cannot say) and the outcome of the last compilation that
    /// passed.
    fn stub_never_run(
        &mut self,
        outcome: Outcome,
    ) -> Result<(Option<Vec<String>>, Outcome), PipelineError> {
        let bodies = Bodies::of(self.bundle, self.compiler.alike);
        if let Some(bodies) = &bodies {
            let functions = self.generated(&bodies.marked(&self.bundle.text))?;
            if let (Some(functions), Some(index)) =
                (functions, Index::of(self.bundle, self.compiler.alike))
            {
                let stubs =
                    bodies.never_run(&functions, &|name, at| index.judge_may_reach(name, at));
                let outcome = self.cut_what_compiles(&index, stubs)?.unwrap_or(outcome);
                return Ok((Some(functions), outcome));
            }
        }
        let text = self.bundle.text.clone();
        Ok((self.generated(&text)?, outcome))
    }

    /// The functions rustc generates code for in `text`, demangled: with debug assertions,
    /// as a contestant debugs, and, when code asks for them (proconio reads its input one
    /// way or the other), without, as every judge optimizes; what either runs. Code that
    /// does not ask runs a part of the first when they are off (no `debug_assert!`).
    fn generated(&mut self, text: &str) -> Result<Option<Vec<String>>, PipelineError> {
        let both: [&[&str]; 2] = [&[], &["-C", "debug-assertions=off"]];
        let builds = if text.contains("debug_assertions") {
            2
        } else {
            1
        };
        let mut all = Vec::new();
        for extra in &both[..builds] {
            self.pruned.compiles += 1;
            let Some(functions) = (self.compiler.generated)(text, extra)? else {
                return Ok(None);
            };
            all.extend(functions);
        }
        all.sort();
        all.dedup();
        Ok(Some(all))
    }

    /// Makes as many of `cuts` as compile together: what rustc's errors blame is left out
    /// (or, for impls a macro call writes, the call joins the cut), and when no error
    /// explains a failure, the cuts are halved. The outcome of the last compilation that
    /// passed, or `None` when no cut was made.
    fn cut_what_compiles(
        &mut self,
        index: &Index,
        cuts: Vec<Cut>,
    ) -> Result<Option<Outcome>, PipelineError> {
        let cuts = with_stable_keys(cuts, &self.bundle.text);
        let base = self.bundle.clone();
        let mut made: Vec<Cut> = Vec::new();
        let mut passed: Option<(Outcome, Bundle)> = None;
        let mut pending = vec![cuts];
        'sets: while let Some(set) = pending.pop() {
            let mut set: Vec<Cut> = set
                .into_iter()
                .filter(|c| !self.refused.contains(&c.key))
                .collect();
            loop {
                index.close(&mut set, &made);
                if set.is_empty() {
                    continue 'sets;
                }
                if self.spent() {
                    break 'sets;
                }
                *self.bundle = base.clone();
                let ranges = made.iter().chain(&set).flat_map(Cut::edits);
                let mut edits = edit_ranges(self.bundle, ranges.collect());
                let names: HashSet<&str> = made
                    .iter()
                    .chain(&set)
                    .filter(|c| c.names_item)
                    .map(|c| c.name.as_str())
                    .collect();
                if let Some(cut) = Index::of(self.bundle, self.compiler.alike) {
                    for (range, text) in cut.imports_of(self.bundle, &names).into_iter().rev() {
                        edits.replace(self.bundle, range, &text);
                    }
                }
                let outcome = self.check_without_dangling_imports(&mut edits)?;
                if outcome.success {
                    made.append(&mut set);
                    passed = Some((outcome, self.bundle.clone()));
                    continue 'sets;
                }
                let Some(blamed) = blame(&outcome, &edits, &mut set, index) else {
                    if set.len() == 1 {
                        self.refused.insert(set.remove(0).key);
                    } else {
                        let second = set.split_off(set.len() / 2);
                        pending.push(second);
                        pending.push(set);
                    }
                    continue 'sets;
                };
                for key in index.with_members_they_call(blamed, &set) {
                    set.retain(|c| c.key != key);
                    self.refused.insert(key);
                }
            }
        }
        Ok(match passed {
            Some((outcome, bundle)) => {
                *self.bundle = bundle;
                Some(outcome)
            }
            None => {
                *self.bundle = base;
                None
            }
        })
    }

    /// Type-checks the bundle after a cut; where an import of the bundled crates' code
    /// names what was cut, the import goes too, and the bundle is checked again.
    fn check_without_dangling_imports(
        &mut self,
        edits: &mut Edits,
    ) -> Result<Outcome, PipelineError> {
        let mut outcome = self.check()?;
        for _ in 0..IMPORT_ROUNDS {
            // Other errors are blamed first: the next attempt drops their imports anyway.
            let only_imports = outcome
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .all(|d| d.code.as_deref() == Some("E0432"));
            if outcome.success || !only_imports || self.spent() {
                break;
            }
            let Some(imports) = Index::of(self.bundle, self.compiler.alike)
                .map(|i| i.unresolved_imports(self.bundle, &outcome))
            else {
                break;
            };
            if imports.is_empty() {
                break;
            }
            for (range, replacement) in imports.into_iter().rev() {
                edits.replace(self.bundle, range, &replacement);
            }
            outcome = self.check()?;
        }
        Ok(outcome)
    }
}

/// The compilations and the bytes of type-checks pruning may spend on a bundle of `len`
/// bytes for a judge whose limit is `limit`.
fn budget(len: usize, limit: Option<usize>) -> (usize, usize) {
    let stretch = if limit.is_some_and(|limit| limit < len && len <= limit * OVER_LIMIT_REACH) {
        OVER_LIMIT_STRETCH
    } else {
        1
    };
    (MAX_COMPILES * stretch, MAX_BYTES_COMPILED * stretch)
}

/// What a failed compilation of `set`'s cuts blames: the keys of the cuts to leave out. A
/// name rustc cannot find inside the expansion of a macro call of the bundled crates, when a
/// cut removed the type or trait of that name, is not blamed: the call joins the cut (the
/// impls a macro writes go with what they implement). `None` when no error names a cut.
fn blame(failed: &Outcome, edits: &Edits, set: &mut [Cut], index: &Index) -> Option<Vec<String>> {
    let mut blamed = Vec::new();
    let mut joined = false;
    for d in failed.diagnostics.iter().filter(|d| d.is_error()) {
        let names = names_in(d);
        match (d.code.as_deref().unwrap_or_default(), &names[..]) {
            // "method `x` is not a member of trait `T`": an impl a macro writes defines it.
            ("E0407", [member, trait_name, ..]) => {
                let key = member_key(trait_name, member);
                blamed.extend(set.iter().filter(|c| c.key == key).map(|c| c.key.clone()));
            }
            // "the trait bound `X: T` is not satisfied", "`X` doesn't implement `T`": a cut
            // took the impl (the notes name the trait when the message does not).
            ("E0277", _) => {
                let pairs = unmet_bounds(d);
                blamed.extend(
                    set.iter()
                        .filter(|c| pairs.iter().any(|&(x, t)| takes_impl(c, index, x, t)))
                        .map(|c| c.key.clone()),
                );
            }
            // "no method named `x` found for struct `X`": a cut took the member, its impl,
            // or the impl of a trait that gives `X` the method (a candidate the notes name,
            // a bound they say is unmet, or a std trait that requires it).
            ("E0599", [member, ..]) => {
                let pairs = method_impls(d, member);
                blamed.extend(
                    set.iter()
                        .filter(|c| {
                            takes_member(c, index, member)
                                || pairs.iter().any(|&(x, t)| takes_impl(c, index, x, t))
                        })
                        .map(|c| c.key.clone()),
                );
            }
            // "type `X` cannot be dereferenced", "cannot borrow data in dereference of `X`
            // as mutable", "cannot index into a value of type `X`": a cut took the impl of
            // the operator's trait.
            ("E0614" | "E0596" | "E0608", _)
                if d.message.contains("dereference") || d.message.contains("index") =>
            {
                let traits: &[&str] = if d.message.contains("index") {
                    &["Index", "IndexMut"]
                } else if d.message.contains("as mutable") {
                    &["DerefMut"]
                } else {
                    &["Deref"]
                };
                if let Some(x) = quoted(&d.message).next().map(segment) {
                    blamed.extend(
                        set.iter()
                            .filter(|c| traits.iter().any(|t| takes_impl(c, index, x, t)))
                            .map(|c| c.key.clone()),
                    );
                }
            }
            ("E0405" | "E0412" | "E0422" | "E0423" | "E0425" | "E0433" | "E0531" | "E0574", _) => {
                // The path rustc cannot find (or finds to be something else): its last name.
                let Some(missing) = d
                    .message
                    .split('`')
                    .nth(1)
                    .and_then(|path| path.rsplit("::").next())
                else {
                    continue;
                };
                let call = d
                    .expanded_from
                    .and_then(|at| index.call_at(edits.before(at.byte_start)));
                for cut in set.iter_mut().filter(|c| c.name == missing) {
                    match call {
                        Some(call) if cut.writes_impls => {
                            if !cut.ranges.contains(&call.range) {
                                cut.ranges.push(call.range.clone());
                                joined = true;
                            }
                        }
                        _ => blamed.push(cut.key.clone()),
                    }
                }
            }
            _ => blamed.extend(
                set.iter()
                    .filter(|c| !c.name.is_empty() && names.contains(&c.name.as_str()))
                    .map(|c| c.key.clone()),
            ),
        }
    }
    if joined {
        // The calls are tried first; a cut blamed alongside may be right once they go.
        return Some(Vec::new());
    }
    blamed.sort();
    blamed.dedup();
    (!blamed.is_empty()).then_some(blamed)
}

/// Whether `cut` takes a member called `member` of an impl, or is one.
fn takes_member(cut: &Cut, index: &Index, member: &str) -> bool {
    let inside = |r: &std::ops::Range<usize>| {
        cut.ranges
            .iter()
            .any(|c| c.start <= r.start && r.end <= c.end)
    };
    index
        .impls
        .iter()
        .flat_map(|i| &i.members)
        .any(|(name, range)| name == member && inside(range))
}

/// Whether `cut` takes an impl of `trait_name` for `self_name`: a block, or a call of a
/// macro that writes impls, whose arguments name the type and whose arguments or body name
/// the trait.
fn takes_impl(cut: &Cut, index: &Index, self_name: &str, trait_name: &str) -> bool {
    let inside = |r: &std::ops::Range<usize>| {
        cut.ranges
            .iter()
            .any(|c| c.start <= r.start && r.end <= c.end)
    };
    let is = |n: &Option<String>, name: &str| n.as_deref() == Some(name);
    index
        .impls
        .iter()
        .any(|i| is(&i.self_name, self_name) && is(&i.trait_name, trait_name) && inside(&i.range))
        || index.calls.iter().any(|c| {
            c.idents.contains(self_name) && index.call_names(c, trait_name) && inside(&c.range)
        })
}

/// `Foo` of `&a::Foo<T>`.
fn segment(path: &str) -> &str {
    let path = path
        .trim_start_matches('&')
        .split('<')
        .next()
        .unwrap_or(path);
    path.rsplit("::").next().unwrap_or(path)
}

/// The `(type, trait)` pairs an unsatisfied bound names, as the last segments of their
/// paths: "the trait bound `X: a::T` is not satisfied", "the trait `T` is not implemented
/// for `X`" (a note's), "`X` doesn't implement `T`", and the bounds of std's own words
/// ("`X` is not an iterator", "`X` cannot be shared between threads safely"), which hold
/// for each type a note says `X` is within too.
fn unmet_bounds(d: &Diagnostic) -> Vec<(&str, &str)> {
    const WORDED: [(&str, &str); 3] = [
        ("` is not an iterator", "Iterator"),
        ("` cannot be shared between threads safely", "Sync"),
        ("` cannot be sent between threads safely", "Send"),
    ];
    let mut pairs = Vec::new();
    let texts = || {
        std::iter::once(d.message.as_str())
            .chain(d.label())
            .chain(d.notes.iter().map(String::as_str))
    };
    for text in texts() {
        let quoted: Vec<&str> = quoted(text).collect();
        if let Some(bound) = text.strip_prefix("the trait bound `").and(quoted.first()) {
            if let Some((x, t)) = bound.split_once(": ") {
                pairs.push((segment(x), segment(t)));
            }
        } else if text.starts_with("the trait `") && text.contains("` is not implemented for `") {
            if let [t, x, ..] = quoted[..] {
                pairs.push((segment(x), segment(t)));
            }
        } else if text.contains("` doesn't implement `") {
            if let [x, t, ..] = quoted[..] {
                pairs.push((segment(x), segment(t)));
            }
        } else if let Some((_, t)) = WORDED.iter().find(|(w, _)| text.contains(w)) {
            if let Some(x) = quoted.first() {
                pairs.push((segment(x), t));
                let within = texts()
                    .filter(|n| n.contains("appears within the type `"))
                    .filter_map(|n| n.split('`').nth(1));
                pairs.extend(within.map(|y| (segment(y), *t)));
            }
        }
    }
    pairs
}

/// The `(type, trait)` impls that could give the type an E0599 names the method `member`
/// it lacks: "no method named `len` found for struct `RawIter<T>`" with the notes'
/// candidates ("candidate #1: `ExactSizeIterator`"), the bounds they say are unmet
/// ("`Keys<'a, K, V>: Iterator`"), and the std traits that require a method of that name.
fn method_impls<'d>(d: &'d Diagnostic, member: &str) -> Vec<(&'d str, &'d str)> {
    let Some(receiver) = quoted(&d.message).nth(1).map(segment) else {
        return Vec::new();
    };
    let mut pairs: Vec<(&str, &str)> = index::std_traits_requiring(member)
        .map(|t| (receiver, t))
        .collect();
    for note in &d.notes {
        for line in note.lines() {
            let in_line = quoted(line);
            if line.contains("candidate #") {
                pairs.extend(in_line.take(1).map(|t| (receiver, segment(t))));
            } else {
                pairs.extend(
                    in_line
                        .filter_map(|bound| bound.split_once(": "))
                        .map(|(x, t)| (segment(x), segment(t))),
                );
            }
        }
    }
    pairs
}

/// The identifiers an error names between backticks (`Foo`, `crate::m::bar`), in its message
/// and its label.
fn names_in(d: &Diagnostic) -> Vec<&str> {
    std::iter::once(d.message.as_str())
        .chain(d.label())
        .flat_map(quoted_names)
        .collect()
}

/// What `text` writes between backticks.
fn quoted(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// The identifiers between backticks in `text`.
fn quoted_names(text: &str) -> impl Iterator<Item = &str> {
    quoted(text)
        .flat_map(|quoted| quoted.split(|c: char| !(c.is_alphanumeric() || c == '_')))
        .filter(|name| !name.is_empty())
}

/// The cuts with keys their text decides rather than their place (`item clamp at 1074`),
/// which the cuts made before move: a cut refused in one round is then not tried again in
/// the next. Two cuts of the same text share a key, and a refusal.
fn with_stable_keys(mut cuts: Vec<Cut>, text: &str) -> Vec<Cut> {
    use std::hash::{Hash, Hasher};
    for cut in &mut cuts {
        if let Some((kind, _)) = cut.key.split_once(" at ") {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            for range in &cut.ranges {
                text[range.clone()].hash(&mut hasher);
            }
            cut.key = format!("{kind} #{:016x}", hasher.finish());
        }
    }
    cuts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_over_its_judges_limit_may_spend_more() {
        let usual = (MAX_COMPILES, MAX_BYTES_COMPILED);
        assert_eq!(budget(100_000, None), usual);
        assert_eq!(budget(60_000, Some(65_536)), usual);
        let (compiles, bytes) = budget(70_000, Some(65_536));
        assert!(compiles > usual.0 && bytes > usual.1);
        assert_eq!(budget(400_000, Some(65_536)), usual, "out of reach");
    }
}
