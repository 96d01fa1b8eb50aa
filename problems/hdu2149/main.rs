// problem: https://acm.hdu.edu.cn/showproblem.php?pid=2149
use templates::bash::winning_take;
use templates::fast_io::{Scanner, Writer};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    while let Some(target) = input.try_u64() {
        let max_raise = input.u64();
        assert!(target >= 1, "the target price M must be at least 1");
        if target <= max_raise {
            // Every first bid that reaches the target wins; any smaller one lets the
            // opponent reach it.
            for bid in target..=max_raise {
                let separator = if bid == max_raise { b'\n' } else { b' ' };
                out.u64(bid).byte(separator);
            }
        } else {
            // Bids add up like stones taken from a pile of M, so this is Bash, which has
            // at most one winning first take.
            match winning_take(target, max_raise) {
                Some(bid) => out.u64(bid).byte(b'\n'),
                None => out.str("none\n"),
            };
        }
    }
}
