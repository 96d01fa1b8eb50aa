//! For a judge whose systems are not this machine's (Codeforces compiles on Windows): the
//! checks here keep the code for this machine's system (libc's Linux bindings, getrandom's
//! Unix backends) beside the judge's, and a cfg decides between them only on the judge. Over
//! the judge's limit, what none of its targets compiles is left out of the text handed over,
//! as its compiler leaves it out before reading the rest; that text then compiles only there,
//! so the text before stays the one compiled and run here.

use crate::bundle::cfg::{target_sets, Cfg, Strip};
use crate::profile::{minify, Profile};
use std::collections::BTreeSet;

/// `text` (a minified bundle) without what no target of `profile` compiles, minified;
/// `None` when that leaves out nothing this machine compiles (only rewritten predicates:
/// the text would compile here still), when this machine is one of the judge's targets or
/// the targets are unknown (nothing more is decided than the checks here decided), or when
/// the text does not parse.
pub(super) fn for_judge(text: &str, profile: &Profile) -> Option<String> {
    if profile.targets.is_empty() || profile.built_for().len() <= profile.targets.len() {
        return None;
    }
    let file = syn::parse_file(text).ok()?;
    let judged = stripped(file.clone(), profile.targets)?;
    let alike = stripped(file, &profile.built_for())?;
    (judged.len() < alike.len()).then_some(judged)
}

/// `file` as compiled for every one of `targets`, minified. The judge's rustc is given no
/// features and no cfgs but its own, which stay undecided: what goes is what is false on
/// each target whatever they are.
fn stripped(mut file: syn::File, targets: &[&[&str]]) -> Option<String> {
    let cfg = Cfg {
        targets: target_sets(targets),
        features: BTreeSet::new(),
        judge_sets: None,
        script_sets: BTreeSet::new(),
    };
    let mut strip = Strip {
        cfg: &cfg,
        into_modules: true,
    };
    syn::visit_mut::VisitMut::visit_file_mut(&mut strip, &mut file);
    minify::minify(&prettyplease::unparse(&file)).ok()
}

/// The systems a judge compiles on, for a note: `Windows`.
pub(super) fn names(profile: &Profile) -> String {
    let mut names: Vec<&str> = profile
        .targets
        .iter()
        .filter_map(|t| t.iter().find_map(|a| a.strip_prefix("target_os=")))
        .map(|os| match os.trim_matches('"') {
            "windows" => "Windows",
            other => other,
        })
        .collect();
    names.dedup();
    names.join(" and ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(source: &str) -> Option<String> {
        let profile = Profile::named("codeforces").unwrap();
        for_judge(&minify::minify(source).unwrap(), profile)
    }

    #[test]
    fn what_no_target_of_the_judge_compiles_goes() {
        let source = r#"
            #[cfg(target_os = "linux")]
            mod linux { pub fn read() -> u8 { 1 } }
            #[cfg(windows)]
            mod windows { pub fn read() -> u8 { 2 } }
            #[cfg(all(unix, not(target_os = "macos")))]
            pub use linux::read;
            #[cfg(windows)]
            pub use windows::read;
            struct Handle {
                #[cfg(unix)]
                fd: i32,
                #[cfg(windows)]
                raw: usize,
            }
            enum Backend { #[cfg(target_family = "unix")] File, Rtl }
            impl Handle {
                #[cfg(not(windows))]
                fn close(&self) {}
                fn get(&self) -> u8 {
                    #[cfg(target_os = "linux")]
                    let x = 1;
                    #[cfg(windows)]
                    let x = 2;
                    match 3u8 { #[cfg(unix)] 1 => x, _ => x + 1 }
                }
            }
            mod tests { #[cfg(target_pointer_width = "64")] pub const WIDE: bool = true; }
            fn main() {}
        "#;
        let judged = judged(source).expect("shorter");
        for gone in [
            "mod linux",
            "linux::read",
            "fd:",
            "File",
            "fn close",
            "let x=1",
            "1=>",
        ] {
            assert!(!judged.contains(gone), "{gone} stays in {judged}");
        }
        for kept in [
            "mod windows",
            "windows::read",
            "raw:usize",
            "Rtl",
            "let x=2",
            // Codeforces may be 32 or 64 bits: the width is left to its compiler.
            "target_pointer_width",
            "WIDE",
        ] {
            assert!(judged.contains(kept), "{kept} is gone from {judged}");
        }
    }

    #[test]
    fn what_the_judge_alone_decides_stays() {
        // Its own cfgs, the build's (debug assertions: a contestant debugs without -O), and
        // anything inside a macro's tokens.
        let source = r#"
            #[cfg(ONLINE_JUDGE)] fn judged() {}
            #[cfg(debug_assertions)] fn debugging() {}
            macro_rules! m { () => { #[cfg(unix)] fn in_macro() {} } }
            fn main() {}
        "#;
        assert_eq!(judged(source), None);
    }

    #[test]
    fn predicates_rewritten_alone_leave_the_text_as_it_compiles_here() {
        // `all(windows, unix)` is false on every target here or there: no judge-only cut.
        let source = "#[cfg(all(windows, unix))] fn never() {}\n\
                      #[cfg(any(windows, target_os = \"linux\"))] fn both() {}\n\
                      fn main() {}";
        assert_eq!(judged(source), None);
    }

    #[test]
    fn nothing_is_decided_for_a_judge_on_this_machines_system() {
        let atcoder = Profile::named("atcoder").unwrap();
        let text = minify::minify("#[cfg(windows)] fn w() {} fn main() {}").unwrap();
        assert_eq!(for_judge(&text, atcoder), None);
        assert_eq!(names(Profile::named("codeforces").unwrap()), "Windows");
    }
}
