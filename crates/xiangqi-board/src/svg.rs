//! SVG board diagrams (feature `svg`): the board with its river and palaces, the pieces as Chinese characters,
//! and moves drawn as numbered arrows whose heads stop at the edge of the piece. [`render_with`] takes the
//! [`Options`] a site needs: Black at the bottom, the size, the last move and a king in check highlighted, a
//! selected piece with its legal targets marked, the coordinates as ICCS letters and digits or as the files'
//! Chinese numerals, and one element per board point (`data-square="e0"`) to take clicks.
//!
//! ```
//! use xiangqi::board::{svg, Color, Position};
//!
//! let pos = Position::new();
//! let arrows = [svg::Arrow { mv: "h2e2".parse()?, side: Color::Red, label: Some(1) }];
//! let picture = svg::render(pos.board(), &arrows);
//! assert!(picture.starts_with("<svg"));
//! assert!(picture.contains(">帥</text>"));
//!
//! // Black at the bottom, the files in Chinese numerals, the horse on h0 selected with its two targets.
//! let options = svg::Options {
//!     flip: true,
//!     coordinates: svg::Coordinates::Chinese,
//!     selected: Some("h0".parse()?),
//!     targets: ["g2".parse()?, "i2".parse()?].into_iter().collect(),
//!     points: true,
//!     ..svg::Options::default()
//! };
//! let picture = svg::render_with(pos.board(), &[], &options);
//! assert_eq!(picture.matches(r#"class="target""#).count(), 2);
//! assert!(picture.contains(r#"data-square="e0""#));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use core::fmt::Write;

use crate::{Bitboard, Board, Color, File, Move, Rank, Square};

/// A move drawn as an arrow from the centre of its origin towards its target, the head stopping at the edge of a
/// piece standing there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The move.
    pub mv: Move,
    /// Who plays it: red arrows for Red, blue for Black.
    pub side: Color,
    /// A number written at the arrow's middle (typically the ply in a cycle).
    pub label: Option<u32>,
}

/// How the files and ranks are named at the edge of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Coordinates {
    /// None.
    None,
    /// ICCS: the files' letters `a`–`i` under the board, the ranks' digits `0`–`9` at its left.
    #[default]
    Iccs,
    /// As the Chinese notation counts the files: each side's files from its right, Red's as Chinese numerals
    /// (一 … 九) along Red's edge, Black's as digits (1 … 9) along Black's edge.
    Chinese,
}

/// What [`render_with`] draws besides the board and the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom (the board turned by half a turn).
    pub flip: bool,
    /// The picture's width in pixels (the height follows); None: its natural size, 392 × 432.
    pub size: Option<u32>,
    /// The last move: its origin and target highlighted (`class="last-move"`).
    pub last_move: Option<Move>,
    /// A king in check: its square highlighted (`class="check"`).
    pub check: Option<Square>,
    /// A selected piece's square, ringed (`class="selected"`).
    pub selected: Option<Square>,
    /// Squares marked as legal targets (`class="target"`): a dot on an empty point, a ring around a piece.
    pub targets: Bitboard,
    /// The coordinates at the edges.
    pub coordinates: Coordinates,
    /// One transparent element per board point on top of everything, `<rect class="point" data-square="e0" …>`
    /// (the UCCI name), for a page to take clicks on.
    pub points: bool,
}

const CELL: i32 = 40;
const MARGIN: i32 = 36;
const WIDTH: i32 = 2 * MARGIN + 8 * CELL;
const HEIGHT: i32 = 2 * MARGIN + 9 * CELL;
/// The radius of a piece.
const PIECE: i32 = 17;
const INK: &str = "#5b3a1a";

/// Where the points are in the picture: rank 9 at the top, or, flipped, rank 0.
#[derive(Clone, Copy)]
struct Geometry {
    flip: bool,
}

impl Geometry {
    /// The centre of `sq` in picture coordinates.
    fn centre(self, sq: Square) -> (i32, i32) {
        let (file, rank) = (sq.file().index() as i32, sq.rank().index() as i32);
        let (column, row) = if self.flip { (8 - file, rank) } else { (file, 9 - rank) };
        (MARGIN + column * CELL, MARGIN + row * CELL)
    }
}

fn line(out: &mut String, (x1, y1): (i32, i32), (x2, y2): (i32, i32)) {
    let _ = writeln!(out, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
}

fn grid(out: &mut String, at: Geometry) {
    let _ = writeln!(out, r#"<g stroke="{INK}" stroke-width="1.2">"#);
    let point = |file, rank| at.centre(Square::from_coords(file, rank));
    for rank in Rank::ALL {
        line(out, point(File::A, rank), point(File::I, rank));
    }
    for file in File::ALL {
        if file == File::A || file == File::I {
            line(out, point(file, Rank::Zero), point(file, Rank::Nine));
        } else {
            // Inner files stop at the river.
            line(out, point(file, Rank::Zero), point(file, Rank::Four));
            line(out, point(file, Rank::Five), point(file, Rank::Nine));
        }
    }
    for (low, high) in [(Rank::Zero, Rank::Two), (Rank::Seven, Rank::Nine)] {
        line(out, point(File::D, low), point(File::F, high));
        line(out, point(File::F, low), point(File::D, high));
    }
    out.push_str("</g>\n");
}

fn text(out: &mut String, (x, y): (i32, i32), size: i32, words: impl core::fmt::Display) {
    let _ =
        writeln!(out, r#"<text x="{x}" y="{y}" font-size="{size}" fill="{INK}" text-anchor="middle">{words}</text>"#);
}

/// The river's words, and the coordinates.
fn labels(out: &mut String, at: Geometry, coordinates: Coordinates) {
    let river_y = MARGIN + 9 * CELL / 2 + 7;
    let (left, right) = if at.flip { ("漢 界", "楚 河") } else { ("楚 河", "漢 界") };
    text(out, (MARGIN + 2 * CELL, river_y), 20, left);
    text(out, (MARGIN + 6 * CELL, river_y), 20, right);
    match coordinates {
        Coordinates::None => {}
        Coordinates::Iccs => {
            for file in File::ALL {
                let (x, _) = at.centre(Square::from_coords(file, Rank::Zero));
                text(out, (x, HEIGHT - 8), 12, file.char());
            }
            for rank in Rank::ALL {
                let (_, y) = at.centre(Square::from_coords(File::A, rank));
                text(out, (10, y + 4), 12, rank.char());
            }
        }
        Coordinates::Chinese => {
            const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
            for file in File::ALL {
                // Red counts from its right (file i is 一), Black from its right (file a is 1).
                let (x, red_y) = at.centre(Square::from_coords(file, Rank::Zero));
                let (_, black_y) = at.centre(Square::from_coords(file, Rank::Nine));
                let edge = |y: i32| if y > HEIGHT / 2 { HEIGHT - 8 } else { 20 };
                text(out, (x, edge(red_y)), 14, NUMERALS[8 - file.index()]);
                text(out, (x, edge(black_y)), 14, file.index() + 1);
            }
        }
    }
}

/// The last move's squares and a king in check, under the pieces.
fn highlights(out: &mut String, at: Geometry, options: &Options) {
    if let Some(mv) = options.last_move {
        for sq in [mv.from, mv.to] {
            let (x, y) = at.centre(sq);
            let _ = writeln!(
                out,
                r##"<rect class="last-move" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#3b82f6" fill-opacity="0.3"/>"##,
                x - CELL / 2,
                y - CELL / 2
            );
        }
    }
    if let Some(sq) = options.check {
        let (x, y) = at.centre(sq);
        let _ = writeln!(
            out,
            r##"<circle class="check" cx="{x}" cy="{y}" r="{}" fill="#e03131" fill-opacity="0.6"/>"##,
            PIECE + 4
        );
    }
}

fn pieces(out: &mut String, at: Geometry, board: &Board) {
    for (sq, piece) in board.pieces() {
        let (x, y) = at.centre(sq);
        let ink = match piece.color {
            Color::Red => "#c0161b",
            Color::Black => "#1a1a1a",
        };
        let _ = writeln!(
            out,
            r##"<circle cx="{x}" cy="{y}" r="{PIECE}" fill="#f6e3b4" stroke="{ink}" stroke-width="2"/><text x="{x}" y="{}" font-size="20" fill="{ink}" text-anchor="middle">{}</text>"##,
            y + 7,
            piece.chinese_char()
        );
    }
}

/// The selected square and the targets, over the pieces.
fn marks(out: &mut String, at: Geometry, board: &Board, options: &Options) {
    if let Some(sq) = options.selected {
        let (x, y) = at.centre(sq);
        let _ = writeln!(
            out,
            r##"<circle class="selected" cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2f9e44" stroke-width="3"/>"##,
            PIECE + 2
        );
    }
    for sq in options.targets {
        let (x, y) = at.centre(sq);
        let _ = match board.piece_at(sq) {
            Some(_) => writeln!(
                out,
                r##"<circle class="target" cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2f9e44" stroke-width="3" stroke-dasharray="4 3"/>"##,
                PIECE + 2
            ),
            None => {
                writeln!(out, r##"<circle class="target" cx="{x}" cy="{y}" r="6" fill="#2f9e44" fill-opacity="0.8"/>"##)
            }
        };
    }
}

fn arrows(out: &mut String, at: Geometry, arrows: &[Arrow]) {
    for (i, arrow) in arrows.iter().enumerate() {
        let colour = match arrow.side {
            Color::Red => "#d9480f",
            Color::Black => "#1c4fa0",
        };
        let (x1, y1) = at.centre(arrow.mv.from);
        let (x2, y2) = at.centre(arrow.mv.to);
        // The tip (the marker's refX is its tip) stops one pixel short of a piece on the target.
        let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
        let length = hypotenuse(dx, dy);
        let short = if length > 0.0 { (length - f64::from(PIECE + 1)).max(0.0) / length } else { 0.0 };
        let (tip_x, tip_y) = (f64::from(x1) + dx * short, f64::from(y1) + dy * short);
        let _ = writeln!(
            out,
            r#"<line class="arrow" x1="{x1}" y1="{y1}" x2="{tip_x:.1}" y2="{tip_y:.1}" stroke="{colour}" stroke-width="4" stroke-opacity="0.75" marker-end="url(#head{i})"/>"#
        );
        let _ = writeln!(
            out,
            r#"<defs><marker id="head{i}" markerWidth="6" markerHeight="6" refX="6" refY="3" orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="{colour}"/></marker></defs>"#
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

/// The length of (dx, dy), without `std` (Newton's method on the square; exact enough for pixels).
fn hypotenuse(dx: f64, dy: f64) -> f64 {
    let square = dx * dx + dy * dy;
    if square == 0.0 {
        return 0.0;
    }
    let mut root = square.max(1.0);
    for _ in 0..32 {
        root = 0.5 * (root + square / root);
    }
    root
}

/// One transparent square per point, on top, named by its UCCI square.
fn points(out: &mut String, at: Geometry) {
    for index in 0..90 {
        let Some(sq) = Square::new(index) else { continue };
        let (x, y) = at.centre(sq);
        let _ = writeln!(
            out,
            r#"<rect class="point" data-square="{sq}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="transparent"/>"#,
            x - CELL / 2,
            y - CELL / 2
        );
    }
}

/// Draws `board` with `arrows` on top, as a self-contained SVG document (no external fonts or images; the
/// Chinese characters use the reader's fonts), with the default [`Options`]: Red at the bottom, ICCS
/// coordinates, nothing highlighted.
pub fn render(board: &Board, moves: &[Arrow]) -> String {
    render_with(board, moves, &Options::default())
}

/// Draws `board` with `arrows` on top as [`render`] does, with `options`.
pub fn render_with(board: &Board, moves: &[Arrow], options: &Options) -> String {
    let at = Geometry { flip: options.flip };
    let mut out = String::with_capacity(12 * 1024);
    let (width, height) = match options.size {
        Some(size) => (i64::from(size), i64::from(size) * i64::from(HEIGHT) / i64::from(WIDTH)),
        None => (i64::from(WIDTH), i64::from(HEIGHT)),
    };
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="'Noto Serif CJK SC','Songti SC','SimSun',serif">"#
    );
    let _ = writeln!(out, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#f2d49b"/>"##);
    grid(&mut out, at);
    labels(&mut out, at, options.coordinates);
    highlights(&mut out, at, options);
    pieces(&mut out, at, board);
    marks(&mut out, at, board, options);
    arrows(&mut out, at, moves);
    if options.points {
        points(&mut out, at);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;
    use crate::Position;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The values of `attribute` of every element with `class="{class}"`, in order.
    fn attributes<'a>(svg: &'a str, class: &str, attribute: &str) -> Vec<&'a str> {
        let marker = alloc::format!(r#"class="{class}""#);
        let key = alloc::format!(r#" {attribute}=""#);
        svg.lines()
            .filter(|line| line.contains(&marker))
            .filter_map(|line| {
                let start = line.find(&key)? + key.len();
                Some(&line[start..start + line[start..].find('"')?])
            })
            .collect()
    }

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
        // h2 is at x = 36 + 7 * 40, y = 36 + 7 * 40; e2 at x = 196: the line stops 18 short of it, the tip of the
        // head (refX 6 of 6) at the line's end, one pixel outside the piece's radius of 17.
        assert!(svg.contains(r#"<line class="arrow" x1="316" y1="316" x2="214.0" y2="316.0""#), "{svg}");
        assert!(svg.contains(r#"refX="6" refY="3""#));
        // h9 (316, 36) to g7 (276, 116): length √(40² + 80²) = 89.44; 18 short of g7.
        assert!(svg.contains(r#"x1="316" y1="36" x2="284.0" y2="99.9""#), "{svg}");
        assert!(svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches(r#"data-square="#).count(), 0, "no points unless asked");
    }

    #[test]
    fn flipped_puts_black_at_the_bottom() {
        let pos = Position::new();
        let at = |svg: &str, piece: &str| {
            let end = svg.find(&alloc::format!(">{piece}</text>")).unwrap();
            let line = &svg[svg[..end].rfind('\n').unwrap() + 1..end];
            let y = line.split(r#" y=""#).nth(1).unwrap();
            y[..y.find('"').unwrap()].parse::<i32>().unwrap()
        };
        let upright = render(pos.board(), &[]);
        let flipped = render_with(pos.board(), &[], &Options { flip: true, ..Options::default() });
        // The red king (帥, e0) at the bottom row (y = 36 + 9 * 40, text 7 lower), flipped at the top.
        assert_eq!((at(&upright, "帥"), at(&flipped, "帥")), (403, 43));
        assert_eq!((at(&upright, "將"), at(&flipped, "將")), (43, 403));
        // The ICCS letters stay under the board: i at the left when flipped.
        let letters = |svg: &str| -> Vec<(i32, char)> {
            svg.lines()
                .filter(|l| l.contains(r#"font-size="12""#) && l.contains(r#"y="424""#))
                .map(|l| {
                    let x = &l[l.find(r#"x=""#).unwrap() + 3..];
                    let c = l[l.find('>').unwrap() + 1..].chars().next().unwrap();
                    (x[..x.find('"').unwrap()].parse().unwrap(), c)
                })
                .collect()
        };
        assert_eq!(letters(&flipped)[..2], [(356, 'a'), (316, 'b')]);
        assert_eq!(letters(&upright)[..2], [(36, 'a'), (76, 'b')]);
    }

    #[test]
    fn size_sets_width_and_height_keeping_the_view_box() {
        let svg = render_with(Position::new().board(), &[], &Options { size: Some(784), ..Options::default() });
        assert!(svg
            .starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="784" height="864" viewBox="0 0 392 432""#));
    }

    #[test]
    fn highlights_and_marks() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1").unwrap();
        let options = Options {
            last_move: Some("e2e1".parse().unwrap()),
            check: Some(sq("d9")),
            selected: Some(sq("e1")),
            targets: [sq("e2"), sq("e0")].into_iter().collect::<Bitboard>() | Bitboard::from_square(sq("d1")),
            ..Options::default()
        };
        let svg = render_with(pos.board(), &[], &options);
        // e2 (196, 316) and e1 (196, 356), as 40 × 40 squares.
        assert_eq!(attributes(&svg, "last-move", "x"), ["176", "176"]);
        assert_eq!(attributes(&svg, "last-move", "y"), ["296", "336"]);
        assert_eq!(attributes(&svg, "check", "cx"), ["156"]);
        assert_eq!(attributes(&svg, "selected", "cy"), ["356"]);
        // Targets in square order: e0 (a piece: a ring), d1, e2 (empty: dots).
        assert_eq!(attributes(&svg, "target", "cx"), ["196", "156", "196"]);
        assert_eq!(attributes(&svg, "target", "r"), ["19", "6", "6"]);
        // The highlights lie under the pieces, the marks over them.
        let first_piece = svg.find(r##"fill="#f6e3b4""##).unwrap();
        assert!(svg.find(r#"class="last-move""#).unwrap() < first_piece);
        assert!(svg.find(r#"class="check""#).unwrap() < first_piece);
        assert!(svg.find(r#"class="selected""#).unwrap() > first_piece);
    }

    #[test]
    fn coordinates_in_chinese_numerals_or_none() {
        let board = Position::new();
        let chinese =
            render_with(board.board(), &[], &Options { coordinates: Coordinates::Chinese, ..Options::default() });
        // Red's files from its right along the bottom: 九 at a (x 36) … 一 at i (x 356); Black's 1 at a on top.
        assert!(
            chinese.contains(r##"<text x="36" y="424" font-size="14" fill="#5b3a1a" text-anchor="middle">九</text>"##)
        );
        assert!(
            chinese.contains(r##"<text x="356" y="424" font-size="14" fill="#5b3a1a" text-anchor="middle">一</text>"##)
        );
        assert!(
            chinese.contains(r##"<text x="36" y="20" font-size="14" fill="#5b3a1a" text-anchor="middle">1</text>"##)
        );
        let flipped = Options { coordinates: Coordinates::Chinese, flip: true, ..Options::default() };
        let flipped = render_with(board.board(), &[], &flipped);
        // Flipped, Black's edge is the bottom: its 1 (file a) at the right.
        assert!(
            flipped.contains(r##"<text x="356" y="424" font-size="14" fill="#5b3a1a" text-anchor="middle">1</text>"##)
        );
        let none = render_with(board.board(), &[], &Options { coordinates: Coordinates::None, ..Options::default() });
        assert_eq!(none.matches("<text").count(), 32 + 2, "the pieces and the river only");
    }

    #[test]
    fn every_point_takes_clicks() {
        let svg =
            render_with(Position::new().board(), &[], &Options { points: true, flip: true, ..Options::default() });
        assert_eq!(svg.matches(r#"class="point""#).count(), 90);
        // Flipped, a0 is at the top right: (356, 36) → the square from (336, 16).
        assert!(svg.contains(
            r#"<rect class="point" data-square="a0" x="336" y="16" width="40" height="40" fill="transparent"/>"#
        ));
        // The points come last, over everything.
        assert!(svg.rfind(r#"class="point""#).unwrap() > svg.rfind("</text>").unwrap());
    }

    #[test]
    fn hypotenuse_is_exact_enough() {
        assert_eq!(hypotenuse(0.0, 0.0), 0.0);
        assert!((hypotenuse(3.0, 4.0) - 5.0).abs() < 1e-9);
        assert!((hypotenuse(40.0, 80.0) - 89.442_719_1).abs() < 1e-6);
    }
}
