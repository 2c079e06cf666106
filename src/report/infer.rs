//! What a CR does not say about itself — its turn, its player, its game —
//! inferred from what it shows and from what lies beside it.
//!
//! A CR may come without its header line (`NEBULA - Partie X - Tour N`) and its
//! `Joueur :` line: the body of a mail pasted from its first world line, or a CR
//! of 2002 whose header is not ours. Its worlds, fleets and statistics are still
//! the player's knowledge; only the turn number, the player and the game are
//! missing. [`complete`] fills them in, in this order of trust:
//!
//! 1. what the player stated ([`Stated`]: the app's "turn and player" control,
//!    `nebutil orders --turn/--player`);
//! 2. the `.NBT` beside the CR (same file name);
//! 3. the turn in the file name (`turn-007.cr` as `nebutil game` writes it,
//!    `demo_t7.cr`, `tour 7.txt`);
//! 4. the player from the CR itself: the owner of its `Md_` worlds (a start world
//!    is printed `Md_` only on its owner's CR, G-16), else the only owner whose
//!    worlds and fleets match the `Mondes` and `Flottes` statistics (the CR lists
//!    every world and fleet of the player, G-62);
//! 5. the player's number from the folder (`players/<n>/`), and the game, the
//!    player and his class from the other CRs of the folder when they all agree.
//!
//! What cannot be inferred is warned about once per CR: an unknown turn is read
//! as a stand-in turn ([`TurnView::turn_assumed`]) — the turn after the folder's
//! other CRs, else 1 — so that the knowledge and the validator use everything the
//! CR shows; only what the turn number alone decides is then left unchecked.
//!
//! Pure: no file system. The callers (command line, app) look at the folder and
//! pass what they found as [`Surroundings`].

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Span};
use crate::model::Class;
use crate::model::view::{FleetView, Name, PlayerRef, StatKind, StatValue, TurnView, WorldView};
use crate::report::{Sink, SplitSink};

/// The codes of the warnings that a CR's turn or player could not be inferred.
pub const UNKNOWN_CODES: [&str; 2] = ["cr-turn-unknown", "cr-player-unknown"];

/// What a CR file's header says (or what an `.NBT` says of its turn).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub turn: Option<u32>,
    pub game: Option<String>,
    pub player: Option<PlayerRef>,
    pub class: Option<Class>,
}

impl Header {
    /// The header facts of a CR as read.
    pub fn of(view: &TurnView) -> Self {
        Header {
            turn: view.turn,
            game: view.game.clone(),
            player: view.player.clone(),
            class: view.class,
        }
    }
}

/// What lies beside a CR, as the caller found it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Surroundings {
    /// The CR's file name (`turn-007.cr`).
    pub file_name: Option<String>,
    /// The player's number from the folder (`players/<n>/turn-TTT.cr`).
    pub folder_player: Option<u32>,
    /// The `.NBT` of the same file name: its turn, game and player.
    pub nbt: Option<Header>,
    /// The other CRs of the same folder (their headers).
    pub siblings: Vec<Header>,
}

/// What the player stated about a CR that does not say it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stated {
    pub turn: Option<u32>,
    /// The player's name.
    pub player: Option<String>,
    pub number: Option<u32>,
}

impl Stated {
    pub fn is_empty(&self) -> bool {
        self.turn.is_none() && self.player.is_none() && self.number.is_none()
    }
}

/// Where an inferred fact comes from: the `source` argument of the messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Stated,
    Nbt,
    FileName,
    Folder,
    StartWorld,
    Statistics,
    Siblings,
}

impl Source {
    /// The value of the `source` argument (selected in the messages).
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Stated => "stated",
            Source::Nbt => "nbt",
            Source::FileName => "file-name",
            Source::Folder => "folder",
            Source::StartWorld => "start-world",
            Source::Statistics => "statistics",
            Source::Siblings => "siblings",
        }
    }
}

fn span() -> Span {
    Span::new(1, 1, 1)
}

/// The turn number a file name carries: digits after `turn`, `tour` or a lone
/// `t`/`T` at the start of a word (`turn-007.cr`, `demo_t7.cr`, `Tour 12.txt`,
/// `T7.NBT`). `None` when there is no such number, or several different ones.
pub fn turn_in_file_name(name: &str) -> Option<u32> {
    let stem = match name.rfind('.') {
        Some(dot) if dot > 0 => name.get(..dot).unwrap_or(name),
        _ => name,
    };
    let lower = stem.to_lowercase();
    let bytes = lower.as_bytes();
    let mut found: BTreeSet<u32> = BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let word_start = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if word_start && bytes[i] == b't' {
            let after = ["turn", "tour", "t"]
                .into_iter()
                .find(|k| lower.get(i..).is_some_and(|rest| rest.starts_with(k)))
                .map_or(i + 1, |k| i + k.len());
            let mut j = after;
            while j < bytes.len() && matches!(bytes[j], b'-' | b'_' | b' ' | b'.') {
                j += 1;
            }
            let digits_end = j + bytes[j..].iter().take_while(|b| b.is_ascii_digit()).count();
            let ends_word = bytes
                .get(digits_end)
                .is_none_or(|b| !b.is_ascii_alphanumeric());
            if digits_end > j
                && ends_word
                && let Some(turn) = lower.get(j..digits_end).and_then(|d| d.parse().ok())
            {
                found.insert(turn);
            }
        }
        i += 1;
    }
    match found.len() {
        1 => found.into_iter().next(),
        _ => None,
    }
}

/// What a CR's worlds and fleets tell of its player ([`player_in_report`]):
/// the owners of its `Md_` worlds and how many worlds and fleets each owner has.
/// Gathered from a read view ([`Evidence::of`]), or world by world as a
/// streamed reading hands them over (it is a [`Sink`]): the two give the same.
#[derive(Clone, Debug, Default)]
pub struct Evidence {
    start_owners: BTreeSet<String>,
    /// The worlds and fleets of each owner (but `pending`).
    counts: BTreeMap<String, (u64, u64)>,
    /// The owners counted last (at most [`PENDING_OWNERS`]), with the worlds
    /// and fleets not yet added to `counts`: a CR names a few owners line
    /// after line, found again by their names' allocations (a lookup in
    /// `counts` per world and fleet was 3 % of reading a big CR).
    pending: Vec<(Name, (u64, u64))>,
}

/// How many owners [`Evidence`] counts apart before adding them up.
const PENDING_OWNERS: usize = 8;

impl PartialEq for Evidence {
    fn eq(&self, other: &Self) -> bool {
        self.start_owners == other.start_owners && self.settled() == other.settled()
    }
}

impl Eq for Evidence {}

impl Evidence {
    /// The evidence of a read view (a world listed twice counts once).
    pub fn of(view: &TurnView) -> Self {
        let mut evidence = Evidence::default();
        let mut seen_worlds = BTreeSet::new();
        for world in &view.worlds {
            if seen_worlds.insert(world.id) {
                evidence.world(world);
            }
        }
        for fleet in &view.fleets {
            evidence.fleet(fleet);
        }
        evidence
    }

    /// Counts one world (each once: a streamed reading hands no duplicate).
    pub fn world(&mut self, world: &WorldView) {
        let Some(name) = world.owner.as_ref().and_then(|o| o.name.as_ref()) else {
            return;
        };
        if world.start_world && !self.start_owners.contains(&**name) {
            self.start_owners.insert(name.to_string());
        }
        self.add(name, (1, 0));
    }

    /// Counts one fleet.
    pub fn fleet(&mut self, fleet: &FleetView) {
        if let Some(name) = &fleet.owner {
            self.add(name, (0, 1));
        }
    }

    /// Adds worlds and fleets to an owner's counts (his name copied once).
    fn add(&mut self, name: &Name, (worlds, fleets): (u64, u64)) {
        let held = match self
            .pending
            .iter()
            .position(|(held, _)| Arc::ptr_eq(held, name))
        {
            Some(found) => Some(found),
            None => self.pending.iter().position(|(held, _)| **held == **name),
        };
        if let Some((_, count)) = held.and_then(|found| self.pending.get_mut(found)) {
            count.0 += worlds;
            count.1 += fleets;
            return;
        }
        if self.pending.len() >= PENDING_OWNERS {
            self.settle();
        }
        self.pending.push((name.clone(), (worlds, fleets)));
    }

    /// Adds the pending counts to `counts`.
    fn settle(&mut self) {
        for (name, count) in self.pending.drain(..) {
            add_to(&mut self.counts, &name, count);
        }
    }

    /// The counts of each owner, the pending ones added.
    fn settled(&self) -> std::borrow::Cow<'_, BTreeMap<String, (u64, u64)>> {
        if self.pending.is_empty() {
            return std::borrow::Cow::Borrowed(&self.counts);
        }
        let mut counts = self.counts.clone();
        for (name, count) in &self.pending {
            add_to(&mut counts, name, *count);
        }
        std::borrow::Cow::Owned(counts)
    }

    /// The player's name: the owner of the `Md_` worlds, else the only owner
    /// whose worlds and fleets are as many as the `Mondes` and `Flottes`
    /// statistics say.
    pub fn player(&self, statistics: &BTreeMap<StatKind, StatValue>) -> Option<(String, Source)> {
        if self.start_owners.len() == 1 {
            return self
                .start_owners
                .iter()
                .next()
                .map(|name| (name.clone(), Source::StartWorld));
        }
        let own = |kind| match statistics.get(&kind) {
            Some(StatValue::Own(value)) => Some(*value),
            _ => None,
        };
        let (worlds, fleets) = (own(StatKind::Worlds), own(StatKind::Fleets));
        if worlds.is_none() && fleets.is_none() {
            return None;
        }
        let counts = self.settled();
        let mut matching = counts.iter().filter(|(_, (w, f))| {
            worlds.is_none_or(|expected| *w == expected)
                && fleets.is_none_or(|expected| *f == expected)
        });
        match (matching.next(), matching.next()) {
            (Some((name, _)), None) => Some((name.clone(), Source::Statistics)),
            _ => None,
        }
    }
}

/// Adds `count` to `name`'s in `counts`.
fn add_to(counts: &mut BTreeMap<String, (u64, u64)>, name: &str, (worlds, fleets): (u64, u64)) {
    match counts.get_mut(name) {
        Some(held) => {
            held.0 += worlds;
            held.1 += fleets;
        }
        None => {
            counts.insert(name.to_string(), (worlds, fleets));
        }
    }
}

impl SplitSink for Evidence {
    fn split(&self) -> Self {
        Evidence::default()
    }

    fn join(&mut self, mut later: Self) {
        self.settle();
        later.settle();
        self.start_owners.extend(later.start_owners);
        for (name, count) in later.counts {
            let held = self.counts.entry(name).or_default();
            held.0 += count.0;
            held.1 += count.1;
        }
    }
}

impl Sink for Evidence {
    fn world(&mut self, world: &WorldView, _player: Option<&PlayerRef>) {
        Evidence::world(self, world);
    }
    fn fleet(&mut self, fleet: &FleetView, _player: Option<&PlayerRef>) {
        Evidence::fleet(self, fleet);
    }
}

/// The player's name the CR itself shows: the owner of its `Md_` worlds, else the
/// only owner whose worlds and fleets are as many as the `Mondes` and `Flottes`
/// statistics say (see [`Evidence::player`]).
pub fn player_in_report(view: &TurnView) -> Option<(String, Source)> {
    Evidence::of(view).player(&view.statistics)
}

/// The one value every sibling that tells it agrees on.
fn agreed<T: Clone + PartialEq>(values: impl Iterator<Item = T>) -> Option<T> {
    let mut agreed: Option<T> = None;
    for value in values {
        match &agreed {
            None => agreed = Some(value),
            Some(held) if *held == value => {}
            Some(_) => return None,
        }
    }
    agreed
}

/// Completes a CR's turn, player and game from what it shows, what lies beside it
/// and what the player stated (see the module's documentation). The CR's own
/// header is never overridden. Returns an information for each fact inferred and
/// a warning for each that could not be (`cr-turn-unknown`, `cr-player-unknown`).
pub fn complete(view: &mut TurnView, around: &Surroundings, stated: &Stated) -> Vec<Diagnostic> {
    complete_with(view, None, around, stated)
}

/// [`complete`] — the one inference of every command and of the app — for a
/// view whose worlds and fleets may have gone to a sink as it was read
/// ([`crate::report::read_report_streamed`]): `evidence` is then what they
/// told of the player; `None` takes it from the view's own worlds and fleets.
pub fn complete_with(
    view: &mut TurnView,
    evidence: Option<&Evidence>,
    around: &Surroundings,
    stated: &Stated,
) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    let from_siblings = |name: Option<&str>| -> Header {
        // The siblings of the same player (or all, when the player is unknown).
        let same: Vec<&Header> = around
            .siblings
            .iter()
            .filter(|s| name.is_none_or(|n| s.player.as_ref().is_none_or(|p| p.name == n)))
            .collect();
        Header {
            turn: None,
            game: agreed(same.iter().filter_map(|s| s.game.clone())),
            player: agreed(
                same.iter()
                    .filter_map(|s| s.player.as_ref().map(|p| p.name.clone())),
            )
            .map(|name| PlayerRef {
                number: agreed(
                    same.iter()
                        .filter_map(|s| s.player.as_ref())
                        .filter(|p| p.name == name)
                        .filter_map(|p| p.number),
                ),
                name,
            }),
            class: agreed(same.iter().filter_map(|s| s.class)),
        }
    };

    // The player.
    if view.player.is_none() {
        let nbt_player = around.nbt.as_ref().and_then(|n| n.player.clone());
        let found = match (&stated.player, &nbt_player) {
            (Some(name), _) => Some((name.clone(), Source::Stated)),
            (None, Some(p)) => Some((p.name.clone(), Source::Nbt)),
            (None, None) => match evidence {
                Some(evidence) => evidence.player(&view.statistics),
                None => player_in_report(view),
            }
            .or_else(|| {
                from_siblings(None)
                    .player
                    .map(|p| (p.name, Source::Siblings))
            }),
        };
        match found {
            Some((name, source)) => {
                diagnostics.push(
                    Diagnostic::info("cr-player-inferred", span())
                        .arg("player", &name)
                        .arg("source", source.as_str()),
                );
                view.player = Some(PlayerRef { name, number: None });
            }
            None => diagnostics.push(Diagnostic::warning("cr-player-unknown", span())),
        }
    }
    let name = view.player.as_ref().map(|p| p.name.clone());
    let siblings = from_siblings(name.as_deref());
    if let Some(me) = &mut view.player
        && me.number.is_none()
    {
        let nbt = around
            .nbt
            .as_ref()
            .and_then(|n| n.player.as_ref())
            .filter(|p| p.name == me.name)
            .and_then(|p| p.number);
        me.number = stated.number.or(nbt).or(around.folder_player).or(siblings
            .player
            .as_ref()
            .filter(|p| p.name == me.name)
            .and_then(|p| p.number));
    }
    if view.class.is_none() && name.is_some() {
        let nbt_class = around
            .nbt
            .as_ref()
            .filter(|n| n.player.as_ref().map(|p| &p.name) == name.as_ref())
            .and_then(|n| n.class);
        let sibling_class = siblings
            .class
            .filter(|_| siblings.player.as_ref().map(|p| &p.name) == name.as_ref());
        view.class = nbt_class.or(sibling_class);
    }

    // The game.
    if view.game.is_none() {
        let game = around
            .nbt
            .as_ref()
            .and_then(|n| n.game.clone())
            .or(siblings.game);
        if let Some(game) = game {
            diagnostics.push(Diagnostic::info("cr-game-inferred", span()).arg("game", &game));
            view.game = Some(game);
        }
    }

    // The turn.
    if view.turn.is_none() {
        let found = stated
            .turn
            .map(|t| (t, Source::Stated))
            .or_else(|| around.nbt.as_ref()?.turn.map(|t| (t, Source::Nbt)))
            .or_else(|| {
                around
                    .file_name
                    .as_deref()
                    .and_then(turn_in_file_name)
                    .map(|t| (t, Source::FileName))
            });
        match found {
            Some((turn, source)) => {
                diagnostics.push(
                    Diagnostic::info("cr-turn-inferred", span())
                        .arg("turn", turn)
                        .arg("source", source.as_str()),
                );
                view.turn = Some(turn);
            }
            None => {
                let stand_in = around
                    .siblings
                    .iter()
                    .filter_map(|s| s.turn)
                    .max()
                    .map_or(1, |t| t.saturating_add(1));
                diagnostics
                    .push(Diagnostic::warning("cr-turn-unknown", span()).arg("turn", stand_in));
                view.turn = Some(stand_in);
                view.turn_assumed = true;
            }
        }
    }
    diagnostics
}

/// The player a `--player` argument names: `NAME`, `NAME:N` or `N`.
pub fn parse_player(text: &str) -> Stated {
    let text = text.trim().trim_matches('"');
    if let Ok(number) = text.parse::<u32>() {
        return Stated {
            number: Some(number),
            ..Stated::default()
        };
    }
    if let Some((name, number)) = text.rsplit_once(':')
        && let Ok(number) = number.trim().parse::<u32>()
    {
        return Stated {
            player: Some(name.trim().trim_matches('"').to_string()),
            number: Some(number),
            ..Stated::default()
        };
    }
    Stated {
        player: (!text.is_empty()).then(|| text.to_string()),
        ..Stated::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::view::{OwnerView, StatValue};

    #[test]
    fn turn_numbers_in_file_names() {
        assert_eq!(turn_in_file_name("turn-007.cr"), Some(7));
        assert_eq!(turn_in_file_name("demo_t7.cr"), Some(7));
        assert_eq!(turn_in_file_name("T12.NBT"), Some(12));
        assert_eq!(turn_in_file_name("Tour 3.txt"), Some(3));
        assert_eq!(turn_in_file_name("ORION_tour_05.cr"), Some(5));
        assert_eq!(turn_in_file_name("maxtor7.cr"), None);
        assert_eq!(turn_in_file_name("report.cr"), None);
        assert_eq!(turn_in_file_name("t5-to-t6.cr"), None);
        assert_eq!(turn_in_file_name("t5b.cr"), None);
    }

    fn owned(id: u32, name: &str, start: bool) -> WorldView {
        WorldView {
            id,
            start_world: start,
            line: id,
            owner: Some(OwnerView {
                name: Some(name.into()),
                ..OwnerView::default()
            }),
            ..WorldView::default()
        }
    }

    fn fleet(id: u32, name: &str) -> FleetView {
        FleetView {
            id,
            owner: Some(name.into()),
            ..FleetView::default()
        }
    }

    #[test]
    fn the_player_is_the_owner_of_the_start_world() {
        let view = TurnView {
            worlds: vec![owned(1, "Miria", false), owned(2, "Maxtor", true)],
            ..TurnView::default()
        };
        assert_eq!(
            player_in_report(&view),
            Some(("Maxtor".into(), Source::StartWorld))
        );
    }

    #[test]
    fn without_start_world_the_statistics_tell_the_player() {
        let mut view = TurnView {
            worlds: vec![
                owned(1, "Miria", false),
                owned(2, "Maxtor", false),
                owned(3, "Maxtor", false),
            ],
            fleets: vec![fleet(1, "Maxtor"), fleet(2, "Miria"), fleet(3, "Miria")],
            ..TurnView::default()
        };
        assert_eq!(player_in_report(&view), None);
        view.statistics.insert(StatKind::Worlds, StatValue::Own(2));
        view.statistics.insert(StatKind::Fleets, StatValue::Own(1));
        assert_eq!(
            player_in_report(&view),
            Some(("Maxtor".into(), Source::Statistics))
        );
        // Two owners fit: nothing is guessed.
        view.worlds.push(owned(4, "Zork", false));
        view.statistics.insert(StatKind::Worlds, StatValue::Own(1));
        view.statistics.remove(&StatKind::Fleets);
        assert_eq!(player_in_report(&view), None);
    }

    #[test]
    fn turn_from_the_nbt_then_the_file_name_then_a_stand_in() {
        let base = TurnView {
            worlds: vec![owned(2, "Maxtor", true)],
            ..TurnView::default()
        };
        let mut around = Surroundings {
            file_name: Some("turn-007.cr".into()),
            folder_player: Some(5),
            ..Surroundings::default()
        };
        let mut view = base.clone();
        let diagnostics = complete(&mut view, &around, &Stated::default());
        assert_eq!((view.turn, view.turn_assumed), (Some(7), false));
        assert_eq!(
            view.player,
            Some(PlayerRef {
                name: "Maxtor".into(),
                number: Some(5)
            })
        );
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["cr-player-inferred", "cr-turn-inferred"]);

        around.nbt = Some(Header {
            turn: Some(8),
            game: Some("ORION".into()),
            player: Some(PlayerRef {
                name: "Maxtor".into(),
                number: Some(5),
            }),
            class: Some(Class::Emperor),
        });
        let mut view = base.clone();
        complete(&mut view, &around, &Stated::default());
        assert_eq!(view.turn, Some(8));
        assert_eq!(view.game.as_deref(), Some("ORION"));
        assert_eq!(view.class, Some(Class::Emperor));

        // Stated beats everything but the CR's own header.
        let mut view = base.clone();
        let stated = Stated {
            turn: Some(9),
            ..Stated::default()
        };
        complete(&mut view, &around, &stated);
        assert_eq!(view.turn, Some(9));
        let mut headed = TurnView {
            turn: Some(3),
            ..base.clone()
        };
        complete(&mut headed, &around, &stated);
        assert_eq!(headed.turn, Some(3));

        // Nothing tells the turn: the turn after the folder's other CRs, assumed.
        let around = Surroundings {
            file_name: Some("mail.txt".into()),
            siblings: vec![
                Header {
                    turn: Some(5),
                    game: Some("ORION".into()),
                    player: Some(PlayerRef {
                        name: "Maxtor".into(),
                        number: Some(5),
                    }),
                    class: None,
                },
                Header {
                    turn: Some(6),
                    game: Some("ORION".into()),
                    ..Header::default()
                },
            ],
            ..Surroundings::default()
        };
        let mut view = base.clone();
        let diagnostics = complete(&mut view, &around, &Stated::default());
        assert_eq!((view.turn, view.turn_assumed), (Some(7), true));
        assert_eq!(view.game.as_deref(), Some("ORION"));
        assert_eq!(view.player.as_ref().and_then(|p| p.number), Some(5));
        assert_eq!(
            diagnostics
                .iter()
                .filter(|d| d.code == "cr-turn-unknown")
                .count(),
            1
        );
    }

    #[test]
    fn an_unknown_player_is_warned_about_once() {
        let mut view = TurnView {
            worlds: vec![owned(1, "Miria", false), owned(2, "Maxtor", false)],
            ..TurnView::default()
        };
        let diagnostics = complete(&mut view, &Surroundings::default(), &Stated::default());
        let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
        assert_eq!(codes, ["cr-player-unknown", "cr-turn-unknown"]);
        assert_eq!(view.player, None);
        assert_eq!((view.turn, view.turn_assumed), (Some(1), true));
    }

    #[test]
    fn player_arguments() {
        assert_eq!(parse_player("5").number, Some(5));
        let both = parse_player("\"Maxtor\":5");
        assert_eq!(
            (both.player.as_deref(), both.number),
            (Some("Maxtor"), Some(5))
        );
        let name = parse_player("LE BARBARE TABATABA");
        assert_eq!(
            (name.player.as_deref(), name.number),
            (Some("LE BARBARE TABATABA"), None)
        );
    }
}
