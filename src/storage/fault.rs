//! Fault injection for the crash-safety tests of the game folder: every write
//! that matters for a turn is a numbered step, and a test makes the real
//! program stop dead (`kill:N`: the process aborts, as in a power cut or an
//! out-of-memory kill) or fail (`fail:N`: an I/O error, as on a full disk) at
//! step N, then checks that the folder is as before or that rerunning finishes
//! the turn with the same bytes.
//!
//! The plan comes from the environment variable [`FAULT_VARIABLE`]
//! (`NEBUTIL_FAULT=kill:7`), read only by the commands that write a game folder
//! (`nebutil game turn`); unset, nothing changes.

/// The environment variable holding the fault plan.
pub const FAULT_VARIABLE: &str = "NEBUTIL_FAULT";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    Kill(u64),
    Fail(u64),
}

/// The numbered steps of a write, and what to do at one of them. It also
/// counts the calls that wait for the disk (`fsync`, `syncfs`): their number,
/// not the bytes, made the cost of a turn's commit, and the tests bound it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    plan: Option<Plan>,
    steps: u64,
    syncs: u64,
    /// Sync file by file even where `syncfs` exists: the tests of the way
    /// systems without it commit, run on Linux.
    file_by_file: bool,
}

impl Faults {
    /// No fault: every step goes on.
    pub fn none() -> Self {
        Faults::default()
    }

    /// The plan `kill:N` or `fail:N`; anything else is no fault.
    pub fn parse(text: &str) -> Self {
        let plan = text.trim().split_once(':').and_then(|(what, step)| {
            let step: u64 = step.trim().parse().ok()?;
            match what.trim() {
                "kill" => Some(Plan::Kill(step)),
                "fail" => Some(Plan::Fail(step)),
                _ => None,
            }
        });
        Faults {
            plan,
            ..Faults::default()
        }
    }

    /// The plan of [`FAULT_VARIABLE`], if set.
    pub fn from_env() -> Self {
        std::env::var(FAULT_VARIABLE)
            .map(|text| Faults::parse(&text))
            .unwrap_or_default()
    }

    /// One more step: stops the process or fails when the plan says so.
    pub fn step(&mut self) -> std::io::Result<()> {
        self.steps += 1;
        match self.plan {
            Some(Plan::Kill(n)) if n == self.steps => std::process::abort(),
            Some(Plan::Fail(n)) if n == self.steps => Err(std::io::Error::other(format!(
                "{FAULT_VARIABLE}: fault injected at step {n}"
            ))),
            _ => Ok(()),
        }
    }

    /// The steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The same, syncing file by file as where `syncfs` is missing.
    #[cfg(test)]
    pub(crate) fn file_by_file(self) -> Self {
        Faults {
            file_by_file: true,
            ..self
        }
    }

    /// Whether to sync file by file even where `syncfs` exists.
    pub(crate) fn syncs_file_by_file(&self) -> bool {
        self.file_by_file
    }

    /// One more call waiting for the disk.
    pub(crate) fn synced(&mut self) {
        self.syncs += 1;
    }

    /// The calls waiting for the disk so far.
    pub fn syncs(&self) -> u64 {
        self.syncs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_fails_at_its_step_only() {
        let mut faults = Faults::parse("fail:2");
        assert!(faults.step().is_ok());
        assert!(faults.step().is_err());
        assert!(faults.step().is_ok());
        assert_eq!(faults.steps(), 3);
        for text in ["", "kill", "kill:x", "boom:3", "fail:"] {
            let mut faults = Faults::parse(text);
            assert!((0..5).all(|_| faults.step().is_ok()), "{text}");
        }
    }
}
