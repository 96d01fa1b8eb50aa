// rand 0.9 as AtCoder's 2025 set has it: a treap whose priorities come from `rand::rng()`
// (seeded by the operating system: the answers do not depend on it), a seeded `SmallRng` and
// `StdRng` for reproducible tests, `random_range`, `random_bool` and `shuffle`.
//
// Input: a seed, q, then q lines "+ x" (insert), "- x" (erase one) or "? k" (k-th smallest).
use rand::rngs::{SmallRng, StdRng};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::io::{self, Read};

struct Node {
    key: i64,
    priority: u64,
    size: usize,
    left: Tree,
    right: Tree,
}

type Tree = Option<Box<Node>>;

fn size(t: &Tree) -> usize {
    t.as_ref().map_or(0, |n| n.size)
}

fn update(mut n: Box<Node>) -> Box<Node> {
    n.size = 1 + size(&n.left) + size(&n.right);
    n
}

/// Splits into keys `< key` and `>= key`.
fn split(t: Tree, key: i64) -> (Tree, Tree) {
    match t {
        None => (None, None),
        Some(mut n) if n.key < key => {
            let (l, r) = split(n.right.take(), key);
            n.right = l;
            (Some(update(n)), r)
        }
        Some(mut n) => {
            let (l, r) = split(n.left.take(), key);
            n.left = r;
            (l, Some(update(n)))
        }
    }
}

fn merge(a: Tree, b: Tree) -> Tree {
    match (a, b) {
        (None, t) | (t, None) => t,
        (Some(mut a), Some(mut b)) => {
            if a.priority > b.priority {
                a.right = merge(a.right.take(), Some(b));
                Some(update(a))
            } else {
                b.left = merge(Some(a), b.left.take());
                Some(update(b))
            }
        }
    }
}

fn kth(t: &Tree, k: usize) -> Option<i64> {
    let n = t.as_ref()?;
    let left = size(&n.left);
    match k.cmp(&left) {
        std::cmp::Ordering::Less => kth(&n.left, k),
        std::cmp::Ordering::Equal => Some(n.key),
        std::cmp::Ordering::Greater => kth(&n.right, k - left - 1),
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_ascii_whitespace();
    let seed: u64 = words.next().unwrap().parse().unwrap();
    let q: usize = words.next().unwrap().parse().unwrap();

    let mut os = rand::rng();
    let mut tree: Tree = None;
    for _ in 0..q {
        let op = words.next().unwrap();
        let x: i64 = words.next().unwrap().parse().unwrap();
        match op {
            "+" => {
                let node = Box::new(Node {
                    key: x,
                    priority: os.random(),
                    size: 1,
                    left: None,
                    right: None,
                });
                let (l, r) = split(tree.take(), x);
                tree = merge(merge(l, Some(node)), r);
            }
            "-" => {
                let (l, r) = split(tree.take(), x);
                let (mid, r) = split(r, x + 1);
                let mid = mid.and_then(|m| merge(m.left, m.right));
                tree = merge(merge(l, mid), r);
            }
            _ => match kth(&tree, x as usize - 1) {
                Some(key) => println!("{key}"),
                None => println!("none"),
            },
        }
    }

    let mut small = SmallRng::seed_from_u64(seed);
    let mut std_rng = StdRng::seed_from_u64(seed);
    let rolls: Vec<i32> = (0..6).map(|_| small.random_range(-3..=3)).collect();
    println!("small {rolls:?}");
    let mut deck: Vec<u8> = (1..=10).collect();
    deck.shuffle(&mut std_rng);
    println!("deck {deck:?}");
    println!("heads {}", std_rng.random_bool(0.5));
}
