//! The statistics over turns, as one table: what the plots window draws and
//! what `nebutil report CR… --csv` / `--series-json` and the plots window's
//! "Exporter (CSV)…" write out (one table for both, built here from the
//! player's [`Knowledge`]).
//!
//! # The table
//!
//! One row per turn loaded (ascending), the columns always the same and in the
//! same order ([`columns`]):
//!
//! 1. the turn, the score (`Points : 412`) and its change (`(+64)`);
//! 2. then each statistic of the CR's block in the CR's order
//!    ([`StatKind::ALL`]): its value as the CR printed it; and, for a
//!    statistic that can be spied (it has a spy category), three columns for
//!    the spy ranking that replaces the value the turns it was spied: the mean
//!    (`M : 241`), the error (`[Erreur=10%]`, in percent) and the ranking
//!    itself in the CR's notation (`1:402 2:"Miria":331 3:"Maxtor":236`).
//!
//! A cell the CR did not print is empty: a spied statistic has no own value
//! that turn (the CR does not print it), a statistic not spied has no ranking.
//! Values are the CR's integers, never rounded or scaled.
//!
//! # CSV
//!
//! [`to_csv`]: RFC 4180 (fields quoted when they hold the separator, a quote
//! or a line break; quotes doubled; lines ended by CRLF), a header line of the
//! columns' names in the interface language, UTF-8. The separator is `,` or
//! `;` ([`Separator`]); with `;` — the choice for a French spreadsheet — the
//! file starts with a UTF-8 byte order mark, which Excel needs to read UTF-8
//! (with `,` there is none: the file is for any tool).
//!
//! # JSON
//!
//! [`to_json`]: `{"schema": "nebutil-series/1", "game", "player", "columns":
//! [ids], "labels": [names], "rows": [[cells]], "spy_rankings": [...]}`; the
//! cells of `rows` are the CSV's (numbers as numbers, an empty cell `null`),
//! and `spy_rankings` gives each ranking entry by entry (`turn`, `statistic`,
//! `mean`, `error_percent`, `entries`: `rank`, `name` or `null`, `value`).

use serde::Serialize;

use super::knowledge::Knowledge;
use super::view::{SpyReport, StatKind, StatValue};
use crate::i18n::{Lang, tr, tr_args};

/// One column of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Column {
    Turn,
    Score,
    ScoreDelta,
    /// The statistic's own value.
    Value(StatKind),
    /// The spy ranking's mean.
    SpyMean(StatKind),
    /// The spy ranking's error, in percent.
    SpyError(StatKind),
    /// The spy ranking, in the CR's notation.
    SpyRanking(StatKind),
}

/// Every column, in order: turn, score, score change, then each statistic in
/// the CR's order with, when it can be spied, its three spy columns.
pub fn columns() -> Vec<Column> {
    let mut all = vec![Column::Turn, Column::Score, Column::ScoreDelta];
    for kind in StatKind::ALL {
        all.push(Column::Value(kind));
        if kind.spy_category().is_some() {
            all.extend([
                Column::SpyMean(kind),
                Column::SpyError(kind),
                Column::SpyRanking(kind),
            ]);
        }
    }
    all
}

/// The stable identifier of a statistic (JSON column ids).
pub fn stat_id(kind: StatKind) -> &'static str {
    match kind {
        StatKind::MiningCapacity => "mining_capacity",
        StatKind::Populations => "populations",
        StatKind::Converts => "converts",
        StatKind::Robots => "robots",
        StatKind::Cargo => "cargo",
        StatKind::Worlds => "worlds",
        StatKind::Fleets => "fleets",
        StatKind::Industries => "industries",
        StatKind::ActiveIndustries => "active_industries",
        StatKind::Ships => "ships",
        StatKind::Treasures => "treasures",
    }
}

/// The message naming a statistic in the table's header.
fn stat_message(kind: StatKind) -> &'static str {
    match kind {
        StatKind::MiningCapacity => "series-stat-mining",
        StatKind::Populations => "series-stat-populations",
        StatKind::Converts => "series-stat-converts",
        StatKind::Robots => "series-stat-robots",
        StatKind::Cargo => "series-stat-cargo",
        StatKind::Worlds => "series-stat-worlds",
        StatKind::Fleets => "series-stat-fleets",
        StatKind::Industries => "series-stat-industries",
        StatKind::ActiveIndustries => "series-stat-active-industries",
        StatKind::Ships => "series-stat-ships",
        StatKind::Treasures => "series-stat-treasures",
    }
}

impl Column {
    /// The stable identifier (JSON): `turn`, `score`, `score_delta`,
    /// `populations`, `populations_spy_mean`, `populations_spy_error_percent`,
    /// `populations_spy_ranking` …
    pub fn id(self) -> String {
        match self {
            Column::Turn => "turn".to_string(),
            Column::Score => "score".to_string(),
            Column::ScoreDelta => "score_delta".to_string(),
            Column::Value(kind) => stat_id(kind).to_string(),
            Column::SpyMean(kind) => format!("{}_spy_mean", stat_id(kind)),
            Column::SpyError(kind) => format!("{}_spy_error_percent", stat_id(kind)),
            Column::SpyRanking(kind) => format!("{}_spy_ranking", stat_id(kind)),
        }
    }

    /// The name in the header line, in `lang`.
    pub fn label(self, lang: Lang) -> String {
        let spy = |id: &str, kind: StatKind| {
            tr_args(lang, id, &[("series", &tr(lang, stat_message(kind)))])
        };
        match self {
            Column::Turn => tr(lang, "series-turn"),
            Column::Score => tr(lang, "series-score"),
            Column::ScoreDelta => tr(lang, "series-score-delta"),
            Column::Value(kind) => tr(lang, stat_message(kind)),
            Column::SpyMean(kind) => spy("series-spy-mean", kind),
            Column::SpyError(kind) => spy("series-spy-error", kind),
            Column::SpyRanking(kind) => spy("series-spy-ranking", kind),
        }
    }
}

/// One cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Cell {
    /// Not printed that turn (JSON `null`).
    Empty,
    Number(i64),
    Text(String),
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Number(n) => n.to_string(),
            Cell::Text(t) => t.clone(),
        }
    }
}

/// A spy ranking of one turn (JSON `spy_rankings`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpyRankingRow {
    pub turn: u32,
    /// The statistic's id ([`stat_id`]).
    pub statistic: &'static str,
    pub mean: u64,
    pub error_percent: u32,
    pub entries: Vec<SpyEntryRow>,
}

/// One entry of a spy ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpyEntryRow {
    pub rank: u32,
    pub name: Option<String>,
    pub value: u64,
}

/// The statistics over the turns: [`columns`] × one row per turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatTable {
    pub game: Option<String>,
    pub player: Option<String>,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    pub spy_rankings: Vec<SpyRankingRow>,
}

/// A ranking in the CR's notation: `1:402 2:"Miria":331 8:96`.
pub fn ranking_text(report: &SpyReport) -> String {
    report
        .entries
        .iter()
        .map(|e| match &e.name {
            Some(name) => format!("{}:\"{}\":{}", e.rank, name, e.value),
            None => format!("{}:{}", e.rank, e.value),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn number(value: u64) -> Cell {
    // A CR's statistic is far below i64::MAX; one that is not shows as text.
    i64::try_from(value).map_or_else(|_| Cell::Text(value.to_string()), Cell::Number)
}

/// The table of the player's turns in `knowledge`.
pub fn table(knowledge: &Knowledge) -> StatTable {
    let columns = columns();
    let mut rows = Vec::new();
    let mut spy_rankings = Vec::new();
    for turn in knowledge.turns() {
        let facts = knowledge.facts_at(turn);
        let statistic = |kind: StatKind| facts.and_then(|f| f.statistics.get(&kind));
        let spied = |kind: StatKind| match statistic(kind) {
            Some(StatValue::Spied(report)) => Some(report),
            _ => None,
        };
        let row: Vec<Cell> = columns
            .iter()
            .map(|column| match *column {
                Column::Turn => Cell::Number(i64::from(turn)),
                Column::Score => facts
                    .and_then(|f| f.score)
                    .map_or(Cell::Empty, Cell::Number),
                Column::ScoreDelta => facts
                    .and_then(|f| f.score_delta)
                    .map_or(Cell::Empty, Cell::Number),
                Column::Value(kind) => match statistic(kind) {
                    Some(StatValue::Own(value)) => number(*value),
                    _ => Cell::Empty,
                },
                Column::SpyMean(kind) => spied(kind).map_or(Cell::Empty, |r| number(r.mean)),
                Column::SpyError(kind) => {
                    spied(kind).map_or(Cell::Empty, |r| Cell::Number(i64::from(r.error_percent)))
                }
                Column::SpyRanking(kind) => {
                    spied(kind).map_or(Cell::Empty, |r| Cell::Text(ranking_text(r)))
                }
            })
            .collect();
        rows.push(row);
        for kind in StatKind::ALL {
            if let Some(report) = spied(kind) {
                spy_rankings.push(SpyRankingRow {
                    turn,
                    statistic: stat_id(kind),
                    mean: report.mean,
                    error_percent: report.error_percent,
                    entries: report
                        .entries
                        .iter()
                        .map(|e| SpyEntryRow {
                            rank: e.rank,
                            name: e.name.clone(),
                            value: e.value,
                        })
                        .collect(),
                });
            }
        }
    }
    StatTable {
        game: knowledge.game.clone(),
        player: knowledge.player.as_ref().map(|p| p.name.clone()),
        columns,
        rows,
        spy_rankings,
    }
}

/// The CSV field separator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Separator {
    /// `,` (RFC 4180), no byte order mark.
    #[default]
    Comma,
    /// `;`, for French spreadsheets: the file starts with a UTF-8 byte order mark.
    Semicolon,
}

impl Separator {
    pub fn char(self) -> char {
        match self {
            Separator::Comma => ',',
            Separator::Semicolon => ';',
        }
    }

    /// `,` or `;`.
    pub fn from_text(text: &str) -> Option<Separator> {
        match text.trim() {
            "," => Some(Separator::Comma),
            ";" => Some(Separator::Semicolon),
            _ => None,
        }
    }
}

/// One CSV field, quoted when it holds the separator, a quote or a line break
/// (RFC 4180).
pub fn csv_field(text: &str, separator: Separator) -> String {
    if text.contains([separator.char(), '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn csv_line(fields: impl IntoIterator<Item = String>, separator: Separator, out: &mut String) {
    let fields: Vec<String> = fields
        .into_iter()
        .map(|f| csv_field(&f, separator))
        .collect();
    out.push_str(&fields.join(&separator.char().to_string()));
    out.push_str("\r\n");
}

/// The table as CSV (see the module's documentation): a header line, one line
/// a turn.
pub fn to_csv(table: &StatTable, separator: Separator, lang: Lang) -> String {
    let mut out = String::new();
    if separator == Separator::Semicolon {
        out.push('\u{feff}');
    }
    csv_line(
        table.columns.iter().map(|c| c.label(lang)),
        separator,
        &mut out,
    );
    for row in &table.rows {
        csv_line(row.iter().map(Cell::text), separator, &mut out);
    }
    out
}

#[derive(Serialize)]
struct SeriesJson<'a> {
    schema: &'static str,
    game: Option<&'a str>,
    player: Option<&'a str>,
    columns: Vec<String>,
    labels: Vec<String>,
    rows: &'a [Vec<Cell>],
    spy_rankings: &'a [SpyRankingRow],
}

/// The table as one JSON document (schema `nebutil-series/1`, see the
/// module's documentation), pretty-printed.
pub fn to_json(table: &StatTable, lang: Lang) -> String {
    let document = SeriesJson {
        schema: "nebutil-series/1",
        game: table.game.as_deref(),
        player: table.player.as_deref(),
        columns: table.columns.iter().map(|c| c.id()).collect(),
        labels: table.columns.iter().map(|c| c.label(lang)).collect(),
        rows: &table.rows,
        spy_rankings: &table.spy_rankings,
    };
    // Strings, numbers and nulls only: serialising cannot fail.
    serde_json::to_string_pretty(&document).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_quoted_as_rfc_4180_says() {
        let comma = Separator::Comma;
        assert_eq!(csv_field("412", comma), "412");
        assert_eq!(csv_field("a,b", comma), "\"a,b\"");
        assert_eq!(csv_field("a;b", comma), "a;b");
        assert_eq!(csv_field("a;b", Separator::Semicolon), "\"a;b\"");
        assert_eq!(csv_field("2:\"Miria\":3", comma), "\"2:\"\"Miria\"\":3\"");
        assert_eq!(csv_field("a\nb", comma), "\"a\nb\"");
    }

    #[test]
    fn the_columns_are_stable_and_unique() {
        let all = columns();
        assert_eq!(all.len(), 3 + 11 + 9 * 3);
        let ids: std::collections::BTreeSet<String> = all.iter().map(|c| c.id()).collect();
        assert_eq!(ids.len(), all.len());
        assert_eq!(
            all[..4],
            [
                Column::Turn,
                Column::Score,
                Column::ScoreDelta,
                Column::Value(StatKind::MiningCapacity)
            ]
        );
    }
}
