//! What each judge accepts: one profile per judge ([`PROFILES`]) with the editions it offers,
//! the rustc flags and cfgs it compiles with, the rustc version it runs, the longest source it
//! takes, the stack it gives, and the crates it provides. Everything that compiles a bundle as
//! a judge does reads this table through [`Profile::rustc_args`] ([`rustc`]); [`provided`]
//! builds the provided crates a bundle uses, [`minify`] shortens a bundle.
//!
//! This room does not know the bundle engine: it takes and checks text.

pub mod minify;
pub mod provided;
pub mod rustc;

/// How a judge measures a submission's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Bytes,
    /// Unicode scalar values (a Django `TextField`'s `max_length` counts characters).
    Chars,
}

/// A crate the judge compiles every submission with, as its `Cargo.toml` names it.
#[derive(Debug)]
pub struct Provided {
    /// The name code uses for it (`ac_library` for the package `ac-library-rs`).
    pub name: &'static str,
    pub package: &'static str,
    /// The version requirement as the judge writes it (`=0.5.0`).
    pub version: &'static str,
    pub features: &'static [&'static str],
}

/// One judge: how it compiles, what it takes, and what a check here cannot reproduce.
#[derive(Debug)]
pub struct Profile {
    /// The `--judge` value.
    pub name: &'static str,
    /// The judge's own name, for messages.
    pub title: &'static str,
    /// The editions it offers; the first is the default.
    pub editions: &'static [&'static str],
    /// rustc's optimization and code-generation flags.
    pub flags: &'static [&'static str],
    /// The `--cfg` names it sets.
    pub cfgs: &'static [&'static str],
    /// The cfgs of each target it may compile for, when known ([`LINUX_X86_64`]); empty
    /// when unknown.
    pub targets: &'static [&'static [&'static str]],
    /// The rustc version it runs (`""` when unknown).
    pub rustc: &'static str,
    /// The longest submission accepted, if the judge has a known limit.
    pub limit: Option<(usize, Unit)>,
    /// The main thread's stack in bytes; `None`: as large as the memory limit.
    pub stack: Option<u64>,
    /// The crates every submission may use without carrying them.
    pub provided: &'static [Provided],
    /// Where the facts above come from.
    pub source: &'static str,
    /// What a check here does not do as the judge does (printed on stderr); empty when a
    /// check here is the judge's own command.
    pub differs: &'static str,
}

/// What a bundle is compiled as: a judge's profile, in one of the editions it offers.
/// The pipeline is the one place that chooses it, for every command.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub profile: &'static Profile,
    pub edition: &'static str,
}

impl Default for Target {
    /// No judge, in its default edition.
    fn default() -> Target {
        Target {
            profile: &PROFILES[0],
            edition: PROFILES[0].editions[0],
        }
    }
}

impl Target {
    /// `Codeforces (rustc --edition 2021 -O ...)`: how a solution was judged, for reports.
    pub fn judged_as(&self) -> String {
        format!(
            "{} ({})",
            self.profile.title,
            self.profile.command_line(self.edition)
        )
    }
}

/// AtCoder's crate set of the 2025 language update: the `[dependencies]` of its `Cargo.toml`
/// (rust-lang-ja/atcoder-proposal at 7a724cdf, as its install script for "Rust (rustc
/// 1.89.0)" writes it; copied in cputils/atcoder-docker-images, info/rust-rustc-1-89-0.toml),
/// each with the version and features it pins.
const ATCODER_2025: &[Provided] = &[
    crate_("rpds", "rpds", "=1.1.1", &[]),
    crate_("rand_xorshift", "rand_xorshift", "=0.4.0", &[]),
    crate_("rand_xoshiro", "rand_xoshiro", "=0.7.0", &[]),
    crate_("statrs", "statrs", "=0.18.0", &[]),
    crate_("primal", "primal", "=0.3.3", &[]),
    crate_("thiserror", "thiserror", "=2.0.16", &[]),
    crate_("ac_library", "ac-library-rs", "=0.2.0", &[]),
    crate_("once_cell", "once_cell", "=1.21.3", &[]),
    crate_("static_assertions", "static_assertions", "=1.1.0", &[]),
    crate_("varisat", "varisat", "=0.2.2", &[]),
    crate_("memoise", "memoise", "=0.3.2", &[]),
    crate_("argio", "argio", "=0.2.0", &[]),
    crate_("bitvec", "bitvec", "=1.0.1", &[]),
    crate_("counter", "counter", "=0.7.0", &[]),
    crate_("hashbag", "hashbag", "=0.1.12", &[]),
    crate_("pathfinding", "pathfinding", "=4.14.0", &[]),
    crate_("recur_fn", "recur-fn", "=2.2.0", &[]),
    crate_(
        "indexing",
        "indexing",
        "=0.4.1",
        &["experimental_pointer_ranges"],
    ),
    crate_(
        "amplify",
        "amplify",
        "=4.9.0",
        &["c_raw", "rand", "stringly_conversions"],
    ),
    crate_("amplify_derive", "amplify_derive", "=4.0.1", &[]),
    crate_("amplify_num", "amplify_num", "=0.5.3", &["std"]),
    crate_("easy_ext", "easy-ext", "=1.0.2", &[]),
    crate_("multimap", "multimap", "=0.10.1", &[]),
    crate_("btreemultimap", "btreemultimap", "=0.1.1", &[]),
    crate_("bstr", "bstr", "=1.12.0", &[]),
    crate_("az", "az", "=1.2.1", &[]),
    crate_("glidesort", "glidesort", "=0.1.2", &[]),
    crate_("tap", "tap", "=1.0.1", &[]),
    crate_("omniswap", "omniswap", "=0.1.0", &[]),
    crate_("multiversion", "multiversion", "=0.8.0", &[]),
    crate_("num", "num", "=0.4.3", &[]),
    crate_("num_bigint", "num-bigint", "=0.4.6", &[]),
    crate_("num_complex", "num-complex", "=0.4.6", &[]),
    crate_("num_integer", "num-integer", "=0.1.46", &[]),
    crate_("num_iter", "num-iter", "=0.1.45", &[]),
    crate_("num_rational", "num-rational", "=0.4.2", &[]),
    crate_("num_traits", "num-traits", "=0.2.19", &[]),
    crate_("num_derive", "num-derive", "=0.4.2", &[]),
    crate_("ndarray", "ndarray", "=0.16.1", &[]),
    crate_("nalgebra", "nalgebra", "=0.34.0", &[]),
    crate_("alga", "alga", "=0.9.3", &[]),
    crate_("libm", "libm", "=0.2.15", &[]),
    crate_("rand", "rand", "=0.9.2", &[]),
    crate_("getrandom", "getrandom", "=0.3.3", &[]),
    crate_("rand_chacha", "rand_chacha", "=0.9.0", &[]),
    crate_("rand_core", "rand_core", "=0.9.3", &[]),
    crate_("rand_hc", "rand_hc", "=0.4.0", &[]),
    crate_("rand_pcg", "rand_pcg", "=0.9.0", &[]),
    crate_("rand_distr", "rand_distr", "=0.5.1", &[]),
    crate_("petgraph", "petgraph", "=0.8.2", &[]),
    crate_("indexmap", "indexmap", "=2.11.0", &[]),
    crate_("regex", "regex", "=1.11.2", &[]),
    crate_("lazy_static", "lazy_static", "=1.5.0", &[]),
    crate_("ordered_float", "ordered-float", "=5.0.0", &[]),
    crate_("ascii", "ascii", "=1.1.0", &[]),
    crate_("permutohedron", "permutohedron", "=0.2.4", &[]),
    crate_("superslice", "superslice", "=1.0.0", &[]),
    crate_("itertools", "itertools", "=0.14.0", &[]),
    crate_("itertools_num", "itertools-num", "=0.1.3", &[]),
    crate_("maplit", "maplit", "=1.0.2", &[]),
    crate_("either", "either", "=1.15.0", &[]),
    crate_("im_rc", "im-rc", "=15.1.0", &[]),
    crate_("fixedbitset", "fixedbitset", "=0.5.7", &[]),
    crate_("bitset_fixed", "bitset-fixed", "=0.1.0", &[]),
    crate_("proconio", "proconio", "=0.5.0", &["derive"]),
    crate_("text_io", "text_io", "=0.1.13", &[]),
    crate_("rustc_hash", "rustc-hash", "=2.1.1", &[]),
    crate_(
        "smallvec",
        "smallvec",
        "=1.15.1",
        &[
            "const_generics",
            "const_new",
            "write",
            "union",
            "serde",
            "arbitrary",
        ],
    ),
];

/// DMOJ's `Cargo.toml` for Rust submissions (DMOJ/judge-server, dmoj/executors/RUST.py):
/// no lock file, so the newest versions these requirements allow.
const DMOJ: &[Provided] = &[
    crate_("dmoj", "dmoj", "0.1", &[]),
    crate_("libc", "libc", "0.2", &[]),
    crate_("rand", "rand", "0.8", &[]),
    crate_("rand_xoshiro", "rand_xoshiro", "0.6", &[]),
];

const fn crate_(
    name: &'static str,
    package: &'static str,
    version: &'static str,
    features: &'static [&'static str],
) -> Provided {
    Provided {
        name,
        package,
        version,
        features,
    }
}

/// What `rustc --print cfg -O` prints for `x86_64-unknown-linux-gnu` (rustc 1.95.0): the
/// target of every judge here but Codeforces (Windows). Its `target_feature`s are the
/// target's baseline, on whatever CPU `-C target-cpu` names; any other feature depends on
/// the flags, and is not decided by these lists.
pub const LINUX_X86_64: &[&str] = &[
    "panic=\"unwind\"",
    "target_abi=\"\"",
    "target_arch=\"x86_64\"",
    "target_endian=\"little\"",
    "target_env=\"gnu\"",
    "target_family=\"unix\"",
    "target_feature=\"fxsr\"",
    "target_feature=\"sse\"",
    "target_feature=\"sse2\"",
    "target_has_atomic=\"16\"",
    "target_has_atomic=\"32\"",
    "target_has_atomic=\"64\"",
    "target_has_atomic=\"8\"",
    "target_has_atomic=\"ptr\"",
    "target_os=\"linux\"",
    "target_pointer_width=\"64\"",
    "target_vendor=\"unknown\"",
    "unix",
];

/// `x86_64-pc-windows-msvc`'s, as [`LINUX_X86_64`]: Codeforces links with the MSVC linker's
/// `/STACK:` and does not say whether its Rust is 32 or 64 bits, so it may be this or
/// [`WINDOWS_I686_MSVC`].
pub const WINDOWS_X86_64_MSVC: &[&str] = &[
    "panic=\"unwind\"",
    "target_abi=\"\"",
    "target_arch=\"x86_64\"",
    "target_endian=\"little\"",
    "target_env=\"msvc\"",
    "target_family=\"windows\"",
    "target_feature=\"fxsr\"",
    "target_feature=\"sse\"",
    "target_feature=\"sse2\"",
    "target_has_atomic=\"128\"",
    "target_has_atomic=\"16\"",
    "target_has_atomic=\"32\"",
    "target_has_atomic=\"64\"",
    "target_has_atomic=\"8\"",
    "target_has_atomic=\"ptr\"",
    "target_os=\"windows\"",
    "target_pointer_width=\"64\"",
    "target_vendor=\"pc\"",
    "windows",
];

/// `i686-pc-windows-msvc`'s, as [`LINUX_X86_64`].
pub const WINDOWS_I686_MSVC: &[&str] = &[
    "panic=\"unwind\"",
    "target_abi=\"\"",
    "target_arch=\"x86\"",
    "target_endian=\"little\"",
    "target_env=\"msvc\"",
    "target_family=\"windows\"",
    "target_feature=\"fxsr\"",
    "target_feature=\"sse\"",
    "target_feature=\"sse2\"",
    "target_has_atomic=\"16\"",
    "target_has_atomic=\"32\"",
    "target_has_atomic=\"64\"",
    "target_has_atomic=\"8\"",
    "target_has_atomic=\"ptr\"",
    "target_os=\"windows\"",
    "target_pointer_width=\"32\"",
    "target_vendor=\"pc\"",
    "windows",
];

/// The target of `none`, which checks with the compiler here: this machine's when it is
/// [`LINUX_X86_64`], else unknown.
const HERE: &[&[&str]] = if cfg!(all(
    target_os = "linux",
    target_arch = "x86_64",
    target_env = "gnu"
)) {
    &[LINUX_X86_64]
} else {
    &[]
};

/// Every profile. `none` comes first: it is the default, `rustc -O` with no judge's habits.
pub const PROFILES: [Profile; 7] = [
    Profile {
        name: "none",
        title: "no judge",
        editions: &["2021", "2024"],
        flags: &["-O"],
        cfgs: &[],
        targets: HERE,
        rustc: "",
        limit: None,
        stack: None,
        provided: &[],
        source: "",
        differs: "",
    },
    Profile {
        name: "codeforces",
        title: "Codeforces",
        editions: &["2021", "2024"],
        flags: &["-O"],
        cfgs: &["ONLINE_JUDGE"],
        targets: &[WINDOWS_X86_64_MSVC, WINDOWS_I686_MSVC],
        rustc: "1.89.0",
        limit: Some((65_536, Unit::Bytes)),
        stack: Some(256 << 20),
        provided: &[],
        source: "Codeforces' compiler list (blog entries 79 and 121114), as copied by \
                 agrawal-d/cph (src/config.ts, PR #674, 2026-06): Rust 1.89.0 (2021) and Rust \
                 1.89.0 (2024), `rustc --edition=<E> -O -C link-args=/STACK:268435456 --cfg \
                 ONLINE_JUDGE`; sources up to 64 KB",
        differs: "Codeforces compiles on Windows and links a 256 MiB main stack \
                  (`/STACK:268435456`), which a Linux linker does not take; the bundle's \
                  code for Windows only is not checked here",
    },
    Profile {
        name: "atcoder",
        title: "AtCoder",
        editions: &["2024"],
        // Cargo's release profile (opt-level 3) with the `lto = true` AtCoder adds.
        flags: &["-C", "opt-level=3", "-C", "lto"],
        cfgs: &["atcoder"],
        targets: &[LINUX_X86_64],
        rustc: "1.89.0",
        limit: Some((512 * 1024, Unit::Bytes)),
        // `ulimit -s` there reads 1 GiB (measured by a contestant, qiita.com/reika727).
        stack: Some(1 << 30),
        provided: ATCODER_2025,
        source: "AtCoder's 2025-10 language update, \"Rust (rustc 1.89.0)\": \
                 rust-lang-ja/atcoder-proposal at 7a724cdf (edition 2024, `[profile.release] \
                 lto = true`, rustflags `--cfg atcoder`, `cargo build --release --offline`); \
                 the 512 KiB source limit is not on a page of AtCoder's found here",
        differs: "AtCoder runs `cargo build --release` with all its crates; here one rustc \
                  call with the same flags and the provided crates the bundle uses, built by \
                  Cargo at AtCoder's versions",
    },
    Profile {
        name: "library-checker",
        title: "Library Checker",
        editions: &["2024"],
        flags: &["-C", "opt-level=3"],
        cfgs: &[],
        targets: &[LINUX_X86_64],
        rustc: "1.94.1",
        limit: Some((1024 * 1024, Unit::Bytes)),
        stack: None,
        provided: &[],
        source: "https://github.com/yosupo06/library-checker-judge (langs/langs.toml since \
                 2026-03-28: \"rustc(1.94.1 edition 2024)\", `rustc --edition 2024 -C \
                 opt-level=3 main.rs`; restapi: sources up to 1024 * 1024 bytes; judge.go: \
                 unlimited stack)",
        differs: "",
    },
    Profile {
        name: "luogu",
        title: "Luogu",
        editions: &["2021"],
        flags: &["-O"],
        cfgs: &[],
        targets: &[LINUX_X86_64],
        rustc: "",
        limit: None,
        stack: None,
        provided: &[],
        source: "",
        differs: "Luogu's exact Rust command and source limit are not known here (unverified \
                  profile: `rustc --edition 2021 -O`, no size check)",
    },
    Profile {
        name: "yukicoder",
        title: "yukicoder",
        editions: &["2021"],
        flags: &["-O"],
        cfgs: &[],
        targets: &[LINUX_X86_64],
        rustc: "",
        limit: None,
        stack: None,
        provided: &[],
        source: "",
        differs: "yukicoder's exact Rust command and source limit are not known here \
                  (unverified profile: `rustc --edition 2021 -O`, no size check)",
    },
    Profile {
        name: "dmoj",
        title: "DMOJ",
        editions: &["2021"],
        flags: &["-C", "opt-level=3"],
        cfgs: &[],
        targets: &[LINUX_X86_64],
        rustc: "",
        limit: Some((65_536, Unit::Chars)),
        stack: None,
        provided: DMOJ,
        source: "https://github.com/DMOJ/judge-server (dmoj/executors/RUST.py: Cargo.toml \
                 with edition 2021, `cargo build --release --offline`; cptbox/helper.cpp: \
                 unlimited stack) and https://github.com/DMOJ/online-judge \
                 (judge/models/submission.py: `max_length=65536`, characters)",
        differs: "DMOJ builds with Cargo and the stable rustc of its image's day; here one \
                  rustc call with the same optimization and the provided crates the bundle \
                  uses, built by Cargo",
    },
];

/// A bundle longer than its judge accepts, even without the bundled crates' doc comments and
/// minified.
#[derive(Debug, thiserror::Error)]
#[error(
    "the bundle is {size} {unit}, {over} over {title}'s limit of {limit} {unit}, even with the \
     bundled crates' doc comments left out and minified{elsewhere}{holds}",
    over = self.excess(),
    unit = unit.name(),
    elsewhere = self.elsewhere(),
    holds = self.holds()
)]
pub struct TooLarge {
    pub title: &'static str,
    pub size: usize,
    pub limit: usize,
    pub unit: Unit,
    /// Each bundled crate and the bytes it takes before minifying, largest first.
    pub crates: Vec<(String, usize)>,
    /// The judge's systems, when the code none of them compiles was left out too.
    pub systems: Option<String>,
}

impl TooLarge {
    /// "1,234 bytes".
    pub fn excess(&self) -> String {
        format!("{} {}", self.size - self.limit, self.unit.name())
    }

    /// ", and the code Windows does not compile left out".
    fn elsewhere(&self) -> String {
        self.systems
            .as_ref()
            .map(|s| format!(", and the code {s} does not compile left out"))
            .unwrap_or_default()
    }

    /// "; before minifying, the crates take: itertools 0.11.0 12345 bytes, ...".
    fn holds(&self) -> String {
        if self.crates.is_empty() {
            return String::new();
        }
        let each: Vec<String> = self
            .crates
            .iter()
            .map(|(package, bytes)| format!("{package} {bytes} bytes"))
            .collect();
        format!(
            "; before minifying, the bundled crates take: {}",
            each.join(", ")
        )
    }
}

impl Unit {
    /// `bytes` or `characters`, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Bytes => "bytes",
            Unit::Chars => "characters",
        }
    }
}

impl Profile {
    /// What `rustc --print cfg` prints for this machine, when known.
    pub fn here() -> Option<&'static [&'static str]> {
        HERE.first().copied()
    }

    /// The targets a bundle for this judge is built for: each the judge may compile for, and
    /// this machine's, which checks the bundle; none (unknown) when either is unknown.
    pub fn built_for(&self) -> Vec<&'static [&'static str]> {
        if self.targets.is_empty() || HERE.is_empty() {
            return Vec::new();
        }
        let mut targets = self.targets.to_vec();
        targets.extend(HERE.iter().filter(|here| !self.targets.contains(here)));
        targets
    }

    /// The `--judge` values, in the table's order.
    pub const NAMES: [&'static str; PROFILES.len()] = {
        let mut names = [""; PROFILES.len()];
        let mut i = 0;
        while i < PROFILES.len() {
            names[i] = PROFILES[i].name;
            i += 1;
        }
        names
    };

    /// The profile called `name`; `Err` lists the names there are.
    pub fn named(name: &str) -> Result<&'static Profile, String> {
        PROFILES.iter().find(|j| j.name == name).ok_or_else(|| {
            format!(
                "no judge named `{name}`; the judges are {}",
                Profile::NAMES.join(", ")
            )
        })
    }

    /// The edition to compile in: `asked` (an error if the judge does not offer it, saying
    /// which editions each judge offers), else `preferred` (the solution's package's) when
    /// offered, else the judge's default.
    pub fn edition(
        &self,
        asked: Option<&str>,
        preferred: Option<&str>,
    ) -> Result<&'static str, String> {
        let offered = |e: &str| self.editions.iter().copied().find(|&o| o == e);
        match asked {
            Some(asked) => offered(asked).ok_or_else(|| {
                let who = match self.name {
                    "none" => "without `--judge`, a bundle is checked".to_string(),
                    _ => format!("{} compiles Rust", self.title),
                };
                let each: Vec<String> = PROFILES
                    .iter()
                    .map(|p| format!("{} {}", p.name, p.editions.join(" or ")))
                    .collect();
                let nowhere = match PROFILES.iter().any(|p| p.editions.contains(&asked)) {
                    true => String::new(),
                    false => format!(" (no judge offers {asked})"),
                };
                format!(
                    "{who} in edition {}, not {asked}{nowhere}; the editions each judge offers \
                     (`--judge NAME --edition E`): {}",
                    self.editions.join(" or "),
                    each.join(", ")
                )
            }),
            None => Ok(preferred.and_then(offered).unwrap_or(self.editions[0])),
        }
    }

    /// The provided crate that code names `name`.
    pub fn provides(&self, name: &str) -> Option<&'static Provided> {
        self.provided.iter().find(|c| c.name == name)
    }

    /// `Err` when `text` is over the limit.
    pub fn check_size(&self, text: &str) -> Result<(), TooLarge> {
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
        Err(TooLarge {
            title: self.title,
            size,
            limit,
            unit,
            crates: Vec::new(),
            systems: None,
        })
    }

    /// "as Codeforces compiles it (`rustc ...`)", or for no judge "with `rustc ...`".
    pub fn compiling(&self, edition: &str) -> String {
        let command = self.command_line(edition);
        if self.name == "none" {
            format!("with `{command}`")
        } else {
            format!("as {} compiles it (`{command}`)", self.title)
        }
    }

    /// The judge's command for a source `main.rs` in `edition`, for messages.
    pub fn command_line(&self, edition: &str) -> String {
        let args = self.rustc_args(
            edition,
            rustc::Emit::Binary,
            "main.rs",
            "main",
            &provided::Externs::default(),
        );
        format!("rustc {}", args.join(" "))
    }
}
