//! Points for results (成绩计算): games, matches and byes.

use crate::points::Points;

/// Points for each kind of result. All values are exact [`Points`] and must be whole or half points.
///
/// * Games: AXF 2008 第二章第四节 一 / ROC 2007 第五節 一 / CXA 2011 13.1 give win 2, draw 1, loss 0
///   ([`Scoring::standard`]); CXA 13.3 allows asymmetric scoring, win 3 and a draw worth 1 to the first mover and
///   2 to the second ([`Scoring::cxa_asymmetric`]).
/// * Matches (team matches and two-game matches): 场分 / 大分 2, 1, 0 (AXF 2008 第二章第四节 二–四).
/// * Byes: a full bye scores as a win (CXA 14.4), a half bye as a first mover's draw.
///
/// In JSON every field is optional. `draw` sets both draw values; `forfeit_win` and `bye_full` default to `win`,
/// `forfeit_loss` to `loss`, `bye_half` to the first mover's draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "ScoringDoc"))]
pub struct Scoring {
    /// A game won over the board.
    pub win: Points,
    /// A draw, for the first mover (先手, normally Red).
    pub draw_first_mover: Points,
    /// A draw, for the second mover (后手).
    pub draw_second_mover: Points,
    /// A game lost over the board.
    pub loss: Points,
    /// A game won because the opponent forfeited (对方弃权).
    pub forfeit_win: Points,
    /// A game lost by forfeit.
    pub forfeit_loss: Points,
    /// Each side of a double forfeit or a double timeout (0:0).
    pub double_forfeit: Points,
    /// A full bye.
    pub bye_full: Points,
    /// A half bye.
    pub bye_half: Points,
    /// A zero bye.
    pub bye_zero: Points,
    /// A match won (场分 / 大分).
    pub match_win: Points,
    /// A match drawn.
    pub match_draw: Points,
    /// A match lost.
    pub match_loss: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring::standard()
    }
}

impl Scoring {
    /// Win 2, draw 1, loss 0 for games and matches (AXF 2008 第二章第四节, ROC 2007 第五節, CXA 2011 13.1).
    #[must_use]
    pub const fn standard() -> Scoring {
        Scoring::with_game_points(Points::whole(2), Points::whole(1), Points::whole(1), Points::ZERO)
    }

    /// Win 1, draw ½, loss 0 (the chess convention).
    #[must_use]
    pub const fn one_half_zero() -> Scoring {
        Scoring::with_game_points(
            Points::whole(1),
            Points::from_half_points(1),
            Points::from_half_points(1),
            Points::ZERO,
        )
    }

    /// CXA 2011 13.3: win 3, loss 0, a draw worth 1 to the first mover and 2 to the second
    /// ("胜3、负0、先手方和棋1分、后手方和棋2分").
    #[must_use]
    pub const fn cxa_asymmetric() -> Scoring {
        Scoring::with_game_points(Points::whole(3), Points::whole(1), Points::whole(2), Points::ZERO)
    }

    /// Game points as given, with forfeits and byes following them and matches scored 2/1/0.
    #[must_use]
    pub const fn with_game_points(
        win: Points,
        draw_first_mover: Points,
        draw_second_mover: Points,
        loss: Points,
    ) -> Scoring {
        Scoring {
            win,
            draw_first_mover,
            draw_second_mover,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            double_forfeit: Points::ZERO,
            bye_full: win,
            bye_half: draw_first_mover,
            bye_zero: Points::ZERO,
            match_win: Points::whole(2),
            match_draw: Points::whole(1),
            match_loss: Points::ZERO,
        }
    }

    /// The fields with their JSON names, for validation and documentation.
    #[must_use]
    pub fn fields(&self) -> [(&'static str, Points); 13] {
        [
            ("win", self.win),
            ("draw_first_mover", self.draw_first_mover),
            ("draw_second_mover", self.draw_second_mover),
            ("loss", self.loss),
            ("forfeit_win", self.forfeit_win),
            ("forfeit_loss", self.forfeit_loss),
            ("double_forfeit", self.double_forfeit),
            ("bye_full", self.bye_full),
            ("bye_half", self.bye_half),
            ("bye_zero", self.bye_zero),
            ("match_win", self.match_win),
            ("match_draw", self.match_draw),
            ("match_loss", self.match_loss),
        ]
    }
}

/// The JSON form of [`Scoring`]: every field optional.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoringDoc {
    win: Option<Points>,
    draw: Option<Points>,
    draw_first_mover: Option<Points>,
    draw_second_mover: Option<Points>,
    loss: Option<Points>,
    forfeit_win: Option<Points>,
    forfeit_loss: Option<Points>,
    double_forfeit: Option<Points>,
    bye_full: Option<Points>,
    bye_half: Option<Points>,
    bye_zero: Option<Points>,
    match_win: Option<Points>,
    match_draw: Option<Points>,
    match_loss: Option<Points>,
}

#[cfg(feature = "serde")]
impl From<ScoringDoc> for Scoring {
    fn from(doc: ScoringDoc) -> Scoring {
        let standard = Scoring::standard();
        let win = doc.win.unwrap_or(standard.win);
        let draw = doc.draw.unwrap_or(standard.draw_first_mover);
        let first = doc.draw_first_mover.unwrap_or(draw);
        let second = doc.draw_second_mover.unwrap_or(draw);
        let loss = doc.loss.unwrap_or(standard.loss);
        let base = Scoring::with_game_points(win, first, second, loss);
        Scoring {
            forfeit_win: doc.forfeit_win.unwrap_or(base.forfeit_win),
            forfeit_loss: doc.forfeit_loss.unwrap_or(base.forfeit_loss),
            double_forfeit: doc.double_forfeit.unwrap_or(base.double_forfeit),
            bye_full: doc.bye_full.unwrap_or(base.bye_full),
            bye_half: doc.bye_half.unwrap_or(base.bye_half),
            bye_zero: doc.bye_zero.unwrap_or(base.bye_zero),
            match_win: doc.match_win.unwrap_or(base.match_win),
            match_draw: doc.match_draw.unwrap_or(base.match_draw),
            match_loss: doc.match_loss.unwrap_or(base.match_loss),
            ..base
        }
    }
}
