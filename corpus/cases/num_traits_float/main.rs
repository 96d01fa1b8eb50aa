// Planar geometry generic over num-traits' Float (run at f64 and f32): perimeter, the
// closest pair of points, polar angles sorted with TotalOrder::total_cmp, the signed area, and
// the points farthest from the centroid.
//
// Input: n, then n points "x y" (a polygon, in order).
use num_traits::float::{FloatConst, TotalOrder};
use num_traits::{Float, NumCast};
use std::io::{self, BufWriter, Read, Write};

fn dist<F: Float>(a: (F, F), b: (F, F)) -> F {
    (a.0 - b.0).hypot(a.1 - b.1)
}

fn perimeter<F: Float>(pts: &[(F, F)]) -> F {
    (0..pts.len()).fold(F::zero(), |acc, i| {
        acc + dist(pts[i], pts[(i + 1) % pts.len()])
    })
}

fn closest_pair<F: Float>(pts: &[(F, F)]) -> (usize, usize, F) {
    let mut best = (0, 0, F::infinity());
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let dx = pts[i].0 - pts[j].0;
            let dy = pts[i].1 - pts[j].1;
            let d = (dx * dx + dy * dy).sqrt();
            if d < best.2 {
                best = (i, j, d);
            }
        }
    }
    best
}

fn signed_area<F: Float>(pts: &[(F, F)]) -> F {
    let twice = (0..pts.len()).fold(F::zero(), |acc, i| {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        acc + (a.0 * b.1 - a.1 * b.0)
    });
    twice / F::from(2).unwrap()
}

fn angles_in_degrees<F: Float + FloatConst + TotalOrder>(pts: &[(F, F)]) -> Vec<F> {
    let mut angles: Vec<F> = pts
        .iter()
        .map(|&(x, y)| {
            let a = y.atan2(x);
            let a = if a.is_sign_negative() {
                a + F::TAU()
            } else {
                a
            };
            a.to_degrees()
        })
        .collect();
    angles.sort_by(|a, b| a.total_cmp(b));
    angles
}

fn report<F>(label: &str, pts: &[(F, F)], out: &mut impl Write)
where
    F: Float + FloatConst + TotalOrder + std::fmt::Display,
{
    writeln!(out, "[{}]", label).unwrap();
    writeln!(out, "perimeter {:.4}", perimeter(pts)).unwrap();
    let (i, j, d) = closest_pair(pts);
    writeln!(out, "closest {} {} at {:.4}", i, j, d).unwrap();
    let area = signed_area(pts);
    let orientation = if area.is_sign_negative() {
        "clockwise"
    } else {
        "counter-clockwise"
    };
    writeln!(out, "area {:.2} ({})", area.abs(), orientation).unwrap();
    let angles = angles_in_degrees(pts);
    let text: Vec<String> = angles.iter().map(|a| format!("{:.1}", a)).collect();
    writeln!(out, "angles {}", text.join(" ")).unwrap();
    let n = F::from(pts.len()).unwrap();
    let centroid = pts.iter().fold((F::zero(), F::zero()), |c, p| {
        (c.0 + p.0 / n, c.1 + p.1 / n)
    });
    let radius = pts
        .iter()
        .map(|&p| dist(p, centroid))
        .fold(F::neg_infinity(), F::max);
    let far: Vec<usize> = (0..pts.len())
        .filter(|&k| {
            (dist(pts[k], centroid) - radius).abs() <= F::epsilon() * F::from(16).unwrap() * radius
        })
        .collect();
    writeln!(
        out,
        "centroid ({:.3}, {:.3}) radius {:.3} farthest {:?}",
        centroid.0, centroid.1, radius, far
    )
    .unwrap();
    let r = radius.round();
    writeln!(
        out,
        "radius floor {} ceil {} round {} sqrt {:.5}",
        radius.floor(),
        radius.ceil(),
        r,
        r.sqrt()
    )
    .unwrap();
    let circle = F::PI() * radius.powi(2);
    writeln!(
        out,
        "circle area {:.3}, ratio {:.4}",
        circle,
        area.abs() / circle
    )
    .unwrap();
    let nan = (F::zero() / F::zero()).is_nan();
    let mut with_nan = [F::one(), F::nan(), -F::one(), F::infinity()];
    with_nan.sort_by(|a, b| a.total_cmp(b));
    let ordered: Vec<String> = with_nan.iter().map(|x| x.to_string()).collect();
    writeln!(
        out,
        "0/0 is nan: {}, total order: {}",
        nan,
        ordered.join(" ")
    )
    .unwrap();
}

fn convert<F: NumCast>(pts: &[(f64, f64)]) -> Vec<(F, F)> {
    pts.iter()
        .map(|&(x, y)| (F::from(x).unwrap(), F::from(y).unwrap()))
        .collect()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut tokens = input.split_ascii_whitespace();
    let n: usize = tokens.next().unwrap().parse().unwrap();
    let pts: Vec<(f64, f64)> = (0..n)
        .map(|_| {
            (
                tokens.next().unwrap().parse().unwrap(),
                tokens.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    report("f64", &convert::<f64>(&pts), &mut out);
    report("f32", &convert::<f32>(&pts), &mut out);
}
