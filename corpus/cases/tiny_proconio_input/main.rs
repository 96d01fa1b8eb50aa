// The sum of each row of a matrix and the longest word, read with proconio's input!.
//
// Input: h w, then h rows of w numbers, then n and n words.
use proconio::input;
use proconio::marker::Chars;

fn main() {
    input! {
        h: usize,
        w: usize,
        rows: [[i64; w]; h],
        n: usize,
        words: [Chars; n],
    }
    for row in &rows {
        println!("{}", row.iter().sum::<i64>());
    }
    let longest = words.iter().max_by_key(|w| w.len()).unwrap();
    println!("{}", longest.iter().collect::<String>());
}
