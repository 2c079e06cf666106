//! The hand-written ORION turns 5–7 (`tests/fixtures/orion/`, player Maxtor): the
//! fixture the GUI tests know line by line.

use std::path::PathBuf;

/// The CR and NBT files of ORION turns 5–7.
pub fn orion() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    [
        "demo_t5.cr",
        "demo_t6.cr",
        "demo_t7.cr",
        "demo_t5.nbt",
        "demo_t6.nbt",
        "demo_t7.nbt",
    ]
    .iter()
    .map(|name| dir.join(name))
    .collect()
}
