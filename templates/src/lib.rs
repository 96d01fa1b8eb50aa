//! Combinatorial game theory templates for competitive programming.
//!
//! One module per template. Each opens with a header (Description, Usage, Time, Memory,
//! Source, Status) and ends with a brute force that plays the game itself. Modules reach
//! each other only through `use crate::<module>::<item>`, so the bundler can follow them.
#![forbid(unsafe_code)]

pub mod anti_nim;
pub mod anti_sg;
pub mod bash;
pub mod cutting_game;
pub mod dag_sg;
pub mod ed_game;
pub mod every_sg;
pub mod fast_io;
pub mod fibonacci_nim;
pub mod hackenbush_rings;
pub mod hackenbush_tree;
pub mod isqrt;
pub mod lasker_nim;
pub mod loopy_game;
pub mod memo_sg;
pub mod mex;
pub mod moore_nim;
pub mod nim;
pub mod nimber;
pub mod octal;
pub mod split_sg;
pub mod staircase_nim;
pub mod subtraction_sg;
pub mod wythoff;
