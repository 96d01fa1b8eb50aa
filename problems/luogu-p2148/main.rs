// problem: https://www.luogu.com.cn/problem/P2148
use templates::ed_game::first_player_wins;
use templates::fast_io::{Scanner, Writer};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    for _ in 0..input.usize() {
        let n = input.usize();
        if n % 2 != 0 {
            eprintln!("luogu-p2148: the number of piles must be even, got {n}");
            std::process::exit(1);
        }
        let groups: Vec<(u64, u64)> = (0..n / 2).map(|_| (input.u64(), input.u64())).collect();
        out.str(if first_player_wins(&groups) {
            "YES\n"
        } else {
            "NO\n"
        });
    }
}
