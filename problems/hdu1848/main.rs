// problem: https://acm.hdu.edu.cn/showproblem.php?pid=1848
use templates::fast_io::{Scanner, Writer};
use templates::nim::first_player_wins;
use templates::subtraction_sg::subtraction_sg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let mut games = Vec::new();
    // `0 0 0` ends the input.
    while let Some(first) = input.try_usize() {
        let game = [first, input.usize(), input.usize()];
        if game == [0, 0, 0] {
            break;
        }
        games.push(game);
    }
    let largest = games.iter().flatten().copied().max().unwrap_or(0);
    let mut fibonacci = vec![1, 2];
    while fibonacci[fibonacci.len() - 1] <= largest {
        fibonacci.push(fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2]);
    }
    let sg = subtraction_sg(largest, &fibonacci);
    for game in &games {
        let values = game.map(|pile| u64::from(sg[pile]));
        let answer = if first_player_wins(&values) {
            "Fibo"
        } else {
            "Nacci"
        };
        out.str(answer).byte(b'\n');
    }
}
