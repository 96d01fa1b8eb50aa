//! `fast_io` side by side with C++ (`cargo bench -p templates --bench io`): the Scanner as a
//! process summing full-range u64 from stdin, against C++ readers (an `fread` 64 KiB buffer,
//! `getchar_unlocked`) and `cat` (reading only: the limit), on 10^7 and 10^8 integers; the
//! Writer writing 10^7 u64 to a file, against a C++ writer with a two-digit table.
mod common;

use common::{race, Contender};
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;
use templates::fast_io::{Scanner, Writer};

/// The seed of every input: the C++ writer's generator starts from it too.
const SEED: u64 = 0x9e37_79b9_7f4a_7c15;
const SMALL: u64 = 10_000_000;
const LARGE: u64 = 100_000_000;
/// Free space needed to write the 10^8 input (about 2 GB).
const LARGE_DISK: u64 = 5 << 30;

/// Marsaglia's xorshift64: full-range u64, the same stream in the C++ writer.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn main() {
    match common::role().as_deref() {
        Some("scan") => println!("{}", sum(Scanner::stdin())),
        Some("read-all-then-scan") => {
            let mut bytes = Vec::new();
            io::stdin().lock().read_to_end(&mut bytes).expect("stdin");
            println!("{}", sum(Scanner::from_bytes(bytes)));
        }
        Some("write") => write_numbers(&std::env::args().nth(1).expect("output path")),
        Some(role) => panic!("unknown role {role}"),
        None => races(),
    }
}

fn sum(mut input: Scanner) -> u64 {
    let mut total = 0u64;
    while let Some(x) = input.try_u64() {
        total = total.wrapping_add(x);
    }
    total
}

fn write_numbers(path: &str) {
    let mut out = Writer::new(File::create(path).expect("output file"));
    let mut state = SEED;
    for _ in 0..SMALL {
        out.u64(xorshift(&mut state)).byte(b'\n');
    }
}

const FREAD: &str = r#"
#include <cstdio>
#include <cstdint>
static char buf[1 << 16];
static size_t len = 0, pos = 0;
static inline int next() {
    if (pos == len) {
        len = fread(buf, 1, sizeof buf, stdin);
        pos = 0;
        if (len == 0) return -1;
    }
    return (unsigned char)buf[pos++];
}
"#;

const GETCHAR: &str = r#"
#include <cstdio>
#include <cstdint>
static inline int next() { return getchar_unlocked(); }
"#;

/// The loop both C++ readers share after their `next()` (-1, EOF, at the end).
const SUM_MAIN: &str = r#"
int main() {
    uint64_t sum = 0;
    for (;;) {
        int c = next();
        while (c == ' ' || (c >= '\t' && c <= '\r')) c = next();
        if (c < 0) break;
        uint64_t x = 0;
        while (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); c = next(); }
        sum += x;
    }
    printf("%llu\n", (unsigned long long)sum);
}
"#;

const WRITER: &str = r#"
#include <cstdio>
#include <cstdint>
#include <cstring>
static char buf[1 << 16], pairs[200];
static size_t pos = 0;
static FILE *out;
static void flush() { fwrite(buf, 1, pos, out); pos = 0; }
static inline void put(uint64_t x) {
    if (pos + 21 > sizeof buf) flush();
    char text[20];
    int i = 20;
    while (x >= 100) { i -= 2; memcpy(text + i, pairs + 2 * (x % 100), 2); x /= 100; }
    if (x >= 10) { i -= 2; memcpy(text + i, pairs + 2 * x, 2); } else text[--i] = '0' + x;
    memcpy(buf + pos, text + i, 20 - i);
    pos += 20 - i;
    buf[pos++] = '\n';
}
int main(int argc, char **argv) {
    for (int i = 0; i < 100; i++) { pairs[2 * i] = '0' + i / 10; pairs[2 * i + 1] = '0' + i % 10; }
    out = fopen(argv[1], "wb");
    uint64_t state = SEED;
    for (int i = 0; i < 10000000; i++) {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17;
        put(state);
    }
    flush();
    fclose(out);
}
"#;

/// `count` full-range u64, one a line (written with `std`, not the `Writer` under test), in
/// the scratch directory, and their wrapping sum; made once, reused after.
fn input(count: u64) -> Option<(PathBuf, String)> {
    let path = common::scratch().join(format!("u64-{count}.txt"));
    let sum_path = path.with_extension("sum");
    if let (true, Ok(sum)) = (path.exists(), std::fs::read_to_string(&sum_path)) {
        return Some((path, sum));
    }
    if count == LARGE {
        match free_bytes(&common::scratch()) {
            Some(free) if free >= LARGE_DISK => {}
            free => {
                println!("  (10^8 integers skipped: {free:?} bytes free, {LARGE_DISK} needed)");
                return None;
            }
        }
    }
    let started = Instant::now();
    let partial = path.with_extension("partial");
    let mut out = BufWriter::new(File::create(&partial).expect("bench input"));
    let (mut state, mut sum) = (SEED, 0u64);
    for _ in 0..count {
        let x = xorshift(&mut state);
        sum = sum.wrapping_add(x);
        writeln!(out, "{x}").expect("bench input");
    }
    out.flush().expect("bench input");
    std::fs::rename(&partial, &path).expect("bench input");
    std::fs::write(&sum_path, sum.to_string()).expect("bench input");
    println!("  (wrote {} in {:.1?})", path.display(), started.elapsed());
    Some((path, sum.to_string()))
}

/// Free bytes on the file system of `dir`, from `df` (std has no statvfs).
fn free_bytes(dir: &Path) -> Option<u64> {
    let output = Command::new("df").arg("-Pk").arg(dir).output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let kib: u64 = text
        .lines()
        .nth(1)?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    Some(kib * 1024)
}

/// `cat file > /dev/null`: only reading, the limit of any reader. It computes nothing, so it
/// answers the sum known from generating the file.
fn cat(file: &Path, sum: &str) -> Contender {
    let (file, sum) = (file.to_path_buf(), sum.to_string());
    Contender {
        name: "cat > /dev/null (known sum)".to_string(),
        run: Box::new(move || {
            let start = Instant::now();
            let status = Command::new("cat")
                .stdin(File::open(&file).expect("bench input"))
                .stdout(Stdio::null())
                .status()
                .expect("cat");
            assert!(status.success(), "cat failed");
            (sum.clone(), start.elapsed())
        }),
    }
}

/// A writer writing to `output`, answering whether it wrote the same bytes as `expected`
/// (checked after the timing).
fn writer(mut inner: Contender, output: PathBuf, expected: PathBuf) -> Contender {
    Contender {
        name: inner.name.clone(),
        run: Box::new(move || {
            let (_, elapsed) = (inner.run)();
            let (written, wanted) = (std::fs::read(&output), std::fs::read(&expected));
            let (written, wanted) = (written.expect("output"), wanted.expect("expected"));
            let answer = match written.iter().zip(&wanted).position(|(a, b)| a != b) {
                None if written.len() == wanted.len() => "the expected bytes".to_string(),
                None => format!("{} bytes instead of {}", written.len(), wanted.len()),
                Some(at) => format!("a wrong byte at {at}"),
            };
            (answer, elapsed)
        }),
    }
}

fn races() {
    let fread = common::gxx("io_fread", &format!("{FREAD}{SUM_MAIN}"));
    let getchar = common::gxx("io_getchar", &format!("{GETCHAR}{SUM_MAIN}"));
    let cpp_writer = common::gxx("io_writer", &WRITER.replace("SEED", &format!("{SEED}ull")));
    for (count, rounds) in [(SMALL, 7), (LARGE, 3)] {
        let Some((file, sum)) = input(count) else {
            continue;
        };
        let megabytes = std::fs::metadata(&file).expect("bench input").len() as f64 / 1e6;
        let mut contenders = vec![Contender::this_binary(
            "fast_io Scanner",
            "scan",
            &[],
            Some(&file),
        )];
        if let Some(fread) = &fread {
            contenders.push(Contender::process(
                "C++ fread 64 KiB",
                fread,
                &[],
                Some(&file),
            ));
        }
        if let Some(getchar) = &getchar {
            let name = "C++ getchar_unlocked";
            contenders.push(Contender::process(name, getchar, &[], Some(&file)));
        }
        contenders.push(cat(&file, &sum));
        if count == SMALL {
            let name = "read_to_end, then Scanner";
            contenders.push(Contender::this_binary(
                name,
                "read-all-then-scan",
                &[],
                Some(&file),
            ));
        }
        let title =
            format!("Scanner: sum of {count} full-range u64 from stdin ({megabytes:.0} MB)");
        let result = race(&title, rounds, &mut contenders);
        let speed = megabytes / result.median("fast_io Scanner").as_secs_f64();
        println!("  fast_io Scanner: {speed:.0} MB/s");
        if fread.is_some() {
            result.target("fast_io Scanner", "C++ fread 64 KiB", 1.0);
        }
    }
    // Written to RAM if there is a tmpfs, so the disk does not time the writers.
    let shm = Path::new("/dev/shm");
    let dir = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        common::scratch()
    };
    let Some((expected, _)) = input(SMALL) else {
        return;
    };
    let ours = dir.join("fast_io-writer.txt");
    let arg = [ours.display().to_string()];
    let this = Contender::this_binary("fast_io Writer", "write", &arg, None);
    let mut contenders = vec![writer(this, ours.clone(), expected.clone())];
    if let Some(cpp_writer) = &cpp_writer {
        let theirs = dir.join("cpp-writer.txt");
        let arg = [theirs.display().to_string()];
        let process = Contender::process("C++ two-digit table", cpp_writer, &arg, None);
        contenders.push(writer(process, theirs, expected));
    }
    let result = race(
        "Writer: 10^7 full-range u64, one a line, to a file",
        7,
        &mut contenders,
    );
    if cpp_writer.is_some() {
        result.target("fast_io Writer", "C++ two-digit table", 1.0);
    }
    for file in ["fast_io-writer.txt", "cpp-writer.txt"] {
        let _ = std::fs::remove_file(dir.join(file));
    }
}
