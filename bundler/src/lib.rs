//! The bundler: turns a solution written against a library crate into one file a judge
//! compiles with plain `rustc`, and reads the library's template headers.

pub mod atomic;
pub mod catalog;
pub mod header;
pub mod judge;
pub mod notebook;
pub mod scaffold;
pub mod snippets;
pub mod suggest;
