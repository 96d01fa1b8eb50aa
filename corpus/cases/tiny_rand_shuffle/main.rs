// A deck shuffled and dice rolled with rand 0.8: from a seeded generator (the same every
// run), and from the thread's generator (the output shows only what does not depend on it).
//
// Input: the number of cards and a seed.
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{thread_rng, Rng, SeedableRng};
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut words = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    let (n, seed) = (words.next().unwrap(), words.next().unwrap());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut deck: Vec<u64> = (1..=n).collect();
    deck.shuffle(&mut rng);
    let dice: Vec<u32> = (0..5).map(|_| rng.gen_range(1..=6)).collect();
    println!("{:?} {:?}", deck, dice);
    let mut again: Vec<u64> = (1..=n).collect();
    again.shuffle(&mut thread_rng());
    again.sort_unstable();
    let roll = thread_rng().gen_range(1..=6);
    println!(
        "{} {}",
        again == (1..=n).collect::<Vec<_>>(),
        (1..=6).contains(&roll)
    );
}
