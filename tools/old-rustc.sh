#!/bin/sh
# Checks the templates crate and every problem's bundle with Debian's packaged compilers,
# called by absolute path so the rustup toolchain first in PATH is never shadowed.
# Debian's `rustc` (1.63) and `rustc-web` (1.85) both install /usr/bin/rustc and conflict
# (https://packages.debian.org/bookworm/rustc-web: "Conflicts: rustc"), so one is present
# at a time; more compilers can be named: tools/old-rustc.sh /path/to/rustc ...
# Usage: tools/old-rustc.sh GRUNDY [RUSTC...]
set -u
grundy=$1
shift
[ $# -gt 0 ] || set -- /usr/bin/rustc
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
for rustc in "$@"; do
    if [ ! -x "$rustc" ]; then
        echo "skip: $rustc is not installed (apt-get install rustc, or rustc-web)"
        continue
    fi
    version=$("$rustc" --version)
    if "$rustc" --edition 2021 --crate-type lib --crate-name templates --emit=metadata \
        --out-dir "$out" templates/src/lib.rs 2>"$out/err"; then
        echo "$version: templates ok"
    else
        echo "$version: templates FAIL: $(grep -m1 '^error' "$out/err")"
        failed=1
    fi
    pass=0 fail=0
    for main in problems/*/main.rs; do
        id=$(basename "$(dirname "$main")")
        "$grundy" bundle "$main" -o "$out/$id.rs" || { failed=1; continue; }
        if "$rustc" --edition 2021 --emit=metadata --crate-name "b_$(echo "$id" | tr - _)" \
            --out-dir "$out" "$out/$id.rs" 2>"$out/err"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "$version: $id FAIL: $(grep -m1 '^error' "$out/err")"
        fi
    done
    echo "$version: bundles: $pass pass, $fail fail"
    [ "$fail" -eq 0 ] || failed=1
done
exit $failed
