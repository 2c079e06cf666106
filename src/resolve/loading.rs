//! Step 13 and 13* (VIII.1 weight 13), "Chargements" then "Résolution des conflits
//! lors du chargement" and "Décompte des points pour les déchargements de MP des
//! marchands": `F_f C (x) MP|P|N|C|R` (V.3, VII.3.2, VII.3.3, VI.7).
//!
//! Loading rights (V.3): the world's owner loads anything but converts; another
//! player needs the owner's `C` (MP) or `CP` (populations, robots) declaration; a
//! missionary is the only one to load his converts. A load is limited by the
//! fleet's free capacity (1 per VC, CAR per VT, §4.6). Requests of one turn on one
//! world are served together: when they ask more than the world holds, they share
//! it (policy `load_conflict`). Then the merchants' MP unloaded at step 8 score,
//! net of the MP loaded from the same world this turn.

use std::collections::BTreeMap;

use super::construction::clip_quantity;
use super::{Cause, PeopleKind, Place, Step, Turn};
use crate::model::{Class, FleetId, PlayerId, World, WorldId};
use crate::orders::OrderKind;
use crate::orders::ast::{LoadGoods, People};
use crate::rules::policy::LoadConflict;

/// What is loaded from a world's stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stock {
    Mp,
    People(PeopleKind),
}

/// One fleet's request on one stock.
struct Request {
    fleet: FleetId,
    amount: u64,
}

pub(super) fn run(turn: &mut Turn<'_>) {
    let mut pools: BTreeMap<(WorldId, Stock), Vec<Request>> = BTreeMap::new();
    let mut reserved: BTreeMap<FleetId, u64> = BTreeMap::new();
    for (index, player, kind) in turn.live_orders(Step::Loading) {
        let OrderKind::Load {
            fleet,
            count,
            goods,
        } = kind
        else {
            continue;
        };
        request(
            turn,
            index,
            player,
            (fleet, count, goods),
            &mut pools,
            &mut reserved,
        );
    }
    let mut mp_loaded: BTreeMap<WorldId, u64> = BTreeMap::new();
    for ((world, stock), requests) in pools {
        let available = stock_of(turn, world, stock);
        let grants = share(turn.rules.policies.load_conflict, available, &requests);
        for (request, granted) in requests.iter().zip(grants) {
            let delta = i64::try_from(granted).unwrap_or(0);
            if delta == 0 {
                continue;
            }
            let taken = match stock {
                Stock::Mp => -turn.change_mp(Place::World(world), -delta, Cause::Load),
                Stock::People(kind) => {
                    -turn.change_people(Place::World(world), kind, -delta, Cause::Load)
                }
            };
            match stock {
                Stock::Mp => {
                    turn.change_mp(Place::Fleet(request.fleet), taken, Cause::Load);
                    *mp_loaded.entry(world).or_insert(0) += u64::try_from(taken).unwrap_or(0);
                }
                Stock::People(kind) => {
                    turn.change_people(Place::Fleet(request.fleet), kind, taken, Cause::Load);
                }
            }
        }
    }
    merchant_points(turn, &mp_loaded);
}

/// What a world holds of a stock.
fn stock_of(turn: &Turn<'_>, world: WorldId, stock: Stock) -> u64 {
    let Some(w) = turn.galaxy.world(world) else {
        return 0;
    };
    let p = &w.population;
    u64::from(match stock {
        Stock::Mp => w.mp,
        Stock::People(PeopleKind::N) => p.non_converts,
        Stock::People(PeopleKind::R) => p.robots,
        Stock::People(PeopleKind::C(m)) => p.converts.get(&m).copied().unwrap_or(0),
    })
}

/// Checks one load order and turns it into requests on the world's stocks.
///
/// Ruling G-51 (V.3): converts are loaded only by their missionary, from any world
/// and without declaration; non-converts and robots need the world or its owner's
/// `CP`, MP the world or its owner's `C`; nobody loads from a neutral world. `P`
/// loads the non-converts the orderer may load and his own converts.
///
/// Ruling G-53 (V.3): `C P` keeps the world's ratio of the stocks it may take, and
/// `D P` the fleet's ratio: the converts' part is rounded down, the rest are
/// non-converts.
fn request(
    turn: &mut Turn<'_>,
    index: usize,
    player: PlayerId,
    (fleet, count, goods): (FleetId, Option<u32>, LoadGoods),
    pools: &mut BTreeMap<(WorldId, Stock), Vec<Request>>,
    reserved: &mut BTreeMap<FleetId, u64>,
) {
    let Some(f) = turn.owned_fleet_or_void(index, player, fleet) else {
        return;
    };
    let world = f.world;
    let capacity = f.capacity(turn.car_of(player));
    let already = reserved.get(&fleet).copied().unwrap_or(0);
    let free = capacity
        .saturating_sub(f.cargo.total())
        .saturating_sub(already);
    let other_converts = f.cargo.c > 0 && f.cargo.c_missionary != Some(player);
    let Some(w) = turn.galaxy.world(world) else {
        return;
    };
    let parts = match loadable_parts(turn, player, w, goods, other_converts) {
        Ok(parts) => parts,
        Err(declaration) => {
            turn.void(
                index,
                "resolve-void-load-rights",
                &[
                    ("world", world.to_string()),
                    ("declaration", declaration.to_string()),
                ],
            );
            return;
        }
    };
    let stock: u64 = parts.iter().map(|(_, s)| s).sum();
    let wanted = match count {
        None => free,
        Some(x) if free > 0 && stock > 0 => {
            let room = u32::try_from(free).unwrap_or(u32::MAX);
            let Some(x) = clip_quantity(
                turn,
                index,
                x,
                room,
                "resolve-void-load-nothing",
                "resolve-void-excess",
            ) else {
                return;
            };
            u64::from(x)
        }
        Some(x) => u64::from(x).min(free),
    };
    // Ruling G-52 refinement: a request without quantity asks at most the stock.
    let total = if count.is_none() {
        wanted.min(stock)
    } else {
        wanted
    };
    if total == 0 || stock == 0 {
        turn.void(
            index,
            "resolve-void-load-nothing",
            &[("fleet", fleet.to_string()), ("world", world.to_string())],
        );
        return;
    }
    *reserved.entry(fleet).or_insert(0) += total;
    let amounts: Vec<u64> = if parts.len() == 2 {
        let c_part = u64::try_from(u128::from(total) * u128::from(parts[1].1) / u128::from(stock))
            .unwrap_or(0);
        vec![total - c_part, c_part]
    } else {
        vec![total]
    };
    for ((stock, _), amount) in parts.into_iter().zip(amounts) {
        if amount > 0 {
            pools
                .entry((world, stock))
                .or_default()
                .push(Request { fleet, amount });
        }
    }
}

/// For each part of a load order from world `w`: the stock and what the orderer
/// may take of it (G-51); or, when he may take nothing, the declaration he lacks
/// (`C`, `CP`, `-` for converts: only their missionary loads them).
fn loadable_parts(
    turn: &Turn<'_>,
    player: PlayerId,
    w: &World,
    goods: LoadGoods,
    other_converts: bool,
) -> Result<Vec<(Stock, u64)>, &'static str> {
    let owner = w.owner;
    let declared =
        |set: fn(&crate::model::Declarations) -> &std::collections::BTreeSet<PlayerId>| {
            owner == player
                || (!owner.is_neutral()
                    && turn
                        .galaxy
                        .player(owner)
                        .is_some_and(|o| set(&o.declarations).contains(&player)))
        };
    let mp_right = declared(|d| &d.mp_loaders);
    let pop_right = declared(|d| &d.pop_loaders);
    let missionary = turn.galaxy.player(player).and_then(|p| p.class) == Some(Class::Missionary);
    let own_converts = if missionary && !other_converts {
        u64::from(w.population.converts.get(&player).copied().unwrap_or(0))
    } else {
        0
    };
    let n_stock = u64::from(w.population.non_converts);
    let r_stock = u64::from(w.population.robots);
    Ok(match goods {
        LoadGoods::Mp if mp_right => vec![(Stock::Mp, u64::from(w.mp))],
        LoadGoods::People(People::NonConverts) if pop_right => {
            vec![(Stock::People(PeopleKind::N), n_stock)]
        }
        LoadGoods::People(People::Robots) if pop_right => {
            vec![(Stock::People(PeopleKind::R), r_stock)]
        }
        LoadGoods::People(People::Converts) if missionary => {
            vec![(Stock::People(PeopleKind::C(player)), own_converts)]
        }
        LoadGoods::People(People::Pop) if pop_right || own_converts > 0 => {
            let n = if pop_right { n_stock } else { 0 };
            vec![
                (Stock::People(PeopleKind::N), n),
                (Stock::People(PeopleKind::C(player)), own_converts),
            ]
        }
        LoadGoods::Mp => return Err("C"),
        LoadGoods::People(People::Converts) => return Err("-"),
        _ => return Err("CP"),
    })
}

/// How much each request of one stock receives.
///
/// Applies ruling G-52 (see the ruling list): policy `load_conflict`.
fn share(policy: LoadConflict, available: u64, requests: &[Request]) -> Vec<u64> {
    let asked: u128 = requests.iter().map(|r| u128::from(r.amount)).sum();
    if asked <= u128::from(available) {
        return requests.iter().map(|r| r.amount).collect();
    }
    match policy {
        LoadConflict::FleetOrder => {
            let mut order: Vec<usize> = (0..requests.len()).collect();
            order.sort_by_key(|&i| requests[i].fleet);
            let mut left = available;
            let mut grants = vec![0; requests.len()];
            for i in order {
                let g = requests[i].amount.min(left);
                grants[i] = g;
                left -= g;
            }
            grants
        }
        LoadConflict::ProRata => {
            let mut grants: Vec<u64> = Vec::with_capacity(requests.len());
            let mut remainders: Vec<(u128, FleetId, usize)> = Vec::new();
            for (i, r) in requests.iter().enumerate() {
                let product = u128::from(available) * u128::from(r.amount);
                grants.push(u64::try_from(product / asked).unwrap_or(0));
                remainders.push((product % asked, r.fleet, i));
            }
            let given: u64 = grants.iter().sum();
            let mut left = available.saturating_sub(given);
            remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            for (_, _, i) in remainders {
                if left == 0 {
                    break;
                }
                grants[i] += 1;
                left -= 1;
            }
            grants
        }
    }
}

/// 13*: the merchants' points for MP unloaded at step 8 (VI.7, catalog §4.19),
/// through [`crate::rules::Ruleset::merchant_mp_points`] (ruling G-118).
fn merchant_points(turn: &mut Turn<'_>, mp_loaded: &BTreeMap<WorldId, u64>) {
    let unloaded = std::mem::take(&mut turn.scratch.merchant_mp_unloaded);
    for (world, by_merchant) in unloaded {
        let industries = turn.galaxy.world(world).map_or(0, |w| w.industries);
        let reloaded = mp_loaded.get(&world).copied().unwrap_or(0);
        let merchants: Vec<PlayerId> = by_merchant.keys().copied().collect();
        let unloads: Vec<u64> = by_merchant.values().copied().collect();
        let points = turn
            .rules
            .merchant_mp_points(&unloads, u64::from(industries), reloaded);
        for (merchant, p) in merchants.into_iter().zip(points) {
            turn.score(merchant, p, "merchant-mp");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requests(amounts: &[(FleetId, u64)]) -> Vec<Request> {
        amounts
            .iter()
            .map(|&(fleet, amount)| Request { fleet, amount })
            .collect()
    }

    #[test]
    fn requests_that_fit_are_served_whole() {
        let r = requests(&[(5, 3), (6, 4)]);
        assert_eq!(share(LoadConflict::ProRata, 10, &r), vec![3, 4]);
    }

    #[test]
    fn pro_rata_gives_the_rest_to_the_largest_remainders_then_the_lower_fleet() {
        // 10 for 5 + 8: 3.85 → 4, 6.15 → 6.
        let r = requests(&[(5, 5), (6, 8)]);
        assert_eq!(share(LoadConflict::ProRata, 10, &r), vec![4, 6]);
        // 3 for 1 + 1 + 1 + 1: 0.75 each, the three lower fleets get one.
        let r = requests(&[(9, 1), (4, 1), (7, 1), (2, 1)]);
        assert_eq!(share(LoadConflict::ProRata, 3, &r), vec![0, 1, 1, 1]);
    }

    #[test]
    fn fleet_order_serves_the_lower_fleet_numbers_first() {
        let r = requests(&[(9, 6), (4, 6)]);
        assert_eq!(share(LoadConflict::FleetOrder, 10, &r), vec![4, 6]);
    }
}
