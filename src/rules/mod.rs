//! Rulesets. (Being written: see issue 2.)

use crate::model::{Class, Tech};

/// The constants and policies of one set of rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    pub name: String,
}

impl Ruleset {
    pub fn builtin_2002() -> Ruleset {
        Ruleset {
            name: "2002".into(),
        }
    }
    pub fn tech_cost(&self, class: Class, tech: Tech) -> u32 {
        let _ = (class, tech);
        10
    }
    pub fn tech_max(&self, class: Class, tech: Tech) -> Option<u32> {
        let _ = (class, tech);
        None
    }
    pub fn catt(&self, att_level: u32) -> u32 {
        att_level
    }
    pub fn cdef(&self, def_level: u32) -> u32 {
        def_level
    }
    pub fn meva_slots(&self) -> u32 {
        8
    }
}
