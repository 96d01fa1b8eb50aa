//! Everything that can stop an exploration, each saying which game, file or option it is
//! about.

use super::program::{ONE_HEAP, TWO_HEAPS};
use super::MAX_BOARD;
use crate::bundle::source::SourceError;
use crate::judge::JudgeError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ExploreError {
    #[error("a subtraction set holds moves of at least 1, e.g. 1,3,4")]
    Subtraction,
    /// An octal code the template refuses, in its words.
    #[error("{0}")]
    Octal(String),
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The game's file does not parse: said at its own lines, not where rustc would put it.
    #[error(transparent)]
    Syntax(SourceError),
    #[error("{}: no `fn options`; a one-heap game defines `{}`, a two-heap game `{}`",
        path.display(), ONE_HEAP, TWO_HEAPS)]
    NoOptions { path: PathBuf },
    #[error("{}:{line}:{column}: `fn options` must be `{}` (one heap) or `{}` (two heaps)",
        path.display(), ONE_HEAP, TWO_HEAPS)]
    Signature {
        path: PathBuf,
        line: usize,
        column: usize,
    },
    #[error("misere outcomes are for one-heap games")]
    MisereTwoHeaps,
    #[error("-n {side}: a two-heap board is at most {} x {}", MAX_BOARD, MAX_BOARD)]
    BoardTooLarge { side: usize },
    /// The judge could not compile or run the game at all (a temporary folder, the
    /// supervisor), as opposed to the game failing.
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// The game did not compile (rustc's error at the file's lines), failed, or went over a
    /// limit. `game` names the file, or the subtraction set or octal code written out.
    #[error("{}: {reason}", game.display())]
    Game { game: PathBuf, reason: String },
    #[error("{}: unexpected output: {reason}", path.display())]
    Output { path: PathBuf, reason: String },
    #[error("--picture {}: the name must end in .svg or .png", path.display())]
    PictureName { path: PathBuf },
    #[error("--picture draws the P-positions of a two-heap game")]
    PictureOneHeap,
    #[error("cannot encode the PNG: {0}")]
    Png(#[from] png::EncodingError),
    #[error("--emit writes G(n) of a one-heap game; this game has two heaps")]
    EmitTwoHeaps,
    #[error("no proven period to write a function from; compute further with -n")]
    NoProvenPeriod,
}
