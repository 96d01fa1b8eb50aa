// problem: http://poj.org/problem?id=2311
use templates::cutting_game::CuttingGame;
use templates::fast_io::{Scanner, Writer};

const MAX_SIDE: usize = 200;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let game = CuttingGame::new(MAX_SIDE, MAX_SIDE);
    while let Some(w) = input.try_usize() {
        let h = input.usize();
        let answer = if game.first_player_wins(w, h) {
            "WIN"
        } else {
            "LOSE"
        };
        out.str(answer).byte(b'\n');
    }
}
