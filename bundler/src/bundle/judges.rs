//! Judge profiles (`grundy bundle --judge NAME`): the edition and flags each judge compiles
//! a Rust submission with, which `--check` reproduces as far as this machine allows, and the
//! longest source it accepts. One table, [`JUDGES`]; everything else reads it.

/// How a judge measures a submission's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    /// Unicode scalar values (a Django `TextField`'s `max_length` counts characters).
    Chars,
}

/// One judge: what `--check` runs, what it cannot reproduce, and the size limit.
#[derive(Debug)]
pub struct Judge {
    /// The `--judge` value.
    pub name: &'static str,
    /// The judge's own name, for messages.
    pub title: &'static str,
    pub edition: &'static str,
    /// rustc's flags after `--edition`: optimization and the cfgs the judge sets.
    pub flags: &'static [&'static str],
    /// The longest submission accepted, if the judge has a known limit.
    pub limit: Option<(usize, Unit)>,
    /// What a `--check` here does not do as the judge does (printed on stderr).
    pub differs: &'static str,
}

/// Every profile. `none` comes first: it is the default and today's behavior.
pub const JUDGES: [Judge; 7] = [
    Judge {
        name: "none",
        title: "no judge",
        edition: "2021",
        flags: &["-O"],
        limit: None,
        differs: "",
    },
    // https://codeforces.com/blog/entry/79 (the compiler list): "rustc --edition=2021 -O
    // -C link-args=/STACK:268435456 --cfg ONLINE_JUDGE %1"; "The size of the file with the
    // source code shouldn't exceed 64 kilobytes".
    Judge {
        name: "codeforces",
        title: "Codeforces",
        edition: "2021",
        flags: &["-O", "--cfg", "ONLINE_JUDGE"],
        limit: Some((65_536, Unit::Bytes)),
        differs: "Codeforces compiles on Windows and links with `-C link-args=/STACK:268435456` \
                  (a 256 MiB main stack), which a Linux linker does not take; its rustc is the \
                  version its compiler list names",
    },
    // https://github.com/rust-lang-ja/atcoder-proposal (Cargo.toml: edition 2021,
    // `[profile.release] lto = true`; xtask/templates/install-command.bash.txt: rustflags
    // `--cfg atcoder`, `cargo build --release`, whose opt-level is 3:
    // https://doc.rust-lang.org/cargo/reference/profiles.html#release). The 512 KiB limit is
    // the figure; no citable page for it was found here.
    Judge {
        name: "atcoder",
        title: "AtCoder",
        edition: "2021",
        flags: &["-C", "opt-level=3", "-C", "lto", "--cfg", "atcoder"],
        limit: Some((512 * 1024, Unit::Bytes)),
        differs: "AtCoder builds with Cargo (`cargo build --release`, its crates available) \
                  and a pinned rustc (1.70.0 in the 2023 language update); here one rustc call \
                  with the same optimization, LTO and cfg",
    },
    // https://github.com/yosupo06/library-checker-judge/blob/master/langs/langs.toml
    // ("rustc(1.94.1 edition 2024)", `rustc --edition 2024 -C opt-level=3 -C
    // target-cpu=native main.rs`) and api/validate.go (`maxSourceSize = 1024 * 1024`,
    // compared with Go's `len`, in bytes).
    Judge {
        name: "library-checker",
        title: "Library Checker",
        edition: "2024",
        flags: &["-C", "opt-level=3", "-C", "target-cpu=native"],
        limit: Some((1024 * 1024, Unit::Bytes)),
        differs: "Library Checker's rustc is 1.94.1 and `target-cpu=native` is its CPU, not \
                  this one",
    },
    // No citable page with Luogu's Rust command or length limit was found: the profile is
    // plain `rustc -O`, edition 2021, and no limit is enforced.
    Judge {
        name: "luogu",
        title: "Luogu",
        edition: "2021",
        flags: &["-O"],
        limit: None,
        differs: "Luogu's exact Rust command and source limit are not known here (unverified \
                  profile: `rustc --edition 2021 -O`, no size check)",
    },
    // Likewise for yukicoder.
    Judge {
        name: "yukicoder",
        title: "yukicoder",
        edition: "2021",
        flags: &["-O"],
        limit: None,
        differs: "yukicoder's exact Rust command and source limit are not known here \
                  (unverified profile: `rustc --edition 2021 -O`, no size check)",
    },
    // https://github.com/DMOJ/judge-server/blob/master/dmoj/executors/RUST.py (Cargo.toml
    // with edition 2021, `cargo build --release`, opt-level 3 as above, no cfg) and
    // https://github.com/DMOJ/online-judge/blob/master/judge/models/submission.py
    // (`source = models.TextField(..., max_length=65536)`: characters).
    Judge {
        name: "dmoj",
        title: "DMOJ",
        edition: "2021",
        flags: &["-C", "opt-level=3"],
        limit: Some((65_536, Unit::Chars)),
        differs: "DMOJ builds with Cargo (`cargo build --release`, crates dmoj, libc, rand, \
                  rand_xoshiro available) and its own rustc; here one rustc call with the same \
                  optimization",
    },
];

/// A bundle longer than its judge accepts.
#[derive(Debug, thiserror::Error)]
#[error(
    "the bundle is {size} {unit}, {over} over {title}'s limit of {limit} {unit}; {advice}",
    over = size - limit,
    unit = match unit { Unit::Bytes => "bytes", Unit::Chars => "characters" }
)]
pub struct TooLarge {
    pub title: &'static str,
    pub size: usize,
    pub limit: usize,
    pub unit: Unit,
    pub advice: String,
}

impl Judge {
    /// The `--judge` values, in the table's order.
    pub const NAMES: [&'static str; JUDGES.len()] = {
        let mut names = [""; JUDGES.len()];
        let mut i = 0;
        while i < JUDGES.len() {
            names[i] = JUDGES[i].name;
            i += 1;
        }
        names
    };

    /// The profile called `name`; `Err` lists the names there are.
    pub fn named(name: &str) -> Result<&'static Judge, String> {
        JUDGES.iter().find(|j| j.name == name).ok_or_else(|| {
            format!(
                "no judge named `{name}`; the judges are {}",
                Judge::NAMES.join(", ")
            )
        })
    }

    /// `Err` when `text` is over the limit; the advice names the options not yet used
    /// (`stripped_docs`, `minified`) that make a bundle shorter.
    pub fn check_size(
        &self,
        text: &str,
        stripped_docs: bool,
        minified: bool,
    ) -> Result<(), TooLarge> {
        let Some((limit, unit)) = self.limit else {
            return Ok(());
        };
        let size = match unit {
            Unit::Bytes => text.len(),
            Unit::Chars => text.chars().count(),
        };
        if size <= limit {
            return Ok(());
        }
        let options: Vec<&str> = [
            (!stripped_docs).then_some("`--strip-docs` (no library doc comments)"),
            (!minified).then_some("`--minify` (no comments, only the spaces Rust needs)"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let advice = if options.is_empty() {
            "the code itself is too long: use fewer library items or shorten the solution".into()
        } else {
            format!("try {}", options.join(" or "))
        };
        Err(TooLarge {
            title: self.title,
            size,
            limit,
            unit,
            advice,
        })
    }

    /// The rustc command line `--check` runs for this judge, for messages.
    pub fn command(&self) -> String {
        format!(
            "rustc --edition {} {} main.rs",
            self.edition,
            self.flags.join(" ")
        )
    }
}
