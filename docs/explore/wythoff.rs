fn options(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for k in 1..=a { out.push((a - k, b)); }
    for k in 1..=b { out.push((a, b - k)); }
    for k in 1..=a.min(b) { out.push((a - k, b - k)); }
    out
}
