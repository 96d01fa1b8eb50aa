// problem: https://acm.hdu.edu.cn/showproblem.php?pid=3595
use std::collections::HashMap;
use templates::every_sg::{every_sg_steps, first_player_wins};
use templates::fast_io::{Scanner, Writer};

/// Vertex of the game (p, q), added to `games` on first sight; vertex 0 is every finished
/// game (a pile is empty).
fn vertex(
    (p, q): (u32, u32),
    index: &mut HashMap<(u32, u32), usize>,
    games: &mut Vec<(u32, u32)>,
) -> usize {
    let (big, small) = (p.max(q), p.min(q));
    if small == 0 {
        return 0;
    }
    *index.entry((big, small)).or_insert_with(|| {
        games.push((big, small));
        games.len() - 1
    })
}

/// The DAG of the positions reachable from `starts` (a move takes k * small from big, for
/// k = 1..=big / small), and the vertices of the starts.
fn euclid_dag(starts: &[(u32, u32)]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut index = HashMap::new();
    let mut games = vec![(0, 0)];
    let start_vertices = starts
        .iter()
        .map(|&game| vertex(game, &mut index, &mut games))
        .collect();
    let mut adj = vec![Vec::new()];
    while adj.len() < games.len() {
        let (big, small) = games[adj.len()];
        let moves = (1..=big / small)
            .map(|k| vertex((big - k * small, small), &mut index, &mut games))
            .collect();
        adj.push(moves);
    }
    (adj, start_vertices)
}

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // All cases first, so that one DAG and one step computation serve them all.
    let mut case_sizes = Vec::new();
    let mut starts: Vec<(u32, u32)> = Vec::new();
    while let Some(n) = input.try_usize() {
        case_sizes.push(n);
        starts.extend((0..n).map(|_| (read_pile(&mut input), read_pile(&mut input))));
    }
    let (adj, start_vertices) = euclid_dag(&starts);
    let steps = every_sg_steps(&adj);
    let mut games = start_vertices.iter().map(|&v| steps[v]);
    for n in case_sizes {
        let won = first_player_wins(games.by_ref().take(n));
        out.str(if won { "MM\n" } else { "GG\n" });
    }
}

fn read_pile(input: &mut Scanner) -> u32 {
    let pile = input.u64();
    if !(1..=1000).contains(&pile) {
        eprintln!("hdu3595: piles must be in 1..=1000, got {pile}");
        std::process::exit(1);
    }
    pile as u32
}
