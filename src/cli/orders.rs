//! `nebutil orders FILE --report CR [--report CR…] [--nbt FILE…] [--rules NAME|FILE]
//! [--json] [--lang fr|en]`: an order file checked against the player's turn
//! reports.
//!
//! The CRs (several give the history: connections seen on older turns, the
//! technology block of an older CR …) and their NBTs make the player's knowledge;
//! the orders answer the latest CR. Output: every diagnostic of the order file as
//! `file:line:col: severity[code]: message`, by position, preceded by the errors
//! met reading the CRs and NBTs and the warnings that a CR's turn or player is
//! unknown (their other warnings are left to `nebutil report`);
//! nothing else, so that the output can be compared line by line. With `--json`,
//! one JSON object (schema `nebutil-orders/1`, see [`OrdersJson`]).
//!
//! A CR without its header line (a mail pasted from its first world line) gives
//! all its knowledge: its turn, player and game are inferred from its `Md_`
//! world and statistics, the `.NBT` of the same name, its file name
//! (`turn-007.cr`) and the other CRs of its folder (see
//! [`crate::report::infer`]); `--turn` and `--player` state them for the CR the
//! orders answer (the first `--report`) when nothing tells them. A file that is not a CR at all (nothing in it is
//! CR notation, or it is empty) is refused with one sentence (status 2).
//!
//! Exit status: 0 when the order file has no error, 1 when it has one, 2 when a
//! file cannot be read or the command line is wrong (message on stderr).
//!
//! The NBTs are those of `--nbt`, else the one beside each CR (`turn-002.nbt`
//! beside `turn-002.cr`); each goes with the CR of its turn and player, by the
//! app's rule ([`crate::storage::session::nbt_goes_with`]); the player's own
//! reports and his allies' are merged by the app's merge
//! ([`crate::storage::session::merge_reports`]).
//!
//! The ruleset is `--rules` (a built-in name, `2002` or `1999`, or a RON file),
//! else the one the NBT names, else 2002.
//!
//! `--html OUT` also writes the order file printable (the app's "Exporter pour
//! impression (HTML)…": [`crate::report::printable`]) under the latest CR's
//! game, turn, player and class.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diagnostic::{self, Diagnostic, DiagnosticJson, Severity, has_errors};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::view::TurnView;
use crate::nbt;
use crate::orders::validate::{PlayerContext, check_orders_with};
use crate::orders::{OrderKind, explain};
use crate::report;
use crate::report::infer;
use crate::resolve::partial::text::preview_rows;
use crate::resolve::partial::{Assumptions, Item, ODDS_SEED, Odds, PREVIEW_SEED, Partial, Preview};
use crate::rules::{RulesError, Ruleset};
use crate::storage::beside;
use crate::storage::session::{self, SourceOrigin};
use crate::storage::text_file::TextKind;

use super::error::CliError;
use super::{EXIT_ERRORS, EXIT_OK, LangArg, env_lang, ignore_closed_pipe, input, json};

/// The schema's name and version, the first key of the JSON document.
pub const SCHEMA: &str = "nebutil-orders/1";

#[derive(clap::Args, Debug)]
pub struct OrdersArgs {
    /// The order file (one order per line), or an orders mail (ORDRES … DEBUT … FIN).
    file: PathBuf,
    /// The player's turn report the orders answer; repeat it to add older turns
    /// (their connections, technologies … complete the latest).
    #[arg(long = "report", value_name = "CR", required = true)]
    reports: Vec<PathBuf>,
    /// A .NBT companion file, applied to the CR of its turn (repeatable).
    #[arg(long, value_name = "FILE")]
    nbt: Vec<PathBuf>,
    /// An ally's turn report of the same game (repeatable): what he saw joins
    /// the player's knowledge (newest turn wins; same turn, the player's own).
    #[arg(long = "ally", value_name = "CR")]
    allies: Vec<PathBuf>,
    /// An ally's .NBT, applied to his CR of the same turn (repeatable).
    #[arg(long = "ally-nbt", value_name = "FILE")]
    ally_nbt: Vec<PathBuf>,
    /// The rules: `2002` (default), `1999`, or a ruleset file (RON).
    #[arg(long, value_name = "NAME|FILE")]
    rules: Option<String>,
    /// The turn of the CR the orders answer (the first --report), when it does
    /// not say it (no header line) and neither its .NBT nor its file name
    /// (`turn-007.cr`) tells it.
    #[arg(long, value_name = "N")]
    turn: Option<u32>,
    /// The player of the CR the orders answer (the first --report), when it does
    /// not say it: his name, his number, or both (`"Maxtor":5`).
    #[arg(long, value_name = "NAME|N")]
    player: Option<String>,
    /// Print one JSON object (schema nebutil-orders/1) instead of the diagnostics.
    #[arg(long)]
    json: bool,
    /// Also write the order file printable to OUT: a standalone HTML page
    /// under a header with the game, turn, player and class of the latest CR
    /// (as the app's "Exporter pour impression (HTML)…").
    #[arg(long, value_name = "OUT")]
    html: Option<PathBuf>,
    /// Also preview the turn as the app's preview window does: the orders
    /// resolved on what the reports tell (default assumptions), the orders the
    /// resolver would void, and each value that may change with its odds over
    /// N runs (1–100000; the app's default is 100), on every core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    preview: Option<u32>,
    /// The threads the preview's runs use (default: one per core). The result
    /// is the same whatever the number.
    #[arg(long, value_name = "T", requires = "preview", value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Print the diagnostics only, without the summary line.
    #[arg(short, long)]
    quiet: bool,
    /// Language of messages (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

/// `nebutil orders --json`.
#[derive(Serialize)]
pub struct OrdersJson<'a> {
    pub schema: &'static str,
    /// The order file, as named on the command line.
    pub file: String,
    pub reports: Vec<String>,
    pub nbt: Vec<String>,
    /// The ruleset's name.
    pub rules: String,
    pub game: Option<String>,
    /// The turn the orders are for (the latest CR's).
    pub turn: Option<u32>,
    pub player: Option<json::Me>,
    pub orders: OrderList<'a>,
    /// The order file's diagnostics (parser and validator), by position.
    pub diagnostics: Vec<DiagnosticJson>,
    /// What reading the CRs and NBTs reported (every severity), with their file.
    pub report_diagnostics: Vec<DiagnosticJson>,
    pub counts: Counts,
    /// With `--preview N`: what the app's preview window shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<PreviewJson>,
}

/// The preview of `--preview N`.
#[derive(Serialize)]
pub struct PreviewJson {
    /// The turn predicted.
    pub turn: Option<u32>,
    /// The runs the odds are counted over.
    pub runs: u32,
    /// The orders the resolver would void (in the order file's order).
    pub voided: Vec<DiagnosticJson>,
    /// The values that may change, as the app's window writes them.
    pub rows: Vec<String>,
    /// The same values as data.
    pub changes: Vec<ChangeJson>,
    /// What the preview assumed where the reports say nothing.
    pub assumptions: Vec<String>,
}

/// A value of the preview that may change.
#[derive(Serialize)]
pub struct ChangeJson {
    /// `M_48`, `F_57`, a technology (`DEP`), or `player` (the score).
    pub item: String,
    /// `population`, `vc`, `owned` … (the app's field names).
    pub field: &'static str,
    /// Its value now (`null`: none).
    pub now: Option<i64>,
    /// The values it took, the likeliest first, with their runs.
    pub outcomes: Vec<OutcomeJson>,
    /// The runs where it is gone (a world lost).
    pub gone: u32,
}

#[derive(Serialize)]
pub struct OutcomeJson {
    pub value: i64,
    pub runs: u32,
}

/// The preview of `orders` on `knowledge`: the app's single run (its voided
/// orders and predicted CR) and the odds over `runs` runs on `threads` threads.
fn preview_of(
    knowledge: &Knowledge,
    orders: &[crate::orders::Order],
    rules: &Ruleset,
    runs: u32,
    threads: usize,
) -> (Preview, Odds) {
    let partial = Partial::new(knowledge, &Assumptions::default(), rules);
    let one = partial.preview(orders, rules, PREVIEW_SEED);
    let odds = partial
        .odds_parallel(orders, rules, ODDS_SEED, runs, threads, &())
        .unwrap_or_default();
    (one, odds)
}

fn preview_json(preview: &Preview, odds: &Odds, lang: Lang) -> PreviewJson {
    let mut voided: Vec<&Diagnostic> = preview.voided.iter().collect();
    voided.sort_by_key(|d| (d.span.line, d.span.column));
    PreviewJson {
        turn: preview.next.turn,
        runs: odds.runs,
        voided: voided
            .into_iter()
            .map(|d| DiagnosticJson::new(d, lang))
            .collect(),
        rows: preview_rows(Some(preview), Some(odds), lang),
        changes: odds
            .changing()
            .map(|(key, d)| {
                let mut outcomes: Vec<OutcomeJson> = d
                    .counts
                    .iter()
                    .map(|(value, runs)| OutcomeJson {
                        value: *value,
                        runs: *runs,
                    })
                    .collect();
                outcomes.sort_by(|a, b| b.runs.cmp(&a.runs).then(a.value.cmp(&b.value)));
                ChangeJson {
                    item: match key.item {
                        Item::World(w) => format!("M_{w}"),
                        Item::Fleet(f) => format!("F_{f}"),
                        Item::Tech(t) => t.keyword().to_string(),
                        Item::Player => "player".to_string(),
                    },
                    field: key.field.name(),
                    now: odds.now.get(key).copied(),
                    outcomes,
                    gone: odds.runs.saturating_sub(d.runs()),
                }
            })
            .collect(),
        assumptions: assumption_lines(preview, lang),
    }
}

fn assumption_lines(preview: &Preview, lang: Lang) -> Vec<String> {
    preview
        .assumed
        .iter()
        .map(|a| {
            let args = a.args();
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            tr_args(lang, a.message_id(), &args)
        })
        .collect()
}

/// The preview as text, after the diagnostics: as the app's window shows it.
fn say_preview(out: &mut dyn Write, name: &str, preview: &Preview, odds: &Odds, lang: Lang) {
    say!(out);
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "gui-preview-done",
            &[("runs", &odds.runs.to_string())]
        )
    );
    let mut voided: Vec<&Diagnostic> = preview.voided.iter().collect();
    voided.sort_by_key(|d| (d.span.line, d.span.column));
    if !voided.is_empty() {
        say!(out, "{}", tr(lang, "gui-preview-voided"));
        for d in voided {
            say!(out, "  {}", d.render(name, lang));
        }
    }
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "gui-preview-changes",
            &[("turn", &preview.next.turn.unwrap_or(0).to_string())]
        )
    );
    let rows = preview_rows(Some(preview), Some(odds), lang);
    if rows.is_empty() {
        say!(out, "  {}", tr(lang, "gui-preview-no-change"));
    }
    for row in rows {
        say!(out, "  {row}");
    }
    let assumptions = assumption_lines(preview, lang);
    if !assumptions.is_empty() {
        say!(out, "{}", tr(lang, "cli-orders-preview-assumptions"));
        for line in assumptions {
            say!(out, "  {line}");
        }
    }
}

/// One order read from the file.
#[derive(Serialize)]
pub struct OrderJson {
    pub line: u32,
    pub column: u32,
    pub end_column: u32,
    /// The order as written (comment excluded).
    pub text: String,
    /// The canonical form (`M_127 C 10 VC F_57`).
    pub canonical: String,
    /// The kind of order (`build`, `move`, `fire` …, see the README).
    pub kind: &'static str,
    /// The form's number in the catalog's order table (1–93), as written: a
    /// move `F_57 M_48` is #88, `F_57 MM 48` #87.
    pub form: u8,
    /// One plain sentence in the chosen language.
    pub explanation: String,
}

#[derive(Serialize)]
pub struct Counts {
    pub orders: usize,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

/// The `kind` of an order in the JSON document: its [`OrderKind`] variant in
/// snake case.
pub fn kind_name(kind: &OrderKind) -> &'static str {
    use OrderKind as K;
    match kind {
        K::Name { .. } => "name",
        K::Declare { .. } => "declare",
        K::Peace { .. } => "peace",
        K::War { .. } => "war",
        K::NoAmbush { .. } => "no_ambush",
        K::Probe { .. } => "probe",
        K::Emigrate { .. } => "emigrate",
        K::Build { .. } => "build",
        K::ViToIndustries { .. } => "vi_to_industries",
        K::TransformRobots { .. } => "transform_robots",
        K::BuildBomb { .. } => "build_bomb",
        K::Unload { .. } => "unload",
        K::DropTreasure { .. } => "drop_treasure",
        K::GuardTransfer { .. } => "guard_transfer",
        K::FleetTransfer { .. } => "fleet_transfer",
        K::Load { .. } => "load",
        K::LoadTreasure { .. } => "load_treasure",
        K::Meva { .. } => "meva",
        K::Fire { .. } => "fire",
        K::Move { .. } => "move",
        K::DropBomb { .. } => "drop_bomb",
        K::RobotAttack { .. } => "robot_attack",
        K::Pillage { .. } => "pillage",
        K::GiveFleet { .. } => "give_fleet",
        K::GiveWorld { .. } => "give_world",
    }
}

/// A file of the knowledge and what reading it said.
struct Read {
    name: String,
    diagnostics: Vec<Diagnostic>,
    /// An NBT (named on the command line or found beside its CR).
    nbt: bool,
}

/// Runs `nebutil orders`; returns the exit status.
pub fn run(args: &OrdersArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let lang = args.lang.map_or_else(env_lang, Lang::from);
    super::error::finish(check(args, lang, out), lang, err)
}

fn check(args: &OrdersArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    let orders = read_input(&args.file, TextKind::Orders)?;
    let (knowledge, mut read, nbt_ruleset) = knowledge_of(args)?;
    let rules = ruleset(args, nbt_ruleset)?;
    let context = PlayerContext::new(&knowledge);
    let checked = check_orders_with(&orders.text, &context, &rules);
    let mut diagnostics = orders.diagnostics.clone();
    diagnostics.extend(checked.diagnostics.iter().cloned());
    diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
    // Each file's diagnostics capped (see `diagnostic::Capped`).
    let diagnostics = diagnostic::cap(diagnostics);
    for file in &mut read {
        file.diagnostics = diagnostic::cap(std::mem::take(&mut file.diagnostics));
    }
    if let Some(path) = &args.html {
        let header = knowledge
            .latest_turn()
            .and_then(|turn| knowledge.view_at(turn))
            .map(crate::report::printable::PrintHeader::of_view)
            .unwrap_or_default();
        let page = crate::report::printable::html(
            crate::report::printable::Document::Orders,
            &header,
            &crate::orders::mail::order_file_text(&orders.text),
            lang,
        );
        crate::storage::write_atomic(path, page.as_bytes(), crate::storage::Durability::Synced)
            .map_err(|error| CliError::Write {
                file: path.clone(),
                error,
            })?;
    }

    let preview = args.preview.map(|runs| {
        let threads = args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            |t| usize::try_from(t).unwrap_or(1),
        );
        preview_of(&knowledge, &checked.file.orders, &rules, runs, threads)
    });
    if args.json {
        let mut document = document(
            args,
            &orders.name,
            &orders.text,
            &read,
            &knowledge,
            &rules,
            &checked.file,
            &diagnostics,
            lang,
        );
        document.preview = preview
            .as_ref()
            .map(|(one, odds)| preview_json(one, odds, lang));
        // Written as it is serialised (no copy of the text in memory); an output
        // that cannot be written (a closed pipe) is not an error of the files.
        let mut buffered = std::io::BufWriter::new(&mut *out);
        if serde_json::to_writer_pretty(&mut buffered, &document).is_ok() {
            say!(buffered);
        }
        ignore_closed_pipe(buffered.flush());
    } else {
        for file in &read {
            for d in file.diagnostics.iter().filter(|d| {
                d.severity == Severity::Error || infer::UNKNOWN_CODES.contains(&d.code.as_str())
            }) {
                say!(out, "{}", d.render(&file.name, lang));
            }
        }
        for d in &diagnostics {
            say!(out, "{}", d.render(&orders.name, lang));
        }
        if !args.quiet {
            let count = |severity| {
                diagnostics
                    .iter()
                    .filter(|d| d.severity == severity)
                    .count()
            };
            say!(
                out,
                "{}",
                tr_args(
                    lang,
                    "cli-orders-summary",
                    &[
                        ("errors", &count(Severity::Error).to_string()),
                        ("warnings", &count(Severity::Warning).to_string()),
                        ("orders", &checked.file.orders.len().to_string()),
                    ],
                )
            );
        }
        if let Some((one, odds)) = &preview {
            say_preview(out, &orders.name, one, odds, lang);
        }
    }
    ignore_closed_pipe(out.flush());
    Ok(if has_errors(&diagnostics) {
        EXIT_ERRORS
    } else {
        EXIT_OK
    })
}

/// A text file of the command line, read (or why not).
fn read_input(path: &Path, kind: TextKind) -> Result<input::Input, CliError> {
    input::read(path, kind).map_err(|error| CliError::Read {
        file: path.to_path_buf(),
        error,
    })
}

/// An `.NBT` of the command line (or found beside a CR), read.
struct NbtInput {
    path: PathBuf,
    name: String,
    file: Option<nbt::NbtFile>,
    diagnostics: Vec<Diagnostic>,
}

/// The `.NBT`s of `named` (`--nbt`, `--ally-nbt`), then those found beside the
/// CRs of `reports` without one of their name among them, read; an NBT beside
/// a CR that cannot be read is left out, as the app leaves it.
fn read_nbts(reports: &[PathBuf], named: &[PathBuf]) -> Result<Vec<NbtInput>, CliError> {
    let mut read = Vec::new();
    for path in with_nbts_beside(reports, named) {
        let input = if named.contains(&path) {
            read_input(&path, TextKind::Nbt)?
        } else {
            match input::read(&path, TextKind::Nbt) {
                Ok(input) => input,
                Err(_) => continue,
            }
        };
        let mut diagnostics = input.diagnostics;
        let (file, found) = nbt::read(&input.text);
        diagnostics.extend(found);
        read.push(NbtInput {
            path,
            name: input.name,
            file,
            diagnostics,
        });
    }
    Ok(read)
}

/// The CR among `views` (their own reading, before any inference, read from
/// `paths`) each NBT goes with, by the app's rule ([`session::nbt_goes_with`]).
/// An NBT named on the command line that goes with none is applied to the
/// last CR (the NBT's reader says why it does not fit); one found beside a CR
/// that goes with none is left out, as the app leaves it waiting.
fn pair_nbts(
    nbts: &[NbtInput],
    named: &[PathBuf],
    views: &[TurnView],
    paths: &[PathBuf],
) -> Vec<Option<usize>> {
    nbts.iter()
        .map(|input| {
            let file = input.file.as_ref()?;
            let origin = SourceOrigin::File(input.path.clone());
            views
                .iter()
                .zip(paths)
                .position(|(view, path)| {
                    session::nbt_goes_with(file, &origin, view, &SourceOrigin::File(path.clone()))
                })
                .or_else(|| {
                    named
                        .contains(&input.path)
                        .then(|| views.len().checked_sub(1))
                        .flatten()
                })
        })
        .collect()
}

/// The player's knowledge from the CRs and NBTs of the command line: the CRs,
/// each NBT paired with its CR as the app pairs them, the CRs completed where
/// they do not tell their turn or player, then the NBTs applied, then the
/// allies' reports merged (the one merge: [`session::merge_reports`]). Also
/// each file's diagnostics, and the ruleset the first NBT applied names.
fn knowledge_of(args: &OrdersArgs) -> Result<(Knowledge, Vec<Read>, Option<String>), CliError> {
    let mut views: Vec<TurnView> = Vec::new();
    let mut read: Vec<Read> = Vec::new();
    for path in &args.reports {
        let file = read_input(path, TextKind::Report)?;
        let (view, diagnostics) =
            report::read_report(&file.text).map_err(|reason| CliError::NotReport {
                file: file.name.clone(),
                reason,
            })?;
        let mut all = file.diagnostics;
        all.extend(diagnostics);
        views.push(view);
        read.push(Read {
            name: file.name,
            diagnostics: all,
            nbt: false,
        });
    }
    // The NBTs named, and for a CR without one of its name, the NBT beside it
    // (`turn-002.nbt` beside `turn-002.cr`), paired as the app pairs them.
    let nbt_files = read_nbts(&args.reports, &args.nbt)?;
    let pairs = pair_nbts(&nbt_files, &args.nbt, &views, &args.reports);
    complete_reports(args, &mut views, &mut read, &nbt_files);
    let mut nbt_ruleset: Option<String> = None;
    for (mut nbt_input, pair) in nbt_files.into_iter().zip(pairs) {
        let Some(index) = pair else {
            continue;
        };
        if let Some(nbt_file) = &nbt_input.file
            && let Some(view) = views.get_mut(index)
        {
            if nbt_ruleset.is_none() {
                nbt_ruleset.clone_from(&nbt_file.ruleset);
            }
            nbt::apply(nbt_file, view, &mut nbt_input.diagnostics);
        }
        read.push(Read {
            name: nbt_input.name,
            diagnostics: nbt_input.diagnostics,
            nbt: true,
        });
    }
    let (allies, ally_nbt_read) = read_allies(&args.allies, &args.ally_nbt)?;
    let (knowledge, own_refused) = merge_with_allies(views, &allies)?;
    for (file, refused) in read.iter_mut().zip(own_refused) {
        file.diagnostics.extend(refused);
    }
    for ally in allies {
        read.push(Read {
            name: ally.name,
            diagnostics: ally.diagnostics,
            nbt: false,
        });
    }
    for (name, diagnostics) in ally_nbt_read {
        read.push(Read {
            name,
            diagnostics,
            nbt: true,
        });
    }
    Ok((knowledge, read, nbt_ruleset))
}

/// A file's name and its diagnostics.
pub(super) type FileDiagnostics = (String, Vec<Diagnostic>);

/// The NBTs of the command line, then for each CR without an NBT of its file
/// name among them, the `.NBT` beside it when there is one (the app's:
/// [`beside::nbt_path`]).
fn with_nbts_beside(reports: &[PathBuf], named: &[PathBuf]) -> Vec<PathBuf> {
    let mut paths = named.to_vec();
    for report in reports {
        if named.iter().any(|n| n.file_stem() == report.file_stem()) {
            continue;
        }
        if let Some(beside) = beside::nbt_path(report)
            && !paths.contains(&beside)
        {
            paths.push(beside);
        }
    }
    paths
}

/// An ally's report of the command line, read, his NBT applied.
pub(super) struct AllyRead {
    pub name: String,
    pub view: TurnView,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads allies' reports (`--ally`) and their NBTs (`--ally-nbt`, or found
/// beside them), each NBT applied to the ally's CR it goes with by the app's
/// rule ([`session::nbt_goes_with`]). Also each NBT's diagnostics, by file.
pub(super) fn read_allies(
    allies: &[PathBuf],
    ally_nbt: &[PathBuf],
) -> Result<(Vec<AllyRead>, Vec<FileDiagnostics>), CliError> {
    let mut nbt_files = read_nbts(allies, ally_nbt)?;
    let mut read = Vec::new();
    for path in allies {
        let file = read_input(path, TextKind::Report)?;
        let (mut view, diagnostics) =
            report::read_report(&file.text).map_err(|reason| CliError::NotReport {
                file: file.name.clone(),
                reason,
            })?;
        let mut all = file.diagnostics;
        all.extend(diagnostics);
        let own = view.clone();
        let origin = SourceOrigin::File(path.clone());
        for input in &mut nbt_files {
            if let Some(nbt_file) = &input.file
                && session::nbt_goes_with(
                    nbt_file,
                    &SourceOrigin::File(input.path.clone()),
                    &own,
                    &origin,
                )
            {
                nbt::apply(nbt_file, &mut view, &mut input.diagnostics);
            }
        }
        read.push(AllyRead {
            name: file.name,
            view,
            diagnostics: all,
        });
    }
    let nbt_read = nbt_files
        .into_iter()
        .map(|input| (input.name, input.diagnostics))
        .collect();
    Ok((read, nbt_read))
}

/// The player's own reports and his allies' merged ([`session::merge_reports`]):
/// the first ally refused (another game, the player's own, no player) stops
/// the command with the knowledge's reason. Also why each own report was
/// refused, in order.
pub(super) fn merge_with_allies(
    own: Vec<TurnView>,
    allies: &[AllyRead],
) -> Result<(Knowledge, Vec<Vec<Diagnostic>>), CliError> {
    let merged = session::merge_reports(own, allies.iter().map(|a| a.view.clone()));
    for (ally, refused) in allies.iter().zip(&merged.allies_refused) {
        if let Some(reason) = refused.first() {
            return Err(CliError::AllyRefused {
                file: ally.name.clone(),
                reason: reason.clone(),
            });
        }
    }
    Ok((merged.knowledge, merged.own_refused))
}

/// The reports as they tell themselves, completed: for the report the orders
/// answer (the first), the player's other turns and what `--turn` and
/// `--player` state (its stand-in turn comes after theirs).
fn complete_reports(
    args: &OrdersArgs,
    views: &mut [TurnView],
    read: &mut [Read],
    nbt_files: &[NbtInput],
) {
    let mut stated = args
        .player
        .as_deref()
        .map(infer::parse_player)
        .unwrap_or_default();
    stated.turn = args.turn;
    let headers: Vec<infer::Header> = views.iter().map(infer::Header::of).collect();
    for (index, (view, path)) in views.iter_mut().zip(&args.reports).enumerate() {
        let first = index == 0;
        let given = beside::Given {
            // An NBT named on the command line with the same file name.
            nbt: nbt_files
                .iter()
                .find(|nbt| nbt.path.file_stem() == path.file_stem())
                .and_then(|nbt| nbt.file.as_ref())
                .map(beside::nbt_header),
            siblings: if first {
                headers.iter().skip(1).cloned().collect()
            } else {
                Vec::new()
            },
            stated: if first {
                stated.clone()
            } else {
                infer::Stated::default()
            },
            evidence: None,
        };
        let found = beside::complete(path, view, given);
        if let Some(file) = read.get_mut(index) {
            file.diagnostics.extend(found);
        }
    }
}

/// The rules: `--rules` (a built-in name or a RON file), else the built-in
/// ruleset the NBT names, else 2002.
fn ruleset(args: &OrdersArgs, nbt_ruleset: Option<String>) -> Result<Ruleset, CliError> {
    let unusable_rules = |file: &Path, error: RulesError| CliError::RulesUnreadable {
        file: file.to_path_buf(),
        error,
    };
    let wanted = args.rules.clone().or(nbt_ruleset);
    Ok(match wanted.as_deref() {
        None => Ruleset::builtin_2002(),
        Some(name) if Ruleset::BUILTIN_NAMES.contains(&name) => {
            Ruleset::builtin(name).map_err(|error| unusable_rules(Path::new(name), error))?
        }
        // An NBT naming a ruleset this build does not have: the default.
        Some(_) if args.rules.is_none() => Ruleset::builtin_2002(),
        Some(path) => {
            let path = Path::new(path);
            let text = read_input(path, TextKind::Ruleset)?.text;
            Ruleset::from_ron(&text).map_err(|error| unusable_rules(path, error))?
        }
    })
}

/// The order as written on its line.
fn written(line: &str, span: crate::diagnostic::Span) -> String {
    line.chars()
        .skip(span.column.saturating_sub(1) as usize)
        .take(span.end_column.saturating_sub(span.column) as usize)
        .collect()
}

/// The orders of the JSON document, each [`OrderJson`] made as it is written:
/// a file of a million orders is not held again as a million texts, canonical
/// forms and sentences.
pub struct OrderList<'a> {
    /// The order file's text, its byte order mark removed.
    body: &'a str,
    orders: &'a [crate::orders::Order],
    lang: Lang,
}

impl Serialize for OrderList<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // The line of each order, in one pass (orders come in line order).
        let mut lines = self.body.lines().enumerate();
        serializer.collect_seq(self.orders.iter().map(|o| {
            let wanted = (o.span.line as usize).saturating_sub(1);
            let line = lines
                .by_ref()
                .find(|(i, _)| *i >= wanted)
                .filter(|(i, _)| *i == wanted)
                .map_or("", |(_, l)| l);
            let text = written(line, o.span);
            OrderJson {
                line: o.span.line,
                column: o.span.column,
                end_column: o.span.end_column,
                canonical: o.kind.to_string(),
                kind: kind_name(&o.kind),
                // As written: a move `F_f M_m …` is #88, `F_f MM m …` #87.
                form: o.kind.written_form(&text),
                explanation: explain(&o.kind, self.lang),
                text,
            }
        }))
    }
}

#[allow(clippy::too_many_arguments)]
fn document<'a>(
    args: &OrdersArgs,
    name: &str,
    text: &'a str,
    read: &[Read],
    knowledge: &Knowledge,
    rules: &Ruleset,
    file: &'a crate::orders::OrdersFile,
    diagnostics: &[Diagnostic],
    lang: Lang,
) -> OrdersJson<'a> {
    let count = |severity: Severity| diagnostic::count_severity(diagnostics, severity);
    OrdersJson {
        schema: SCHEMA,
        file: name.to_string(),
        reports: read
            .iter()
            .take(args.reports.len())
            .map(|r| r.name.clone())
            .collect(),
        // The player's NBTs (named, or found beside his CRs); not the allies'.
        nbt: read
            .iter()
            .skip(args.reports.len())
            .take_while(|r| r.nbt)
            .map(|r| r.name.clone())
            .collect(),
        rules: rules.name.clone(),
        game: knowledge.game.clone(),
        turn: knowledge.latest_turn(),
        player: knowledge.player.as_ref().map(|p| json::Me {
            name: p.name.clone(),
            number: p.number,
            class: knowledge.class.as_ref().map(|c| json::class_id(c.value)),
        }),
        orders: OrderList {
            body: text.trim_start_matches('\u{feff}'),
            orders: &file.orders,
            lang,
        },
        diagnostics: diagnostics
            .iter()
            .map(|d| DiagnosticJson::new(d, lang))
            .collect(),
        report_diagnostics: read
            .iter()
            .flat_map(|r| {
                r.diagnostics
                    .iter()
                    .map(|d| DiagnosticJson::in_file(&r.name, d, lang))
            })
            .collect(),
        counts: Counts {
            orders: file.orders.len(),
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            infos: count(Severity::Info),
        },
        preview: None,
    }
}
