//! `nebutil game …`: the arbiter's commands.
//!
//! ```text
//! nebutil game new --players N --seed S --out DIR [--rules 2002|1999|FILE]
//!                  [--names A,B,…] [--classes C,D,…] [--name GAME] [--worlds N] [--lang fr|en]
//! nebutil game turn DIR [--lang fr|en]
//! nebutil game show DIR [--json] [--lang fr|en]
//! ```
//!
//! A game folder:
//!
//! ```text
//! DIR/game.ron                     the save (crate::game::save, versioned RON)
//! DIR/players/<n>/turn-TTT.cr      player n's turn report of turn TTT (UTF-8)
//! DIR/players/<n>/turn-TTT.nbt     its .NBT companion
//! DIR/players/<n>/orders-TTT.txt   player n's orders for turn TTT (written by him;
//!                                  an orders mail with DEBUT/FIN is read too)
//! DIR/saves/game-TTT.ron           the save as it was before turn TTT was resolved
//! DIR/arbiter/turn-TTT.log         the arbiter's log of turn TTT (ONR, unreadable
//!                                  lines, voided orders, scores, final ranking)
//! ```
//!
//! `game turn` resolves the save's turn TTT: a missing order file is an ONR,
//! unreadable lines are reported (stderr and log) and the rest is executed. It
//! keeps the previous save in `saves/`, replaces `game.ron` (written to a
//! temporary file, then renamed), and writes every player's CR and NBT of turn
//! TTT+1 and the log. It refuses to overwrite any file of turn TTT+1 that exists.
//!
//! `<n>` is the player's number (1, 2, …), `TTT` the turn on three digits (a new
//! galaxy is at turn 1). `game new` refuses a non-empty folder (nothing is
//! overwritten) and writes the same bytes for the same arguments. Exit status: 0,
//! or 2 when the command line, the rules, a file or the save is wrong (message on
//! stderr).

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::error::CliError;
use super::{EXIT_OK, LangArg, env_lang};
use std::collections::BTreeMap;

use crate::game::arbiter;
use crate::game::folder;
use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use crate::game::save::Save;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::{Class, PlayerId};
use crate::rules::Ruleset;
use crate::storage::text_file::{ReadError, TextKind};

/// The save's file name inside a game folder.
pub const SAVE_FILE: &str = folder::SAVE_FILE;

#[derive(Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    command: GameCommand,
}

#[derive(Subcommand, Debug)]
enum GameCommand {
    /// Creates a game: the save and every player's first CR and NBT.
    New(NewArgs),
    /// Resolves the current turn: reads every player's orders, writes the next
    /// save, every player's CR and NBT, and the arbiter's log.
    Turn(TurnArgs),
    /// Prints the standings and a summary of every player of a game.
    Show(ShowArgs),
}

#[derive(Args, Debug)]
struct TurnArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// Language of messages and of the log (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args, Debug)]
struct NewArgs {
    /// Number of players.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4000))]
    players: u32,
    /// The game seed: the same seed gives the same game, byte for byte.
    #[arg(long)]
    seed: u64,
    /// The game folder to create (must not exist, or be empty).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The rules: "2002" (default), "1999", or a RON ruleset file.
    #[arg(long, value_name = "2002|1999|FILE", default_value = "2002")]
    rules: String,
    /// Player names, comma-separated (default "Joueur 1", "Joueur 2", …).
    #[arg(long, value_delimiter = ',')]
    names: Vec<String>,
    /// Player classes, comma-separated, French or English (default: the seven in turn).
    #[arg(long, value_delimiter = ',')]
    classes: Vec<String>,
    /// The game's name, printed in every CR header.
    #[arg(long, value_name = "GAME")]
    name: Option<String>,
    /// Number of worlds (default: 25 per player).
    #[arg(long)]
    worlds: Option<u32>,
    /// Language of messages (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args, Debug)]
struct ShowArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// Print one JSON object (schema nebutil-game/1) instead of text.
    #[arg(long)]
    json: bool,
    /// Language of messages (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

/// Runs `nebutil game …`; returns the exit status.
pub fn run(args: &GameArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let (lang, result) = match &args.command {
        GameCommand::New(args) => (lang_of(args.lang), new(args, out)),
        GameCommand::Turn(args) => (lang_of(args.lang), turn(args, out, err)),
        GameCommand::Show(args) => (lang_of(args.lang), show(args, out)),
    };
    super::error::finish(result, lang, err)
}

fn lang_of(lang: Option<LangArg>) -> Lang {
    lang.map_or_else(env_lang, Lang::from)
}

/// The ruleset `--rules` names: a built-in name, else a RON file.
fn load_rules(spec: &str) -> Result<Ruleset, CliError> {
    let refused = |error| CliError::Rules {
        spec: spec.to_string(),
        error,
    };
    if Ruleset::BUILTIN_NAMES.contains(&spec) {
        return Ruleset::builtin(spec).map_err(refused);
    }
    let path = Path::new(spec);
    let text = super::input::read_utf8(path, TextKind::Ruleset)?;
    Ruleset::from_ron(&text).map_err(refused)
}

/// The players of `game new`: names and classes given or defaulted.
fn player_setups(args: &NewArgs) -> Result<Vec<PlayerSetup>, CliError> {
    let count = args.players as usize;
    for (list, what) in [(&args.names, "--names"), (&args.classes, "--classes")] {
        if !list.is_empty() && list.len() != count {
            return Err(CliError::ListLength {
                option: what,
                given: list.len(),
                players: count,
            });
        }
    }
    (0..count)
        .map(|i| {
            let name = args
                .names
                .get(i)
                .map_or_else(|| format!("Joueur {}", i + 1), |n| n.trim().to_string());
            let class = match args.classes.get(i) {
                Some(text) => Class::from_name(text).ok_or_else(|| CliError::BadClass {
                    class: text.clone(),
                })?,
                None => Class::ALL[i % Class::ALL.len()],
            };
            Ok(PlayerSetup::new(&name, class))
        })
        .collect()
}

/// `DIR` may be created: it does not exist, or is an empty folder.
fn check_out_dir(dir: &Path) -> Result<(), CliError> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                Err(CliError::NotEmpty {
                    dir: dir.to_path_buf(),
                })
            } else {
                Ok(())
            }
        }
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(CliError::Read {
            file: dir.to_path_buf(),
            error: ReadError::Io(error),
        }),
    }
}

/// The files of a new game, relative to its folder, in writing order (see
/// [`folder::game_files`]).
pub fn new_game_files(save: &Save) -> Vec<(PathBuf, String)> {
    folder::game_files(save)
}

fn new(args: &NewArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    let lang = lang_of(args.lang);
    check_out_dir(&args.out)?;
    let ruleset = load_rules(&args.rules)?;
    let players = player_setups(args)?;
    let mut params = GeneratorParams::new(players);
    params.worlds = args.worlds.unwrap_or(0);
    let galaxy = generate_seeded(&params, &ruleset, args.seed).map_err(CliError::Generate)?;
    let save = Save::new(args.name.clone(), ruleset, args.seed, galaxy);
    let files = new_game_files(&save);
    for (relative, text) in &files {
        let path = args.out.join(relative);
        let written = match path.parent() {
            Some(parent) => std::fs::create_dir_all(parent),
            None => Ok(()),
        }
        .and_then(|()| std::fs::write(&path, text));
        if let Err(error) = written {
            return Err(CliError::Write { file: path, error });
        }
    }
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-game-created",
            &[
                ("dir", &args.out.display().to_string()),
                ("players", &args.players.to_string()),
                ("worlds", &save.galaxy.worlds.len().to_string()),
                ("files", &files.len().to_string()),
            ],
        )
    );
    Ok(EXIT_OK)
}

/// One line of the standings.
#[derive(serde::Serialize)]
struct Standing {
    rank: usize,
    number: u32,
    name: String,
    class: Option<String>,
    score: i64,
    score_last_turn: i64,
    worlds: usize,
    fleets: usize,
    ships: u64,
    population: u64,
    industries: u64,
    mp: u64,
    treasures: usize,
}

#[derive(serde::Serialize)]
struct ShowJson<'a> {
    schema: &'static str,
    game: Option<&'a str>,
    ruleset: &'a str,
    turn: u32,
    worlds: usize,
    standings: Vec<Standing>,
}

fn standings(save: &Save) -> Vec<Standing> {
    arbiter::standings(&save.galaxy)
        .into_iter()
        .map(|s| Standing {
            rank: s.rank,
            number: s.player.0,
            name: s.name,
            class: s.class.map(|c| c.french_name().to_string()),
            score: s.score,
            score_last_turn: s.score_last_turn,
            worlds: s.worlds,
            fleets: s.fleets,
            ships: s.ships,
            population: s.population,
            industries: s.industries,
            mp: s.mp,
            treasures: s.treasures,
        })
        .collect()
}

/// Reads `DIR/game.ron`.
pub fn read_save(dir: &Path) -> Result<Save, CliError> {
    let path = dir.join(SAVE_FILE);
    let text = super::input::read_utf8(&path, TextKind::Save)?;
    Save::from_ron(&text).map_err(|error| CliError::Save { file: path, error })
}

fn show(args: &ShowArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    let lang = lang_of(args.lang);
    let save = read_save(&args.dir)?;
    let table = standings(&save);
    if args.json {
        let document = ShowJson {
            schema: "nebutil-game/1",
            game: save.game_name.as_deref(),
            ruleset: &save.ruleset.name,
            turn: save.galaxy.turn,
            worlds: save.galaxy.worlds.len(),
            standings: table,
        };
        let text = serde_json::to_string_pretty(&document)?;
        say!(out, "{text}");
        return Ok(EXIT_OK);
    }
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-game-show-header",
            &[
                (
                    "game",
                    save.game_name
                        .as_deref()
                        .unwrap_or(&tr(lang, "cli-game-unnamed")),
                ),
                ("ruleset", &save.ruleset.name),
                ("turn", &save.galaxy.turn.to_string()),
                ("worlds", &save.galaxy.worlds.len().to_string()),
            ],
        )
    );
    say!(out);
    say!(out, "{}", tr(lang, "cli-game-standings"));
    say!(
        out,
        "{:>3}  {:>3}  {:<24} {:<13} {:>7} {:>6} {:>6} {:>6}",
        "#",
        "N",
        tr(lang, "cli-game-col-name"),
        tr(lang, "cli-game-col-class"),
        tr(lang, "cli-game-col-score"),
        tr(lang, "cli-game-col-worlds"),
        tr(lang, "cli-game-col-fleets"),
        tr(lang, "cli-game-col-ships"),
    );
    for s in &table {
        say!(
            out,
            "{:>3}  {:>3}  {:<24} {:<13} {:>7} {:>6} {:>6} {:>6}",
            s.rank,
            s.number,
            s.name,
            s.class.as_deref().unwrap_or("-"),
            s.score,
            s.worlds,
            s.fleets,
            s.ships
        );
    }
    say!(out);
    for s in &table {
        say!(
            out,
            "{}",
            tr_args(
                lang,
                "cli-game-player-summary",
                &[
                    ("number", &s.number.to_string()),
                    ("name", &s.name),
                    ("score", &s.score.to_string()),
                    ("gained", &s.score_last_turn.to_string()),
                    ("population", &s.population.to_string()),
                    ("industries", &s.industries.to_string()),
                    ("mp", &s.mp.to_string()),
                    ("treasures", &s.treasures.to_string()),
                ],
            )
        );
    }
    Ok(EXIT_OK)
}

/// The order file of player `player` for turn `turn`, relative to the game folder.
pub fn orders_file(player: PlayerId, turn: u32) -> PathBuf {
    folder::orders_file(player, turn)
}

/// Reads every player's order file of the save's turn (missing = ONR).
fn read_orders(dir: &Path, save: &Save) -> Result<BTreeMap<PlayerId, arbiter::Sent>, CliError> {
    folder::read_sent(save, |relative| std::fs::read(dir.join(relative))).map_err(
        |(relative, error)| CliError::Read {
            file: dir.join(relative),
            error: ReadError::Io(error),
        },
    )
}

fn turn(args: &TurnArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32, CliError> {
    use crate::storage::{fault::Faults, lock, turn};
    let lang = lang_of(args.lang);
    // One writer at a time on a game folder (another turn, the app, the mail robot).
    let _lock = match lock::lock(&args.dir) {
        Ok(lock) => lock,
        Err(lock::LockError::Busy(path)) => return Err(CliError::Busy { lock: path }),
        Err(lock::LockError::Io(path, error)) => {
            return Err(CliError::Write { file: path, error });
        }
    };
    let mut faults = Faults::from_env();
    // A turn interrupted by a crash is finished (or undone) before anything else.
    match turn::recover(&args.dir, &mut faults) {
        Ok(turn::Recovery::Clean) => {}
        Ok(turn::Recovery::RolledBack) => {
            say!(err, "{}", tr(lang, "cli-game-turn-rolled-back"));
        }
        Ok(turn::Recovery::Completed { files }) => {
            let turn = read_save(&args.dir)
                .map(|s| s.galaxy.turn.saturating_sub(1))
                .unwrap_or_default();
            say!(
                out,
                "{}",
                tr_args(
                    lang,
                    "cli-game-turn-completed",
                    &[("turn", &turn.to_string()), ("files", &files.to_string())],
                )
            );
            return Ok(EXIT_OK);
        }
        Err(error) => {
            return Err(CliError::Write {
                file: args.dir.join(turn::WORK_DIR),
                error,
            });
        }
    }
    let save = read_save(&args.dir)?;
    let sent = read_orders(&args.dir, &save)?;
    for s in sent.values() {
        for diagnostic in &s.diagnostics {
            say!(err, "{}", diagnostic.render(&s.file, lang));
        }
    }
    let resolved = folder::resolve(&save, &sent, lang)?;
    let files = &resolved.files;
    let save_text = &resolved.save_text;
    for (relative, _) in files {
        let path = args.dir.join(relative);
        if path.exists() {
            return Err(CliError::TurnExists { file: path });
        }
    }
    if let Err(error) = turn::commit(&args.dir, files, save_text, &mut faults) {
        return Err(CliError::Write {
            file: args.dir.clone(),
            error,
        });
    }
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "cli-game-turn-done",
            &[
                ("turn", &resolved.turn.to_string()),
                ("next", &resolved.next.galaxy.turn.to_string()),
                ("orders", &resolved.orders.to_string()),
                ("voided", &resolved.outcome.voided().count().to_string()),
                ("onr", &resolved.onr.to_string()),
                ("files", &(files.len() + 1).to_string()),
            ],
        )
    );
    Ok(EXIT_OK)
}
