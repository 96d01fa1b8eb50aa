// problem: https://acm.hdu.edu.cn/showproblem.php?pid=2176
use templates::fast_io::{Scanner, Writer};
use templates::nim::winning_moves;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(m) = input.try_usize() {
        if m == 0 {
            break;
        }
        let piles: Vec<u64> = (0..m).map(|_| input.u64()).collect();
        // A nonzero nim-sum always leaves a winning move, so no moves means a lost position.
        let moves = winning_moves(&piles);
        if moves.is_empty() {
            out.str("No\n");
            continue;
        }
        out.str("Yes\n");
        for (pile, left) in moves {
            out.u64(piles[pile]).byte(b' ').u64(left).byte(b'\n');
        }
    }
}
