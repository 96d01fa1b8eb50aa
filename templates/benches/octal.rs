mod common;

fn main() {
    let _ = common::role();
}
