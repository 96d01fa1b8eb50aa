// problem: https://acm.hdu.edu.cn/showproblem.php?pid=3595
use templates::every_sg::{every_sg_steps, first_player_wins};
use templates::fast_io::{Scanner, Writer};

const MAX_PILE: usize = 1000;

/// Vertex of the game (big, small) with big >= small >= 1; vertex 0 is a finished game.
fn vertex(big: usize, small: usize) -> usize {
    big * (big - 1) / 2 + small
}

/// The DAG of every game with piles up to MAX_PILE: from (big, small) a move takes
/// k * small from big, for k = 1..=big / small.
fn euclid_game_dag() -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); vertex(MAX_PILE, MAX_PILE) + 1];
    for big in 1..=MAX_PILE {
        for small in 1..=big {
            adj[vertex(big, small)] = (1..=big / small)
                .map(|k| match big - k * small {
                    0 => 0,
                    rest => vertex(rest.max(small), rest.min(small)),
                })
                .collect();
        }
    }
    adj
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let steps = every_sg_steps(&euclid_game_dag());
    while let Some(n) = input.try_usize() {
        let starts: Vec<u32> = (0..n)
            .map(|_| {
                let (p, q) = (input.usize(), input.usize());
                if !(1..=MAX_PILE).contains(&p) || !(1..=MAX_PILE).contains(&q) {
                    eprintln!("hdu3595: piles must be in 1..={MAX_PILE}, got {p} {q}");
                    std::process::exit(1);
                }
                steps[vertex(p.max(q), p.min(q))]
            })
            .collect();
        out.str(if first_player_wins(starts) {
            "MM\n"
        } else {
            "GG\n"
        });
    }
}
