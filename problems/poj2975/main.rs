// problem: http://poj.org/problem?id=2975
use templates::fast_io::{Scanner, Writer};
use templates::nim::winning_move_count;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut piles = Vec::new();
    // A count of 0 ends the input.
    while let Some(n) = input.try_usize().filter(|&n| n != 0) {
        piles.clear();
        piles.extend((0..n).map(|_| input.u64()));
        out.u64(winning_move_count(&piles) as u64).byte(b'\n');
    }
}
