use clap::Parser;
use std::process::ExitCode;

/// Parsing and visiting syntax trees recurse: deeply nested code needs a deep stack, which
/// the main thread's 8 MiB is not.
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    // The judge's supervisor: internal, and single-threaded (it forks), so before anything.
    if let Some(code) = bundler::judge::supervise::main_if_asked() {
        return code;
    }
    let cli = bundler::cli::Cli::parse();
    let worker = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(
            move || match bundler::cli::run(cli, &mut std::io::stdout().lock()) {
                Ok(code) => code,
                Err(e) => {
                    eprintln!("error: {e}");
                    e.exit_code()
                }
            },
        );
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("error: the bundler failed unexpectedly");
            ExitCode::FAILURE
        }
    }
}
