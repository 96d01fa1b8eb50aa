use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = bundler::cli::Cli::parse();
    match bundler::cli::run(cli, &mut std::io::stdout().lock()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
