//! The files the application has loaded, turn by turn: the session of
//! [`crate::storage::session`], shared with the command line (one reading of a
//! text file, one pairing of an NBT with its CR, one merge of own and ally
//! reports). The app shows it; nothing here is egui's.

pub use crate::storage::session::*;

#[cfg(test)]
pub(crate) use crate::storage::session::orion;
