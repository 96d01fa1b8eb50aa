// problem: custom
use templates::fast_io::{Scanner, Writer};
use templates::general_matching::geography_wins;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let (n, m) = (input.usize(), input.usize());
    let edges: Vec<(usize, usize)> = (0..m)
        .map(|_| (input.usize() - 1, input.usize() - 1))
        .collect();
    for wins in geography_wins(n, &edges) {
        out.byte(if wins { b'W' } else { b'L' });
    }
    out.byte(b'\n');
}
