//! A big game for `nebutil orders`, deterministic (no RNG): a CR of many
//! worlds and fleets (the kind of the issue's: every fourth world and its
//! fleets the player's, the others foreign, each world with its connections),
//! and order files of any size for it: [`valid_orders`] (every order legal,
//! what a big player's turn looks like, only longer) and [`repeated_orders`]
//! (the same few orders over and over: one diagnostic per line or so).
//!
//! Used by `tests/bounded_memory.rs` (the command's peak memory) and the
//! `command_memory` bench.

use std::fmt::Write as _;

/// World `m`'s neighbours on a ring of `worlds`: m − 1, m + 1, m + 20.
pub fn neighbours(m: u32, worlds: u32) -> [u32; 3] {
    let wrap = |n: u32| (n + worlds - 1) % worlds + 1;
    [wrap(m + worlds - 1), wrap(m + 1), wrap(m + 20)]
}

/// The player's worlds: every fourth (`M_4`, `M_8` …).
pub fn own_worlds(worlds: u32) -> impl Iterator<Item = u32> {
    (4..=worlds).step_by(4)
}

/// A CR of turn 12 for "Maxtor":5 (an emperor) describing `worlds` worlds (at
/// least 24), each with its connections and one or two fleets: on each of the
/// player's worlds two fleets of his, well stocked (many orders fit in its
/// industries, ships and cargo), on the others a foreign world and fleet.
pub fn big_cr(worlds: u32) -> String {
    let mut text = String::from(
        "NEBULA - Partie GRANDE - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\nPoints : 412 (+64)\n\n\
         Vos niveaux technologiques :\nDEplacement : 4 (+4/10)\n\
         ATtaque : 2 (+1/5), Votre CA est de : 55\nDEfense : 1 (10), Votre CD est de : 100\n\
         RADar : 1 (+3/5)\nConnaissance des ALIens : 1 (5)\nCARgaison : 2 (10)\n\n\
         Vous connaissez de nom : \"Miria\":7, \"Backchiche\":9\n\
         Vos déclarations : A:\"Miria\":7\n\
         Déclarations reçues : A:\"Miria\":7 C:\"Miria\":7 DP:\"Miria\":7\n\n",
    );
    let mut fleet = 0u32;
    for m in 1..=worlds {
        let [a, b, c] = neighbours(m, worlds);
        let _ = write!(text, "M_{m} ({a},{b},{c}) ");
        if m % 4 == 0 {
            let _ = writeln!(
                text,
                "\"Maxtor\" [I=900000]=900000 [P=900000(990000)]=900000 MP=900000(+9) [{},0]",
                m % 50
            );
            for _ in 0..2 {
                fleet += 1;
                let _ = writeln!(text, "  F_{fleet} \"Maxtor\" [900000]=900000+900000T");
            }
        } else {
            let owner = if m % 2 == 0 { "Miria" } else { "Backchiche" };
            let _ = writeln!(
                text,
                "\"{owner}\" I={} P={}(100) MP={}(+{}) [{},0]",
                m % 10,
                20 + m % 50,
                m % 30,
                m % 5,
                m % 40
            );
            fleet += 1;
            let _ = writeln!(text, "  F_{fleet} \"{owner}\" []={}", 1 + m % 12);
        }
    }
    text
}

/// The player's two fleets on world `m` (one of his, `m % 4 == 0`).
fn own_fleets(m: u32) -> (u32, u32) {
    // Three fleets for every four worlds, two of them on the player's world.
    let before = (m / 4 - 1) * 5 + 3;
    (before + 1, before + 2)
}

/// About `bytes` bytes (never more) of legal orders for the player of [`big_cr`]`(worlds)`:
/// constructions, transfers, unloadings, research, names, declarations, taken
/// in turn on each of his worlds, then one move per fleet (each fleet moves
/// once: a move is exclusive). No order asks more than there is.
pub fn valid_orders(worlds: u32, bytes: usize) -> String {
    let own: Vec<u32> = own_worlds(worlds).collect();
    let mut text = String::with_capacity(bytes + 4096);
    text.push_str("# Les ordres de Maxtor\n");
    let mut moves = String::new();
    for &m in &own {
        let (f, g) = own_fleets(m);
        let [prev, next, far] = neighbours(m, worlds);
        let _ = writeln!(moves, "F_{f} M_{next}");
        let _ = writeln!(moves, "F_{g} MM {far} {}", neighbours(far, worlds)[1]);
        let _ = prev;
    }
    let mut n = 0usize;
    // The longest line below is under 40 bytes: never more than `bytes`.
    while text.len() + moves.len() + 40 <= bytes {
        let m = own[n % own.len()];
        let (f, g) = own_fleets(m);
        let _ = match (n / own.len()) % 12 {
            0 => writeln!(text, "M_{m} C 1 VI"),
            1 => writeln!(text, "M_{m} C 2 VP"),
            2 => writeln!(text, "M_{m} C 1 VC F_{f}"),
            3 => writeln!(text, "M_{m} T 1 VI VP"),
            4 => writeln!(text, "F_{f} D 1 MP"),
            5 => writeln!(text, "M_{m} C 3 VT F_{g}"),
            6 => writeln!(text, "F_{g} T 2 VC F_{f} ; renforts"),
            7 => writeln!(text, "M_{m} C 1 I"),
            8 => writeln!(text, "M_{m} T 2 VP VI"),
            9 => writeln!(text, "F_{f} T 1 VC VI"),
            10 => writeln!(text, "M_{m} C 2 P"),
            _ => writeln!(text, "M_{m} T 1 VI F_{f}"),
        };
        n += 1;
    }
    text.push_str(&moves);
    text
}

/// About `bytes` bytes (never more) of the same few orders over and over: the same fleet
/// moved again and again (each one after the first refused), a world that is
/// not the player's, an unknown order.
pub fn repeated_orders(worlds: u32, bytes: usize) -> String {
    let (f, _) = own_fleets(4);
    let [_, next, _] = neighbours(4, worlds);
    let block = format!("F_{f} M_{next}\nM_5 C 1 VI\nM_8 C 1 VI\nF_{f} X 12\n");
    let mut text = String::with_capacity(bytes + block.len());
    while text.len() + block.len() <= bytes {
        text.push_str(&block);
    }
    text
}
