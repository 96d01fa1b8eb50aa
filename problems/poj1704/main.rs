// problem: http://poj.org/problem?id=1704
use templates::fast_io::{Scanner, Writer};
use templates::staircase_nim::chessmen_first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let n = input.usize();
        let cells: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        out.str(if chessmen_first_player_wins(&cells) {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        });
    }
}
