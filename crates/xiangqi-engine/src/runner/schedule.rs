//! [`GameSpec`]: the games of a match, in the order they start.

use crate::runner::MatchConfig;

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameSpec {
    /// Its number (from 1), in the order the games start: the PGN `Round`.
    pub number: u32,
    /// The index of the pair in [`MatchConfig::pairs`].
    pub pair: usize,
    /// The engine with Red (an index of [`MatchConfig::engines`]).
    pub red: usize,
    /// The engine with Black.
    pub black: usize,
    /// The index of the opening in [`MatchConfig::openings`] (`None`: the start position).
    pub opening: Option<usize>,
}

/// The games of `config`: the `k`-th game of every pair, then the `k + 1`-th, so that the pairs advance together.
/// Game `k` of a pair uses opening `k / games_per_opening` (again from the first when they run out), with the
/// first engine of the pair as Red when `k` is even.
///
/// ```
/// use xiangqi::engine::runner::{schedule, EngineSpec, MatchConfig, MatchLimit, Opening};
/// use xiangqi::engine::EngineCommand;
///
/// let spec = |name: &str| EngineSpec { name: name.into(), command: EngineCommand::new(name), options: vec![] };
/// let mut config = MatchConfig::new(vec![spec("a"), spec("b")], MatchLimit::Depth(4));
/// config.games = 4;
/// config.openings = vec![Opening::start_position(), Opening::start_position()];
/// let games = schedule(&config);
/// let order: Vec<_> = games.iter().map(|game| (game.red, game.black, game.opening)).collect();
/// assert_eq!(order, [(0, 1, Some(0)), (1, 0, Some(0)), (0, 1, Some(1)), (1, 0, Some(1))]);
/// ```
pub fn schedule(config: &MatchConfig) -> Vec<GameSpec> {
    let pairs = config.pairs();
    let per_opening = config.games_per_opening.max(1);
    let mut games = Vec::new();
    for k in 0..config.games {
        for (pair, &(a, b)) in pairs.iter().enumerate() {
            let (red, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
            let opening = (!config.openings.is_empty()).then(|| (k / per_opening) as usize % config.openings.len());
            let number = u32::try_from(games.len() + 1).unwrap_or(u32::MAX);
            games.push(GameSpec { number, pair, red, black, opening });
        }
    }
    games
}
