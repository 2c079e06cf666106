//! `nebutil combat SETUP.ron [--rounds N] [--search F] [--max-vc N] [--json]
//! [--lang fr|en]`: runs a combat simulator setup (see [`crate::combat::sim`]).
//!
//! Output: the setup's diagnostics as `file:line:col: severity[code]: message`, then
//! the simulation round by round with the book's formulas filled with their numbers,
//! and with `--search F_f` "what it takes" for fleet `f`'s fire order: the smallest
//! VC count and ATT level that empty its target within the round limit, and the
//! largest loss the target takes while holding. With `--json`, one JSON object
//! (schema `nebutil-combat/1`, see [`CombatJson`]).
//!
//! Exit status: 0 when the setup has no error, 1 when it has one (nothing is
//! simulated), 2 when the file cannot be read or the command line is wrong.

use std::io::Write;
use std::path::PathBuf;

use serde::Serialize;

use crate::combat::sim::search::{self, Withstand};
use crate::combat::sim::{Setup, SimResult, parse, simulate_rounds, text};
use crate::diagnostic::{Diagnostic, DiagnosticJson, has_errors};
use crate::i18n::{Lang, tr_args};
use crate::storage::text_file::TextKind;

use super::error::CliError;
use super::{EXIT_ERRORS, EXIT_OK, LangArg, env_lang, ignore_closed_pipe, input};

/// The schema's name and version, the first key of the JSON document.
pub const SCHEMA: &str = "nebutil-combat/1";

#[derive(clap::Args, Debug)]
pub struct CombatArgs {
    /// The setup file (RON, see the README's "Combat simulator").
    file: PathBuf,
    /// Round limit (default: the setup's `rounds`).
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
    /// "What it takes" for this fleet's fire order (`F_128` or `128`).
    #[arg(long, value_name = "F")]
    search: Option<String>,
    /// Largest VC count the search tries.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    max_vc: u32,
    /// Print one JSON object (schema nebutil-combat/1) instead of text.
    #[arg(long)]
    json: bool,
    /// Language of messages (default: the environment's, else French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

/// `nebutil combat --json`.
#[derive(Serialize)]
pub struct CombatJson {
    pub schema: &'static str,
    pub file: String,
    /// The setup as read (`null` when it cannot be read).
    pub setup: Option<Setup>,
    pub diagnostics: Vec<DiagnosticJson>,
    /// `null` when the setup has an error.
    pub result: Option<SimResult>,
    /// The readable text of the simulation, as without `--json`.
    pub text: Option<String>,
    pub search: Option<SearchJson>,
}

/// "What it takes" for one fleet's fire order.
#[derive(Serialize)]
pub struct SearchJson {
    pub fleet: u32,
    pub target: Option<String>,
    pub rounds: u32,
    /// Smallest VC count of the fleet that empties the target (`null`: none up to `max_vc`).
    pub min_vc: Option<u32>,
    /// Smallest ATT level of its side that does (`null`: none in the CAtt table).
    pub min_att: Option<u32>,
    /// Largest VC count the target survives, and its loss then.
    pub withstand: Option<Withstand>,
    pub max_vc: u32,
}

fn fleet_number(text: &str) -> Option<u32> {
    text.trim()
        .trim_start_matches(['F', 'f'])
        .trim_start_matches('_')
        .parse()
        .ok()
}

/// Runs `nebutil combat`; returns the exit status.
pub fn run(args: &CombatArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let lang = args.lang.map_or_else(env_lang, Lang::from);
    super::error::finish(combat(args, lang, out), lang, err)
}

fn combat(args: &CombatArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    let file = input::read(&args.file, TextKind::CombatSetup).map_err(|error| CliError::Read {
        file: args.file.clone(),
        error,
    })?;
    let wanted = match &args.search {
        Some(text) => match fleet_number(text) {
            Some(id) => Some(id),
            None => {
                return Err(CliError::BadFleet {
                    fleet: text.clone(),
                });
            }
        },
        None => None,
    };
    let (setup, found) = parse(&file.text);
    let mut diagnostics: Vec<Diagnostic> = file.diagnostics.clone();
    diagnostics.extend(found);
    let failed = has_errors(&diagnostics);
    let runnable = setup.as_ref().filter(|_| !failed);
    let rules = runnable.and_then(Setup::ruleset);
    let rounds = args
        .rounds
        .or(setup.as_ref().map(|s| s.rounds))
        .unwrap_or(1)
        .max(1);
    let result = match (runnable, &rules) {
        (Some(setup), Some(rules)) => Some(simulate_rounds(setup, rules, rounds)),
        _ => None,
    };
    let rendered = match (runnable, &result) {
        (Some(setup), Some(result)) => Some(text::render(setup, result, lang)),
        _ => None,
    };
    let searched = match (runnable, &rules, wanted) {
        (Some(setup), Some(rules), Some(id)) => {
            let target = setup
                .fleet_position(id)
                .and_then(|(s, f)| setup.sides.get(s)?.fleets.get(f)?.fire);
            Some(SearchJson {
                fleet: id,
                target: target.map(|t| t.notation()),
                rounds,
                min_vc: search::min_vc(setup, rules, id, rounds, args.max_vc).map(|f| f.value),
                min_att: search::min_att(setup, rules, id, rounds).map(|f| f.value),
                withstand: search::max_withstood(setup, rules, id, rounds, args.max_vc),
                max_vc: args.max_vc,
            })
        }
        _ => None,
    };

    if args.json {
        let document = CombatJson {
            schema: SCHEMA,
            file: file.name.clone(),
            setup: setup.clone(),
            diagnostics: diagnostics
                .iter()
                .map(|d| DiagnosticJson::new(d, lang))
                .collect(),
            result,
            text: rendered,
            search: searched,
        };
        let text = serde_json::to_string_pretty(&document)?;
        say!(out, "{text}");
    } else {
        for d in &diagnostics {
            say!(out, "{}", d.render(&file.name, lang));
        }
        if let Some(text) = &rendered {
            ignore_closed_pipe(write!(out, "{text}"));
        }
        if let Some(s) = &searched {
            say!(out, "{}", search_text(s, lang));
        }
    }
    ignore_closed_pipe(out.flush());
    Ok(if failed { EXIT_ERRORS } else { EXIT_OK })
}

fn search_text(s: &SearchJson, lang: Lang) -> String {
    let none = crate::i18n::tr(lang, "cli-combat-none");
    let value = |v: Option<u32>| v.map_or_else(|| none.clone(), |v| v.to_string());
    let mut text = tr_args(
        lang,
        "cli-combat-search",
        &[
            ("fleet", &format!("F_{}", s.fleet)),
            ("target", s.target.as_deref().unwrap_or("?")),
            ("rounds", &s.rounds.to_string()),
        ],
    );
    text.push('\n');
    text.push_str(&tr_args(
        lang,
        "cli-combat-min-vc",
        &[("vc", &value(s.min_vc)), ("max", &s.max_vc.to_string())],
    ));
    text.push('\n');
    text.push_str(&tr_args(
        lang,
        "cli-combat-min-att",
        &[("att", &value(s.min_att))],
    ));
    text.push('\n');
    match &s.withstand {
        Some(w) => text.push_str(&tr_args(
            lang,
            "cli-combat-withstand",
            &[
                ("target", s.target.as_deref().unwrap_or("?")),
                ("vc", &w.vc.to_string()),
                ("loss", &w.loss.to_string()),
            ],
        )),
        None => text.push_str(&tr_args(
            lang,
            "cli-combat-withstand-none",
            &[("target", s.target.as_deref().unwrap_or("?"))],
        )),
    }
    text
}
