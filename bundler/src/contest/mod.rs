//! Contest-time tools over a template library: the catalog of templates and their headers
//! (`list`, `show`), editor snippets, the printable notebook, `new` for a problem folder, and `receive` for
//! problems sent by Competitive Companion.

pub mod catalog;
pub mod compose;
pub mod header;
pub mod notebook;
pub mod problem_table;
pub mod receive;
pub mod scaffold;
pub mod snippets;
