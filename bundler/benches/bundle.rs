//! `make bench`: how long bundling takes, in-process and as a whole `bundler bundle` process,
//! and how big the result is, for several problems (median of many runs, warm file cache).
//! Targets: under 5 ms in-process, under 20 ms as a process.

use bundler::{BundleOptions, Library};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 51;
const PROBLEMS: [&str; 6] = [
    "poj2311",
    "hdu1536",
    "poj1067",
    "hdu3032",
    "nim-product-64",
    "poj3710",
];

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn millis(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let workspace = bundler::workspace_dir();
    let lib_dir = Library::default_dir();
    println!("{RUNS} runs each; median");
    println!(
        "{:<16} {:>12} {:>12} {:>12} {:>10} {:>14}",
        "problem", "in-process", "  of it open", "process", "bytes", "--strip-docs"
    );
    for id in PROBLEMS {
        let main = workspace.join("problems").join(id).join("main.rs");
        let (mut total, mut open) = (Vec::new(), Vec::new());
        let mut size = 0;
        for _ in 0..RUNS {
            let start = Instant::now();
            let mut library = Library::open(&lib_dir).unwrap();
            open.push(start.elapsed());
            let text = bundler::bundle(&main, &mut library, &BundleOptions::default()).unwrap();
            total.push(start.elapsed());
            size = text.len();
        }
        let process = median(
            (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    let status = Command::new(env!("CARGO_BIN_EXE_bundler"))
                        .arg("bundle")
                        .arg(&main)
                        .stdout(Stdio::null())
                        .status()
                        .unwrap();
                    assert!(status.success());
                    start.elapsed()
                })
                .collect(),
        );
        let stripped = bundler::bundle(
            &main,
            &mut Library::open(&lib_dir).unwrap(),
            &BundleOptions { strip_docs: true },
        )
        .unwrap()
        .len();
        println!(
            "{:<16} {:>12} {:>12} {:>12} {:>10} {:>14}",
            id,
            millis(median(total)),
            millis(median(open)),
            millis(process),
            size,
            stripped
        );
    }
}
