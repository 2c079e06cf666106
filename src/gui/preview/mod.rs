//! The what-if preview window: the turn resolved on what the player knows, with
//! his draft orders ([`crate::resolve::partial`]).
//!
//! "Prévisualiser" in the order editor, or F5, sends `Command::Preview`; the
//! application hands the knowledge of the turn shown, the draft's orders and the
//! ruleset to [`PreviewState::start`]. A background task (`gui::task`)
//! resolves the turn once — the
//! predicted CR and the orders the resolver would void — then again over N seeds
//! for the odds of random outcomes (growth fractions, black holes, conversions,
//! spies…), in chunks, with a progress bar. A newer request drops the older one.
//!
//! The window shows the changes of the player's own worlds, fleets, technologies
//! and score as "now -> predicted" (with the odds of each outcome where it is
//! random), the assumptions the partial galaxy was built with — the foreign
//! technology levels and the hidden fleets' contents are editable, "Recalculer"
//! runs again — and the predicted CR.

use std::sync::Arc;

use egui::RichText;

use super::command::WindowId;
use super::task::{Reporter, Task};
use crate::diagnostic::Diagnostic;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::{Class, Tech};
use crate::orders::Order;
use crate::resolve::partial::text::preview_rows;
pub use crate::resolve::partial::text::{odds_row, spread_text};
use crate::resolve::partial::{
    Assumed, Assumptions, HiddenSplit, ODDS_SEED, Odds, OddsControl, PREVIEW_SEED, Partial,
    PlayerAssumption, Preview, UnknownValues,
};
use crate::rules::Ruleset;

/// The default number of Monte-Carlo runs.
pub const DEFAULT_RUNS: u32 = 100;

/// What a run works on.
#[derive(Clone)]
struct Inputs {
    knowledge: Arc<Knowledge>,
    orders: Arc<Vec<Order>>,
    ruleset: Arc<Ruleset>,
}

enum Message {
    Preview(Box<Preview>),
    Progress(u32),
    Odds(Box<Odds>),
}

/// A run under way (dropped: cancelled).
struct Job {
    task: Task<Message>,
    runs: u32,
    done: u32,
}

/// The preview window's state.
pub struct PreviewState {
    pub open: bool,
    /// The assumptions of the next run (edited in the window).
    pub assumptions: Assumptions,
    /// Monte-Carlo runs.
    pub runs: u32,
    inputs: Option<Inputs>,
    job: Option<Job>,
    preview: Option<Preview>,
    odds: Option<Odds>,
    /// Counts the results received (a preview, the odds): what shows them
    /// elsewhere (the predicted turn) follows it.
    results: u64,
}

impl Default for PreviewState {
    fn default() -> Self {
        PreviewState {
            open: false,
            assumptions: Assumptions::default(),
            runs: DEFAULT_RUNS,
            inputs: None,
            job: None,
            preview: None,
            odds: None,
            results: 0,
        }
    }
}

impl std::fmt::Debug for PreviewState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreviewState")
            .field("open", &self.open)
            .field("runs", &self.runs)
            .field("running", &self.is_running())
            .finish_non_exhaustive()
    }
}

impl PreviewState {
    /// Starts a preview of `orders` on `knowledge` (drops a run under way).
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        knowledge: Knowledge,
        orders: Vec<Order>,
        ruleset: Ruleset,
    ) {
        self.inputs = Some(Inputs {
            knowledge: Arc::new(knowledge),
            orders: Arc::new(orders),
            ruleset: Arc::new(ruleset),
        });
        self.open = true;
        self.restart(ctx);
    }

    /// Runs again with the same orders and the current assumptions.
    pub fn restart(&mut self, ctx: &egui::Context) {
        let Some(inputs) = self.inputs.clone() else {
            return;
        };
        self.job = None;
        self.preview = None;
        self.odds = None;
        self.results += 1;
        let runs = self.runs.max(1);
        let assumptions = self.assumptions.clone();
        let spawned = Task::spawn("nebutil-preview", ctx, move |reporter| {
            let Inputs {
                knowledge,
                orders,
                ruleset,
            } = inputs;
            let partial = Partial::new(&knowledge, &assumptions, &ruleset);
            let one = partial.preview(&orders, &ruleset, PREVIEW_SEED);
            if !reporter.send(Message::Preview(Box::new(one))) {
                return;
            }
            // The runs on every core; the task's cancel flag stops them.
            struct Control<'a>(&'a Reporter<Message>);
            impl OddsControl for Control<'_> {
                fn progress(&self, done: u32) {
                    self.0.send(Message::Progress(done));
                }
                fn cancelled(&self) -> bool {
                    self.0.is_cancelled()
                }
            }
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            if let Some(total) = partial.odds_parallel(
                &orders,
                &ruleset,
                ODDS_SEED,
                runs,
                threads,
                &Control(&reporter),
            ) {
                reporter.send(Message::Odds(Box::new(total)));
            }
        });
        if let Ok(task) = spawned {
            self.job = Some(Job {
                task,
                runs,
                done: 0,
            });
        }
    }

    /// Takes what the background task sent (once per frame).
    pub fn poll(&mut self) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        let polled = job.task.poll();
        let mut finished = polled.ended;
        for message in polled.messages {
            match message {
                Message::Preview(p) => {
                    self.preview = Some(*p);
                    self.results += 1;
                }
                Message::Progress(n) => job.done = n,
                Message::Odds(o) => {
                    self.odds = Some(*o);
                    self.results += 1;
                    finished = true;
                }
            }
        }
        if finished {
            self.job = None;
        }
    }

    /// How many results arrived so far (changes with each new one).
    pub fn results(&self) -> u64 {
        self.results
    }

    /// A run is under way.
    pub fn is_running(&self) -> bool {
        self.job.is_some()
    }

    /// (runs done, runs asked) of the run under way.
    pub fn progress(&self) -> Option<(u32, u32)> {
        self.job.as_ref().map(|j| (j.done, j.runs))
    }

    /// The single-run preview (predicted CR, voided orders, changes).
    pub fn preview(&self) -> Option<&Preview> {
        self.preview.as_ref()
    }

    /// The odds, once every run is done.
    pub fn odds(&self) -> Option<&Odds> {
        self.odds.as_ref()
    }

    /// The rows of the diff table, as shown: one line per value that changes.
    pub fn rows(&self, lang: Lang) -> Vec<String> {
        preview_rows(self.preview.as_ref(), self.odds.as_ref(), lang)
    }
}

/// Gives a widget without a visible label its accessible name.
fn named(response: &egui::Response, role: egui::Role, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(role, true, name));
}

/// The preview window (shown while `state.open`); "Recalculer" runs again.
pub fn preview_window(ctx: &egui::Context, state: &mut PreviewState, lang: Lang) {
    if !state.open {
        return;
    }
    let mut open = state.open;
    let mut again = false;
    crate::gui::windows::app_window(ctx, WindowId::Preview.title(lang))
        .id(WindowId::Preview.egui_id())
        .open(&mut open)
        .default_size([640.0, 720.0])
        .vscroll(true)
        .show(ctx, |ui| again = preview_ui(ui, state, lang));
    state.open = open;
    if !open {
        state.job = None;
    }
    if again {
        state.restart(ctx);
    }
}

/// The window's content; true when "Recalculer" was clicked.
fn preview_ui(ui: &mut egui::Ui, state: &mut PreviewState, lang: Lang) -> bool {
    let mut again = false;
    ui.label(RichText::new(tr(lang, "gui-preview-intro")).weak());
    match state.progress() {
        Some((done, runs)) => {
            let fraction = done as f32 / runs.max(1) as f32;
            let text = tr_args(
                lang,
                "gui-preview-progress",
                &[("done", &done.to_string()), ("runs", &runs.to_string())],
            );
            ui.add(egui::ProgressBar::new(fraction).text(text.clone()))
                .widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::ProgressIndicator, true, &text)
                });
        }
        None if state.odds.is_some() => {
            ui.label(tr_args(
                lang,
                "gui-preview-done",
                &[(
                    "runs",
                    &state.odds.as_ref().map_or(0, |o| o.runs).to_string(),
                )],
            ));
        }
        None => {}
    }

    if let Some(p) = &state.preview {
        if !p.voided.is_empty() {
            ui.separator();
            ui.strong(tr(lang, "gui-preview-voided"));
            for d in by_line(&p.voided) {
                ui.label(voided_text(d, lang));
            }
        }
        ui.separator();
        ui.strong(tr_args(
            lang,
            "gui-preview-changes",
            &[("turn", &p.next.turn.unwrap_or(0).to_string())],
        ));
        let rows = state.rows(lang);
        if rows.is_empty() {
            ui.label(tr(lang, "gui-preview-no-change"));
        }
        egui::Grid::new("preview-changes")
            .striped(true)
            .num_columns(1)
            .show(ui, |ui| {
                for text in rows {
                    ui.label(text);
                    ui.end_row();
                }
            });
    }

    ui.separator();
    egui::CollapsingHeader::new(tr(lang, "gui-preview-assumptions"))
        .default_open(false)
        .show(ui, |ui| again |= assumptions_ui(ui, state, lang));
    if let Some(p) = &state.preview {
        egui::CollapsingHeader::new(tr(lang, "gui-preview-cr"))
            .default_open(false)
            .show(ui, |ui| {
                let text = crate::report::write::print(&p.next);
                ui.label(RichText::new(text).monospace());
            });
    }
    again
}

/// The voided orders in the order of the draft's lines (the resolver voids
/// them in the order of the turn's steps).
fn by_line(voided: &[Diagnostic]) -> Vec<&Diagnostic> {
    let mut sorted: Vec<&Diagnostic> = voided.iter().collect();
    sorted.sort_by_key(|d| (d.span.line, d.span.column));
    sorted
}

fn voided_text(d: &Diagnostic, lang: Lang) -> String {
    format!("{}:{}  {}", d.span.line, d.span.column, d.message(lang))
}

/// The assumptions form; true when "Recalculer" was clicked.
fn assumptions_ui(ui: &mut egui::Ui, state: &mut PreviewState, lang: Lang) -> bool {
    let a = &mut state.assumptions;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-preview-hidden-split"));
        ui.radio_value(
            &mut a.hidden_split,
            HiddenSplit::AllVc,
            tr(lang, "gui-preview-split-vc"),
        );
        ui.radio_value(
            &mut a.hidden_split,
            HiddenSplit::AllVt,
            tr(lang, "gui-preview-split-vt"),
        );
    });
    ui.horizontal_wrapped(|ui| {
        let name = tr(lang, "gui-preview-hidden-cargo");
        ui.label(&name);
        let response = ui.add(egui::DragValue::new(&mut a.hidden_cargo_mp).range(0..=100_000));
        named(&response, egui::Role::SpinButton, &name);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-preview-unknown-values"));
        ui.radio_value(
            &mut a.unknown_values,
            UnknownValues::LastSeen,
            tr(lang, "gui-preview-last-seen"),
        );
        ui.radio_value(
            &mut a.unknown_values,
            UnknownValues::Zero,
            tr(lang, "gui-preview-zero"),
        );
    });
    ui.checkbox(&mut a.symmetric_links, tr(lang, "gui-preview-symmetric"));
    ui.horizontal_wrapped(|ui| {
        let name = tr(lang, "gui-preview-runs");
        ui.label(&name);
        let response = ui.add(egui::DragValue::new(&mut state.runs).range(1..=10_000));
        named(&response, egui::Role::SpinButton, &name);
    });

    // Foreign technology levels, per player met.
    let foreign: Vec<(String, [u32; 6])> = state
        .preview
        .as_ref()
        .map(|p| {
            p.assumed
                .iter()
                .filter_map(|a| match a {
                    Assumed::ForeignTech { player, levels, .. } => Some((player.clone(), *levels)),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    if !foreign.is_empty() {
        ui.strong(tr(lang, "gui-preview-foreign-tech"));
        let a = &mut state.assumptions;
        egui::Grid::new("preview-foreign-tech")
            .striped(true)
            .show(ui, |ui| {
                ui.label("");
                for tech in Tech::ALL {
                    ui.label(tech.keyword());
                }
                ui.label(tr(lang, "gui-preview-class"));
                ui.end_row();
                for (player, levels) in foreign {
                    ui.label(&player);
                    let entry = a.players.entry(player.clone()).or_default();
                    let mut tech = entry.tech.unwrap_or(levels);
                    for t in Tech::ALL {
                        let response =
                            ui.add(egui::DragValue::new(&mut tech[t.index()]).range(0..=20));
                        named(
                            &response,
                            egui::Role::SpinButton,
                            &format!("{player} {}", t.keyword()),
                        );
                    }
                    if tech != levels || entry.tech.is_some() {
                        entry.tech = Some(tech);
                    }
                    class_combo(ui, entry, &player, lang);
                    ui.end_row();
                }
            });
        a.players.retain(|_, p| *p != PlayerAssumption::default());
    }
    let again = ui.button(tr(lang, "gui-preview-again")).clicked();
    if let Some(p) = &state.preview {
        ui.separator();
        for a in &p.assumed {
            let args = a.args();
            let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
            ui.label(RichText::new(tr_args(lang, a.message_id(), &args)).weak());
        }
    }
    again
}

fn class_combo(ui: &mut egui::Ui, entry: &mut PlayerAssumption, player: &str, lang: Lang) {
    let name = |c: Option<Class>| match (c, lang) {
        (None, _) => tr(lang, "gui-preview-class-unknown"),
        (Some(c), Lang::Fr) => c.french_name().to_string(),
        (Some(c), _) => c.english_name().to_string(),
    };
    let response = egui::ComboBox::from_id_salt(("preview-class", player))
        .selected_text(name(entry.class))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut entry.class, None, name(None));
            for c in Class::ALL {
                ui.selectable_value(&mut entry.class, Some(c), name(Some(c)));
            }
        })
        .response;
    named(
        &response,
        egui::Role::ComboBox,
        &format!("{player} {}", tr(lang, "gui-preview-class")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voided_orders_are_listed_by_line() {
        use crate::diagnostic::Span;
        let at = |line| Diagnostic::warning("resolve-void-move-empty", Span::new(line, 1, 4));
        let voided = [at(5), at(4), at(12)];
        let lines: Vec<u32> = by_line(&voided).iter().map(|d| d.span.line).collect();
        assert_eq!(lines, [4, 5, 12]);
    }
}
