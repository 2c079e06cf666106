//! The `.NBT` companion file. (Being written: see issue 2.)
