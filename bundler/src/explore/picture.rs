//! Pictures of a two-heap game's P-positions: heap `a` along x, heap `b` up along y, a P cell
//! filled. As text for the report, as SVG (written here: a few lines of markup) and as PNG
//! (the `png` crate's encoder).

/// `p[a][b]`: whether `(a, b)` is a P-position; square.
pub type Board = Vec<Vec<bool>>;

/// The corner `0..side` x `0..side` as characters, `b` decreasing down the rows.
pub fn text(board: &Board, side: usize) -> String {
    let side = side.min(board.len());
    let mut out = String::new();
    for b in (0..side).rev() {
        let row: String = (0..side)
            .map(|a| if board[a][b] { '#' } else { '.' })
            .collect();
        out += &format!("{b:>5} {row}\n");
    }
    let mut ticks = String::new();
    for a in (0..side).step_by(10) {
        ticks += &format!("{a:<10}");
    }
    out += &format!("      {}\n", ticks.trim_end());
    out
}

/// Pixels per cell, so that the picture is about 600 pixels wide (at least 1).
fn cell(side: usize) -> usize {
    (600 / side.max(1)).max(1)
}

/// The board as an SVG image: P cells black (one rectangle per run along a row), a grid line
/// every 10 cells, the axes' names and ticks.
pub fn svg(board: &Board, title: &str) -> String {
    let side = board.len();
    let c = cell(side);
    let (margin, size) = (40, side * c);
    let (width, height) = (size + margin + 10, size + margin + 30);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"{margin}\" y=\"16\">{}</text>\n",
        escape(title)
    );
    let top = 25;
    // Row `b` is drawn at y = top + (side - 1 - b) * c: b grows upwards.
    let y_of = |b: usize| top + (side - 1 - b) * c;
    for tick in (0..=side).step_by(10) {
        let x = margin + tick * c;
        let y = top + size - tick * c;
        out += &format!(
            "<line x1=\"{x}\" y1=\"{top}\" x2=\"{x}\" y2=\"{}\" stroke=\"#ddd\"/>\n\
             <line x1=\"{margin}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#ddd\"/>\n",
            top + size,
            margin + size
        );
        if tick % 50 == 0 || side <= 60 {
            out += &format!(
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{tick}</text>\n\
                 <text x=\"{}\" y=\"{}\" text-anchor=\"end\">{tick}</text>\n",
                top + size + 14,
                margin - 4,
                y + 4
            );
        }
    }
    for b in 0..side {
        let row: Vec<bool> = board.iter().map(|column| column[b]).collect();
        let mut a = 0;
        while a < side {
            let run = row[a..].iter().take_while(|&&p| p).count();
            if run > 0 {
                out += &format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{c}\"/>\n",
                    margin + a * c,
                    y_of(b),
                    run * c
                );
            }
            a += run.max(1);
        }
    }
    out += &format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">a</text>\n\
         <text x=\"12\" y=\"{}\">b</text>\n</svg>\n",
        margin + size / 2,
        height - 2,
        top + size / 2
    );
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The board as a grayscale PNG: P cells black, N cells white, a light line every 10
/// cells; `b` grows upwards.
pub fn png(board: &Board) -> Result<Vec<u8>, super::ExploreError> {
    let side = board.len();
    let c = cell(side);
    let size = side * c;
    let mut pixels = vec![255u8; size * size];
    for (a, column) in board.iter().enumerate() {
        for (b, &p) in column.iter().enumerate() {
            let shade = match (p, a % 10 == 0 || b % 10 == 0) {
                (true, _) => 0,
                (false, true) if c > 2 => 230,
                (false, _) => 255,
            };
            for dy in 0..c {
                let y = (side - 1 - b) * c + dy;
                pixels[y * size + a * c..y * size + (a + 1) * c].fill(shade);
            }
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, size as u32, size as u32);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&pixels))?;
    Ok(out)
}
