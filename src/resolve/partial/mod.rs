//! Partial galaxies and the what-if preview: the resolver run on what one player
//! knows.
//!
//! [`galaxy_from_knowledge`] builds an arbiter [`Galaxy`] from the player's
//! [`Knowledge`] alone: the state of the latest turn loaded, the topology and
//! coordinates of every turn, and for every unknown an explicit assumption
//! ([`Assumptions`], each one used listed as an [`Assumed`] for the user to see).
//! [`preview`] resolves that galaxy with the player's draft orders only (every
//! other player sends none) and projects the result as the player's next CR would
//! show it, with a [`Change`] list against the current turn; [`preview_odds`]
//! repeats it over many seeds and counts each outcome ([`Distribution`]), integers
//! only.
//!
//! The truth is never read: nothing goes in but the knowledge, the assumptions and
//! the rules. So the preview cannot tell what the player's CRs did not
//! (`tests/core/resolve_partial.rs` checks it against a real game).
//!
//! Pure: no file system, no clock, no global generator (each run seeds its own).
//!
//! The odds' runs spread over the machine's cores ([`Partial::odds_parallel`]):
//! run `i` is seeded `seed + i` whichever thread makes it, and counting outcomes
//! does not depend on the order the runs end in, so the odds are the same bytes
//! on one thread or sixteen. The partial galaxy and the orders are built once and
//! shared read-only by the threads.

use std::collections::{BTreeMap, BTreeSet};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::diagnostic::Diagnostic;
use crate::model::knowledge::Knowledge;
use crate::model::view::{PlayerRef, StatValue, TurnView};
use crate::model::{FleetId, Galaxy, PlayerId, Tech, WorldId};
use crate::orders::Order;
use crate::report::write::{project, statistic};
use crate::rules::Ruleset;

use super::{EventKind, Submissions, resolve_turn};

mod assumptions;
mod from_knowledge;

pub mod text;

pub use assumptions::{Assumed, Assumptions, HiddenSplit, PlayerAssumption, UnknownValues};
pub use from_knowledge::galaxy_from_knowledge;

// ---------------------------------------------------------------------------
// The preview
// ---------------------------------------------------------------------------

/// The seed of the preview's single run (its predicted CR), in the app, the
/// command line and the mail robot's forecast alike.
pub const PREVIEW_SEED: u64 = 1;

/// The seed of the odds' first run: run `i` is seeded `ODDS_SEED + i`.
pub const ODDS_SEED: u64 = PREVIEW_SEED + 1000;

/// The runs a thread of [`Partial::odds_parallel`] takes at a time (between
/// two looks at the cancel flag and two progress reports).
pub const ODDS_CHUNK: u32 = 10;

/// What the odds' runs report while they go, and whether they should stop.
/// Called from the worker threads.
pub trait OddsControl: Sync {
    /// `done` runs of all are made (it only grows).
    fn progress(&self, done: u32) {
        let _ = done;
    }
    /// True when the runs should stop (the result is then dropped).
    fn cancelled(&self) -> bool {
        false
    }
}

/// Neither progress nor cancelling.
impl OddsControl for () {}

/// What a value of the diff belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Item {
    World(WorldId),
    Fleet(FleetId),
    Tech(Tech),
    /// The player himself (score).
    Player,
}

/// Which value of an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Field {
    /// 1 when the player owns it, 0 when not.
    Owned,
    /// Human population N + C.
    Population,
    Converts,
    Robots,
    PopLimit,
    Mp,
    Mining,
    Industries,
    ActiveIndustries,
    Vi,
    Vp,
    /// The world a fleet is on (its number).
    Position,
    Vc,
    Vt,
    CargoMp,
    CargoN,
    CargoC,
    CargoR,
    /// A technology's level.
    Level,
    /// UP invested toward its next level.
    Progress,
    /// Total score.
    Score,
}

impl Field {
    /// A stable kebab-case name (Fluent ids `gui-preview-field-<name>`).
    pub fn name(self) -> &'static str {
        match self {
            Field::Owned => "owned",
            Field::Population => "population",
            Field::Converts => "converts",
            Field::Robots => "robots",
            Field::PopLimit => "pop-limit",
            Field::Mp => "mp",
            Field::Mining => "mining",
            Field::Industries => "industries",
            Field::ActiveIndustries => "active-industries",
            Field::Vi => "vi",
            Field::Vp => "vp",
            Field::Position => "position",
            Field::Vc => "vc",
            Field::Vt => "vt",
            Field::CargoMp => "cargo-mp",
            Field::CargoN => "cargo-n",
            Field::CargoC => "cargo-c",
            Field::CargoR => "cargo-r",
            Field::Level => "level",
            Field::Progress => "progress",
            Field::Score => "score",
        }
    }
}

/// One value: an item's field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Key {
    pub item: Item,
    pub field: Field,
}

/// A value that changes between the current turn and the predicted one (`None`:
/// not the player's then).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    pub key: Key,
    pub before: Option<i64>,
    pub after: Option<i64>,
}

impl Change {
    /// `after − before` when both are known.
    pub fn delta(&self) -> Option<i64> {
        Some(self.after? - self.before?)
    }
}

/// One predicted next turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// The player's number in the partial galaxy (maybe synthetic).
    pub player: PlayerId,
    /// The current turn as the partial galaxy holds it (what the CR told, with
    /// the assumptions).
    pub now: TurnView,
    /// The next turn's CR, as predicted.
    pub next: TurnView,
    /// Every own value that changes, by item then field.
    pub changes: Vec<Change>,
    /// The player's orders the resolver voided, with why.
    pub voided: Vec<Diagnostic>,
    pub assumed: Vec<Assumed>,
}

/// The own values a view shows: the player's worlds, fleets, technologies and
/// score.
pub fn own_values(view: &TurnView) -> BTreeMap<Key, i64> {
    own_values_sorted(view).into_iter().collect()
}

/// [`own_values`] as a list sorted by key (a key listed twice: its last
/// value, as the map keeps it).
fn own_values_sorted(view: &TurnView) -> Vec<(Key, i64)> {
    let mut values = Vec::new();
    let Some(me) = view.player.as_ref().map(|p| p.name.as_str()) else {
        return values;
    };
    let mut put = |item: Item, field: Field, value: u32| {
        values.push((Key { item, field }, i64::from(value)));
    };
    for w in &view.worlds {
        let mine = w
            .owner
            .as_ref()
            .is_some_and(|o| o.name.as_deref() == Some(me));
        if !mine {
            continue;
        }
        let item = Item::World(w.id);
        put(item, Field::Owned, 1);
        let fields = [
            (Field::Population, w.population()),
            (Field::Converts, w.converts()),
            (Field::Robots, w.robots()),
            (Field::PopLimit, w.pop_limit()),
            (Field::Mp, w.mp()),
            (Field::Mining, w.mining()),
            (Field::Industries, w.industries()),
            (Field::ActiveIndustries, w.active_industries()),
            (Field::Vi, w.vi()),
            (Field::Vp, w.vp()),
        ];
        for (field, value) in fields {
            if let Some(value) = value {
                put(item, field, value);
            }
        }
    }
    for f in &view.fleets {
        if f.owner.as_deref() != Some(me) {
            continue;
        }
        let item = Item::Fleet(f.id);
        put(item, Field::Owned, 1);
        if let Some(world) = f.world {
            put(item, Field::Position, world);
        }
        for (field, value) in [(Field::Vc, f.vc), (Field::Vt, f.vt)] {
            if let Some(value) = value {
                put(item, field, value);
            }
        }
        if let Some(cargo) = f.cargo {
            put(item, Field::CargoMp, cargo.mp);
            put(item, Field::CargoN, cargo.n);
            put(item, Field::CargoC, cargo.c);
            put(item, Field::CargoR, cargo.r);
        }
    }
    if let Some(tech) = &view.tech {
        for line in &tech.lines {
            put(Item::Tech(line.tech), Field::Level, line.level);
            put(Item::Tech(line.tech), Field::Progress, line.invested);
        }
    }
    if let Some(score) = view.score {
        values.push((
            Key {
                item: Item::Player,
                field: Field::Score,
            },
            score,
        ));
    }
    // Stable: of a key listed twice, the last value stays last.
    values.sort_by_key(|(key, _)| *key);
    let mut unique: Vec<(Key, i64)> = Vec::with_capacity(values.len());
    for (key, value) in values {
        match unique.last_mut() {
            Some(last) if last.0 == key => last.1 = value,
            _ => unique.push((key, value)),
        }
    }
    unique
}

/// The values that differ between two value sets (an item owned on one side only
/// shows `Owned` 1 → 0 or 0 → 1 and its other values against `None`).
pub fn diff(before: &BTreeMap<Key, i64>, after: &BTreeMap<Key, i64>) -> Vec<Change> {
    let mut keys: BTreeSet<Key> = before.keys().chain(after.keys()).copied().collect();
    // An item on one side only: its ownership flips.
    let items: BTreeSet<Item> = keys.iter().map(|k| k.item).collect();
    for item in items {
        if matches!(item, Item::World(_) | Item::Fleet(_)) {
            keys.insert(Key {
                item,
                field: Field::Owned,
            });
        }
    }
    keys.into_iter()
        .filter_map(|key| {
            let owned_default = (key.field == Field::Owned).then_some(0);
            let b = before.get(&key).copied().or(owned_default);
            let a = after.get(&key).copied().or(owned_default);
            (a != b).then_some(Change {
                key,
                before: b,
                after: a,
            })
        })
        .collect()
}

/// A built partial galaxy, ready to be resolved many times.
pub struct Partial {
    pub galaxy: Galaxy,
    pub player: PlayerId,
    pub assumed: Vec<Assumed>,
    /// The numbers no CR gave.
    synthetic: BTreeSet<PlayerId>,
    /// Worlds whose position the player knows.
    positioned: BTreeSet<WorldId>,
    game: Option<String>,
}

impl Partial {
    /// Builds the partial galaxy of `knowledge` ([`galaxy_from_knowledge`]).
    pub fn new(knowledge: &Knowledge, assumptions: &Assumptions, ruleset: &Ruleset) -> Self {
        let (galaxy, player, assumed) = galaxy_from_knowledge(knowledge, assumptions, ruleset);
        let synthetic = assumed
            .iter()
            .filter_map(|a| match a {
                Assumed::SyntheticNumber { number, .. } => Some(PlayerId(*number)),
                _ => None,
            })
            .collect();
        let positioned = knowledge
            .worlds()
            .filter(|w| w.position.is_some())
            .map(|w| w.id)
            .collect();
        Partial {
            galaxy,
            player,
            assumed,
            synthetic,
            positioned,
            game: knowledge.game.clone(),
        }
    }

    /// The current turn as the player's CR shows the partial galaxy.
    pub fn now(&self, ruleset: &Ruleset) -> TurnView {
        let view = project(
            &self.galaxy,
            self.player,
            None,
            ruleset,
            self.game.as_deref(),
        );
        self.scrub(view, &self.galaxy)
    }

    /// The partial galaxy's turn resolved with the player's orders only, seeded
    /// `seed` (every other player sends none).
    fn resolve(&self, orders: &[Order], ruleset: &Ruleset, seed: u64) -> super::TurnOutcome {
        let mut submissions = Submissions::new();
        if !self.player.is_neutral() {
            submissions.insert(self.player, orders.to_vec());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        resolve_turn(&self.galaxy, &submissions, ruleset, &mut rng)
    }

    /// Resolves one turn with the player's orders only (seeded) and returns the
    /// next turn's view and the voided orders.
    pub fn run(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
    ) -> (TurnView, Vec<Diagnostic>) {
        let outcome = self.resolve(orders, ruleset, seed);
        let voided = outcome
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Voided(v) if v.player == self.player => Some(v.diagnostic.clone()),
                _ => None,
            })
            .collect();
        let view = project(
            &outcome.galaxy,
            self.player,
            Some(&outcome.record),
            ruleset,
            self.game.as_deref(),
        );
        (self.scrub(view, &outcome.galaxy), voided)
    }

    /// Removes from a projected view what the partial galaxy made up rather than
    /// knew: synthetic player numbers, coordinates of worlds never positioned, spy
    /// rankings (computed from assumed statistics) and a final ranking.
    fn scrub(&self, mut view: TurnView, galaxy: &Galaxy) -> TurnView {
        let unnumber = |p: &mut PlayerRef| {
            if p.number
                .is_some_and(|n| self.synthetic.contains(&PlayerId(n)))
            {
                p.number = None;
            }
        };
        if let Some(me) = view.player.as_mut() {
            unnumber(me);
        }
        view.known_players.iter_mut().for_each(unnumber);
        if let Some(declarations) = view.declarations.as_mut() {
            for d in declarations
                .made
                .iter_mut()
                .chain(declarations.received.iter_mut())
            {
                unnumber(&mut d.player);
            }
        }
        view.ranking.clear();
        for world in &mut view.worlds {
            if !self.positioned.contains(&world.id) {
                world.coords = None;
            }
        }
        for (kind, value) in view.statistics.iter_mut() {
            if matches!(value, StatValue::Spied(_)) {
                *value = StatValue::Own(statistic(galaxy, self.player, *kind));
            }
        }
        view
    }
}

/// The predicted next turn of `orders`, resolved once with `seed`.
pub fn preview(
    knowledge: &Knowledge,
    orders: &[Order],
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    seed: u64,
) -> Preview {
    Partial::new(knowledge, assumptions, ruleset).preview(orders, ruleset, seed)
}

impl Partial {
    /// [`preview`] on an already built partial galaxy.
    pub fn preview(&self, orders: &[Order], ruleset: &Ruleset, seed: u64) -> Preview {
        let now = self.now(ruleset);
        let (next, voided) = self.run(orders, ruleset, seed);
        let changes = diff(&own_values(&now), &own_values(&next));
        Preview {
            player: self.player,
            now,
            next,
            changes,
            voided,
            assumed: self.assumed.clone(),
        }
    }

    /// [`preview_odds`] on an already built partial galaxy.
    pub fn odds(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
        runs: u32,
        progress: &mut dyn FnMut(u32),
    ) -> Odds {
        let now = own_values(&self.now(ruleset));
        let owned_now = owned_keys(&now);
        let mut counter = Counter::default();
        for run in 0..runs {
            self.count_run(
                orders,
                ruleset,
                seed.wrapping_add(u64::from(run)),
                &owned_now,
                &mut counter,
            );
            progress(run + 1);
        }
        Odds {
            runs,
            now,
            next: counter.into_map(),
        }
    }

    /// The player's own values after one run seeded `seed`: those of
    /// [`Partial::run`]'s view, from his own part of the CR only
    /// ([`crate::report::write::own_part`]: the rest of the CR, the odds never
    /// read).
    pub fn run_values(&self, orders: &[Order], ruleset: &Ruleset, seed: u64) -> BTreeMap<Key, i64> {
        self.run_values_sorted(orders, ruleset, seed)
            .into_iter()
            .collect()
    }

    /// [`Partial::run_values`] as a list sorted by key.
    fn run_values_sorted(&self, orders: &[Order], ruleset: &Ruleset, seed: u64) -> Vec<(Key, i64)> {
        let outcome = self.resolve(orders, ruleset, seed);
        own_values_sorted(&crate::report::write::own_part(
            &outcome.galaxy,
            self.player,
            Some(&outcome.record),
            ruleset,
        ))
    }

    /// Resolves one run seeded `seed` and counts its values into `counter`;
    /// an item of `owned_now` (sorted) gone in this run counts as not owned.
    fn count_run(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
        owned_now: &[Key],
        counter: &mut Counter,
    ) {
        let values = self.run_values_sorted(orders, ruleset, seed);
        // The run's values and the lost items, in key order (both sorted).
        let mut run: Vec<(Key, i64)> = Vec::with_capacity(values.len() + owned_now.len());
        let mut lost = owned_now.iter().peekable();
        for (key, value) in values {
            while let Some(gone) = lost.next_if(|k| **k < key) {
                run.push((*gone, 0));
            }
            lost.next_if(|k| **k == key);
            run.push((key, value));
        }
        run.extend(lost.map(|gone| (*gone, 0)));
        counter.add_run(&run);
    }
}

impl Partial {
    /// [`Partial::odds`] over `threads` threads (at least one): the runs are
    /// taken [`ODDS_CHUNK`] at a time, run `i` seeded `seed + i`, and each
    /// thread's counts merged at the end — the same [`Odds`] whatever the number
    /// of threads. `None` when `control` cancelled.
    pub fn odds_parallel(
        &self,
        orders: &[Order],
        ruleset: &Ruleset,
        seed: u64,
        runs: u32,
        threads: usize,
        control: &dyn OddsControl,
    ) -> Option<Odds> {
        use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
        let now = own_values(&self.now(ruleset));
        let owned_now = owned_keys(&now);
        let next = AtomicU32::new(0);
        let done = AtomicU32::new(0);
        let stopped = AtomicBool::new(false);
        let owned_ref = &owned_now[..];
        let work = || {
            let mut mine = Counter::default();
            loop {
                if control.cancelled() {
                    stopped.store(true, Ordering::Relaxed);
                    return mine;
                }
                let start = next.fetch_add(ODDS_CHUNK, Ordering::Relaxed);
                if start >= runs {
                    return mine;
                }
                let chunk = ODDS_CHUNK.min(runs - start);
                for run in start..start + chunk {
                    let seed = seed.wrapping_add(u64::from(run));
                    self.count_run(orders, ruleset, seed, owned_ref, &mut mine);
                }
                control.progress(done.fetch_add(chunk, Ordering::Relaxed) + chunk);
            }
        };
        let chunks = usize::try_from(runs.div_ceil(ODDS_CHUNK)).unwrap_or(usize::MAX);
        let threads = threads.clamp(1, chunks.max(1));
        let parts: Vec<Counter> = if threads == 1 {
            vec![work()]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        if stopped.load(Ordering::Relaxed) || done.load(Ordering::Relaxed) != runs {
            // Cancelled, or a thread panicked and its runs are missing.
            return None;
        }
        let mut total = Odds {
            runs,
            now,
            next: BTreeMap::new(),
        };
        for part in parts {
            total.add_counts(part.keys.into_iter().zip(part.counts));
        }
        Some(total)
    }
}

/// The keys of the items owned now (`Owned` values), sorted.
fn owned_keys(now: &BTreeMap<Key, i64>) -> Vec<Key> {
    now.keys()
        .filter(|k| k.field == Field::Owned)
        .copied()
        .collect()
}

/// The runs' values counted per key: keys sorted, each run merged in by one
/// walk over both (the same keys come back run after run), not a map lookup
/// per value.
#[derive(Default)]
struct Counter {
    keys: Vec<Key>,
    counts: Vec<Distribution>,
}

impl Counter {
    /// Counts one run's values (`run` sorted by key, keys unique).
    fn add_run(&mut self, run: &[(Key, i64)]) {
        let mut new: Vec<(Key, i64)> = Vec::new();
        let mut at = 0;
        for &(key, value) in run {
            while at < self.keys.len() && self.keys[at] < key {
                at += 1;
            }
            if self.keys.get(at) == Some(&key) {
                self.counts[at].add(value);
                at += 1;
            } else {
                new.push((key, value));
            }
        }
        if !new.is_empty() {
            // Keys not seen in earlier runs: rebuilt in order (rare).
            let old = std::mem::take(&mut self.keys)
                .into_iter()
                .zip(std::mem::take(&mut self.counts));
            let added = new.into_iter().map(|(key, value)| {
                let mut d = Distribution::default();
                d.add(value);
                (key, d)
            });
            let mut all: Vec<(Key, Distribution)> = old.chain(added).collect();
            all.sort_by_key(|(key, _)| *key);
            (self.keys, self.counts) = all.into_iter().unzip();
        }
    }

    fn into_map(self) -> BTreeMap<Key, Distribution> {
        self.keys.into_iter().zip(self.counts).collect()
    }
}

/// How often each value came out over the runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distribution {
    pub min: i64,
    pub max: i64,
    /// Runs per value.
    pub counts: BTreeMap<i64, u32>,
}

impl Distribution {
    fn add(&mut self, value: i64) {
        self.add_runs(value, 1);
    }

    fn add_runs(&mut self, value: i64, runs: u32) {
        if runs == 0 {
            return;
        }
        if self.counts.is_empty() {
            (self.min, self.max) = (value, value);
        }
        self.min = self.min.min(value);
        self.max = self.max.max(value);
        *self.counts.entry(value).or_insert(0) += runs;
    }

    /// Runs that gave a value (the item may not be the player's in every run).
    pub fn runs(&self) -> u32 {
        self.counts.values().sum()
    }

    /// True when every run gave the same value.
    pub fn is_certain(&self) -> bool {
        self.counts.len() <= 1
    }

    /// The probability of `value` in percent over `runs` runs, rounded half up.
    pub fn percent(&self, value: i64, runs: u32) -> u32 {
        let count = u64::from(self.counts.get(&value).copied().unwrap_or(0));
        let runs = u64::from(runs.max(1));
        u32::try_from((count * 200 + runs) / (runs * 2)).unwrap_or(100)
    }
}

/// The Monte-Carlo odds of a preview: the current values and, per value, its
/// distribution over the runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Odds {
    pub runs: u32,
    pub now: BTreeMap<Key, i64>,
    pub next: BTreeMap<Key, Distribution>,
}

impl Odds {
    /// Adds the runs of `other` (the same preview run with other seeds).
    pub fn merge(&mut self, other: Odds) {
        if self.runs == 0 && self.next.is_empty() {
            *self = other;
            return;
        }
        self.runs += other.runs;
        self.add_counts(other.next);
    }

    /// Adds counted outcomes to [`Odds::next`] (the runs not counted).
    fn add_counts(&mut self, next: impl IntoIterator<Item = (Key, Distribution)>) {
        for (key, d) in next {
            let mine = self.next.entry(key).or_default();
            for (value, runs) in d.counts {
                mine.add_runs(value, runs);
            }
        }
    }

    /// The values that are not certain to stay as they are now.
    pub fn changing(&self) -> impl Iterator<Item = (&Key, &Distribution)> {
        self.next.iter().filter(|(key, d)| {
            let now = self.now.get(key);
            !d.is_certain() || now != Some(&d.min) || d.runs() != self.runs
        })
    }
}

/// Resolves the preview `runs` times with seeds `seed`, `seed + 1`, … and counts
/// each value's outcomes. `progress` is told the number of runs done after each.
pub fn preview_odds(
    knowledge: &Knowledge,
    orders: &[Order],
    assumptions: &Assumptions,
    ruleset: &Ruleset,
    seed: u64,
    runs: u32,
    progress: &mut dyn FnMut(u32),
) -> Odds {
    Partial::new(knowledge, assumptions, ruleset).odds(orders, ruleset, seed, runs, progress)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_rounds_half_up() {
        let mut d = Distribution::default();
        for v in [6, 6, 7] {
            d.add(v);
        }
        assert_eq!((d.min, d.max), (6, 7));
        assert_eq!(d.percent(6, 3), 67);
        assert_eq!(d.percent(7, 3), 33);
        assert_eq!(d.percent(8, 3), 0);
        assert!(!d.is_certain());
    }

    #[test]
    fn odds_merge_adds_runs() {
        let key = Key {
            item: Item::World(1),
            field: Field::Population,
        };
        let odds = |values: &[i64]| {
            let mut d = Distribution::default();
            values.iter().for_each(|v| d.add(*v));
            Odds {
                runs: values.len() as u32,
                now: BTreeMap::from([(key, 63)]),
                next: BTreeMap::from([(key, d)]),
            }
        };
        let mut total = Odds::default();
        total.merge(odds(&[69, 69]));
        total.merge(odds(&[70, 69, 71]));
        assert_eq!(total.runs, 5);
        assert_eq!(total.now.get(&key), Some(&63));
        let d = &total.next[&key];
        assert_eq!((d.min, d.max, d.runs()), (69, 71, 5));
        assert_eq!(d.counts.get(&69), Some(&3));
    }

    #[test]
    fn diff_shows_ownership_flips() {
        let key = |item, field| Key { item, field };
        let before = BTreeMap::from([
            (key(Item::World(1), Field::Owned), 1),
            (key(Item::World(1), Field::Mp), 5),
        ]);
        let after = BTreeMap::from([(key(Item::Fleet(2), Field::Owned), 1)]);
        let changes = diff(&before, &after);
        assert!(changes.contains(&Change {
            key: key(Item::World(1), Field::Owned),
            before: Some(1),
            after: Some(0),
        }));
        assert!(changes.contains(&Change {
            key: key(Item::Fleet(2), Field::Owned),
            before: Some(0),
            after: Some(1),
        }));
        assert!(changes.contains(&Change {
            key: key(Item::World(1), Field::Mp),
            before: Some(5),
            after: None,
        }));
    }

    #[test]
    fn an_empty_knowledge_gives_an_empty_galaxy() {
        let ruleset = Ruleset::builtin("2002").expect("built-in rules");
        let (galaxy, me, assumed) =
            galaxy_from_knowledge(&Knowledge::new(), &Assumptions::default(), &ruleset);
        assert!(galaxy.worlds.is_empty());
        assert!(me.is_neutral());
        assert!(assumed.is_empty());
    }
}
