// Three collections of AtCoder's 2025 set: ordered-float 5 (floats in a heap and a set),
// hashbag 0.1 (a multiset), im-rc 15 (persistent vectors, maps and sets).
//
// Input: n, then n numbers, then n words.
use hashbag::HashBag;
use im_rc::{OrdMap, OrdSet, Vector};
use ordered_float::{NotNan, OrderedFloat};
use proconio::input;
use std::collections::{BTreeSet, BinaryHeap};

fn main() {
    input! { n: usize, xs: [f64; n], words: [String; n] }
    let mut heap: BinaryHeap<OrderedFloat<f64>> = xs.iter().map(|&x| OrderedFloat(x)).collect();
    let mut top = Vec::new();
    while let Some(OrderedFloat(x)) = heap.pop() {
        top.push(x);
    }
    println!("{top:?}");
    let distinct: BTreeSet<NotNan<f64>> = xs.iter().map(|&x| NotNan::new(x).unwrap()).collect();
    println!("{}", distinct.len());

    let bag: HashBag<&str> = words.iter().map(String::as_str).collect();
    let mut counts: Vec<(&str, usize)> = bag.set_iter().map(|(w, c)| (*w, c)).collect();
    counts.sort();
    println!("{counts:?} {}", bag.len());

    let first: Vector<i64> = (1..=n as i64).collect();
    let second = first.update(0, 100);
    let mut third = second.clone();
    third.push_back(-1);
    println!("{:?} {:?} {}", first.head(), second.head(), third.len());
    let index: OrdMap<&str, usize> = words
        .iter()
        .enumerate()
        .map(|(i, w)| (w.as_str(), i))
        .collect();
    println!("{:?}", index.iter().collect::<Vec<_>>());
    let set: OrdSet<i64> = first.iter().map(|x| x % 3).collect();
    println!("{:?}", set.iter().collect::<Vec<_>>());
}
