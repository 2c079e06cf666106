//! The knowledge of the turn shown, built again whenever the turn shown or the
//! reports loaded change: the player's reports merged ([`Session::knowledge_at`]),
//! the threat next turn, and — for a big turn — the map's layout. A big turn
//! (a galaxy of tens of thousands of worlds and fleets) is merged on a
//! background thread while the window goes on, showing the knowledge it had
//! with "Lecture des rapports…" in the status bar; a small one at once, as
//! before.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::NebutilApp;
use crate::gui::map::layout::MapLayout;
use crate::model::knowledge::Knowledge;
use crate::model::threat::Threat;
use crate::storage::session::{SharedViews, merge_reports};

/// From this many worlds and fleets in the reports merged, the knowledge is
/// built on a background thread (a galaxy of 76,596 worlds takes ~1 s: the
/// window would freeze as long).
pub const BACKGROUND_ITEMS: usize = 20_000;

/// How long after a big turn's knowledge is installed the memory freed is
/// given back: its first frames replace the lists, the map's labels and
/// badges, and the build's thread ends (3 frames were measured too early: 3 MB
/// more were freed after).
const RELEASE_AFTER: std::time::Duration = std::time::Duration::from_secs(2);

/// A knowledge being built on a background thread.
pub(super) struct KnowledgeJob {
    /// The (turn shown, session generation) it is built for.
    key: (usize, u64),
    receiver: Receiver<Built>,
}

/// What a background build hands back.
struct Built {
    knowledge: Knowledge,
    threats: Vec<Threat>,
    /// The map's layout.
    layout: MapLayout,
}

/// What one build needs, owned: it can go to another thread.
struct Inputs {
    own: SharedViews,
    allies: SharedViews,
    /// The highest DEP the rules of the turn's NBT allow (else 2002's).
    max_dep: u32,
    /// The turn of the turn shown, when its view tells it.
    turn: Option<u32>,
}

impl Inputs {
    fn knowledge(self) -> (Knowledge, Vec<Threat>) {
        let knowledge = merge_reports(self.own, self.allies).knowledge;
        let threats = crate::model::threat::threats(
            &knowledge,
            self.max_dep,
            &std::collections::BTreeMap::new(),
        );
        (knowledge, threats)
    }
}

impl NebutilApp {
    /// The knowledge of the turn shown: built again when the turn shown or the
    /// session changed — at once for a small turn, on a background thread for a
    /// big one ([`BACKGROUND_ITEMS`]), installed by the frame it is ready on.
    pub(super) fn refresh_knowledge(&mut self) {
        let key = (self.current, self.session.generation());
        if self.knowledge_key == Some(key) {
            self.knowledge_job = None;
            return;
        }
        if let Some(job) = &self.knowledge_job
            && job.key == key
        {
            match job.receiver.try_recv() {
                Ok(built) => self.install_built(key, built),
                Err(TryRecvError::Empty) => {}
                // The thread is gone without a word (it panicked): built here.
                Err(TryRecvError::Disconnected) => self.build_here(key),
            }
            return;
        }
        let inputs = self.inputs();
        let items: usize = inputs
            .own
            .iter()
            .chain(&inputs.allies)
            .map(|v| v.worlds.len() + v.fleets.len())
            .sum();
        if items >= BACKGROUND_ITEMS {
            let (sender, receiver) = mpsc::channel();
            let turn = inputs.turn;
            let spawned = std::thread::Builder::new()
                .name("knowledge".into())
                .spawn(move || {
                    let (knowledge, threats) = inputs.knowledge();
                    let current = turn.or(knowledge.latest_turn()).unwrap_or(0);
                    let layout = MapLayout::build(&knowledge, current);
                    // The app may have moved on (another turn): nobody listens.
                    let _ = sender.send(Built {
                        knowledge,
                        threats,
                        layout,
                    });
                });
            if spawned.is_ok() {
                self.knowledge_job = Some(KnowledgeJob { key, receiver });
                return;
            }
            // No thread to be had: built here.
        }
        self.build_here(key);
    }

    /// The knowledge, its threats built on this thread (the map lays itself
    /// out on its next frame).
    fn build_here(&mut self, key: (usize, u64)) {
        self.knowledge_job = None;
        let (knowledge, threats) = self.inputs().knowledge();
        self.install(key, knowledge, threats);
    }

    /// The knowledge of the turn shown, now: waits for a background build (an
    /// action that reads it — the preview — cannot use the previous turn's).
    pub(super) fn knowledge_now(&mut self) {
        self.refresh_knowledge();
        if let Some(job) = self.knowledge_job.take() {
            match job.receiver.recv() {
                Ok(built) => self.install_built(job.key, built),
                Err(_) => self.build_here(job.key),
            }
        }
    }

    /// A knowledge is being built in the background (the status bar says so).
    pub fn knowledge_pending(&self) -> bool {
        self.knowledge_job.is_some()
    }

    fn inputs(&self) -> Inputs {
        let (own, allies) = self.session.knowledge_views(self.current);
        let turn = self.session.turn(self.current);
        let max_dep = turn
            .and_then(|t| t.nbt.as_ref())
            .and_then(|n| n.file.ruleset.as_deref())
            .and_then(|name| crate::rules::Ruleset::builtin(name).ok())
            .unwrap_or_else(crate::rules::Ruleset::builtin_2002)
            .highest_dep();
        Inputs {
            own,
            allies,
            max_dep,
            turn: turn.and_then(|t| t.view.turn),
        }
    }

    fn install_built(&mut self, key: (usize, u64), built: Built) {
        self.knowledge_job = None;
        self.install(key, built.knowledge, built.threats);
        // The map takes the layout made beside it (not built again on the UI
        // thread by its next frame).
        self.map.install_layout(built.layout, key);
        self.release_memory_at = Some(std::time::Instant::now() + RELEASE_AFTER);
    }

    /// Gives the system back what a big turn's build and its first frames
    /// freed (the build's temporary lists, the previous knowledge, layout and
    /// lists): tens of MB for a 10 MB report, which glibc would otherwise keep
    /// ([`crate::system::release_free_memory`]).
    pub(super) fn release_memory_when_settled(&mut self, ctx: &egui::Context) {
        let Some(at) = self.release_memory_at else {
            return;
        };
        let now = std::time::Instant::now();
        if now >= at {
            self.release_memory_at = None;
            crate::system::release_free_memory();
        } else {
            ctx.request_repaint_after(at - now);
        }
    }

    fn install(&mut self, key: (usize, u64), knowledge: Knowledge, threats: Vec<Threat>) {
        self.knowledge = Arc::new(knowledge);
        self.knowledge_key = Some(key);
        self.threats = threats;
    }
}
