//! The demo game opened when the application starts without a file: three turns of
//! the game "ORION" as the player "Maxtor" (emperor) received them, written by hand
//! in the CR format of [`crate::report`] (files in `assets/demo/`).

use super::session::{Session, SourceFile, SourceOrigin};

/// The demo files: (file name, text), CRs first, then their NBT companions.
pub const FILES: [(&str, &str); 6] = [
    ("demo_t5.cr", include_str!("../../assets/demo/demo_t5.cr")),
    ("demo_t6.cr", include_str!("../../assets/demo/demo_t6.cr")),
    ("demo_t7.cr", include_str!("../../assets/demo/demo_t7.cr")),
    ("demo_t5.nbt", include_str!("../../assets/demo/demo_t5.nbt")),
    ("demo_t6.nbt", include_str!("../../assets/demo/demo_t6.nbt")),
    ("demo_t7.nbt", include_str!("../../assets/demo/demo_t7.nbt")),
];

/// Loads the demo game into `session`. Returns the index of its last turn.
pub fn load(session: &mut Session) -> usize {
    let mut last = 0;
    for (name, text) in FILES {
        let source = SourceFile::new(SourceOrigin::Demo(name.to_string()), name, text.to_string());
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
