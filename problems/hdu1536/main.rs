// problem: https://acm.hdu.edu.cn/showproblem.php?pid=1536
use templates::fast_io::{Scanner, Writer};
use templates::nim::first_player_wins;
use templates::subtraction_sg::subtraction_sg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A move set of size 0 ends the input.
    while let Some(k) = input.try_usize().filter(|&k| k != 0) {
        let moves: Vec<usize> = (0..k).map(|_| input.usize()).collect();
        let positions: Vec<Vec<usize>> = (0..input.usize())
            .map(|_| (0..input.usize()).map(|_| input.usize()).collect())
            .collect();
        let largest = positions.iter().flatten().copied().max().unwrap_or(0);
        let sg = subtraction_sg(largest, &moves);
        let mut values = Vec::new();
        for heaps in &positions {
            values.clear();
            values.extend(heaps.iter().map(|&heap| u64::from(sg[heap])));
            let letter = if first_player_wins(&values) {
                b'W'
            } else {
                b'L'
            };
            out.byte(letter);
        }
        out.byte(b'\n');
    }
}
