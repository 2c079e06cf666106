//! The arbiter's turn: a save and every player's orders give the next save and
//! what happened (the resolver's outcome), plus the arbiter's log. No file I/O:
//! the CLI reads the order files and writes what this returns.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::save::{Save, turn_seed};
use crate::diagnostic::{Diagnostic, Localized};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::{Class, Fleet, Galaxy, PlayerId, TreasureLocation, World};
use crate::orders::{Order, print_orders};
use crate::resolve::{EventKind, Submissions, TurnOutcome, resolve_turn};

/// Why a turn cannot be resolved. Displayed as its English message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message(Lang::En))]
pub enum ArbiterError {
    /// The game reached its final turn: nothing more to resolve.
    GameOver { turn: u32 },
}

impl ArbiterError {
    /// The Fluent id (in `i18n/*/game.ftl`), also a stable code.
    pub fn code(&self) -> &'static str {
        match self {
            ArbiterError::GameOver { .. } => "game-arbiter-game-over",
        }
    }

    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ArbiterError::GameOver { turn } => {
                tr_args(lang, self.code(), &[("turn", &turn.to_string())])
            }
        }
    }
}

impl Localized for ArbiterError {
    fn code(&self) -> &str {
        ArbiterError::code(self)
    }

    fn message(&self, lang: Lang) -> String {
        ArbiterError::message(self, lang)
    }
}

/// Resolves the save's turn with these orders (a player absent from
/// `submissions` sent none: ONR). Returns the next save (its galaxy one turn on,
/// the record of the turn, the next turn's seed) and the resolver's outcome.
/// The same save and orders always give the same bytes.
pub fn run_turn(
    save: &Save,
    submissions: &Submissions,
) -> Result<(Save, TurnOutcome), ArbiterError> {
    let galaxy = &save.galaxy;
    if galaxy.turn >= galaxy.final_turn {
        return Err(ArbiterError::GameOver { turn: galaxy.turn });
    }
    let mut rng = save.next_turn_rng();
    let outcome = resolve_turn(galaxy, submissions, &save.ruleset, &mut rng);
    let next = Save {
        format_version: save.format_version,
        game_name: save.game_name.clone(),
        seed: save.seed,
        next_turn_seed: turn_seed(save.seed, outcome.galaxy.turn),
        ruleset: save.ruleset.clone(),
        galaxy: outcome.galaxy.clone(),
        last_record: Some(outcome.record.clone()),
    };
    Ok((next, outcome))
}

/// What one player sent: the file it came from, the orders read and the lines that
/// could not be read.
#[derive(Clone, Debug, Default)]
pub struct Sent {
    pub file: String,
    /// The file's text, as read (recorded in the player's next NBT,
    /// `orders_sent`).
    pub text: String,
    pub orders: Vec<Order>,
    pub diagnostics: Vec<Diagnostic>,
}

/// The arbiter's log of a resolved turn: players without orders (ONR), unreadable
/// order lines, every voided order with its reason, points scored, and the final
/// ranking when the game ended.
pub fn arbiter_log(
    before: &Save,
    sent: &BTreeMap<PlayerId, Sent>,
    outcome: &TurnOutcome,
    lang: Lang,
) -> String {
    let galaxy = &before.galaxy;
    let name = |id: PlayerId| {
        galaxy.player(id).map_or_else(
            || id.0.to_string(),
            |p| crate::i18n::player_named(lang, id.0, &p.name),
        )
    };
    let mut out = String::new();
    let turns = [
        ("turn", galaxy.turn.to_string()),
        ("next", outcome.galaxy.turn.to_string()),
    ];
    let title = match before.game_name.as_deref() {
        Some(game) => tr_args(
            lang,
            "game-arbiter-log-title",
            &[("game", game), ("turn", &turns[0].1), ("next", &turns[1].1)],
        ),
        // A game without a name: no placeholder in its place.
        None => tr_args(
            lang,
            "game-arbiter-log-title-unnamed",
            &[("turn", &turns[0].1), ("next", &turns[1].1)],
        ),
    };
    let _ = writeln!(out, "{title}");
    let missing: Vec<String> = galaxy
        .players
        .keys()
        .filter(|id| !id.is_neutral() && !sent.contains_key(id))
        .map(|id| name(*id))
        .collect();
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", tr(lang, "game-arbiter-log-onr"));
    if missing.is_empty() {
        let _ = writeln!(out, "  {}", tr(lang, "game-arbiter-log-none"));
    }
    for player in &missing {
        let _ = writeln!(out, "  {player}");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", tr(lang, "game-arbiter-log-unreadable"));
    let mut unreadable = 0;
    for s in sent.values() {
        for diagnostic in &s.diagnostics {
            unreadable += 1;
            let _ = writeln!(out, "  {}", diagnostic.render(&s.file, lang));
        }
    }
    if unreadable == 0 {
        let _ = writeln!(out, "  {}", tr(lang, "game-arbiter-log-none"));
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", tr(lang, "game-arbiter-log-voided"));
    let mut voided = 0;
    for v in outcome.voided() {
        voided += 1;
        let file = sent.get(&v.player).map_or("-", |s| s.file.as_str());
        let text = print_orders(std::iter::once(&v.order.kind));
        let _ = writeln!(
            out,
            "  {} {}:{}: {} — {}",
            name(v.player),
            file,
            v.order.span.line,
            text.trim_end(),
            v.diagnostic.message(lang)
        );
    }
    if voided == 0 {
        let _ = writeln!(out, "  {}", tr(lang, "game-arbiter-log-none"));
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}", tr(lang, "game-arbiter-log-points"));
    for player in outcome.galaxy.players.values().filter(|p| !p.is_neutral()) {
        let _ = writeln!(
            out,
            "  {} : {} ({:+})",
            name(player.id),
            player.score,
            player.score_last_turn
        );
    }
    for event in &outcome.events {
        if let EventKind::GameOver { ranking } = &event.kind {
            let _ = writeln!(out);
            let _ = writeln!(out, "{}", tr(lang, "game-arbiter-log-final"));
            for (rank, (player, score)) in ranking.iter().enumerate() {
                let _ = writeln!(out, "  {}. {} : {}", rank + 1, name(*player), score);
            }
        }
    }
    out
}

/// One player's line of the standings (`nebutil game show`, the app's arbiter view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1 = best score (ties by number).
    pub rank: usize,
    pub player: PlayerId,
    pub name: String,
    pub class: Option<Class>,
    pub score: i64,
    pub score_last_turn: i64,
    pub worlds: usize,
    pub fleets: usize,
    /// Sums over every world and fleet: `u64`, exact whatever the counts.
    pub ships: u64,
    pub population: u64,
    pub industries: u64,
    pub mp: u64,
    pub treasures: usize,
}

/// Every player but the neutral one, best score first (ties by number), with what
/// he owns. One pass over worlds, fleets and treasures (a game may have 100 000
/// worlds and 2 000 players).
pub fn standings(galaxy: &Galaxy) -> Vec<Standing> {
    let mut worlds_of: BTreeMap<PlayerId, Vec<&World>> = BTreeMap::new();
    for world in galaxy.worlds.values() {
        worlds_of.entry(world.owner).or_default().push(world);
    }
    let mut fleets_of: BTreeMap<PlayerId, Vec<&Fleet>> = BTreeMap::new();
    for fleet in galaxy.fleets.values() {
        fleets_of.entry(fleet.owner).or_default().push(fleet);
    }
    let mut treasures_at: BTreeMap<TreasureLocation, usize> = BTreeMap::new();
    for treasure in galaxy.treasures.values() {
        *treasures_at.entry(treasure.location).or_default() += 1;
    }
    let mut players: Vec<_> = galaxy
        .players
        .values()
        .filter(|p| !p.is_neutral())
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    players
        .iter()
        .enumerate()
        .map(|(i, player)| {
            let worlds = worlds_of.get(&player.id).map_or(&[][..], Vec::as_slice);
            let fleets = fleets_of.get(&player.id).map_or(&[][..], Vec::as_slice);
            let held = |at: TreasureLocation| treasures_at.get(&at).copied().unwrap_or(0);
            Standing {
                rank: i + 1,
                player: player.id,
                name: player.name.clone(),
                class: player.class,
                score: player.score,
                score_last_turn: player.score_last_turn,
                worlds: worlds.len(),
                fleets: fleets.len(),
                // Applies ruling G-123 (see the ruling list): as the CR counts them.
                ships: fleets.iter().map(|f| f.ships()).sum::<u64>()
                    + worlds
                        .iter()
                        .map(|w| u64::from(w.vi) + u64::from(w.vp))
                        .sum::<u64>(),
                population: worlds.iter().map(|w| w.population.total()).sum(),
                industries: worlds.iter().map(|w| u64::from(w.industries)).sum(),
                mp: worlds.iter().map(|w| u64::from(w.mp)).sum(),
                treasures: worlds
                    .iter()
                    .map(|w| held(TreasureLocation::World(w.id)))
                    .chain(fleets.iter().map(|f| held(TreasureLocation::Fleet(f.id))))
                    .sum(),
            }
        })
        .collect()
}
