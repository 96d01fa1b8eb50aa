//! Every template module opens with a complete header.

use bundler::contest::header::Header;
use std::path::Path;

#[test]
fn every_template_has_a_complete_header() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates/src");
    let mut checked = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("rs") || path.ends_with("lib.rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        match Header::parse(&source) {
            Ok(h) => {
                if !h.usage.contains("```") {
                    failures.push(format!("{}: Usage has no doctest", path.display()));
                }
                if !h.status.contains("exhaustive") {
                    failures.push(format!(
                        "{}: Status does not say how it is verified",
                        path.display()
                    ));
                }
            }
            Err(e) => failures.push(format!("{}:{e}", path.display())),
        }
        checked += 1;
    }
    assert!(checked >= 24, "only {checked} templates found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
