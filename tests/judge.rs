//! Placeholder until the judge runner exists (issue 4).
