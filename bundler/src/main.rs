//! `grundy`: see [`bundler::cli`].

fn main() -> std::process::ExitCode {
    bundler::cli::main()
}
