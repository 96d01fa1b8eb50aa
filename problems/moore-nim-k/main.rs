// problem: custom
use templates::fast_io::{Scanner, Writer};
use templates::moore_nim::first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let n = input.usize();
        let k = input.usize();
        let piles: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        out.str(if first_player_wins(&piles, k) {
            "First\n"
        } else {
            "Second\n"
        });
    }
}
