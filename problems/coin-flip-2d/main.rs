// problem: custom (after HDU 3404 "Switch lights")
// Acrostic Twins: flipping the corners (x, y), (a, y), (x, b), (a, b) is the Tartan product
// of two copies of Twins, so a heads coin at (x, y) is worth x ⊗ y (nim product).
use templates::coin_turning::{position_value, tartan, twins};
use templates::fast_io::{Scanner, Writer};
use templates::nimber::NimProduct;

fn main() {
    let mut input = Scanner::stdin();
    let mut out = Writer::stdout();
    let nim = NimProduct::new();
    for _ in 0..input.usize() {
        let n = input.usize();
        let cells = (0..n).map(|_| (input.u64(), input.u64()));
        let value = position_value(cells, |(x, y)| tartan(&nim, twins(x), twins(y)));
        out.str(if value != 0 { "First\n" } else { "Second\n" });
    }
}
