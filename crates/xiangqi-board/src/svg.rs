//! SVG board diagrams (feature `svg`): the board with its river and palaces, the pieces as Chinese characters,
//! and moves drawn as numbered arrows.
//!
//! ```
//! use xiangqi::board::{svg, Color, Position};
//!
//! let pos = Position::new();
//! let arrows = [svg::Arrow { mv: "h2e2".parse()?, side: Color::Red, label: Some(1) }];
//! let picture = svg::render(pos.board(), &arrows);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(">帥</text>"));
//! # Ok::<_, xiangqi::board::ParseMoveError>(())
//! ```

use alloc::string::String;
use core::fmt::Write;

use crate::{Board, Color, File, Move, Rank, Square};

/// A move drawn as an arrow from the centre of its origin to the centre of its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The move.
    pub mv: Move,
    /// Who plays it: red arrows for Red, blue for Black.
    pub side: Color,
    /// A number written at the arrow's middle (typically the ply in a cycle).
    pub label: Option<u32>,
}

const CELL: i32 = 40;
const MARGIN: i32 = 36;
const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
const HEIGHT: i32 = 2 * MARGIN + 9 * CELL;

/// The centre of `sq` in picture coordinates (rank 9 at the top).
fn centre(sq: Square) -> (i32, i32) {
    let x = MARGIN + sq.file().index() as i32 * CELL;
    let y = MARGIN + (9 - sq.rank().index() as i32) * CELL;
    (x, y)
}

fn line(out: &mut String, (x1, y1): (i32, i32), (x2, y2): (i32, i32)) {
    let _ = writeln!(out, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
}

fn grid(out: &mut String) {
    out.push_str(r##"<g stroke="#5b3a1a" stroke-width="1.2">"##);
    out.push('\n');
    for rank in Rank::ALL {
        line(out, centre(Square::from_coords(File::A, rank)), centre(Square::from_coords(File::I, rank)));
    }
    for file in File::ALL {
        let bottom = Square::from_coords(file, Rank::Zero);
        let top = Square::from_coords(file, Rank::Nine);
        if file == File::A || file == File::I {
            line(out, centre(bottom), centre(top));
        } else {
            // Inner files stop at the river.
            line(out, centre(bottom), centre(Square::from_coords(file, Rank::Four)));
            line(out, centre(Square::from_coords(file, Rank::Five)), centre(top));
        }
    }
    for (low, high) in [(Rank::Zero, Rank::Two), (Rank::Seven, Rank::Nine)] {
        line(out, centre(Square::from_coords(File::D, low)), centre(Square::from_coords(File::F, high)));
        line(out, centre(Square::from_coords(File::F, low)), centre(Square::from_coords(File::D, high)));
    }
    out.push_str("</g>\n");
}

fn labels(out: &mut String) {
    let river_y = MARGIN + 9 * CELL / 2 + 7;
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{river_y}" font-size="20" fill="#5b3a1a" text-anchor="middle">楚 河</text>"##,
        MARGIN + 2 * CELL
    );
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{river_y}" font-size="20" fill="#5b3a1a" text-anchor="middle">漢 界</text>"##,
        MARGIN + 6 * CELL
    );
    for file in File::ALL {
        let (x, _) = centre(Square::from_coords(file, Rank::Zero));
        let _ = writeln!(
            out,
            r##"<text x="{x}" y="{}" font-size="12" fill="#5b3a1a" text-anchor="middle">{}</text>"##,
            HEIGHT - 8,
            file.char()
        );
    }
    for rank in Rank::ALL {
        let (_, y) = centre(Square::from_coords(File::A, rank));
        let _ = writeln!(
            out,
            r##"<text x="10" y="{}" font-size="12" fill="#5b3a1a" text-anchor="middle">{}</text>"##,
            y + 4,
            rank.char()
        );
    }
}

fn pieces(out: &mut String, board: &Board) {
    for (sq, piece) in board.pieces() {
        let (x, y) = centre(sq);
        let ink = match piece.color {
            Color::Red => "#c0161b",
            Color::Black => "#1a1a1a",
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{x}" cy="{y}" r="17" fill="#f6e3b4" stroke="{ink}" stroke-width="2"/><text x="{x}" y="{}" font-size="20" fill="{ink}" text-anchor="middle">{}</text>"##,
            y + 7,
            piece.chinese_char()
        );
    }
}

fn arrows(out: &mut String, arrows: &[Arrow]) {
    for (i, arrow) in arrows.iter().enumerate() {
        let colour = match arrow.side {
            Color::Red => "#d9480f",
            Color::Black => "#1c4fa0",
        };
        let (x1, y1) = centre(arrow.mv.from);
        let (x2, y2) = centre(arrow.mv.to);
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{colour}" stroke-width="4" stroke-opacity="0.75" marker-end="url(#head{i})"/>"#
        );
        let _ = writeln!(
            out,
            r#"<defs><marker id="head{i}" markerWidth="6" markerHeight="6" refX="4" refY="3" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="{colour}"/></marker></defs>"#
        );
        if let Some(label) = arrow.label {
            let (mx, my) = ((x1 + x2) / 2, (y1 + y2) / 2);
            let _ = writeln!(
                out,
                r##"<circle cx="{mx}" cy="{my}" r="9" fill="{colour}"/><text x="{mx}" y="{}" font-size="12" fill="#ffffff" text-anchor="middle">{label}</text>"##,
                my + 4
            );
        }
    }
}

/// Draws `board` with `arrows` on top, as a self-contained SVG document (no external fonts or images; the
/// Chinese characters use the reader's fonts).
pub fn render(board: &Board, moves: &[Arrow]) -> String {
    let mut out = String::with_capacity(8 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="'Noto Serif CJK SC','Songti SC','SimSun',serif">"#
    );
    let _ = writeln!(out, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#f2d49b"/>"##);
    grid(&mut out);
    labels(&mut out);
    pieces(&mut out, board);
    arrows(&mut out, moves);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn draws_every_piece_and_arrow() {
        let pos = Position::new();
        let arrows = [
            Arrow { mv: "h2e2".parse().unwrap(), side: Color::Red, label: Some(1) },
            Arrow { mv: "h9g7".parse().unwrap(), side: Color::Black, label: Some(2) },
        ];
        let svg = render(pos.board(), &arrows);
        assert_eq!(svg.matches("<circle").count(), 32 + 2);
        assert_eq!(svg.matches("marker-end").count(), 2);
        assert!(svg.contains(">將</text>") && svg.contains(">帥</text>"));
        assert!(svg.contains("楚 河") && svg.contains("漢 界"));
        // h2 is at x = 36 + 7 * 40, y = 36 + 7 * 40.
        assert!(svg.contains(r#"<line x1="316" y1="316" x2="196" y2="316""#));
        assert!(svg.ends_with("</svg>\n"));
    }
}
