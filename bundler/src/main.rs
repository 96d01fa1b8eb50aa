fn main() {
    eprintln!("bundler: the `bundle` command is not built yet (see issue 3)");
    std::process::exit(2);
}
