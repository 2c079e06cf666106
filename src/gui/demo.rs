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
