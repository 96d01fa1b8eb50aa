//! Places in the bundle's text, and cutting ranges out of it while knowing where what is left
//! came from.

use crate::bundle::source::LineStarts;
use crate::bundle::Bundle;
use std::ops::Range;

/// Turns syn's places (line, column) in a text into bytes.
pub(super) struct Places<'t> {
    text: &'t str,
    lines: LineStarts,
}

impl<'t> Places<'t> {
    pub(super) fn of(text: &'t str) -> Places<'t> {
        Places {
            text,
            lines: LineStarts::of(text),
        }
    }

    pub(super) fn start(&self, span: proc_macro2::Span) -> usize {
        let at = span.start();
        self.lines.byte_at(self.text, at.line, at.column)
    }

    pub(super) fn end(&self, span: proc_macro2::Span) -> usize {
        let at = span.end();
        self.lines.byte_at(self.text, at.line, at.column)
    }

    pub(super) fn range(&self, span: proc_macro2::Span) -> Range<usize> {
        self.start(span)..self.end(span)
    }
}

/// The edits made to a text, to find where a place of the edited text was before them.
#[derive(Debug, Default)]
pub(in crate::pipeline) struct Edits {
    /// In the order made: where, the bytes replaced, the bytes written.
    made: Vec<(usize, usize, usize)>,
}

impl Edits {
    pub(super) fn replace(&mut self, bundle: &mut Bundle, range: Range<usize>, replacement: &str) {
        self.made
            .push((range.start, range.len(), replacement.len()));
        bundle.replace(range, replacement);
    }

    /// Where byte `at` of the edited text was before the edits (a place inside what an edit
    /// wrote: where the edit was).
    pub(super) fn before(&self, mut at: usize) -> usize {
        for &(start, replaced, written) in self.made.iter().rev() {
            if at >= start + written {
                at = at - written + replaced;
            } else if at > start {
                at = start;
            }
        }
        at
    }
}

/// Cuts `ranges` from the bundle (see [`edit_ranges`]).
pub(in crate::pipeline) fn cut_ranges(bundle: &mut Bundle, ranges: Vec<Range<usize>>) -> Edits {
    edit_ranges(bundle, ranges.into_iter().map(|r| (r, "")).collect())
}

/// Replaces each of `ranges` in the bundle by its text; a range cut (replaced by nothing) is
/// widened to its whole lines when nothing else is on them. Ranges inside others go with
/// them.
pub(super) fn edit_ranges(bundle: &mut Bundle, mut ranges: Vec<(Range<usize>, &str)>) -> Edits {
    let text = &bundle.text;
    for (r, _) in ranges.iter_mut().filter(|(_, with)| with.is_empty()) {
        let line_start = text[..r.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[r.end..]
            .find('\n')
            .map_or(text.len(), |i| r.end + i + 1);
        if text[line_start..r.start].trim().is_empty() && text[r.end..line_end].trim().is_empty() {
            *r = line_start..line_end;
        }
    }
    ranges.sort_by_key(|(r, _)| (r.start, std::cmp::Reverse(r.end)));
    let mut kept: Vec<(Range<usize>, &str)> = Vec::new();
    for (r, with) in ranges {
        match kept.last() {
            Some((last, _)) if r.start < last.end => {}
            _ => kept.push((r, with)),
        }
    }
    let mut edits = Edits::default();
    for (r, with) in kept.into_iter().rev() {
        edits.replace(bundle, r, with);
    }
    edits
}
