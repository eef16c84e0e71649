//! `xiangqi convert`: writes the games of record files as PGN, DhtmlXQ or XQF, one game at a time.

use std::{
    borrow::Cow,
    fs::File,
    io::{self, BufWriter, Write},
    path::PathBuf,
};

use xiangqi::notation::{
    collection::{CollectedGame, FileOutcome, Part},
    dhtmlxq,
    encoding::{self, TextEncoding},
    pgn, xqf, GameRecord, MoveFormat, RecordError,
};

use crate::{
    collection,
    read::ReadArgs,
    run::{self, Items, RunOptions},
    Exit, Fail,
};

/// Convert records to PGN, DhtmlXQ or XQF, streaming
///
/// Converts records (PGN in any encoding, XQF, DhtmlXQ, CCBridge CBR/CBL/CBF) to PGN, DhtmlXQ or XQF, keeping
/// comments, variations and tags. Games are written one by one as they are read; a game that cannot be read or
/// written is reported on stderr and skipped, never half-written. Files are converted one after the other, in the
/// order given (paths, then names), so that the output streams; the games of a large PGN file are read and
/// written on all the threads (`-j`), and written out in their order. An XQF file holds one game: with `--to
/// xqf` the first game is written and any other is reported and skipped.
#[derive(Debug, clap::Args)]
#[command(after_help = "Example:\n  xiangqi convert --to pgn --notation wxf --encoding gbk games/*.xqf -o games.pgn")]
pub(crate) struct ConvertArgs {
    /// The output format.
    #[arg(long, value_enum)]
    to: Target,
    /// The move notation of PGN output: chinese (炮二平五), wxf (C2.5), axf (炮2=5), iccs (H2-E2), ucci (h2e2) or
    /// fairy-uci (h3e3).
    #[arg(long, default_value = "chinese", value_name = "NOTATION")]
    notation: MoveFormat,
    /// The text encoding of PGN and DhtmlXQ output (XQF is GBK inside).
    #[arg(long, value_enum, default_value_t = Encoding::Utf8)]
    encoding: Encoding,
    /// Record files, and directories to search for them (recursively).
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<PathBuf>,
    /// The output file (`-` for stdout).
    #[arg(short, long, value_name = "OUT")]
    output: PathBuf,
    /// Exit with 0 even when some games were skipped.
    #[arg(long)]
    allow_errors: bool,
    /// Report each game as one JSON object a line on stderr (`file`, `game`, `status` `written` or `skipped`,
    /// `encoding`, and `error` for a skipped game) instead of the messages of the skipped games.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    run: RunOptions,
}

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// PGN, xiangqi flavour, with the `Format` tag of `--notation`.
    Pgn,
    /// DhtmlXQ (东萍) blocks.
    Dhtmlxq,
    /// XQF (象棋演播室), binary, one game (encrypted, version 0x12, as XQStudio writes it).
    Xqf,
}

/// The output encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Encoding {
    /// UTF-8.
    #[value(name = "utf-8", alias = "utf8")]
    Utf8,
    /// GBK (characters it lacks are written as `&#NNNN;`).
    Gbk,
    /// Big5 (characters it lacks are written as `&#NNNN;`).
    Big5,
}

impl Encoding {
    fn text_encoding(self) -> TextEncoding {
        match self {
            Encoding::Utf8 => TextEncoding::Utf8,
            Encoding::Gbk => TextEncoding::Gbk,
            Encoding::Big5 => TextEncoding::Big5,
        }
    }
}

/// Writes one game in the chosen format, in full or not at all: a text ends with a line break.
fn write_game(args: &ConvertArgs, game: &GameRecord) -> Result<Vec<u8>, RecordError> {
    let text = match args.to {
        Target::Pgn => pgn::write(game, &pgn::PgnOptions::new(args.notation))?,
        Target::Dhtmlxq => dhtmlxq::write(game)?,
        Target::Xqf => return xqf::write(game, &xqf::XqfOptions::default()),
    };
    Ok(encode(with_final_newline(text), args.encoding.text_encoding()))
}

/// `text` ending with a line break.
fn with_final_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// What became of one game: its number in its file, the encoding it was read in, and its text written out or why
/// it was skipped.
struct Converted {
    number: usize,
    encoding: Option<TextEncoding>,
    text: Result<Vec<u8>, RecordError>,
}

/// One game's line of `--json` output (on stderr; a file that gives no game at all is a line with `game` 0).
#[derive(serde::Serialize)]
struct GameLine<'a> {
    file: &'a str,
    game: usize,
    status: &'static str,
    /// The text encoding the game was read in; null where the format has none and for a file without a game.
    encoding: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// `text` in `encoding` (UTF-8 text as it is, without a copy).
fn encode(text: String, encoding: TextEncoding) -> Vec<u8> {
    let encoded = match encoding::encode(&text, encoding) {
        Cow::Owned(bytes) => Some(bytes),
        Cow::Borrowed(_) => None,
    };
    encoded.unwrap_or_else(|| text.into_bytes())
}

/// Runs `xiangqi convert`.
pub(crate) fn run(args: &ConvertArgs) -> Result<Exit, Fail> {
    let mut out: Box<dyn Write + Send> = if args.output.as_os_str() == "-" {
        Box::new(io::stdout())
    } else {
        let file = File::create(&args.output)
            .map_err(|err| Fail::Message(format!("{}: cannot create: {err}", args.output.display())))?;
        Box::new(file)
    };
    let mut out = BufWriter::new(&mut out);
    let (mut written, mut skipped, mut bad_files) = (0u64, 0u64, 0u64);
    // One file at a time, its games written in the order of the input as they are converted, so that a long file
    // streams; the games of a long PGN file are converted on every thread while the thread that splits it writes.
    let convert = |game: CollectedGame<'_>| Converted {
        number: game.number,
        encoding: game.encoding,
        text: game.record.and_then(|record| write_game(args, &record)),
    };
    let report = |line: GameLine<'_>| -> Result<(), Fail> {
        warn_line!("{}", crate::json_line(&line)?);
        Ok(())
    };
    collection::for_each(&args.inputs, args.run, Items::InTurn, args.read, convert, &mut io::sink(), |file, part| {
        match part {
            Part::Game(Converted { number, encoding, text }) => {
                let encoding = encoding.map(|encoding| encoding.to_string());
                match text {
                    Ok(_) if written > 0 && args.to == Target::Xqf => {
                        skipped += 1;
                        let why = "an XQF file holds one game, and the first is written";
                        if args.json {
                            let error = Some(why.to_owned());
                            report(GameLine { file, game: number, status: "skipped", encoding, error })?;
                        } else {
                            warn_line!("{file}: game {number}: {why} (skipped)");
                        }
                    }
                    Ok(text) => {
                        if written > 0 && args.to == Target::Pgn {
                            out.write_all(b"\n")?;
                        }
                        out.write_all(&text)?;
                        written += 1;
                        if args.json {
                            report(GameLine { file, game: number, status: "written", encoding, error: None })?;
                        }
                    }
                    Err(err) => {
                        skipped += 1;
                        if args.json {
                            let error = Some(err.to_string());
                            report(GameLine { file, game: number, status: "skipped", encoding, error })?;
                        } else {
                            warn_line!("{file}: {err} (skipped)");
                        }
                    }
                }
            }
            Part::End(FileOutcome::Failed(error)) => {
                bad_files += 1;
                if args.json {
                    let error = Some(error.to_string());
                    report(GameLine { file, game: 0, status: "skipped", encoding: None, error })?;
                } else {
                    warn_line!("{file}: {error}");
                }
            }
            Part::End(FileOutcome::Read | FileOutcome::PassedOver) => {}
        }
        Ok(Vec::new())
    })?;
    out.flush()?;
    if !args.run.quiet {
        warn_line!("{written} games written, {skipped} skipped, {bad_files} files unreadable");
    }
    if run::stopped() {
        return Ok(Exit::Interrupted);
    }
    Ok(if (skipped > 0 || bad_files > 0) && !args.allow_errors { Exit::SomeFailed } else { Exit::Ok })
}
