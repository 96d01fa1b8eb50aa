// problem: https://acm.hdu.edu.cn/showproblem.php?pid=3032
use templates::fast_io::{Scanner, Writer};
use templates::lasker_nim::first_player_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // One buffer for all cases: each may hold 10^6 piles.
    let mut piles: Vec<u64> = Vec::new();
    for _ in 0..input.usize() {
        let n = input.usize();
        piles.clear();
        piles.extend((0..n).map(|_| input.u64()));
        out.str(if first_player_wins(&piles) {
            "Alice\n"
        } else {
            "Bob\n"
        });
    }
}
