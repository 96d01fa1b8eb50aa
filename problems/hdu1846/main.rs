// problem: https://acm.hdu.edu.cn/showproblem.php?pid=1846
use templates::bash::first_player_wins;
use templates::fast_io::{Scanner, Writer};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let games = input.usize();
    for _ in 0..games {
        let (n, m) = (input.u64(), input.u64());
        let answer = if first_player_wins(n, m) {
            "first"
        } else {
            "second"
        };
        out.str(answer).byte(b'\n');
    }
}
