//! [`Game::record`]: the game so far as a [`GameRecord`] (the notation crate's record type, which every record
//! format reads and writes).

use alloc::string::ToString;

use xiangqi_notation::{GameRecord, Node, Tags};

use crate::game::Game;

impl Game {
    /// The game so far as a record: the `tags` given, the start position and the moves played, and the ruling as
    /// the result ([`Ruling::game_result`](crate::Ruling::game_result): `*` while the game goes on). Once the
    /// game is over, the final ruling is the comment after the last move (the game's comment if no move was
    /// played) and a `Termination` tag names the reason ([`Termination`](crate::Termination)).
    ///
    /// ```
    /// use xiangqi::adjudicator::{Game, RuleBook};
    /// use xiangqi::board::GameResult;
    /// use xiangqi::notation::Tags;
    ///
    /// let mut game = Game::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", RuleBook::Axf2008)?;
    /// game.play_text("a0a9")?;
    /// let mut tags = Tags::new();
    /// tags.insert("Event", "Example");
    /// let record = game.record(tags);
    /// assert_eq!(record.result, GameResult::RedWins);
    /// assert_eq!(record.tags.get("Termination"), Some("checkmate"));
    /// assert_eq!(record.main.nodes[0].comment.as_deref(), Some("black_loses AXF 2008 第三章第二节九 (checkmate: black is mated)"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self, tags: Tags) -> GameRecord {
        let mut record = GameRecord::from_position(self.history().start().clone());
        record.tags = tags;
        record.main.nodes = self.moves().iter().map(|&mv| Node::new(mv)).collect();
        let verdict = self.verdict();
        record.result = verdict.ruling.game_result();
        if verdict.ruling.is_final() {
            let comment = Some(verdict.to_string());
            match record.main.nodes.last_mut() {
                Some(last) => last.comment = comment,
                None => record.main.comment = comment,
            }
            if let Some(termination) = verdict.termination {
                record.tags.insert("Termination", termination.to_string());
            }
        }
        record
    }
}
