//! SVG diagrams from JavaScript: the board crate's [`svg::Options`] read from a plain object.

use serde::Deserialize;
use xiangqi::board::{svg, Bitboard, Board, Color, Move, Square};

use crate::failure::Failure;

/// The options object of `diagram` and `Game.diagram`, every field optional: `{flip, size, lastMove, check,
/// selected, targets, coordinates, points}` — squares and moves in UCCI (`e0`, `h2e2`), `coordinates` one of
/// `iccs` (the default), `chinese`, `none`. Other fields are ignored.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DiagramOptions {
    /// Black at the bottom.
    pub flip: bool,
    /// The width in pixels.
    pub size: Option<u32>,
    /// The last move, highlighted.
    pub last_move: Option<String>,
    /// The square of a king in check, highlighted.
    pub check: Option<String>,
    /// A selected square, ringed.
    pub selected: Option<String>,
    /// Squares marked as targets.
    pub targets: Vec<String>,
    /// `iccs`, `chinese` or `none`.
    pub coordinates: Option<String>,
    /// One clickable element per point, `data-square="e0"`.
    pub points: bool,
}

fn square(name: &str) -> Result<Square, Failure> {
    name.parse().map_err(Failure::value)
}

impl DiagramOptions {
    /// The board crate's options.
    ///
    /// # Errors
    /// [`Failure::Value`] for a square, move or coordinates name that is none.
    pub fn to_svg(&self) -> Result<svg::Options, Failure> {
        let coordinates = match self.coordinates.as_deref() {
            None | Some("iccs") => svg::Coordinates::Iccs,
            Some("chinese") => svg::Coordinates::Chinese,
            Some("none") => svg::Coordinates::None,
            Some(other) => {
                return Err(Failure::Value(format!("invalid coordinates `{other}`: expected iccs, chinese or none")))
            }
        };
        let targets = self.targets.iter().map(|name| square(name)).collect::<Result<Bitboard, _>>()?;
        Ok(svg::Options {
            flip: self.flip,
            size: self.size,
            last_move: self.last_move.as_deref().map(str::parse::<Move>).transpose().map_err(Failure::value)?,
            check: self.check.as_deref().map(square).transpose()?,
            selected: self.selected.as_deref().map(square).transpose()?,
            targets,
            coordinates,
            points: self.points,
        })
    }
}

/// Draws `board` with `moves` as numbered arrows (the first by `side`, then in turn) under `options`.
pub fn draw(board: &Board, side: Color, moves: &[Move], options: &svg::Options) -> String {
    let mut side = side;
    let arrows: Vec<svg::Arrow> = moves
        .iter()
        .zip(1..)
        .map(|(&mv, label)| {
            let arrow = svg::Arrow { mv, side, label: Some(label) };
            side = side.other();
            arrow
        })
        .collect();
    svg::render_with(board, &arrows, options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_and_checked() {
        let options = DiagramOptions {
            flip: true,
            last_move: Some("h2e2".into()),
            targets: vec!["e1".into(), "e2".into()],
            coordinates: Some("chinese".into()),
            ..DiagramOptions::default()
        };
        let svg = options.to_svg().unwrap();
        assert!(svg.flip);
        assert_eq!(svg.last_move, Some("h2e2".parse().unwrap()));
        assert_eq!(svg.targets.count(), 2);
        assert_eq!(svg.coordinates, svg::Coordinates::Chinese);
        let bad = DiagramOptions { coordinates: Some("roman".into()), ..DiagramOptions::default() };
        assert_eq!(
            bad.to_svg().unwrap_err().to_string(),
            "invalid coordinates `roman`: expected iccs, chinese or none"
        );
        let bad = DiagramOptions { selected: Some("j0".into()), ..DiagramOptions::default() };
        assert!(bad.to_svg().unwrap_err().to_string().contains("j0"));
    }
}
