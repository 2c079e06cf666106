//! Step 1, "Déclarations" (VII.3, VIII.1 weight 1): `A`, `E`, `C`, `N`, `CP`,
//! `NCP`, `DP`, `NDP`, `PI`, `NPI`, `J`, `Z`, `Z m`, `F_f P`, `F_f G`. "Elles sont
//! immédiatement actives": every later step of this turn sees them. Standing
//! declarations live on [`crate::model::Declarations`]; `Z` and `Z m` last this
//! turn only and are kept in the turn's scratch for the ambushes.

use crate::model::{Jihad, PlayerId};
use crate::orders::ast::Declaration;
use crate::orders::{OrderKind, PlayerRef};

use super::{Step, Turn};

pub(super) fn run(turn: &mut Turn<'_>) {
    for (index, player, kind) in turn.live_orders(Step::Declarations) {
        match kind {
            OrderKind::Declare {
                declaration,
                player: target,
            } => declare(turn, index, player, declaration, &target),
            OrderKind::Peace { fleet } | OrderKind::War { fleet } => {
                let peace = matches!(kind, OrderKind::Peace { .. });
                let owned = turn.galaxy.fleet(fleet).is_some_and(|f| f.owner == player);
                if !owned {
                    turn.void(
                        index,
                        "resolve-void-peace-owner",
                        &[("fleet", fleet.to_string())],
                    );
                    continue;
                }
                if let Some(f) = turn.galaxy.fleets.get_mut(&fleet) {
                    f.at_peace = peace;
                }
            }
            OrderKind::NoAmbush { world: None } => {
                turn.scratch.no_ambush_everywhere.insert(player);
            }
            OrderKind::NoAmbush { world: Some(world) } => {
                if turn.galaxy.world(world).is_none() {
                    turn.void(
                        index,
                        "resolve-void-no-ambush-world",
                        &[("world", world.to_string())],
                    );
                    continue;
                }
                turn.scratch.no_ambush_on.insert((player, world));
            }
            _ => {}
        }
    }
}

/// One declaration about another player.
///
/// Applies ruling G-5 (see the ruling list).
///
/// Ruling G-13 (VI.4.1): a new Jihad target is accepted from turn T + d on (T the
/// turn of the standing Jihad, d = `combat.jihad_change_delay` of the ruleset, 5 in
/// both books); the first Jihad is always accepted, and declaring the standing
/// target again changes nothing (the d turns still run from T). The validator
/// refuses another target before turn T + d (an error), T read from `J:"X":j(T)` in
/// `Vos déclarations` (the orders of the CR of turn t being those of turn t), and
/// warns that the same target again is a no-op.
fn declare(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    declaration: Declaration,
    target: &PlayerRef,
) {
    let shown = match target {
        PlayerRef::Number(id) => id.to_string(),
        PlayerRef::Name(name) => format!("\"{name}\""),
    };
    let known = turn.player_ref(player, target).filter(|t| {
        turn.galaxy
            .player(player)
            .is_some_and(|p| p.known_players.contains(t))
            || *t == player
    });
    let Some(target) = known else {
        turn.void(
            index,
            "resolve-void-declaration-player",
            &[("player", shown)],
        );
        return;
    };
    if target == player {
        turn.void(index, "resolve-void-declaration-self", &[]);
        return;
    }
    let now = turn.galaxy.turn;
    let delay = turn.rules.combat.jihad_change_delay;
    let Some(orderer) = turn.galaxy.players.get_mut(&player) else {
        return;
    };
    let d = &mut orderer.declarations;
    match declaration {
        Declaration::Ally => {
            d.allies.insert(target);
        }
        Declaration::Enemy => {
            d.allies.remove(&target);
        }
        Declaration::Loader => {
            d.mp_loaders.insert(target);
        }
        Declaration::NonLoader => {
            d.mp_loaders.remove(&target);
        }
        Declaration::PopLoader => {
            d.pop_loaders.insert(target);
        }
        Declaration::NonPopLoader => {
            d.pop_loaders.remove(&target);
        }
        Declaration::PopUnloader => {
            d.pop_unloaders.insert(target);
        }
        Declaration::NonPopUnloader => {
            d.pop_unloaders.remove(&target);
        }
        Declaration::Pillager => {
            d.pillagers.insert(target);
        }
        Declaration::NonPillager => {
            d.pillagers.remove(&target);
        }
        Declaration::Jihad => match d.jihad {
            Some(j) if j.target == target => {}
            Some(j) if now < j.declared_turn.saturating_add(delay) => {
                let allowed = j.declared_turn.saturating_add(delay);
                turn.void(
                    index,
                    "resolve-void-jihad-delay",
                    &[("turn", allowed.to_string())],
                );
            }
            _ => {
                d.jihad = Some(Jihad {
                    target,
                    declared_turn: now,
                });
            }
        },
    }
}
