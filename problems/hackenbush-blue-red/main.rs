// problem: custom
// Statement: hackenbush-blue-red/README.md.

use templates::fast_io::{Scanner, Writer};
use templates::partizan_number::{blue_red_tree, blue_wins};

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let name = |blue: bool| if blue { "Blue" } else { "Red" };
    for _ in 0..input.usize() {
        let n = input.usize();
        let edges: Vec<(usize, usize, bool)> = (1..=n)
            .map(|v| {
                let p = input.usize();
                let c = input.token().expect("a colour") == b"B";
                (p, v, c)
            })
            .collect();
        let value = blue_red_tree(n + 1, &edges, 0);
        out.str(&value.to_string())
            .byte(b' ')
            .str(name(blue_wins(value, true)))
            .byte(b' ')
            .str(name(blue_wins(value, false)))
            .byte(b'\n');
    }
}
