// Brute force over permutations with permutohedron:
// - the shortest round trip through all cities (Heap's algorithm as an iterator);
// - how many seatings keep every pair of rivals apart (heap_recursive with a callback,
//   stopping early once a limit is reached via Control::Break);
// - the first few arrangements of a word in lexicographic order (LexicalPermutation).
//
// Input: n, an n x n distance matrix; r and r rival pairs "a b"; a limit; a word.
use permutohedron::control::Control;
use permutohedron::{heap_recursive, Heap, LexicalPermutation};
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n: usize = next().parse().unwrap();
    let dist: Vec<Vec<u32>> = (0..n)
        .map(|_| (0..n).map(|_| next().parse().unwrap()).collect())
        .collect();
    // City 0 is fixed as the start; permute the rest.
    let mut rest: Vec<usize> = (1..n).collect();
    let mut best: Option<(u32, Vec<usize>)> = None;
    let mut tours = 0;
    for order in Heap::new(&mut rest) {
        tours += 1;
        let mut length = 0;
        let mut at = 0;
        for &city in order.iter().chain(std::iter::once(&0)) {
            length += dist[at][city];
            at = city;
        }
        let better = match &best {
            None => true,
            Some((l, o)) => length < *l || (length == *l && order < *o),
        };
        if better {
            best = Some((length, order));
        }
    }
    let (length, order) = best.unwrap();
    let route: Vec<String> = std::iter::once(0)
        .chain(order)
        .chain(std::iter::once(0))
        .map(|c| c.to_string())
        .collect();
    writeln!(
        out,
        "{} tours, shortest {}: {}",
        tours,
        length,
        route.join("-")
    )
    .unwrap();

    let r: usize = next().parse().unwrap();
    let rivals: Vec<(usize, usize)> = (0..r)
        .map(|_| (next().parse().unwrap(), next().parse().unwrap()))
        .collect();
    let limit: usize = next().parse().unwrap();
    let mut seats: Vec<usize> = (0..n).collect();
    let mut good = 0;
    let mut seen = 0;
    let stopped = heap_recursive(&mut seats, |perm| {
        seen += 1;
        let mut position = vec![0; perm.len()];
        for (seat, &guest) in perm.iter().enumerate() {
            position[guest] = seat;
        }
        let apart = rivals
            .iter()
            .all(|&(a, b)| (position[a] as i64 - position[b] as i64).abs() > 1);
        if apart {
            good += 1;
        }
        if good == limit {
            Control::Break(perm.to_vec())
        } else {
            Control::Continue
        }
    });
    match stopped.break_value() {
        Some(seating) => writeln!(
            out,
            "stopped after {} seatings: the {}th good one is {:?}",
            seen, limit, seating
        )
        .unwrap(),
        None => writeln!(
            out,
            "all {} seatings checked, {} keep rivals apart",
            seen, good
        )
        .unwrap(),
    }
    let mut counted = 0;
    heap_recursive(&mut seats, |_| counted += 1);
    writeln!(
        out,
        "seatings in total: {} (factorial {})",
        counted,
        permutohedron::factorial(n)
    )
    .unwrap();

    let mut word: Vec<char> = next().chars().collect();
    word.sort_unstable();
    let mut listed = vec![word.iter().collect::<String>()];
    while listed.len() < 8 && word.next_permutation() {
        listed.push(word.iter().collect());
    }
    writeln!(out, "{}", listed.join(" ")).unwrap();
    while word.next_permutation() {}
    word.prev_permutation();
    writeln!(out, "second to last: {}", word.iter().collect::<String>()).unwrap();
}
