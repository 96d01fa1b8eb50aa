// A maze read with proconio: the shortest walk from S to G (BFS over a `Chars` grid), the
// cheapest monotone path through a toll matrix (nested arrays, `mut`), cell queries given as
// 1-based tuples, and how often each letter of a word (`Bytes`) appears in the maze.
//
// Input: h w, h rows of the maze, an h x w toll matrix, q and q queries "row col",
// then a word.
use proconio::input;
use proconio::marker::{Bytes, Chars, Usize1};
use std::collections::VecDeque;
use std::io::{self, BufWriter, Write};

fn main() {
    input! {
        h: usize,
        w: usize,
        maze: [Chars; h],
        mut tolls: [[i64; w]; h],
        q: usize,
        queries: [(Usize1, Usize1); q],
        word: Bytes,
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let find = |target: char| {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .find(|&(r, c)| maze[r][c] == target)
            .unwrap()
    };
    let start = find('S');
    let goal = find('G');
    let mut dist = vec![vec![usize::MAX; w]; h];
    let mut queue = VecDeque::new();
    dist[start.0][start.1] = 0;
    queue.push_back(start);
    while let Some((r, c)) = queue.pop_front() {
        let moves = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        for (dr, dc) in moves {
            let nr = r as i64 + dr;
            let nc = c as i64 + dc;
            if nr < 0 || nc < 0 || nr >= h as i64 || nc >= w as i64 {
                continue;
            }
            let (nr, nc) = (nr as usize, nc as usize);
            if maze[nr][nc] != '#' && dist[nr][nc] == usize::MAX {
                dist[nr][nc] = dist[r][c] + 1;
                queue.push_back((nr, nc));
            }
        }
    }
    match dist[goal.0][goal.1] {
        usize::MAX => writeln!(out, "no walk from S to G").unwrap(),
        d => writeln!(out, "walk S{:?} -> G{:?}: {} steps", start, goal, d).unwrap(),
    }

    // Walls are expensive to break through.
    for (row, tolls_row) in maze.iter().zip(tolls.iter_mut()) {
        for (&cell, toll) in row.iter().zip(tolls_row.iter_mut()) {
            if cell == '#' {
                *toll += 100;
            }
        }
    }
    let mut best = vec![vec![0i64; w]; h];
    for r in 0..h {
        for c in 0..w {
            let from_up = if r > 0 { Some(best[r - 1][c]) } else { None };
            let from_left = if c > 0 { Some(best[r][c - 1]) } else { None };
            let before = match (from_up, from_left) {
                (Some(a), Some(b)) => a.min(b),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => 0,
            };
            best[r][c] = before + tolls[r][c];
        }
    }
    writeln!(out, "cheapest monotone path: {}", best[h - 1][w - 1]).unwrap();

    for &(r, c) in &queries {
        let d = dist[r][c];
        let shown = if d == usize::MAX {
            "unreachable".to_string()
        } else {
            d.to_string()
        };
        writeln!(
            out,
            "({}, {}) '{}' toll {} distance {}",
            r + 1,
            c + 1,
            maze[r][c],
            tolls[r][c],
            shown
        )
        .unwrap();
    }

    let letters: String = word.iter().map(|&b| b as char).collect();
    for (i, &b) in word.iter().enumerate() {
        if word[..i].contains(&b) {
            continue;
        }
        let count = maze
            .iter()
            .flatten()
            .filter(|&&c| c as u32 == b as u32)
            .count();
        writeln!(
            out,
            "'{}' of {} appears {} times",
            b as char, letters, count
        )
        .unwrap();
    }
}
