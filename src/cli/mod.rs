//! The command line (`nebutil …`), headless: it never needs a display.
//!
//! ```text
//! nebutil [FILES…]                         the desktop app (feature `gui`), files opened
//! nebutil report CR [--nbt FILE] [--turn N] [--player P] [--json] [--lang fr|en]
//! nebutil report CR… --csv [--csv-separator ,|;] | --series-json   (statistics over turns)
//! nebutil orders FILE --report CR [--nbt FILE] [--json] [--lang fr|en]   (see [`orders`])
//! nebutil rulings [G-N…] [--json]
//! nebutil game new|show …                 the arbiter's commands (see [`game`])
//! nebutil mail passwd|run DIR …            the arbiter's mail robot (see [`mail`])
//! nebutil combat SETUP.ron [--search F] [--json] [--lang fr|en]   the combat simulator (see [`combat`])
//! nebutil --version | --help
//! ```
//!
//! `nebutil report` reads a turn report (and its `.NBT` companion: `--nbt`, else
//! the one beside it that goes with it, as the app pairs them:
//! [`crate::storage::session`]), completes
//! what a CR without header does not tell (its turn, player and game, as
//! `nebutil orders` does: [`crate::storage::beside::complete`]), then prints a
//! readable summary — header, counts, the player's own worlds and fleets, the
//! diagnostics as `file:line:col: severity[code]: message` — or, with `--json`, one
//! JSON object on stdout (schema `nebutil-report/1`, [`json`], documented in the
//! README). Exit status: 0 without errors, 1 when a diagnostic is an error, 2 when
//! a file cannot be read or the command line is wrong (message on stderr).
//!
//! With `--csv` or `--series-json`, `nebutil report` takes several CRs and
//! prints the statistics of the player's turns instead, one row a turn
//! ([`crate::model::series`]; the layout is documented in the README).
//!
//! The language of messages is `--lang`, else the environment's (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`), else French.

/// `writeln!` to a command's standard output or error, through
/// [`ignore_closed_pipe`]: the one place where the CLI drops a write error.
macro_rules! say {
    ($out:expr $(,)?) => {
        $crate::cli::ignore_closed_pipe(::std::writeln!($out))
    };
    ($out:expr, $($arg:tt)*) => {
        $crate::cli::ignore_closed_pipe(::std::writeln!($out, $($arg)*))
    };
}

pub mod combat;
pub mod error;
pub mod game;
pub mod input;
pub mod json;
pub mod mail;
pub mod orders;
pub mod summary;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand, ValueEnum};

use error::CliError;

use crate::diagnostic::{self, Diagnostic, has_errors};
use crate::i18n::{Lang, tr_args};
use crate::model::series::{self, Separator};
use crate::nbt;
use crate::report;
use crate::report::infer;
use crate::storage::beside;
use crate::storage::session;
use crate::storage::text_file::{self, TextKind};

/// Exit status: everything read, no error.
pub const EXIT_OK: i32 = 0;
/// Exit status: read, but a diagnostic is an error.
pub const EXIT_ERRORS: i32 = 1;
/// Exit status: a file cannot be read, or the command line is wrong.
pub const EXIT_USAGE: i32 = 2;

/// Drops the error of a write to the standard output or error, on purpose. The
/// usual one is a closed pipe (`nebutil report CR | head -3`): the reader has
/// what it wanted, the command has nowhere left to tell anything, and stopping
/// or panicking there would turn a normal pipeline into a failure. Whatever it
/// was, the exit status still says what the command did.
pub(crate) fn ignore_closed_pipe<E>(result: Result<(), E>) {
    let _ = result;
}

#[derive(Parser, Debug)]
#[command(
    name = "nebutil",
    version,
    about = "Nébutil NG — order-writing helper for the play-by-email game Nebula",
    long_about = "Nébutil NG — order-writing helper for the play-by-email game Nebula.\n\n\
                  Without a sub-command, opens the desktop app (with the files given, \
                  or a demo game).",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Turn reports (CR) and .NBT files to open in the desktop app; a game folder
    /// (holding game.ron) or a .ron save opens in its arbiter view.
    files: Vec<PathBuf>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Reads a turn report and prints a summary, or one JSON object with --json.
    Report(ReportArgs),
    /// Checks an order file against the player's turn reports.
    Orders(orders::OrdersArgs),
    /// Lists the rulings applied where the rule book is silent (G-1 … G-168).
    /// `nebutil rules` is the same command.
    #[command(visible_alias = "rules")]
    Rulings(RulingsArgs),
    /// The arbiter's commands: creates a game, shows its standings.
    Game(game::GameArgs),
    /// Runs a combat simulator setup (RON): the fight round by round, formulas shown.
    Combat(combat::CombatArgs),
    /// The arbiter's mail robot: registers players, processes the order mails.
    Mail(mail::MailArgs),
}

#[derive(clap::Args, Debug)]
struct RulingsArgs {
    /// Only the rulings of these gaps (`17` or `G-17`).
    #[arg(value_name = "G-N")]
    ids: Vec<String>,
    /// Print one JSON array instead of text.
    #[arg(long)]
    json: bool,
    /// Language of the rulings' text (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(clap::Args, Debug)]
struct ReportArgs {
    /// The turn report (compte rendu), UTF-8 or Windows-1252 text.
    cr: PathBuf,
    /// More turn reports of the same player, for --csv and --series-json
    /// (the statistics over turns; each CR's .NBT beside it is read too).
    #[arg(value_name = "CR")]
    more: Vec<PathBuf>,
    /// The .NBT companion file of the same turn.
    #[arg(long, value_name = "FILE")]
    nbt: Option<PathBuf>,
    /// The CR's turn, when it does not say it (no header line) and neither its
    /// .NBT nor its file name (`turn-007.cr`) tells it.
    #[arg(long, value_name = "N")]
    turn: Option<u32>,
    /// The CR's player, when it does not say it: his name, his number, or both
    /// (`"Maxtor":5`).
    #[arg(long, value_name = "NAME|N")]
    player: Option<String>,
    /// An ally's turn report of the same game (repeatable): his worlds and
    /// fleets the CR does not show follow, marked with his name (`source`).
    #[arg(long = "ally", value_name = "CR")]
    allies: Vec<PathBuf>,
    /// An ally's .NBT, applied to his CR of the same turn (repeatable).
    #[arg(long = "ally-nbt", value_name = "FILE")]
    ally_nbt: Vec<PathBuf>,
    /// Print one JSON object (schema nebutil-report/1) instead of the summary.
    #[arg(long, conflicts_with_all = ["csv", "series_json"])]
    json: bool,
    /// Print the statistics over the turns of the CRs given as CSV: one row a
    /// turn (turn, score, score change, each statistic, spy rankings).
    #[arg(long, conflicts_with = "series_json")]
    csv: bool,
    /// The CSV's field separator: `,` (default) or `;` (French spreadsheets;
    /// the file then starts with a UTF-8 byte order mark).
    #[arg(long, value_name = "SEP", value_parser = parse_separator, requires = "csv")]
    csv_separator: Option<Separator>,
    /// Print the statistics over the turns of the CRs given as one JSON object
    /// (schema nebutil-series/1): the CSV's columns and rows, and each spy
    /// ranking entry by entry.
    #[arg(long)]
    series_json: bool,
    /// Language of messages (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

/// `--csv-separator`: `,` or `;`.
fn parse_separator(text: &str) -> Result<Separator, String> {
    Separator::from_text(text).ok_or_else(|| format!("`{text}`: `,` or `;`"))
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LangArg {
    Fr,
    En,
}

impl From<LangArg> for Lang {
    fn from(value: LangArg) -> Self {
        match value {
            LangArg::Fr => Lang::Fr,
            LangArg::En => Lang::En,
        }
    }
}

/// What `main` should do.
#[derive(Debug, PartialEq, Eq)]
pub enum Start {
    /// Open the desktop app with these files (no sub-command was given).
    Gui(Vec<PathBuf>),
    /// The command ran (or help/version/usage was printed): exit with this status.
    Exit(i32),
}

/// The language of the environment, else French.
pub use crate::system::lang as env_lang;

/// Parses the command line (`args[0]` is the program) and runs a sub-command;
/// without one, asks for the desktop app.
pub fn start<I, T>(args: I) -> Start
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return Start::Exit(if error.use_stderr() {
                EXIT_USAGE
            } else {
                EXIT_OK
            });
        }
    };
    match cli.command {
        None => Start::Gui(cli.files),
        Some(Command::Report(args)) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            Start::Exit(report_command(
                &args,
                &mut stdout.lock(),
                &mut stderr.lock(),
            ))
        }
        Some(Command::Orders(args)) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            Start::Exit(orders::run(&args, &mut stdout.lock(), &mut stderr.lock()))
        }
        Some(Command::Rulings(args)) => {
            let stdout = std::io::stdout();
            Start::Exit(rulings_command(&args, &mut stdout.lock()))
        }
        Some(Command::Game(args)) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            Start::Exit(game::run(&args, &mut stdout.lock(), &mut stderr.lock()))
        }
        Some(Command::Combat(args)) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            Start::Exit(combat::run(&args, &mut stdout.lock(), &mut stderr.lock()))
        }
        Some(Command::Mail(args)) => {
            let stdout = std::io::stdout();
            let stderr = std::io::stderr();
            Start::Exit(mail::run(&args, &mut stdout.lock(), &mut stderr.lock()))
        }
    }
}

/// Runs the command line; returns the exit status. Without a sub-command this
/// headless entry point cannot open the app: it says so (status 2). `main` calls
/// [`start`] instead, to open the app when built with it.
pub fn run<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match start(args) {
        Start::Exit(code) => code,
        Start::Gui(files) => no_gui(&files),
    }
}

/// Runs the `report` or `orders` sub-command of `args` (`args[0]` is the
/// program) with its output and messages written to `out` and `err`; returns the
/// exit status (2 for anything else). For benchmarks and tests of the whole
/// command path.
pub fn run_to<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    match Cli::try_parse_from(args) {
        Ok(Cli {
            command: Some(Command::Report(args)),
            ..
        }) => report_command(&args, out, err),
        Ok(Cli {
            command: Some(Command::Orders(args)),
            ..
        }) => orders::run(&args, out, err),
        _ => EXIT_USAGE,
    }
}

/// Said when the app is asked of a build without the `gui` feature.
pub fn no_gui(files: &[PathBuf]) -> i32 {
    let lang = env_lang();
    let example = files
        .first()
        .map_or_else(|| "CR".to_string(), |f| f.display().to_string());
    eprintln!("{}", tr_args(lang, "cli-no-gui", &[("file", &example)]));
    EXIT_USAGE
}

fn report_command(args: &ReportArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let lang = args.lang.map_or_else(env_lang, Lang::from);
    if args.csv || args.series_json {
        return error::finish(series_files(args, lang, out, err), lang, err);
    }
    if !args.more.is_empty() {
        say!(err, "nebutil: {}", tr_args(lang, "cli-report-one-cr", &[]));
        return EXIT_USAGE;
    }
    error::finish(report_files(args, lang, out), lang, err)
}

/// `nebutil report CR… --csv | --series-json`: the CRs (and the NBT beside
/// each, or `--nbt`) opened as the app opens them ([`session::Session`]), the
/// statistics of the player's turns written as one table
/// ([`crate::model::series`]). The turns are those of the player of the
/// latest CR; a CR of another player or game is left out (said on `err`).
/// Each file's diagnostics go to `err`; exit status 1 when one is an error.
fn series_files(
    args: &ReportArgs,
    lang: Lang,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<i32, CliError> {
    let mut session = session::Session::default();
    let crs: Vec<&PathBuf> = std::iter::once(&args.cr).chain(&args.more).collect();
    for cr in &crs {
        session.open_path(cr)?;
    }
    let nbts: Vec<PathBuf> = match &args.nbt {
        Some(nbt) => vec![nbt.clone()],
        None => crs.iter().filter_map(|cr| beside::nbt_path(cr)).collect(),
    };
    for nbt in &nbts {
        match session.open_path(nbt) {
            Ok(_) => {}
            // Named on the command line: it must read.
            Err(error) if args.nbt.is_some() => return Err(error.into()),
            // One beside a CR that does not read is left out, as the app does.
            Err(_) => {}
        }
    }
    let mut status = EXIT_OK;
    for turn in session.turns() {
        for (_, file, diagnostic) in turn.diagnostics() {
            say!(err, "{}", diagnostic.render(&file.name, lang));
            if diagnostic.severity == diagnostic::Severity::Error {
                status = EXIT_ERRORS;
            }
        }
    }
    let Some(last) = session.turns().len().checked_sub(1) else {
        return Ok(status);
    };
    let knowledge = session.knowledge_at(last);
    let kept = knowledge.turns();
    for turn in session.turns() {
        if turn.view.turn.is_none_or(|t| !kept.contains(&t)) {
            say!(
                err,
                "nebutil: {}",
                tr_args(lang, "cli-series-left-out", &[("file", &turn.cr.name)])
            );
        }
    }
    for ally in session.allies() {
        say!(
            err,
            "nebutil: {}",
            tr_args(lang, "cli-series-left-out", &[("file", &ally.cr.name)])
        );
    }
    let table = series::table(&knowledge);
    let text = if args.csv {
        series::to_csv(&table, args.csv_separator.unwrap_or_default(), lang)
    } else {
        let mut json = series::to_json(&table, lang);
        json.push('\n');
        json
    };
    ignore_closed_pipe(out.write_all(text.as_bytes()));
    ignore_closed_pipe(out.flush());
    Ok(status)
}

/// A file named on the command line, read, or the error saying why not.
fn read_input(path: &Path, kind: TextKind) -> Result<input::Input, CliError> {
    input::read(path, kind).map_err(|error| CliError::Read {
        file: path.to_path_buf(),
        error,
    })
}

/// What reading a CR gave: its view and diagnostics, or why it is no CR.
type ReadReport = Result<(crate::model::view::TurnView, Vec<Diagnostic>), Diagnostic>;

/// A CR named on the command line: a big one read in parts
/// ([`text_file::FileSource`]), else — or when a part cannot be read, or the
/// file changed meanwhile — read whole, once, when first needed.
struct CrFile<'a> {
    path: &'a Path,
    /// Left when a part could not be read: the next readings use the whole.
    source: std::cell::Cell<Option<text_file::FileSource>>,
    whole: std::cell::OnceCell<input::Input>,
}

impl<'a> CrFile<'a> {
    fn new(path: &'a Path) -> Self {
        CrFile {
            path,
            source: std::cell::Cell::new(text_file::FileSource::open(path, TextKind::Report)),
            whole: std::cell::OnceCell::new(),
        }
    }

    /// The whole text, read on the first call.
    fn whole(&self) -> Result<&input::Input, CliError> {
        if let Some(input) = self.whole.get() {
            return Ok(input);
        }
        let input = read_input(self.path, TextKind::Report)?;
        Ok(self.whole.get_or_init(|| input))
    }

    /// What reading the file whole said of it (read as Windows-1252).
    fn diagnostics(&self) -> &[Diagnostic] {
        self.whole.get().map_or(&[], |input| &input.diagnostics)
    }

    /// The CR read streamed on the machine's cores into a sink made by
    /// `make` (a second one when a part could not be read: the file is then
    /// read whole), returned with what was read or why it is no CR.
    fn read_split<S: report::SplitSink>(
        &self,
        make: impl Fn() -> S,
    ) -> Result<(S, ReadReport), CliError> {
        if let Some(source) = self.source.take() {
            let mut sink = make();
            let read = match report::read_report_streamed_split_from(&source, &mut sink) {
                Ok(read) => Some(Ok(read)),
                Err(report::SplitError::NotReport(diagnostic)) => Some(Err(diagnostic)),
                Err(report::SplitError::Source(_)) => None,
            };
            if let Some(read) = read.filter(|_| source.unchanged()) {
                self.source.set(Some(source));
                return Ok((sink, read));
            }
        }
        let mut sink = make();
        let read = report::read_report_streamed_split(&self.whole()?.text, &mut sink);
        Ok((sink, read))
    }
}

fn report_files(args: &ReportArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    let cr = CrFile::new(&args.cr);
    // The NBT named, else the one beside the CR (`turn-002.nbt` beside
    // `turn-002.cr`), as the app and `nebutil orders` find it; one beside that
    // cannot be read is left out, as the app leaves it.
    let nbt_path = args.nbt.clone().or_else(|| beside::nbt_path(&args.cr));
    let mut nbt_input = match (&args.nbt, &nbt_path) {
        (Some(path), _) => Some(read_input(path, TextKind::Nbt)?),
        (None, Some(path)) => input::read(path, TextKind::Nbt).ok(),
        (None, None) => None,
    };

    let cr_name = args.cr.display().to_string();
    let not_report = |reason| CliError::NotReport {
        file: cr_name.clone(),
        reason,
    };
    // The summary of a CR alone is built as the CR is read (no NBT to apply to
    // its worlds first): its worlds and fleets are never held together; what
    // they tell of a player the CR does not name is gathered on the way.
    let summary_streamed = !args.json && nbt_input.is_none() && args.allies.is_empty();
    let mut streamed: Option<summary::SummaryRows> = None;
    // So is the JSON document of a CR alone: its counts and what its threats
    // are found from gathered as it is read, its worlds and fleets read again
    // as they are written (`json::write_streamed`).
    let mut tally =
        (args.json && nbt_input.is_none() && args.allies.is_empty()).then(json::Tally::default);
    let mut evidence = infer::Evidence::default();
    let (view, read_diagnostics) = match (summary_streamed, &mut tally) {
        (true, _) => {
            // Read on the machine's cores (the rows and the evidence split by
            // slice of the text, joined in order).
            let ((rows, read_evidence), read) =
                cr.read_split(|| (summary::SummaryRows::new(lang), infer::Evidence::default()))?;
            streamed = Some(rows);
            evidence = read_evidence;
            read
        }
        (false, Some(tally)) => {
            report::read_report_streamed(&cr.whole()?.text, &mut (tally, &mut evidence))
        }
        (false, None) => report::read_report(&cr.whole()?.text),
    }
    .map_err(not_report)?;
    let (mut view, read_diagnostics) = match &streamed {
        // A player named again after the first worlds (a second `Joueur :`
        // line): the rows were someone else's; read again, kept whole.
        Some(rows) if !rows.is_for(view.player.as_ref()) => {
            streamed = None;
            report::read_report(&cr.whole()?.text).map_err(not_report)?
        }
        _ => (view, read_diagnostics),
    };

    // The NBT read, then the CR completed (turn, player, game it does not tell:
    // the same inference as `nebutil orders`'), then the NBT applied to it.
    let mut nbt_diagnostics: Vec<Diagnostic> = Vec::new();
    let mut nbt_file = None;
    if let Some(file) = &nbt_input {
        nbt_diagnostics.extend(file.diagnostics.iter().cloned());
        let (read, diagnostics) = nbt::read(&file.text);
        nbt_diagnostics.extend(diagnostics);
        nbt_file = read;
    }
    // An NBT found beside the CR that does not go with it (another turn, player
    // or game: the app's rule, `session::nbt_goes_with`) is left out.
    if args.nbt.is_none()
        && let (Some(path), Some(file)) = (&nbt_path, &nbt_file)
        && !session::nbt_goes_with(
            file,
            &session::SourceOrigin::File(path.clone()),
            &view,
            &session::SourceOrigin::File(args.cr.clone()),
        )
    {
        nbt_input = None;
        nbt_file = None;
        nbt_diagnostics.clear();
    }
    let mut stated = args
        .player
        .as_deref()
        .map(infer::parse_player)
        .unwrap_or_default();
    stated.turn = args.turn;
    let named_player = view.player.clone();
    let inferred = beside::complete(
        &args.cr,
        &mut view,
        beside::Given {
            nbt: nbt_file.as_ref().map(beside::nbt_header),
            stated,
            evidence: (streamed.is_some() || tally.is_some()).then_some(&evidence),
            ..beside::Given::default()
        },
    );
    if view.player != named_player
        && let Some(rows) = &streamed
        && !rows.is_for(view.player.as_ref())
    {
        // The player inferred: the rows are read again as his (streamed still).
        let (rows, read) =
            cr.read_split(|| summary::SummaryRows::for_player(lang, view.player.as_ref()))?;
        read.map_err(not_report)?;
        streamed = Some(rows);
    }
    if let Some(nbt_file) = &nbt_file {
        nbt::apply(nbt_file, &mut view, &mut nbt_diagnostics);
    }
    // Allies' reports: checked against the player's (same game, another
    // player), merged with it as the app and `nebutil orders` merge them. The
    // knowledge is made only when used (the threats of `--json`, the allies'
    // check): a big CR alone is not held twice.
    let (allies, ally_nbt_read) = orders::read_allies(&args.allies, &args.ally_nbt)?;
    let knowledge = if (args.json && tally.is_none()) || !allies.is_empty() {
        Some(orders::merge_with_allies(vec![view.clone()], &allies)?.0)
    } else {
        None
    };
    let ally_views: Vec<crate::model::view::TurnView> =
        allies.iter().map(|a| a.view.clone()).collect();
    let ally_diagnostics: Vec<(String, Vec<Diagnostic>)> = allies
        .into_iter()
        .map(|a| (a.name, diagnostic::cap(a.diagnostics)))
        .chain(
            ally_nbt_read
                .into_iter()
                .map(|(name, d)| (name, diagnostic::cap(d))),
        )
        .collect();
    // Each file's diagnostics capped (see `diagnostic::Capped`).
    let cr_diagnostics: Vec<Diagnostic> = diagnostic::cap(
        cr.diagnostics()
            .iter()
            .cloned()
            .chain(inferred)
            .chain(read_diagnostics),
    );
    let nbt_diagnostics = diagnostic::cap(nbt_diagnostics);
    // The JSON document of a CR alone reads its text again. (The text stays
    // until the output is written: under the 8× of the memory budget with the
    // output's tables.)
    let text = if tally.is_some() {
        cr.whole()?.text.as_str()
    } else {
        ""
    };

    let mut all: Vec<json::FileDiagnostic<'_>> = cr_diagnostics
        .iter()
        .map(|diagnostic| json::FileDiagnostic {
            file: &cr_name,
            diagnostic,
        })
        .collect();
    if let Some(file) = &nbt_input {
        all.extend(
            nbt_diagnostics
                .iter()
                .map(|diagnostic| json::FileDiagnostic {
                    file: &file.name,
                    diagnostic,
                }),
        );
    }
    for (name, diagnostics) in &ally_diagnostics {
        all.extend(diagnostics.iter().map(|diagnostic| json::FileDiagnostic {
            file: name,
            diagnostic,
        }));
    }

    if args.json {
        let mut document = json::report(
            &cr_name,
            nbt_input.as_ref().map(|f| f.name.as_str()),
            &view,
            &ally_views,
            &all,
            lang,
        );
        // The threat next turn, from this report and the allies'.
        let rules = nbt_file
            .as_ref()
            .and_then(|n| n.ruleset.as_deref())
            .and_then(|name| crate::rules::Ruleset::builtin(name).ok())
            .unwrap_or_else(crate::rules::Ruleset::builtin_2002);
        let no_known_dep = std::collections::BTreeMap::new();
        match &mut tally {
            // A CR alone: its levels are the document's already.
            Some(tally) => {
                tally.set_counts(
                    &mut document.counts,
                    view.player.as_ref().map(|p| p.name.as_str()),
                );
                document.threats = crate::model::threat::threats_of_report(
                    tally.sightings(&view),
                    rules.highest_dep(),
                    &no_known_dep,
                );
                // Like the summary, an output that cannot be written (a closed
                // pipe) is not an error of the files read.
                ignore_closed_pipe(json::write_streamed(&mut *out, document, text, &view));
            }
            None => {
                let knowledge = knowledge.unwrap_or_default();
                for known in &mut document.known_players {
                    known.add_levels(&knowledge);
                }
                document.threats =
                    crate::model::threat::threats(&knowledge, rules.highest_dep(), &no_known_dep);
                // Written as it is built: no copy of the document in memory.
                let mut buffered = std::io::BufWriter::new(&mut *out);
                if serde_json::to_writer_pretty(&mut buffered, &document).is_ok() {
                    say!(buffered);
                }
                ignore_closed_pipe(buffered.flush());
            }
        }
    } else {
        let mut buffered = std::io::BufWriter::new(&mut *out);
        let written = match streamed {
            Some(rows) => rows.write(&mut buffered, &view, &all),
            None => summary::write_summary(&mut buffered, &view, &all, lang),
        };
        ignore_closed_pipe(written);
        ignore_closed_pipe(summary::write_allies(
            &mut buffered,
            &view,
            &ally_views,
            lang,
        ));
        ignore_closed_pipe(buffered.flush());
    }
    ignore_closed_pipe(out.flush());
    let status = if has_errors(&cr_diagnostics) || has_errors(&nbt_diagnostics) {
        EXIT_ERRORS
    } else {
        EXIT_OK
    };
    drop_beside(view);
    Ok(status)
}

/// Frees `value` on a thread of its own: a big CR's hundred thousand worlds,
/// freed one by one, cost more than writing their table, and the command is
/// done (the process may end meanwhile). Freed here when no thread starts.
fn drop_beside<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new().spawn(move || drop(value));
}

#[derive(serde::Serialize)]
struct RulingJson {
    id: String,
    section: &'static str,
    text: &'static str,
    file: &'static str,
    line: u32,
    /// The other places applying the ruling.
    also: Vec<PlaceJson>,
}

#[derive(serde::Serialize)]
struct PlaceJson {
    file: &'static str,
    line: u32,
}

/// `nebutil rulings`: `G-17 (III.1.3): text [src/…:line; src/…:line]`, one line per
/// gap, by gap number: the place stating the ruling first, then those applying it.
fn rulings_command(args: &RulingsArgs, out: &mut dyn Write) -> i32 {
    let lang = args.lang.map_or_else(env_lang, Lang::from);
    // The ruling's text in `lang` (French from `rulings.ftl`, English as stated).
    let text = |r: &crate::rulings::Ruling| {
        tr_args(lang, &format!("ruling-g-{}", r.id), &[("text", r.text)])
    };
    let mut wanted = Vec::new();
    for id in &args.ids {
        let digits = id
            .trim()
            .trim_start_matches(['G', 'g'])
            .trim_start_matches('-');
        match digits.parse::<u32>() {
            Ok(n) => wanted.push(n),
            Err(_) => {
                eprintln!(
                    "nebutil: {}",
                    tr_args(lang, "cli-bad-ruling-id", &[("id", id)])
                );
                return EXIT_USAGE;
            }
        }
    }
    let selected: Vec<&crate::rulings::Ruling> = crate::rulings::all()
        .iter()
        .filter(|r| wanted.is_empty() || wanted.contains(&r.id))
        .collect();
    if args.json {
        let list: Vec<RulingJson> = selected
            .iter()
            .map(|r| RulingJson {
                id: format!("G-{}", r.id),
                section: r.section,
                text: r.text,
                file: r.file,
                line: r.line,
                also: r
                    .also
                    .iter()
                    .map(|&(file, line)| PlaceJson { file, line })
                    .collect(),
            })
            .collect();
        match serde_json::to_string_pretty(&list) {
            Ok(text) => {
                say!(out, "{text}");
            }
            Err(error) => {
                eprintln!("nebutil: {error}");
                return EXIT_USAGE;
            }
        }
    } else {
        for r in &selected {
            let places: Vec<String> = r
                .places()
                .map(|(file, line)| format!("{file}:{line}"))
                .collect();
            say!(
                out,
                "G-{} ({}): {} [{}]",
                r.id,
                r.section,
                text(r),
                places.join("; ")
            );
        }
    }
    EXIT_OK
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_sub_command_asks_for_the_app() {
        assert_eq!(start(["nebutil"]), Start::Gui(vec![]));
        assert_eq!(
            start(["nebutil", "t5.cr", "t5.NBT"]),
            Start::Gui(vec![PathBuf::from("t5.cr"), PathBuf::from("t5.NBT")])
        );
    }

    #[test]
    fn wrong_arguments_exit_with_usage_status() {
        assert_eq!(start(["nebutil", "report"]), Start::Exit(EXIT_USAGE));
        assert_eq!(
            start(["nebutil", "report", "x", "--lang", "de"]),
            Start::Exit(EXIT_USAGE)
        );
    }

    #[test]
    fn command_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
