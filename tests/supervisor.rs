//! The supervisor the suite's in-process judge runs start (a test binary cannot be one).

fn main() -> std::process::ExitCode {
    bundler::judge::supervise::main_if_asked().unwrap_or_else(|| {
        eprintln!("usage: supervisor supervise <run spec as JSON>");
        std::process::ExitCode::from(2)
    })
}
