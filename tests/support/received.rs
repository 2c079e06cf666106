//! What a player receives for a turn of a generated game, read back as the app
//! reads it: the CR written then read, the NBT written, read and merged.

use nebutil::model::knowledge::Knowledge;
use nebutil::model::record::TurnRecord;
use nebutil::model::view::TurnView;
use nebutil::model::{Galaxy, PlayerId};
use nebutil::nbt;
use nebutil::report::{self, WriteOptions};
use nebutil::rules::Ruleset;

/// `player`'s view of the galaxy's turn in the game named `game` (the NBT must
/// read without a diagnostic).
pub fn received(
    galaxy: &Galaxy,
    record: Option<&TurnRecord>,
    player: PlayerId,
    ruleset: &Ruleset,
    game: &str,
) -> TurnView {
    let options = WriteOptions {
        ruleset,
        record,
        game_name: Some(game),
    };
    let cr = report::write(galaxy, player, &options);
    let projected = report::write::project(galaxy, player, record, ruleset, Some(game));
    let nbt_file = nbt::project(
        galaxy,
        player,
        &nbt::described_worlds(&projected),
        &nbt::ProjectOptions {
            ruleset,
            game_name: Some(game),
            orders_sent: None,
        },
    );
    let nbt_text = nbt::write(&nbt_file);
    let (mut view, _) = report::read(&cr);
    let (file, diagnostics) = nbt::read(&nbt_text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let file = file.expect("the NBT reads");
    let mut merged = Vec::new();
    nbt::apply(&file, &mut view, &mut merged);
    view
}

/// `player`'s knowledge of a whole game: what he received at each turn of
/// `history` (a galaxy and the record of the turn that made it), merged.
pub fn knowledge_of(
    history: &[(Galaxy, Option<TurnRecord>)],
    player: PlayerId,
    ruleset: &Ruleset,
    game: &str,
) -> Knowledge {
    let views = history
        .iter()
        .map(|(galaxy, record)| received(galaxy, record.as_ref(), player, ruleset, game));
    let (knowledge, diagnostics) = Knowledge::from_views(views);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    knowledge
}
