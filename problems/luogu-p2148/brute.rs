// The brute force of `grundy stress`: E&D played out over whole positions (a move keeps one
// pile of a group, splits it in two nonempty piles, and these become the group), Grundy
// values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A position: its groups, each as (smaller, larger), sorted.
    let mut game = MemoSg::new(
        |groups: &Vec<(u64, u64)>, options: &mut Vec<Vec<(u64, u64)>>| {
            for i in 0..groups.len() {
                let (a, b) = groups[i];
                for kept in [a, b] {
                    for part in 1..kept {
                        let rest = kept - part;
                        let mut option = groups.clone();
                        option[i] = (part.min(rest), part.max(rest));
                        option.sort_unstable();
                        options.push(option);
                    }
                }
            }
        },
    );
    for _ in 0..input.usize() {
        let n = input.usize();
        let mut groups: Vec<(u64, u64)> = (0..n / 2)
            .map(|_| {
                let (a, b) = (input.u64(), input.u64());
                (a.min(b), a.max(b))
            })
            .collect();
        groups.sort_unstable();
        out.str(if game.grundy(groups) != 0 {
            "YES\n"
        } else {
            "NO\n"
        });
    }
}
