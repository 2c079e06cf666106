//! Merging an NBT into the view read from the CR of the same turn ([`apply`]).

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostic::Diagnostic;
use crate::model::tech::Tech;
use crate::model::view::{KnownLevels, PlayerRef, TechLine, TechView, TurnView, WorldView};

use super::{NbtFile, file_span};

/// Merges an NBT's facts into the view read from the CR of the same turn.
///
/// The CR stays the reference: where both tell a fact and disagree, the CR's value
/// is kept and a warning says so. Checks first that the two files belong together:
/// another game (`nbt-game-mismatch`) or another player (`nbt-player-mismatch`) —
/// nothing is applied; another turn (`nbt-turn-mismatch`) — only the facts that
/// do not change from turn to turn are applied (coordinates, galaxy size, player
/// number and class, numbers of known players), not the technologies nor the
/// orders. Otherwise it fills: the turn and game when the CR lacks them, the
/// player's number and class, coordinates (with their exactness; worlds the CR
/// does not describe are added as position-only worlds, `line` 0), the galaxy
/// size, the numbers of players known by name (also in declarations and ranking),
/// the technologies when the CR has no technology block, the known players' ATT
/// and DEF levels the CR does not print (G-168), the orders sent.
/// Diagnostics are about the NBT file (line 1 = the file as a whole).
pub fn apply(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    if !same_game_and_player(file, view, diagnostics) {
        return;
    }
    let same_turn = same_turn(file, view, diagnostics);
    if view.game.is_none() {
        view.game.clone_from(&file.game);
    }
    apply_player(file, view, diagnostics);
    apply_galaxy_size(file, view, diagnostics);
    apply_coords(file, view, diagnostics);
    apply_player_numbers(file, view, diagnostics);
    if !same_turn {
        return;
    }
    apply_tech(file, view, diagnostics);
    apply_known_levels(file, view);
    if file.orders_sent.is_some() {
        view.orders_sent.clone_from(&file.orders_sent);
    }
}

/// False (with a warning) when the NBT is of another game or another player than
/// the CR.
fn same_game_and_player(
    file: &NbtFile,
    view: &TurnView,
    diagnostics: &mut Vec<Diagnostic>,
) -> bool {
    if let (Some(ours), Some(theirs)) = (&file.game, &view.game)
        && ours != theirs
    {
        diagnostics.push(
            Diagnostic::warning("nbt-game-mismatch", file_span())
                .arg("nbt", ours)
                .arg("cr", theirs),
        );
        return false;
    }
    if let Some(me) = &view.player {
        let other_name = me.name != file.player.name;
        let other_number = me.number.is_some_and(|n| n != file.player.number);
        if other_name || other_number {
            diagnostics.push(
                Diagnostic::warning("nbt-player-mismatch", file_span())
                    .arg(
                        "nbt",
                        player_label(&file.player.name, Some(file.player.number)),
                    )
                    .arg("cr", player_label(&me.name, me.number)),
            );
            return false;
        }
    }
    true
}

/// False (with a warning) when the NBT is of another turn than the CR; a CR
/// without turn takes the NBT's.
fn same_turn(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) -> bool {
    match view.turn {
        Some(turn) if turn != file.turn => {
            diagnostics.push(
                Diagnostic::warning("nbt-turn-mismatch", file_span())
                    .arg("nbt", file.turn)
                    .arg("cr", turn),
            );
            false
        }
        Some(_) => true,
        None => {
            view.turn = Some(file.turn);
            true
        }
    }
}

/// The player's number, and his class when the CR lacks it.
fn apply_player(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    match &mut view.player {
        Some(me) => me.number = Some(file.player.number),
        None => {
            view.player = Some(PlayerRef {
                name: file.player.name.clone(),
                number: Some(file.player.number),
            });
        }
    }
    match (view.class, file.player.class) {
        (None, Some(class)) => view.class = Some(class),
        (Some(cr), Some(nbt)) if cr != nbt => diagnostics.push(
            Diagnostic::warning("nbt-class-mismatch", file_span())
                .arg("nbt", nbt.english_name().to_lowercase())
                .arg("cr", cr.english_name().to_lowercase()),
        ),
        _ => {}
    }
}

/// The galaxy size.
fn apply_galaxy_size(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(size) = file.galaxy_size {
        match view.galaxy_size {
            Some((w, h)) if (w, h) != (size.width, size.height) => diagnostics.push(
                Diagnostic::warning("nbt-galaxy-size-mismatch", file_span())
                    .arg("nbt", format!("{}x{}", size.width, size.height))
                    .arg("cr", format!("{w}x{h}")),
            ),
            Some(_) => {}
            None => view.galaxy_size = Some((size.width, size.height)),
        }
    }
}

/// Coordinates, the worlds looked up by number (the first line of a world); a
/// world the CR does not describe is added as a position-only world.
fn apply_coords(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    let mut world_index: BTreeMap<_, usize> = BTreeMap::new();
    for (i, w) in view.worlds.iter().enumerate() {
        world_index.entry(w.id).or_insert(i);
    }
    for (id, c) in &file.coords {
        match world_index.get(id).and_then(|&i| view.worlds.get_mut(i)) {
            Some(world) => match world.coords {
                Some(cr) if cr != c.coords() => diagnostics.push(
                    Diagnostic::warning("nbt-coords-mismatch", file_span())
                        .arg("world", id)
                        .arg("nbt", format!("[{},{}]", c.x, c.y))
                        .arg("cr", format!("[{},{}]", cr.x, cr.y)),
                ),
                Some(_) => world.coords_approximate = world.coords_approximate && !c.exact,
                None => {
                    world.coords = Some(c.coords());
                    world.coords_approximate = !c.exact;
                }
            },
            None => {
                world_index.insert(*id, view.worlds.len());
                view.worlds.push(WorldView {
                    id: *id,
                    coords: Some(c.coords()),
                    coords_approximate: !c.exact,
                    ..WorldView::default()
                });
            }
        }
    }
}

/// Numbers of players known by name: in the known players (the NBT's added), the
/// declarations and the ranking.
fn apply_player_numbers(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    let numbers: BTreeMap<&str, u32> = file
        .known_players
        .iter()
        .map(|(number, name)| (name.as_str(), *number))
        .chain(std::iter::once((
            file.player.name.as_str(),
            file.player.number,
        )))
        .collect();
    for known in &mut view.known_players {
        fill_number(known, &numbers, diagnostics);
    }
    let mut known_names: BTreeSet<String> =
        view.known_players.iter().map(|p| p.name.clone()).collect();
    for (number, name) in &file.known_players {
        if known_names.insert(name.clone()) {
            view.known_players.push(PlayerRef {
                name: name.clone(),
                number: Some(*number),
            });
        }
    }
    if let Some(declarations) = &mut view.declarations {
        for d in declarations
            .made
            .iter_mut()
            .chain(declarations.received.iter_mut())
        {
            fill_number(&mut d.player, &numbers, diagnostics);
        }
    }
    for entry in &mut view.ranking {
        fill_number(&mut entry.player, &numbers, diagnostics);
    }
}

/// The known players' levels the CR does not print (a CR read back from another
/// program, or cut): the CR's line stays the reference for the players it lists.
fn apply_known_levels(file: &NbtFile, view: &mut TurnView) {
    for (number, levels) in &file.known_levels {
        let Some(name) = file.known_players.get(number) else {
            continue;
        };
        if view.known_levels.iter().any(|l| l.player.name == *name) {
            continue;
        }
        view.known_levels.push(KnownLevels {
            player: PlayerRef {
                name: name.clone(),
                number: Some(*number),
            },
            attack: levels.attack,
            defense: levels.defense,
        });
    }
}

/// The technologies when the CR has no technology block; a warning for each
/// level or progress the CR shows otherwise.
fn apply_tech(file: &NbtFile, view: &mut TurnView, diagnostics: &mut Vec<Diagnostic>) {
    match &view.tech {
        None if !file.tech.is_empty() => {
            view.tech = Some(TechView {
                lines: Tech::ALL
                    .into_iter()
                    .filter_map(|tech| {
                        file.tech.get(&tech).map(|t| TechLine {
                            tech,
                            level: t.level,
                            invested: t.progress,
                            cost: t.cost,
                        })
                    })
                    .collect(),
                catt: None,
                cdef: None,
            });
        }
        Some(cr) => {
            for (tech, t) in &file.tech {
                if let Some(line) = cr.line(*tech)
                    && (line.level != t.level || line.invested != t.progress)
                {
                    diagnostics.push(
                        Diagnostic::warning("nbt-tech-mismatch", file_span())
                            .arg("tech", tech.keyword())
                            .arg("nbt", format!("{} (+{})", t.level, t.progress))
                            .arg("cr", format!("{} (+{})", line.level, line.invested)),
                    );
                }
            }
        }
        None => {}
    }
}

fn player_label(name: &str, number: Option<u32>) -> String {
    match number {
        Some(number) => format!("\"{name}\":{number}"),
        None => format!("\"{name}\""),
    }
}

fn fill_number(
    player: &mut PlayerRef,
    numbers: &BTreeMap<&str, u32>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let Some(number) = numbers.get(player.name.as_str()) else {
        return;
    };
    match player.number {
        None => player.number = Some(*number),
        Some(cr) if cr != *number => {
            let duplicate = diagnostics.iter().any(|d| {
                d.code == "nbt-known-player-mismatch"
                    && d.args.iter().any(|(k, v)| k == "name" && v == &player.name)
            });
            if !duplicate {
                diagnostics.push(
                    Diagnostic::warning("nbt-known-player-mismatch", file_span())
                        .arg("name", &player.name)
                        .arg("nbt", number)
                        .arg("cr", cr),
                );
            }
        }
        Some(_) => {}
    }
}
