//! The game folder: which files, with which text. No file I/O here — the CLI
//! (`nebutil game new|turn`) and the application's arbiter view both write what
//! these functions return, so the same folder gets the same bytes from either.
//!
//! ```text
//! DIR/game.ron                     the save (crate::game::save, versioned RON)
//! DIR/players/<n>/turn-TTT.cr      player n's turn report of turn TTT (UTF-8)
//! DIR/players/<n>/turn-TTT.nbt     its .NBT companion
//! DIR/players/<n>/orders-TTT.txt   player n's orders for turn TTT
//! DIR/saves/game-TTT.ron           the save as it was before turn TTT was resolved
//! DIR/arbiter/turn-TTT.log         the arbiter's log of turn TTT
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::arbiter::{self, ArbiterError, Sent};
use super::save::Save;
use crate::diagnostic::Severity;
use crate::i18n::Lang;
use crate::model::PlayerId;
use crate::nbt;
use crate::orders;
use crate::report;
use crate::resolve::{Submissions, TurnOutcome};

/// The save's file name inside a game folder.
pub const SAVE_FILE: &str = "game.ron";

/// Player `player`'s folder, relative to the game folder.
pub fn player_dir(player: PlayerId) -> PathBuf {
    PathBuf::from("players").join(player.0.to_string())
}

/// The order file of player `player` for turn `turn`, relative to the game folder.
pub fn orders_file(player: PlayerId, turn: u32) -> PathBuf {
    player_dir(player).join(format!("orders-{turn:03}.txt"))
}

/// Player `player`'s CR of turn `turn`, relative to the game folder.
pub fn cr_file(player: PlayerId, turn: u32) -> PathBuf {
    player_dir(player).join(format!("turn-{turn:03}.cr"))
}

/// Player `player`'s NBT of turn `turn`, relative to the game folder.
pub fn nbt_file(player: PlayerId, turn: u32) -> PathBuf {
    player_dir(player).join(format!("turn-{turn:03}.nbt"))
}

/// Where a CR sits in a game folder as `nebutil game` writes it
/// (`DIR/players/<n>/turn-TTT.cr`): the game folder, the player and the turn.
/// `None` for a CR anywhere else. Path arithmetic only (no file is read).
pub fn cr_place(cr: &Path) -> Option<(PathBuf, PlayerId, u32)> {
    let name = cr.file_name()?.to_str()?;
    let digits = name.strip_prefix("turn-")?.strip_suffix(".cr")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let turn: u32 = digits.parse().ok()?;
    let player_dir = cr.parent()?;
    let player: u32 = player_dir
        .file_name()?
        .to_str()
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))?
        .parse()
        .ok()?;
    let players = player_dir.parent()?;
    if players.file_name()? != "players" {
        return None;
    }
    let game_dir = players.parent().unwrap_or(Path::new(""));
    Some((game_dir.to_path_buf(), PlayerId(player), turn))
}

/// The order file answering a CR of a game folder: `players/<n>/orders-TTT.txt`
/// beside `players/<n>/turn-TTT.cr`, the file `nebutil game turn` reads for that
/// player and turn. `None` for a CR outside a game folder.
pub fn orders_path_for_cr(cr: &Path) -> Option<PathBuf> {
    let (game_dir, player, turn) = cr_place(cr)?;
    Some(game_dir.join(orders_file(player, turn)))
}

/// The copy of the save kept before turn `turn` was resolved.
pub fn kept_save_file(turn: u32) -> PathBuf {
    PathBuf::from("saves").join(format!("game-{turn:03}.ron"))
}

/// The arbiter's log of turn `turn`.
pub fn log_file(turn: u32) -> PathBuf {
    PathBuf::from("arbiter").join(format!("turn-{turn:03}.log"))
}

/// The files a resolution of turn `turn` of this game writes (the kept save,
/// every player's CR and NBT of turn `turn + 1`, the arbiter's log), relative
/// to the folder — what undoing that turn removes. The players are `save`'s
/// (the galaxy never loses a player).
pub fn turn_files(save: &Save, turn: u32) -> Vec<PathBuf> {
    let mut files = vec![kept_save_file(turn)];
    for id in save.galaxy.players.keys().filter(|id| !id.is_neutral()) {
        files.push(cr_file(*id, turn + 1));
        files.push(nbt_file(*id, turn + 1));
    }
    files.push(log_file(turn));
    files
}

/// The order files of the computer seats for the save's turn, with their text
/// (`game::autoplay`, each order on its line under a comment naming the
/// seat). The orders depend on the save alone (its next turn's seed): the
/// same save gives the same files.
pub fn computer_orders(save: &Save) -> Vec<(PathBuf, String)> {
    use rand::SeedableRng;
    let galaxy = &save.galaxy;
    let mut files = Vec::new();
    for player in galaxy
        .players
        .values()
        .filter(|p| p.computer && !p.is_neutral())
    {
        // One stream per seat, apart from the resolution's own.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(
            save.next_turn_seed ^ (u64::from(player.id.0) << 32) ^ 0x00c0_4d70_7e55,
        );
        let orders = super::autoplay::orders_for(galaxy, player.id, &save.ruleset, &mut rng);
        let mut text = format!(
            "# {} — joueur {} ({}), tour {}\n",
            save.game_name.as_deref().unwrap_or("NEBULA"),
            player.id.0,
            player.name,
            galaxy.turn
        );
        text.push_str(&orders::print::print_orders(orders.iter().map(|o| &o.kind)));
        files.push((orders_file(player.id, galaxy.turn), text));
    }
    files
}

/// The galaxy as it is, as a CR text only the arbiter reads (every world,
/// fleet, treasure and trace, coordinates included, each as its owner sees it;
/// [`report::write::Projection::project_arbiter`]), headed by the game, the
/// turn and the player `Arbitre` (no number: nobody's CR). The app shows the
/// arbiter's desk with it, through the same reader, map and lists as a
/// player's CR.
pub fn arbiter_report(save: &Save) -> String {
    let projection = report::write::Projection::new(&save.galaxy, save.last_record.as_ref());
    let mut view = projection.project_arbiter(&save.ruleset, save.game_name.as_deref());
    view.player = Some(crate::model::view::PlayerRef {
        name: ARBITER_NAME.to_string(),
        number: None,
    });
    report::write::print(&view)
}

/// The `.NBT` beside the arbiter's report: the game, the turn, the torus'
/// size and every world's exact coordinates (black holes included, whose CR
/// line has none).
pub fn arbiter_nbt(save: &Save) -> String {
    let galaxy = &save.galaxy;
    let mut file = nbt::NbtFile::new(galaxy.turn, 0, ARBITER_NAME);
    file.game = save.game_name.clone();
    file.ruleset = Some(save.ruleset.name.clone());
    file.galaxy_size = Some(nbt::GalaxySize {
        width: galaxy.width,
        height: galaxy.height,
    });
    for world in galaxy.worlds.values() {
        file.coords.insert(
            world.id,
            nbt::NbtCoords {
                x: world.coords.x,
                y: world.coords.y,
                exact: true,
            },
        );
    }
    nbt::write(&file)
}

/// What a player knows from one turn's CR and NBT texts (the NBT merged into
/// the CR's view), as the validator reads it; `None` for a text that is no CR.
pub fn turn_knowledge(
    cr: &str,
    nbt_text: Option<&str>,
) -> Option<crate::model::knowledge::Knowledge> {
    let (mut view, _) = report::read_report(cr).ok()?;
    if let Some((Some(file), _)) = nbt_text.map(nbt::read) {
        let mut ignored = Vec::new();
        nbt::apply(&file, &mut view, &mut ignored);
    }
    let mut knowledge = crate::model::knowledge::Knowledge::new();
    let _ = knowledge.add(view);
    Some(knowledge)
}

/// The validator's diagnostics of an order text of player `player`, checked
/// against his own CR and NBT of the save's turn (as the arbiter sends them,
/// as the app and the mail robot check a player's orders), sorted by place.
pub fn check_player_orders(
    save: &Save,
    player: PlayerId,
    text: &str,
) -> Vec<crate::diagnostic::Diagnostic> {
    let Some((cr, nbt_text)) = player_files(save, player) else {
        return Vec::new();
    };
    let Some(knowledge) = turn_knowledge(&cr, Some(&nbt_text)) else {
        return Vec::new();
    };
    let context = orders::validate::PlayerContext::new(&knowledge);
    let mut diagnostics =
        orders::validate::check_orders_with(text, &context, &save.ruleset).diagnostics;
    diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
    diagnostics
}

/// The name heading the arbiter's report ([`arbiter_report`]).
pub const ARBITER_NAME: &str = "Arbitre";

/// The players whose CR of the save's turn describes each world: who knows it
/// (for the arbiter's inspector).
pub fn world_knowers(save: &Save) -> BTreeMap<crate::model::WorldId, Vec<PlayerId>> {
    let projection = report::write::Projection::new(&save.galaxy, save.last_record.as_ref());
    save.galaxy
        .worlds
        .keys()
        .map(|id| (*id, projection.described_by(*id)))
        .collect()
}

/// Player `player`'s CR and NBT of the save's turn, as the arbiter sends them
/// (the galaxy projected on what he sees). `None` for the neutral player or a
/// number the galaxy does not have.
pub fn player_files(save: &Save, player: PlayerId) -> Option<(String, String)> {
    TurnIndexes::new(save).player_files(save, player, None)
}

/// The galaxy-wide tables the CR and NBT projections need, built once per turn so
/// that writing every player's files costs one pass over the galaxy plus, per
/// player, what he sees.
struct TurnIndexes<'a> {
    projection: report::write::Projection<'a>,
    nbt: nbt::NbtIndex,
}

impl<'a> TurnIndexes<'a> {
    fn new(save: &'a Save) -> Self {
        TurnIndexes {
            projection: report::write::Projection::new(&save.galaxy, save.last_record.as_ref()),
            nbt: nbt::NbtIndex::new(&save.galaxy),
        }
    }

    /// [`player_files`] with these indexes (built from this very save), the
    /// NBT recording `orders_sent` (what the player sent for the turn just
    /// resolved).
    fn player_files(
        &self,
        save: &Save,
        player: PlayerId,
        orders_sent: Option<&str>,
    ) -> Option<(String, String)> {
        let galaxy = &save.galaxy;
        if player.is_neutral() || galaxy.player(player).is_none() {
            return None;
        }
        let game_name = save.game_name.as_deref();
        let view = self.projection.project(player, &save.ruleset, game_name);
        let cr = report::write::print(&view);
        let described = nbt::described_worlds(&view);
        let nbt_file = nbt::project_indexed(
            galaxy,
            &self.nbt,
            player,
            &described,
            &nbt::ProjectOptions {
                ruleset: &save.ruleset,
                game_name,
                orders_sent,
            },
        );
        Some((cr, nbt::write(&nbt_file)))
    }
}

/// The files of a game at the save's turn, relative to its folder, in writing
/// order: the save, then every player's CR and NBT.
pub fn game_files(save: &Save) -> Vec<(PathBuf, String)> {
    game_files_after(save, &BTreeMap::new())
}

/// [`game_files`] of the save a turn gave, each player's NBT recording the
/// orders he sent for that turn (`sent`; none for an ONR).
fn game_files_after(save: &Save, sent: &BTreeMap<PlayerId, Sent>) -> Vec<(PathBuf, String)> {
    let galaxy = &save.galaxy;
    let mut files = vec![(PathBuf::from(SAVE_FILE), save.to_ron())];
    let indexes = TurnIndexes::new(save);
    for id in galaxy.players.keys().filter(|id| !id.is_neutral()) {
        let orders_sent = sent.get(id).map(|s| s.text.as_str());
        if let Some((cr, nbt)) = indexes.player_files(save, *id, orders_sent) {
            files.push((cr_file(*id, galaxy.turn), cr));
            files.push((nbt_file(*id, galaxy.turn), nbt));
        }
    }
    files
}

/// What one player sent, from the bytes of his order file (UTF-8 or
/// Windows-1252; an orders mail with DEBUT/FIN is read too). Only the errors of
/// the reading are kept: they are the unreadable lines of the arbiter's log.
pub fn sent_from_bytes(player: PlayerId, turn: u32, bytes: &[u8]) -> Sent {
    let (text, _) = crate::text::decode(bytes);
    let file = orders::parse_orders(&text);
    Sent {
        file: orders_file(player, turn).display().to_string(),
        orders: file.orders,
        text,
        diagnostics: file
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect(),
    }
}

/// Every player's order file of the save's turn, each read with `read` (given the
/// path relative to the game folder): a missing file (`NotFound`) is an ONR; any
/// other error stops the reading with that path.
pub fn read_sent(
    save: &Save,
    mut read: impl FnMut(&Path) -> std::io::Result<Vec<u8>>,
) -> Result<BTreeMap<PlayerId, Sent>, (PathBuf, std::io::Error)> {
    let turn = save.galaxy.turn;
    let mut sent = BTreeMap::new();
    for id in save.galaxy.players.keys().filter(|id| !id.is_neutral()) {
        let relative = orders_file(*id, turn);
        match read(&relative) {
            Ok(bytes) => {
                sent.insert(*id, sent_from_bytes(*id, turn, &bytes));
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => return Err((relative, error)),
        }
    }
    Ok(sent)
}

/// A resolved turn and the files it gives.
#[derive(Clone, Debug)]
pub struct ResolvedTurn {
    /// The turn resolved.
    pub turn: u32,
    /// The next save (its text is `save_text`).
    pub next: Save,
    pub outcome: TurnOutcome,
    /// The new files, relative to the folder, in writing order: the kept save,
    /// every player's CR and NBT of the next turn, the arbiter's log. None of them
    /// should exist.
    pub files: Vec<(PathBuf, String)>,
    /// The next `game.ron`, replacing the current one once the files are written.
    pub save_text: String,
    /// The number of orders read and of players without orders (ONR).
    pub orders: usize,
    pub onr: usize,
}

/// Resolves the save's turn with what every player sent (a player absent from
/// `sent` sent nothing: ONR) and gives every file to write. The same save and
/// orders always give the same bytes.
///
/// Ruling G-166 (VIII): the arbiter's log file is part of the game's record and
/// is written in French, the game's language, whoever resolves the turn and in
/// whatever language his app or command line speaks: the same save and orders
/// give the same bytes. The app shows the log's facts in its own language.
pub fn resolve(save: &Save, sent: &BTreeMap<PlayerId, Sent>) -> Result<ResolvedTurn, ArbiterError> {
    let submissions: Submissions = sent.iter().map(|(id, s)| (*id, s.orders.clone())).collect();
    let (next, outcome) = arbiter::run_turn(save, &submissions)?;
    let turn = save.galaxy.turn;
    let mut files = vec![(kept_save_file(turn), save.to_ron())];
    let mut next_files = game_files_after(&next, sent);
    let save_text = next_files.remove(0).1;
    files.extend(next_files);
    files.push((
        log_file(turn),
        arbiter::arbiter_log(save, sent, &outcome, Lang::Fr),
    ));
    let onr = save
        .galaxy
        .players
        .keys()
        .filter(|id| !id.is_neutral() && !sent.contains_key(id))
        .count();
    Ok(ResolvedTurn {
        turn,
        next,
        outcome,
        files,
        save_text,
        orders: submissions.values().map(Vec::len).sum(),
        onr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
    use crate::model::Class;
    use crate::rules::Ruleset;

    #[test]
    fn the_arbiter_s_report_reads_back_as_the_whole_galaxy() {
        use rand::SeedableRng;
        let players = (0..4)
            .map(|i| PlayerSetup::new(&format!("J{i}"), Class::ALL[i % 7]))
            .collect();
        let ruleset = Ruleset::builtin_2002();
        let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 5)
            .unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
        let mut save = Save::new(Some("KARNAJ".into()), ruleset, 5, galaxy);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2 {
            let orders = crate::game::autoplay::all_orders(&save.galaxy, &save.ruleset, &mut rng);
            save = arbiter::run_turn(&save, &orders)
                .unwrap_or_else(|e| panic!("{e:?}"))
                .0;
        }
        let text = arbiter_report(&save);
        let (view, diagnostics) = report::read(&text);
        let errors: Vec<_> = diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
        assert_eq!(view.worlds.len(), save.galaxy.worlds.len());
        assert_eq!(view.fleets.len(), save.galaxy.fleets.len());
        let (nbt_file, nbt_diagnostics) = nbt::read(&arbiter_nbt(&save));
        assert!(nbt_diagnostics.is_empty(), "{nbt_diagnostics:#?}");
        let mut view = view;
        let mut merged = Vec::new();
        nbt::apply(
            &nbt_file.unwrap_or_else(|| panic!("an NBT")),
            &mut view,
            &mut merged,
        );
        assert!(merged.is_empty(), "{merged:#?}");
        let missing: Vec<_> = view
            .worlds
            .iter()
            .filter(|w| w.coords.is_none())
            .map(|w| w.id)
            .collect();
        assert!(missing.is_empty(), "coordinates: {missing:?}");
        assert_eq!(
            view.player.as_ref().map(|p| p.name.as_str()),
            Some(ARBITER_NAME)
        );
        assert_eq!(view.turn, Some(3));
        let knowers = world_knowers(&save);
        let start = save
            .galaxy
            .worlds
            .values()
            .find(|w| w.start_owner == Some(PlayerId(1)))
            .map(|w| w.id)
            .unwrap_or_else(|| panic!("a start world"));
        assert!(knowers[&start].contains(&PlayerId(1)));
    }

    #[test]
    fn a_cr_of_a_game_folder_is_answered_by_the_file_game_turn_reads() {
        let cr = Path::new("/parties/orion/players/3/turn-007.cr");
        assert_eq!(
            cr_place(cr),
            Some((PathBuf::from("/parties/orion"), PlayerId(3), 7))
        );
        assert_eq!(
            orders_path_for_cr(cr),
            Some(PathBuf::from("/parties/orion/players/3/orders-007.txt"))
        );
        assert_eq!(
            orders_path_for_cr(Path::new("players/12/turn-1000.cr")),
            Some(PathBuf::from("players/12/orders-1000.txt"))
        );
        for elsewhere in [
            "/home/me/turn-007.cr",
            "/parties/orion/players/x/turn-007.cr",
            "/parties/orion/joueurs/3/turn-007.cr",
            "/parties/orion/players/3/turn-7a.cr",
            "/parties/orion/players/3/tour-007.cr",
            "/parties/orion/players/3/turn-.cr",
        ] {
            assert_eq!(
                orders_path_for_cr(Path::new(elsewhere)),
                None,
                "{elsewhere}"
            );
        }
    }

    /// A missing order file is an ONR; a file read is parsed; any other error stops
    /// with the file's path.
    #[test]
    fn order_files_are_read_missing_ones_are_onr() {
        let save = save();
        let turn = save.galaxy.turn;
        let ana = PlayerId(1);
        let sent = read_sent(&save, |path| {
            if path == orders_file(ana, turn) {
                Ok(b"M_1 C 1 VC F_1\n".to_vec())
            } else {
                Err(std::io::ErrorKind::NotFound.into())
            }
        });
        let sent = sent.unwrap_or_default();
        assert_eq!(sent.keys().copied().collect::<Vec<_>>(), vec![ana]);
        assert_eq!(sent.get(&ana).map(|s| s.orders.len()), Some(1));
        let failed = read_sent(&save, |_| Err(std::io::ErrorKind::PermissionDenied.into()));
        assert_eq!(
            failed.err().map(|(path, _)| path),
            Some(orders_file(ana, turn))
        );
    }

    /// The standings rank by score and count what each player owns: at turn 1,
    /// each his start world (30 industries, P=50, MP=30) and five empty fleets.
    #[test]
    fn standings_rank_players_and_count_their_start() {
        let mut save = save();
        if let Some(bob) = save.galaxy.players.get_mut(&PlayerId(2)) {
            bob.score = 12;
        }
        let table = arbiter::standings(&save.galaxy);
        let order: Vec<_> = table.iter().map(|s| (s.rank, s.player.0)).collect();
        assert_eq!(order, vec![(1, 2), (2, 1)]);
        for s in &table {
            // Empty fleets: the ships are the start world's VI and VP (G-123).
            let defences: u64 = save
                .galaxy
                .worlds_of(s.player)
                .map(|w| u64::from(w.vi) + u64::from(w.vp))
                .sum();
            assert_eq!(
                (
                    s.worlds,
                    s.fleets,
                    s.ships,
                    s.industries,
                    s.population,
                    s.mp
                ),
                (1, 5, defences, 30, 50, 30),
                "{}",
                s.name
            );
        }
    }

    fn save() -> Save {
        let players = vec![
            PlayerSetup::new("Ana", Class::Emperor),
            PlayerSetup::new("Bob", Class::Merchant),
        ];
        let ruleset = Ruleset::builtin_2002();
        let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 7)
            .unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
        Save::new(Some("T".into()), ruleset, 7, galaxy)
    }

    #[test]
    fn a_new_game_has_its_save_then_each_players_cr_and_nbt() {
        let save = save();
        let names: Vec<String> = game_files(&save)
            .iter()
            .map(|(p, _)| p.display().to_string().replace('\\', "/"))
            .collect();
        assert_eq!(
            names,
            [
                "game.ron",
                "players/1/turn-001.cr",
                "players/1/turn-001.nbt",
                "players/2/turn-001.cr",
                "players/2/turn-001.nbt"
            ]
        );
        assert!(player_files(&save, PlayerId(0)).is_none());
        assert!(player_files(&save, PlayerId(9)).is_none());
    }

    /// The per-turn indexes give each player the files of his own projection: the
    /// worlds of the G-62 rule, his statistics as `statistic` counts them, and the
    /// same text as writing his files alone.
    #[test]
    fn every_players_files_come_from_his_own_projection() {
        use crate::model::view::StatValue;
        use rand::SeedableRng;
        let players = (0..9)
            .map(|i| PlayerSetup::new(&format!("J{i}"), Class::ALL[i % 7]))
            .collect();
        let ruleset = Ruleset::builtin_2002();
        let galaxy = generate_seeded(&GeneratorParams::new(players), &ruleset, 3)
            .unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
        let mut save = Save::new(None, ruleset, 3, galaxy);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..3 {
            let orders = crate::game::autoplay::all_orders(&save.galaxy, &save.ruleset, &mut rng);
            save = arbiter::run_turn(&save, &orders)
                .unwrap_or_else(|e| panic!("{e:?}"))
                .0;
        }
        let galaxy = &save.galaxy;
        let record = save
            .last_record
            .as_ref()
            .unwrap_or_else(|| panic!("a record"));
        let described = report::write::described_worlds_by_player(galaxy, record);
        let files = game_files(&save);
        let mut checked = 0;
        for id in galaxy.players.keys().filter(|id| !id.is_neutral()) {
            let view = report::write::project(galaxy, *id, Some(record), &save.ruleset, None);
            let worlds: Vec<_> = view.worlds.iter().map(|w| w.id).collect();
            let expected: Vec<_> = described.get(id).into_iter().flatten().copied().collect();
            assert_eq!(worlds, expected, "player {id:?}");
            assert!(
                worlds.len() > 1,
                "player {id:?} sees more than his start world"
            );
            for (kind, value) in &view.statistics {
                if let StatValue::Own(value) = value {
                    let counted = report::write::statistic(galaxy, *id, *kind);
                    assert_eq!(*value, counted, "player {id:?} {kind:?}");
                }
            }
            let (cr, nbt) = player_files(&save, *id).unwrap_or_else(|| panic!("files"));
            assert!(files.contains(&(cr_file(*id, galaxy.turn), cr)));
            assert!(files.contains(&(nbt_file(*id, galaxy.turn), nbt)));
            checked += 1;
        }
        assert_eq!(checked, 9);
    }

    #[test]
    fn a_resolved_turn_keeps_the_save_and_writes_the_next_reports_and_log() {
        let save = save();
        let mut sent = BTreeMap::new();
        sent.insert(
            PlayerId(1),
            sent_from_bytes(PlayerId(1), 1, b"BLA BLA\nF_99999 M_1\n"),
        );
        let resolved = resolve(&save, &sent).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!((resolved.turn, resolved.next.galaxy.turn), (1, 2));
        assert_eq!((resolved.orders, resolved.onr), (1, 1));
        assert_eq!(resolved.files[0], (kept_save_file(1), save.to_ron()));
        let log = &resolved.files[resolved.files.len() - 1];
        assert_eq!(log.0, log_file(1));
        assert!(log.1.contains("orders-001.txt:1:"), "{}", log.1);
        assert_eq!(resolved.save_text, resolved.next.to_ron());
        assert!(
            resolved
                .files
                .iter()
                .any(|(p, _)| *p == cr_file(PlayerId(2), 2))
        );
    }
}
