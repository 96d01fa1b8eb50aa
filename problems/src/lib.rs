//! Sample judge problems; each is a `[[bin]]` whose source is `<id>/main.rs`.
