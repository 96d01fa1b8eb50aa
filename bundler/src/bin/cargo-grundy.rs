//! `cargo grundy ...`: Cargo runs `cargo-grundy grundy ...`, which [`bundler::cli::main`]
//! takes as `grundy ...`.

fn main() -> std::process::ExitCode {
    bundler::cli::main()
}
