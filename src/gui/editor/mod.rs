//! The order editor: the player's orders for the turn shown, as text.
//!
//! (Work in progress: the panel, highlighting, completion, drafts and export
//! follow.)

/// The order editor's state.
#[derive(Clone, Debug, Default)]
pub struct EditorState {
    /// The orders, as typed.
    pub text: String,
    /// The panel is shown.
    pub open: bool,
}

impl EditorState {
    /// Appends one order line at the end of the text (on a line of its own).
    pub fn append_line(&mut self, line: &str) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push('\n');
        }
        self.text.push_str(line.trim_end_matches(['\n', '\r']));
        self.text.push('\n');
    }
}
