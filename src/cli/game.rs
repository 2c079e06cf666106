//! `nebutil game …`: the arbiter's commands.
//!
//! ```text
//! nebutil game new --players N --seed S --out DIR [--rules 2002|1999|FILE]
//!                  [--names A,B,…] [--classes C,D,…] [--name GAME] [--worlds N] [--lang fr|en]
//!                  [--registrations FILE] [--final-turn N] [--computer N,M]
//! nebutil game turn DIR [--lang fr|en]
//! nebutil game undo DIR [--lang fr|en]
//! nebutil game show DIR|SAVE.ron [--json] [--lang fr|en]
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
    /// Undoes the last turn: the folder goes back to what it was before it was
    /// resolved (its orders files kept).
    Undo(TurnArgs),
    /// Prints the standings and a summary of every player of a game (a game
    /// folder, or a save file).
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
    /// Number of players (with --registrations: the number of forms).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4000), required_unless_present = "registrations")]
    players: Option<u32>,
    /// The players' registration forms (book VIII: "Adresse :", then up to three
    /// choices "1er choix :", "Classe :", "Pseudonyme :", "Tour final :").
    #[arg(long, value_name = "FILE", conflicts_with_all = ["names", "classes"])]
    registrations: Option<PathBuf>,
    /// The secret final turn (else the mean of the players' requests).
    #[arg(long, value_name = "N")]
    final_turn: Option<u32>,
    /// Seats played by the computer (`game turn` writes their orders), comma-separated.
    #[arg(long, value_name = "N,M", value_delimiter = ',')]
    computer: Vec<u32>,
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
    /// The game folder (holding game.ron), or a save file (`game.ron`,
    /// `saves/game-007.ron`).
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
        GameCommand::New(args) => (lang_of(args.lang), new(args, out, err)),
        GameCommand::Turn(args) => (lang_of(args.lang), turn(args, out, err)),
        GameCommand::Undo(args) => (lang_of(args.lang), undo(args, out)),
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
    let count = args.players.unwrap_or(0) as usize;
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

/// What `--registrations` gives: the players (each his first free choice),
/// their addresses (lower case), the file's text.
struct Registered {
    players: Vec<PlayerSetup>,
    addresses: Vec<Vec<String>>,
    text: String,
}

/// The forms of `--registrations`; their problems go to `err`
/// (`file:line:column: message`), and any error stops the command.
fn registered_players(
    path: &Path,
    ruleset: &Ruleset,
    lang: Lang,
    err: &mut dyn Write,
) -> Result<Registered, CliError> {
    use crate::diagnostic::{Diagnostic, Severity, Span};
    use crate::game::registration;
    let input = super::input::read(path, TextKind::Orders).map_err(|error| CliError::Read {
        file: path.to_path_buf(),
        error,
    })?;
    let (forms, mut diagnostics) = registration::read_forms(&input.text);
    let served = match registration::serve(&forms) {
        Ok(served) => served,
        Err(player) => {
            let line = forms
                .iter()
                .find(|f| f.label() == player)
                .map_or(1, |f| f.line);
            diagnostics.push(
                Diagnostic::error("registration-no-free-choice", Span::new(line, 1, 1))
                    .arg("player", &player),
            );
            Vec::new()
        }
    };
    let (low, high) = (ruleset.galaxy.final_turn_min, ruleset.galaxy.final_turn_max);
    for s in &served {
        let choice = &forms[s.form].choices[s.choice];
        if let Some(turn) = choice.final_turn
            && !(low..=high).contains(&turn)
        {
            diagnostics.push(
                Diagnostic::error("game-gen-final-turn", Span::new(choice.line, 1, 1))
                    .arg("turn", turn)
                    .arg("min", low)
                    .arg("max", high),
            );
        }
    }
    for form in &forms {
        for address in &form.addresses {
            if !crate::game::mailbox::is_mailbox(&address.to_ascii_lowercase()) {
                diagnostics.push(
                    Diagnostic::error("registration-bad-address", Span::new(form.line, 1, 1))
                        .arg("address", address),
                );
            }
        }
    }
    diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
    for diagnostic in &input.diagnostics {
        say!(err, "{}", diagnostic.render(&input.name, lang));
    }
    for diagnostic in &diagnostics {
        say!(err, "{}", diagnostic.render(&input.name, lang));
    }
    if diagnostics.iter().any(|d| d.severity == Severity::Error) || forms.is_empty() {
        return Err(CliError::Registrations {
            file: path.to_path_buf(),
        });
    }
    let mut setups = Vec::new();
    let mut addresses = Vec::new();
    for s in &served {
        let form = &forms[s.form];
        let choice = &form.choices[s.choice];
        let (Some(class), Some(pseudonym)) = (choice.class, &choice.pseudonym) else {
            continue;
        };
        let mut setup = PlayerSetup::new(pseudonym.trim(), class);
        setup.final_turn_request = choice.final_turn;
        setups.push(setup);
        addresses.push(
            form.addresses
                .iter()
                .map(|a| a.to_ascii_lowercase())
                .collect(),
        );
    }
    Ok(Registered {
        players: setups,
        addresses,
        text: input.text,
    })
}

fn new(args: &NewArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32, CliError> {
    let lang = lang_of(args.lang);
    check_out_dir(&args.out)?;
    let ruleset = load_rules(&args.rules)?;
    let (players, addresses, forms_text) = match &args.registrations {
        Some(path) => {
            let Registered {
                players,
                addresses,
                text,
            } = registered_players(path, &ruleset, lang, err)?;
            if let Some(count) = args.players
                && count as usize != players.len()
            {
                return Err(CliError::ListLength {
                    option: "--registrations",
                    given: players.len(),
                    players: count as usize,
                });
            }
            (players, addresses, Some(text))
        }
        None => (player_setups(args)?, Vec::new(), None),
    };
    let count = players.len();
    if let Some(seat) = args
        .computer
        .iter()
        .find(|n| **n == 0 || **n as usize > count)
    {
        return Err(CliError::NoSeat { seat: *seat });
    }
    let mut params = GeneratorParams::new(players);
    params.worlds = args.worlds.unwrap_or(0);
    params.final_turn = args.final_turn;
    let mut galaxy = generate_seeded(&params, &ruleset, args.seed).map_err(CliError::Generate)?;
    for seat in &args.computer {
        if let Some(player) = galaxy.players.get_mut(&PlayerId(*seat)) {
            player.computer = true;
        }
    }
    let save = Save::new(args.name.clone(), ruleset, args.seed, galaxy);
    let mut files = new_game_files(&save);
    if let Some(text) = forms_text {
        files.push((PathBuf::from("arbiter/registrations.txt"), text));
    }
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
                ("players", &count.to_string()),
                ("worlds", &save.galaxy.worlds.len().to_string()),
                ("files", &files.len().to_string()),
            ],
        )
    );
    if !addresses.is_empty() {
        let registered: Vec<(PlayerId, Vec<String>)> = addresses
            .into_iter()
            .enumerate()
            .map(|(i, a)| (PlayerId(i as u32 + 1), a))
            .collect();
        let drawn = crate::desk::mail::register_new_players(&args.out, &registered, lang)?;
        say!(out, "{}", tr(lang, "cli-game-passwords"));
        for ((player, password), (_, emails)) in drawn.iter().zip(&registered) {
            let name = save
                .galaxy
                .player(*player)
                .map(|p| p.name.clone())
                .unwrap_or_default();
            say!(
                out,
                "{}",
                tr_args(
                    lang,
                    "cli-game-password-line",
                    &[
                        ("player", &player.0.to_string()),
                        ("name", &name),
                        ("emails", &emails.join(", ")),
                        ("password", password),
                    ],
                )
            );
        }
    }
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
    /// The secret final turn (never in a player's CR or NBT).
    final_turn: u32,
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

/// Reads `DIR/game.ron`, or the save file `DIR` itself (`game.ron`, a kept
/// `saves/game-TTT.ron`).
pub fn read_save(dir: &Path) -> Result<Save, CliError> {
    let path = if dir.is_file() {
        dir.to_path_buf()
    } else {
        dir.join(SAVE_FILE)
    };
    Ok(crate::desk::read_save_file(&path)?)
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
            final_turn: save.galaxy.final_turn,
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
                ("final", &save.galaxy.final_turn.to_string()),
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
            class_in(s.class.as_deref(), lang),
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
                    // As the CR writes it: `(+20)`.
                    ("gained", &format!("({:+})", s.score_last_turn)),
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

fn turn(args: &TurnArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<i32, CliError> {
    use crate::desk::TurnRun;
    use crate::storage::fault::Faults;
    let lang = lang_of(args.lang);
    let mut faults = Faults::from_env();
    match crate::desk::run_turn(&args.dir, &mut faults)? {
        TurnRun::Completed { turn, files } => {
            say!(
                out,
                "{}",
                tr_args(
                    lang,
                    "cli-game-turn-completed",
                    &[("turn", &turn.to_string()), ("files", &files.to_string())],
                )
            );
        }
        TurnRun::Resolved {
            resolved,
            sent,
            rolled_back,
            computer,
        } => {
            if rolled_back {
                say!(err, "{}", tr(lang, "cli-game-turn-rolled-back"));
            }
            for s in sent.values() {
                for diagnostic in &s.diagnostics {
                    say!(err, "{}", diagnostic.render(&s.file, lang));
                }
            }
            if !computer.is_empty() {
                say!(
                    out,
                    "{}",
                    tr_args(
                        lang,
                        "cli-game-turn-computer",
                        &[("count", &computer.len().to_string())],
                    )
                );
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
                        ("files", &(resolved.files.len() + 1).to_string()),
                    ],
                )
            );
        }
    }
    Ok(EXIT_OK)
}

fn undo(args: &TurnArgs, out: &mut dyn Write) -> Result<i32, CliError> {
    use crate::storage::fault::Faults;
    let lang = lang_of(args.lang);
    let mut faults = Faults::from_env();
    let folder = crate::desk::GameFolder::open(&args.dir, &mut faults)?;
    let turn = folder.undo(&mut faults)?;
    say!(
        out,
        "{}",
        tr_args(lang, "cli-game-undone", &[("turn", &turn.to_string())])
    );
    Ok(EXIT_OK)
}

/// A class name (as the JSON writes it, in French) in the language of the text.
fn class_in(french: Option<&str>, lang: Lang) -> &'static str {
    match (french.and_then(Class::from_name), lang) {
        (Some(class), Lang::Fr) => class.french_name(),
        (Some(class), Lang::En) => class.english_name(),
        (None, _) => "-",
    }
}
