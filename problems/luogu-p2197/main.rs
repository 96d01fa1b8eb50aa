// problem: https://www.luogu.com.cn/problem/P2197
use templates::fast_io::{Scanner, Writer};
use templates::nim::first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let games = input.usize();
    let mut piles = Vec::new();
    for _ in 0..games {
        let n = input.usize();
        piles.clear();
        piles.extend((0..n).map(|_| input.u64()));
        let answer = if first_player_wins(&piles) {
            "Yes"
        } else {
            "No"
        };
        out.str(answer).byte(b'\n');
    }
}
