//! What the panels ask the application to do. Panels never change the state
//! themselves: they push commands, handled in one place (`app/commands.rs`).
//!
//! This module names what the commands speak of (the lists, the windows, the
//! arbiter's requests) and imports no panel: every panel imports it.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::path_prompt::DialogAnswer;
use super::session::FileRole;
use super::settings::ThemeChoice;
use crate::i18n::Lang;
use crate::model::{FleetId, WorldId};

/// Which list the panel shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ListTab {
    #[default]
    Worlds,
    Fleets,
}

/// What the arbiter's view asks the application to do.
#[derive(Clone, Debug, PartialEq)]
pub enum ArbiterCommand {
    /// Shows the system's folder dialog and opens the game picked (without a
    /// dialog: the typed-path window).
    OpenDialog,
    /// What the folder dialog answered (the typed-path window when there was none).
    DialogAnswered(DialogAnswer<PathBuf>),
    /// Opens a game folder or a save file.
    Open(PathBuf),
    /// Reads the save and the order files again.
    Reload,
    /// Shows player n's CR and NBT as the arbiter sends them.
    ViewAs(u32),
    /// Shows the galaxy as it is (every world, owner, fleet) in the main window.
    ViewGalaxy,
    /// Asks to undo the last turn (`nebutil game undo`).
    Undo,
    /// Undoes the last turn, once the arbiter said so.
    ConfirmUndo,
    /// Closes the question; nothing is undone.
    CancelUndo,
    /// Shows player n's orders file of the turn, read-only, with the
    /// validator's diagnostics against his CR (`None`: hides it).
    ShowOrders(Option<u32>),
    /// Shows the arbiter's log of a past turn (`None`: hides it).
    ShowLog(Option<u32>),
    /// Asks to resolve the turn: shows what would be resolved first.
    Resolve,
    /// Resolves the turn shown in the summary (same files as `nebutil game turn`).
    ConfirmResolve,
    /// Closes the summary; nothing is resolved.
    CancelResolve,
    /// Writes the resolved turn over the files that exist.
    ConfirmOverwrite,
    /// Drops the resolved turn waiting for confirmation.
    CancelOverwrite,
}

/// What the inspector shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Selection {
    World(WorldId),
    Fleet(FleetId),
}

/// A floating window of the application (see `windows.rs`, the registry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WindowId {
    /// The keyboard shortcuts (F1).
    Shortcuts,
    /// About Nébutil NG.
    About,
    /// Typing a path to open (useful where no file dialog is available).
    OpenPath,
    /// The combat simulator.
    Simulator,
    /// The what-if preview of the order draft.
    Preview,
    /// The arbiter's view of a game folder.
    Arbiter,
    /// Score and statistics over the loaded turns, spy rankings.
    Plots,
    /// The rulings applied, searchable.
    Rulings,
    /// The order language: every form of the annex, searchable.
    OrderLanguage,
    /// The player's mail: every request to the game's server, sent, answered.
    Courrier,
}

/// One request of the user interface.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Shows the system's file dialog and opens what is picked.
    OpenDialog,
    /// Shows or hides the map's "Menaces" layer (the threat next turn).
    ToggleThreats,
    /// Shows the map and its window "Exporter la carte" (SVG or PNG).
    ExportMap,
    /// Shows the threat next turn's table in the central panel.
    ShowThreats,
    /// Shows the system's file dialog and adds the CRs picked as allies' reports.
    AddAllyDialog,
    /// Adds these CRs as allies' reports (of the game loaded, other players').
    AddAllyFiles(Vec<PathBuf>),
    /// Forgets the ally's report at this index of the session's allies.
    CloseAlly(usize),
    /// Opens the order language's reference on the forms this line (an order
    /// being written) may become.
    ShowOrderForms(String),
    /// Opens files (CR text files, `.NBT` files by extension).
    OpenFiles(Vec<PathBuf>),
    /// Reopens a recent file: it replaces the loaded turns, and the `.NBT` of the
    /// same name and the player's other turns of its folder (same game and
    /// player, with their NBTs) come along.
    OpenRecent(PathBuf),
    /// States the turn and player of the CR of the loaded turn at `index`, where
    /// the CR does not tell them (no header line).
    StateHeader {
        index: usize,
        stated: crate::report::infer::Stated,
    },
    /// Opens the demo game (added to what is loaded).
    OpenDemo,
    /// Forgets the loaded turn at this index.
    CloseTurn(usize),
    /// Empties the recent files list.
    ClearRecent,
    /// Closes the application.
    Quit,
    SetLang(Lang),
    SetTheme(ThemeChoice),
    /// Makes the loaded turn at this index the current one.
    SelectTurn(usize),
    /// Shows the predicted next turn (`true`) or the real one again.
    ShowPrediction(bool),
    /// Shows the previous (−1) or next (+1) loaded turn.
    StepTurn(i32),
    /// Shows a world or a fleet in the inspector (`None`: nothing).
    Select(Option<Selection>),
    /// Shows a line of a file of the current turn (from a diagnostic): selects the
    /// world or fleet read from that line, if any, and scrolls the text to it.
    JumpTo {
        role: FileRole,
        line: u32,
    },
    /// A line clicked in a file's text: selects what was read from it, highlights
    /// it, without scrolling.
    PickLine {
        role: FileRole,
        line: u32,
    },
    /// Shows the text of a file of the current turn.
    ShowSource(FileRole),
    /// Shows the inspector (back from the text).
    ShowInspector,
    /// Shows the turn summary.
    ShowSummary,
    /// Shows the CR text, or the inspector when the text is shown.
    ToggleText,
    /// Shows the worlds or the fleets list.
    ShowList(ListTab),
    /// Shows a window (and puts it in front).
    OpenWindow(WindowId),
    /// Shows or hides a window (in front when shown).
    Toggle(WindowId),
    /// Puts the keyboard focus on the list filter.
    FocusFilter,
    /// Removes the message at this index from the notices.
    DismissNotice(usize),
    /// Dismisses every notice.
    DismissNotices,
    /// Appends one order line to the order draft (and shows the editor); the
    /// line is validated with the rest of the draft. Sent by the map's and the
    /// inspector's menus (`F_57 MM 48 304`, `M_48 C 10 VC`…).
    AppendOrder(String),
    /// Keeps a route planned over several turns (its first leg is appended to
    /// the draft by an [`Command::AppendOrder`] of its own).
    SavePlan(crate::orders::propose::RoutePlan),
    /// Forgets a fleet's planned route.
    RemovePlan(crate::model::FleetId),
    /// Starts planning a route for a fleet on the map, through these waypoints
    /// (empty: the player clicks them).
    PlanRoute {
        fleet: crate::model::FleetId,
        waypoints: Vec<crate::model::WorldId>,
    },
    /// Shows or hides the order editor (F2).
    ToggleEditor,
    /// Shows the map in the central panel (the inspector beside it), or hides it
    /// (the inspector takes the central panel).
    ToggleMap,
    /// Runs the what-if preview of the order draft (F5, the editor's
    /// "Prévisualiser").
    Preview,
    /// A request of the arbiter's view (open a game, view as a player, resolve).
    Arbiter(ArbiterCommand),
    /// The answer to "view as player n" when it would close turns or leave
    /// unsaved orders: true = replace the loaded turns, false = keep them.
    ConfirmViewAs(bool),
    /// The answer to "replace the loaded turns with the files of another game
    /// or player just opened?": yes (they are closed), or no (the files just
    /// opened are).
    ConfirmReplace(bool),
    /// Shows the "first steps" band again (Aide ▸ Premiers pas).
    ShowFirstSteps,
    /// Selects a line of the order draft (a drawn order clicked on the map).
    SelectOrderLine(u32),
    /// Brings the map back to the player's worlds and what he knows (the first
    /// view; the map's "Ajuster").
    FitMap,
}
