//! The demo game opened when the application starts without a file: a game of our
//! own generator (fixed seed), played four turns by computer players, as player 1
//! ("Maxtor", emperor) received it — his CR and `.NBT` of every turn
//! ([`crate::game::demo`]). The same build always shows the same demo.

use super::session::{Session, SourceFile, SourceOrigin};
use crate::game::demo::demo_game;

/// Turns played by the computer players before the demo opens.
pub const TURNS: u32 = 4;

/// The demo files: (file name, text), CRs first, then their NBT companions.
pub fn files() -> Vec<(String, String)> {
    let (_, turns) = demo_game(TURNS);
    let mut files: Vec<(String, String)> = turns.iter().map(|t| t.cr.clone()).collect();
    files.extend(turns.into_iter().map(|t| t.nbt));
    files
}

/// Loads the demo game into `session`. Returns the index of its last turn.
pub fn load(session: &mut Session) -> usize {
    let mut last = 0;
    for (name, text) in files() {
        let source = SourceFile::new(SourceOrigin::Demo(name.clone()), &name, text);
        if name.ends_with(".nbt") {
            // The demo's own files: an NBT that does not read is a defect that the
            // tests catch; the turn still shows from its CR.
            let _ = session.add_nbt(source);
        } else {
            last = session.add_cr(source);
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn the_demo_reads_without_any_diagnostic_and_every_nbt_is_merged() {
        let mut session = Session::default();
        let last = load(&mut session);
        let turns: Vec<Option<u32>> = session.turns().iter().map(|t| t.view.turn).collect();
        assert_eq!(turns, [Some(1), Some(2), Some(3), Some(4), Some(5)]);
        assert_eq!(last, 4);
        assert_eq!(session.pending_nbt().count(), 0);
        for turn in session.turns() {
            let diagnostics: Vec<String> = turn
                .diagnostics()
                .map(|(_, source, d)| d.render(&source.name, Lang::En))
                .collect();
            assert!(diagnostics.is_empty(), "{diagnostics:#?}");
            assert!(turn.nbt.is_some(), "{}", turn.cr.name);
            // The NBT gave what the CR does not carry.
            assert!(turn.view.galaxy_size.is_some());
            assert_eq!(turn.view.player.as_ref().and_then(|p| p.number), Some(1));
        }
    }
}
