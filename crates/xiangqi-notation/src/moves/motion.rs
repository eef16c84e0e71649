//! [`Direction`] and [`Motion`]: the last two parts of a traditional, WXF or AXF move — which way the piece goes,
//! and the number written after the direction.
//!
//! A straight mover (king, rook, cannon, pawn) writes the number of steps when it goes forward or backward and
//! the destination file when it goes sideways; a diagonal mover (advisor, elephant, horse) always writes the
//! destination file and never goes sideways (AXF 2008 第二章第三节; xqbase 规范(二) §四; eleeye `cchess.cpp`
//! Move2File).

use xiangqi_board::{Color, File, Move, Role, Square};

use crate::moves::tandem::file_number;

/// Which way a piece moves, seen from the side that moves it: 进 `+`, 退 `-`, 平 `.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the opponent (进, 上 in the 1956 rules; `+`).
    Forward,
    /// Towards the own side (退, 下 in the 1956 rules; `-`).
    Backward,
    /// Along the rank (平; `.` in WXF, `=` or `·` in AXF).
    Sideways,
}

/// A direction with its number: steps, or the destination file counted from the mover's right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Motion {
    pub(crate) direction: Direction,
    pub(crate) number: u8,
}

/// The ranks one step forward is for `color`: +1 for Red, −1 for Black.
const fn forward(color: Color) -> i32 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

impl Motion {
    /// How a `color` `role` making `mv` is written.
    pub(crate) fn of(role: Role, color: Color, mv: Move) -> Motion {
        let rank_change = (mv.to.rank().index() as i32 - mv.from.rank().index() as i32) * forward(color);
        let direction = match rank_change {
            1.. => Direction::Forward,
            0 => Direction::Sideways,
            _ => Direction::Backward,
        };
        let number = if role.moves_straight() && direction != Direction::Sideways {
            rank_change.unsigned_abs() as u8
        } else {
            file_number(mv.to.file(), color)
        };
        Motion { direction, number }
    }

    /// Where a `color` `role` on `from` arrives with this motion, if the motion makes sense for it.
    pub(crate) fn target(self, role: Role, color: Color, from: Square) -> Option<Square> {
        let n = i32::from(self.number);
        let ahead = match self.direction {
            Direction::Forward => forward(color),
            Direction::Backward => -forward(color),
            Direction::Sideways => 0,
        };
        if role.moves_straight() {
            return match self.direction {
                Direction::Sideways => {
                    let file = File::from_number(u32::from(self.number), color)?;
                    (file != from.file()).then(|| Square::from_coords(file, from.rank()))
                }
                _ => from.offset(0, n * ahead),
            };
        }
        let file = File::from_number(u32::from(self.number), color)?;
        let file_change = file.index() as i32 - from.file().index() as i32;
        let rank_steps = match (role, file_change.abs()) {
            (Role::Advisor, 1) => 1,
            (Role::Elephant, 2) => 2,
            (Role::Horse, 1) => 2,
            (Role::Horse, 2) => 1,
            _ => return None,
        };
        from.offset(file_change, rank_steps * ahead).filter(|_| ahead != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_movers_count_steps_and_diagonal_movers_name_files() {
        let cases = [
            (Role::Cannon, Color::Red, "h2e2", Direction::Sideways, 5),
            (Role::Cannon, Color::Red, "e2e6", Direction::Forward, 4),
            (Role::Rook, Color::Black, "c5c1", Direction::Forward, 4),
            (Role::Rook, Color::Black, "c8a8", Direction::Sideways, 1),
            (Role::Horse, Color::Red, "g2e1", Direction::Backward, 5),
            (Role::Horse, Color::Black, "b9c7", Direction::Forward, 3),
            (Role::Advisor, Color::Black, "d9e8", Direction::Forward, 5),
            (Role::Elephant, Color::Red, "c4e2", Direction::Backward, 5),
            (Role::King, Color::Black, "e9e8", Direction::Forward, 1),
        ];
        for (role, color, mv, direction, number) in cases {
            let mv: Move = mv.parse().unwrap();
            let motion = Motion::of(role, color, mv);
            assert_eq!(motion, Motion { direction, number }, "{mv}");
            assert_eq!(motion.target(role, color, mv.from), Some(mv.to), "{mv}");
        }
    }

    #[test]
    fn impossible_motions_have_no_target() {
        let sideways = Motion { direction: Direction::Sideways, number: 5 };
        assert_eq!(sideways.target(Role::Horse, Color::Red, Square::G2), None);
        assert_eq!(sideways.target(Role::Rook, Color::Red, Square::E2), None);
        let far = Motion { direction: Direction::Forward, number: 9 };
        assert_eq!(far.target(Role::Rook, Color::Red, Square::E2), None);
        let wide = Motion { direction: Direction::Forward, number: 9 };
        assert_eq!(wide.target(Role::Horse, Color::Red, Square::E2), None);
        assert_eq!(wide.target(Role::Advisor, Color::Red, Square::E1), None);
    }
}
