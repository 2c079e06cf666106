//! What the panels ask the application to do. Panels never change the state
//! themselves: they push commands, handled in one place (`NebutilApp::handle`).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::session::FileRole;
use super::settings::ThemeChoice;
use super::tables::ListTab;
use crate::i18n::Lang;
use crate::model::{FleetId, WorldId};

/// What the inspector shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Selection {
    World(WorldId),
    Fleet(FleetId),
}

/// A floating window of the application.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WindowKind {
    /// The keyboard shortcuts (F1).
    Shortcuts,
    /// About Nébutil NG.
    About,
    /// Typing a path to open (useful where no file dialog is available).
    OpenPath,
}

/// One request of the user interface.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Shows the system's file dialog and opens what is picked.
    OpenDialog,
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
    OpenWindow(WindowKind),
    /// Puts the keyboard focus on the list filter.
    FocusFilter,
    /// Removes the message at this index from the notices.
    DismissNotice(usize),
    /// Appends one order line to the order draft (and shows the editor); the
    /// line is validated with the rest of the draft. Sent by the map's and the
    /// inspector's menus (`F_57 MM 48 304`, `M_48 C 10 VC`…).
    AppendOrder(String),
    /// Shows or hides the order editor (F2).
    ToggleEditor,
    /// Shows the map in the central panel (the inspector beside it), or hides it
    /// (the inspector takes the central panel).
    ToggleMap,
    /// Shows or hides the combat simulator window.
    ToggleSimulator,
    /// Runs the what-if preview of the order draft (F5, the editor's
    /// "Prévisualiser").
    Preview,
    /// A request of the arbiter's view (open a game, view as a player, resolve).
    Arbiter(super::arbiter::ArbiterCommand),
    /// The answer to "view as player n" when it would close turns or leave
    /// unsaved orders: true = replace the loaded turns, false = keep them.
    ConfirmViewAs(bool),
    /// Shows or hides the arbiter's view.
    ToggleArbiter,
    /// Shows or hides the plots window (score, statistics, spy rankings).
    TogglePlots,
    /// Shows or hides the list of the rulings applied.
    ToggleRulings,
    /// Shows the "first steps" band again (Aide ▸ Premiers pas).
    ShowFirstSteps,
    /// Selects a line of the order draft (a drawn order clicked on the map).
    SelectOrderLine(u32),
    /// Brings the map back to the player's worlds and what he knows (the first
    /// view; the map's "Ajuster").
    FitMap,
}
