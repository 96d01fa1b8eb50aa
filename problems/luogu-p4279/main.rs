// problem: https://www.luogu.com.cn/problem/P4279
use templates::anti_nim::first_player_wins;
use templates::fast_io::{Scanner, Writer};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let n = input.usize();
        let piles: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        out.str(if first_player_wins(&piles) {
            "John\n"
        } else {
            "Brother\n"
        });
    }
}
