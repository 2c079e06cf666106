//! The player's knowledge over several turns. (Being written: see issue 2.)
