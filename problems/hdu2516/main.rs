// problem: https://acm.hdu.edu.cn/showproblem.php?pid=2516
use templates::fast_io::{Scanner, Writer};
use templates::fibonacci_nim::first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A pile of 0 ends the input.
    while let Some(n) = input.try_u64().filter(|&n| n != 0) {
        let answer = if first_player_wins(n) {
            "First win"
        } else {
            "Second win"
        };
        out.str(answer).byte(b'\n');
    }
}
