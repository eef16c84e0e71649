//! `xiangqi show`: a board diagram, as text or SVG, of a FEN or of a game record after a given ply.

use std::{
    fs::File,
    io::{BufReader, Write},
    path::Path,
};

use xiangqi::{
    board::{svg, Move, Position},
    notation::collection::{Collection, FileError, FileOutcome, Input, Part},
};

use crate::{read, Exit, Fail};

/// Show a board diagram (text or SVG)
///
/// Shows the board of a FEN, or of game N of a record file after ply P (default: the end of the main line), as
/// text (letters, or Chinese characters with --chinese) or as an SVG picture with the last move as an arrow.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:\n  xiangqi show --ply 10 --svg board.svg game.pgn\n  \
xiangqi show --chinese 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w'")]
pub(crate) struct ShowArgs {
    /// A FEN, or a record file.
    #[arg(value_name = "FEN|FILE")]
    source: String,
    /// The game of the file (from 1).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    /// Show the position after this ply of the main line (0: the start; default: the end).
    #[arg(long)]
    ply: Option<usize>,
    /// Text diagram in Chinese characters.
    #[arg(long)]
    chinese: bool,
    #[command(flatten)]
    read: read::ReadArgs,
    /// Write an SVG picture to OUT (`-` for stdout) instead of the text diagram.
    #[arg(long, value_name = "OUT")]
    svg: Option<String>,
}

/// The position to show and the move that led to it.
fn position(args: &ShowArgs) -> Result<(Position, Option<Move>), Fail> {
    let path = Path::new(&args.source);
    if !path.exists() {
        let pos = Position::from_fen(&args.source)
            .map_err(|err| Fail::Message(format!("{}: neither a file nor a FEN ({err})", args.source)))?;
        return Ok((pos, None));
    }
    let wanted = args.game as usize;
    let cannot_read = |err: FileError| Fail::Message(format!("{}: {err}", args.source));
    // The file is read as named, whatever it is (a directory is not searched).
    let file = File::open(path).map_err(|err| cannot_read(FileError::Io(err)))?;
    let collection = Collection::new()
        .input(Input::reader(args.source.clone(), BufReader::new(file), None))
        .read_options(args.read.options());
    let stop = collection.stop_handle();
    let (mut found, mut failed) = (None, None);
    let _ = collection.run_on_this_thread(
        |game| (game.number, game.record),
        |_, part| {
            match part {
                Part::Game((number, record)) if number == wanted => {
                    found = Some(record);
                    stop.stop();
                }
                Part::End(FileOutcome::Failed(err)) => failed = Some(err),
                Part::Game(_) | Part::End(_) => {}
            }
            Ok::<_, core::convert::Infallible>(())
        },
    );
    if let Some(err) = failed {
        return Err(cannot_read(err));
    }
    let game = match found {
        Some(Ok(game)) => game,
        Some(Err(err)) => return Err(Fail::Message(format!("{}: {err}", args.source))),
        None => return Err(Fail::Message(format!("{}: there is no game {wanted}", args.source))),
    };
    let plies = game.main.nodes.len();
    let ply = args.ply.unwrap_or(plies);
    if ply > plies {
        return Err(Fail::Message(format!("--ply {ply}: game {wanted} of {} has {plies} plies", args.source)));
    }
    let mut pos = game.start.clone();
    let mut last = None;
    for mv in game.main_moves().take(ply) {
        // The readers return only games that replay legally.
        pos = pos.play(mv).map_err(|err| Fail::Message(format!("{}: {err}", args.source)))?;
        last = Some(mv);
    }
    Ok((pos, last))
}

/// Runs `xiangqi show`.
pub(crate) fn run(args: &ShowArgs) -> Result<Exit, Fail> {
    let (pos, last) = position(args)?;
    let Some(out) = &args.svg else {
        let mut stdout = std::io::stdout().lock();
        if args.chinese {
            write!(stdout, "{:#}", pos.board())?;
        } else {
            write!(stdout, "{}", pos.board())?;
        }
        writeln!(stdout, "{pos}")?;
        return Ok(Exit::Ok);
    };
    // The arrow is drawn in the colour of the side that made the move: the one not to move now.
    let arrows: Vec<svg::Arrow> =
        last.map(|mv| svg::Arrow { mv, side: pos.turn().other(), label: None }).into_iter().collect();
    let picture = svg::render(pos.board(), &arrows);
    if out == "-" {
        write!(std::io::stdout().lock(), "{picture}")?;
    } else {
        std::fs::write(out, picture).map_err(|err| Fail::Message(format!("{out}: cannot write: {err}")))?;
    }
    Ok(Exit::Ok)
}
