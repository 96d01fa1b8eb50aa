// Strongly connected components of a one-way street map (in topological order), and
// placing flags with 2-SAT: flag i stands at x_i or y_i, any two flags at least d apart.
//
// Input:
//   n m, then m lines "u v": one-way streets
//   k d, then k lines "x y": the two possible positions of each flag
use ac_library::*;
use std::io::{self, BufWriter, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<i64>().unwrap());
    let mut next = || tokens.next().unwrap();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let n = next() as usize;
    let m = next() as usize;
    let mut streets = SccGraph::new(n);
    for _ in 0..m {
        let u = next() as usize;
        let v = next() as usize;
        streets.add_edge(u, v);
    }
    let components = streets.scc();
    writeln!(out, "{} components", components.len()).unwrap();
    let mut component_of = vec![0; n];
    for (c, members) in components.iter().enumerate() {
        let mut sorted = members.clone();
        sorted.sort_unstable();
        for &v in &sorted {
            component_of[v] = c;
        }
        let names: Vec<String> = sorted.iter().map(|v| v.to_string()).collect();
        writeln!(out, "component {}: {}", c, names.join(" ")).unwrap();
    }
    let sizes: Vec<usize> = components.iter().map(Vec::len).collect();
    writeln!(out, "largest {}", sizes.iter().max().unwrap()).unwrap();
    writeln!(
        out,
        "0 and {} together: {}",
        n - 1,
        component_of[0] == component_of[n - 1]
    )
    .unwrap();

    let k = next() as usize;
    let d = next();
    let flags: Vec<(i64, i64)> = (0..k).map(|_| (next(), next())).collect();
    let mut sat = TwoSat::new(k);
    // true: the flag stands at x; false: at y
    for i in 0..k {
        for j in i + 1..k {
            let pos = |f: (i64, i64), at_x: bool| if at_x { f.0 } else { f.1 };
            for a in [true, false] {
                for b in [true, false] {
                    if (pos(flags[i], a) - pos(flags[j], b)).abs() < d {
                        sat.add_clause(i, !a, j, !b);
                    }
                }
            }
        }
    }
    if sat.satisfiable() {
        writeln!(out, "Yes").unwrap();
        for (f, &at_x) in flags.iter().zip(sat.answer()) {
            writeln!(out, "{}", if at_x { f.0 } else { f.1 }).unwrap();
        }
    } else {
        writeln!(out, "No").unwrap();
    }
}
