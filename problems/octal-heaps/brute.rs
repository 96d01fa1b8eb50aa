// The brute force of `grundy stress`: the octal game played out over whole positions (a
// move takes j stones from one heap and leaves the rest as digit j allows: nothing, one heap,
// or two nonempty heaps), Grundy values by `MemoSg`.
use templates::fast_io::{Scanner, Writer};
use templates::memo_sg::MemoSg;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let code = String::from_utf8_lossy(input.token().expect("an octal code")).into_owned();
    let digits: Vec<u64> = code["0.".len()..]
        .bytes()
        .map(|d| u64::from(d - b'0'))
        .collect();
    // A position: its nonempty heaps, sorted.
    let mut game = MemoSg::new(|heaps: &Vec<u64>, options: &mut Vec<Vec<u64>>| {
        for i in 0..heaps.len() {
            let others = || {
                heaps
                    .iter()
                    .enumerate()
                    .filter(move |&(k, _)| k != i)
                    .map(|(_, &h)| h)
            };
            for (j, &digit) in (1..).zip(&digits) {
                if j > heaps[i] {
                    break;
                }
                let rest = heaps[i] - j;
                let mut left: Vec<Vec<u64>> = Vec::new();
                if digit & 1 != 0 && rest == 0 {
                    left.push(Vec::new());
                }
                if digit & 2 != 0 && rest > 0 {
                    left.push(vec![rest]);
                }
                if digit & 4 != 0 {
                    left.extend((1..rest).map(|part| vec![part, rest - part]));
                }
                for remains in left {
                    let mut option: Vec<u64> = others().chain(remains).collect();
                    option.sort_unstable();
                    options.push(option);
                }
            }
        }
    });
    for _ in 0..input.usize() {
        let h = input.usize();
        let mut heaps: Vec<u64> = (0..h).map(|_| input.u64()).filter(|&s| s > 0).collect();
        heaps.sort_unstable();
        out.str(if game.grundy(heaps) != 0 {
            "First\n"
        } else {
            "Second\n"
        });
    }
}
