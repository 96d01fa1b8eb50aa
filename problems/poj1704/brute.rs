// The brute force of `grundy stress`: Georgia and Bob played out over whole positions (a
// chessman moves left onto a free cell without passing another), Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    // A position: the occupied cells, sorted.
    let mut game = MemoSg::new(|cells: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
        for i in 0..cells.len() {
            let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
            for to in lowest..cells[i] {
                let mut option = cells.clone();
                option[i] = to;
                options.push(option);
            }
        }
    });
    for _ in 0..input.usize() {
        let n = input.usize();
        let mut cells: Vec<u64> = (0..n).map(|_| input.u64()).collect();
        cells.sort_unstable();
        out.str(if game.grundy(cells) != 0 {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        });
    }
}
