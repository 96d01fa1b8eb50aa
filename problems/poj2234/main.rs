// problem: http://poj.org/problem?id=2234
use templates::fast_io::{Scanner, Writer};
use templates::nim::first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut piles = Vec::new();
    while let Some(m) = input.try_usize() {
        piles.clear();
        piles.extend((0..m).map(|_| input.u64()));
        let answer = if first_player_wins(&piles) {
            "Yes"
        } else {
            "No"
        };
        out.str(answer).byte(b'\n');
    }
}
