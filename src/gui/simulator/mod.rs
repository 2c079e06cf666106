//! The combat simulator window: the setup editor (world, sides, fleets, fire
//! orders), a world taken from the loaded CR, the step-by-step result with the
//! book's formulas, a chart of ships per side by round, and "what it takes".
//! Setups are loaded and saved as RON files (the format of `nebutil combat`),
//! through the system's file dialog or, where there is none, a typed path
//! (`path_prompt`, as the main window's "open a path").
//!
//! Everything is computed by [`crate::combat::sim`]; this module only edits and
//! shows. The simulation is redone whenever the setup changes (it takes
//! microseconds); the search only on request.

use std::collections::BTreeMap;
use std::path::PathBuf;

use egui::RichText;

use super::command::WindowId;
use super::path_prompt::{DialogAnswer, PathPrompt, PromptTexts, path_prompt_window};
use crate::combat::sim::search::{self, Withstand};
use crate::combat::sim::{Setup, SideLevels, SimResult, Target, parse, simulate, text as sim_text};
use crate::diagnostic::{Diagnostic, Severity, has_errors};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::{Knowledge, Seen};
use crate::model::view::TurnView;

mod setup;

use self::setup::{setup_ui, toolbar_ui};

/// The window's id (its layer: `Order::Middle`).
pub const WINDOW_ID: &str = WindowId::Simulator.name();

/// The book's fight (VII.1.2), the setup shown first.
const BOOK_SETUP: &str = include_str!("../../../assets/combat/book_vii_1_2.ron");

/// "What it takes", as last asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchAnswer {
    pub fleet: u32,
    /// The fleet's fire order in the fight it was computed for.
    pub target: Option<Target>,
    pub rounds: u32,
    pub min_vc: Option<u32>,
    pub min_att: Option<u32>,
    pub withstand: Option<Withstand>,
}

/// What a setup file is opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupFile {
    Load,
    Save,
}

/// The window's state.
pub struct SimulatorState {
    pub open: bool,
    pub setup: Setup,
    /// The setup the shown result was computed for.
    computed: Option<Setup>,
    diagnostics: Vec<Diagnostic>,
    result: Option<SimResult>,
    text: String,
    /// The world to take from the CR, and the levels assumed for the other players.
    pub from_world: u32,
    pub assumed: (u32, u32, u32),
    /// Other players' ATT and DEF as the player's (and his allies') reports show
    /// them, by name ([`SimulatorState::know_levels`]).
    known_levels: BTreeMap<String, (Option<u32>, Option<u32>)>,
    /// Where the levels of the fight last taken from the CR come from.
    pub taken_levels: Vec<SideLevels>,
    pub search_fleet: Option<u32>,
    pub search: Option<SearchAnswer>,
    /// "What it takes" was asked: it is computed again for every fight shown.
    search_asked: bool,
    /// The last load / save problem, as a message id and its file.
    notice: Option<(String, String)>,
    /// The "type the path" window (no file dialog here, or asked for).
    path_prompt: PathPrompt,
    /// What the typed path is for (`None`: loading or saving, the user says).
    path_for: Option<SetupFile>,
    /// The file last loaded or saved (the typed path starts from it).
    last_path: Option<PathBuf>,
    /// The language of the text shown.
    lang: Option<Lang>,
}

impl Default for SimulatorState {
    fn default() -> Self {
        let setup = parse(BOOK_SETUP).0.unwrap_or_default();
        SimulatorState {
            open: false,
            from_world: setup.world.id.unwrap_or(1),
            setup,
            computed: None,
            diagnostics: Vec::new(),
            result: None,
            text: String::new(),
            assumed: (1, 1, 1),
            known_levels: BTreeMap::new(),
            taken_levels: Vec::new(),
            search_fleet: Some(128),
            search: None,
            search_asked: false,
            notice: None,
            path_prompt: PathPrompt::default(),
            path_for: None,
            last_path: None,
            lang: None,
        }
    }
}

impl SimulatorState {
    /// The result shown (after [`SimulatorState::refresh`]).
    pub fn result(&self) -> Option<&SimResult> {
        self.result.as_ref()
    }

    /// The step-by-step text shown.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What the setup's check says.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Recomputes the result when the setup changed.
    pub fn refresh(&mut self, lang: Lang) {
        if self.computed.as_ref() == Some(&self.setup) && self.lang == Some(lang) {
            return;
        }
        self.lang = Some(lang);
        self.diagnostics = self.setup.check(None);
        let rules = self.setup.ruleset();
        match rules {
            Some(rules) if !has_errors(&self.diagnostics) => {
                let result = simulate(&self.setup, &rules);
                self.text = sim_text::render(&self.setup, &result, lang);
                self.result = Some(result);
            }
            _ => {
                self.result = None;
                self.text = tr(lang, "gui-sim-not-run");
            }
        }
        self.computed = Some(self.setup.clone());
        self.follow_search();
    }

    /// The fleets with a fire order in the fight shown (the ones "what it takes"
    /// can be asked for).
    pub fn shooters(&self) -> Vec<u32> {
        self.setup
            .sides
            .iter()
            .flat_map(|s| s.fleets.iter().filter(|f| f.fire.is_some()).map(|f| f.id))
            .collect()
    }

    /// "What it takes" follows the fight shown: its fleet is one that fires in
    /// it (the first, when the one chosen does not), and an answer asked for is
    /// computed again for this fight.
    fn follow_search(&mut self) {
        let shooters = self.shooters();
        if !self.search_fleet.is_some_and(|id| shooters.contains(&id)) {
            self.search_fleet = shooters.first().copied();
        }
        if self.search_asked {
            self.run_search();
        }
    }

    /// Forces the text to be redone (the language changed).
    pub fn invalidate(&mut self) {
        self.computed = None;
    }

    /// Keeps the other players' ATT and DEF levels `knowledge` holds, for the
    /// fights taken from the CR (the view's own `Niveaux connus` serve when
    /// the knowledge has none).
    pub fn know_levels(&mut self, knowledge: &Knowledge) {
        let levels = knowledge.players_levels().map(|(name, l)| {
            let value = |s: &Option<Seen<u32>>| s.as_ref().map(|s| s.value);
            (name.to_string(), (value(&l.attack), value(&l.defense)))
        });
        self.known_levels = levels.collect();
    }

    /// Replaces the setup by world `world` of `view` (its fleets and defences);
    /// the other players' ATT and DEF are those the reports show, else assumed.
    pub fn take_from_view(&mut self, view: &TurnView, world: u32) {
        let known = &self.known_levels;
        let levels_of = |name: &str| {
            known.get(name).copied().unwrap_or_else(|| {
                view.levels_of(name)
                    .map_or((None, None), |l| (l.attack, l.defense))
            })
        };
        let (mut setup, taken) = Setup::from_view(view, world, self.assumed, &levels_of);
        self.taken_levels = taken;
        setup.rounds = self.setup.rounds;
        setup.rules.clone_from(&self.setup.rules);
        self.setup = setup;
    }

    /// Runs "what it takes" for the chosen fleet, and keeps it up to date with
    /// the fight shown from then on.
    pub fn run_search(&mut self) {
        self.search_asked = true;
        let target = self.search_fleet.and_then(|id| {
            let (s, f) = self.setup.fleet_position(id)?;
            self.setup.sides.get(s)?.fleets.get(f)?.fire
        });
        let (Some(fleet), Some(_), Some(rules)) = (self.search_fleet, target, self.setup.ruleset())
        else {
            self.search = None;
            return;
        };
        if has_errors(&self.diagnostics) {
            self.search = None;
            return;
        }
        let rounds = self.setup.rounds.max(1);
        let max = 100_000;
        self.search = Some(SearchAnswer {
            fleet,
            target,
            rounds,
            min_vc: search::min_vc(&self.setup, &rules, fleet, rounds, max).map(|f| f.value),
            min_att: search::min_att(&self.setup, &rules, fleet, rounds).map(|f| f.value),
            withstand: search::max_withstood(&self.setup, &rules, fleet, rounds, max),
        });
    }

    /// The "type the path" window is shown, for loading, saving or (`None`)
    /// either.
    pub fn path_prompt(&self) -> Option<Option<SetupFile>> {
        self.path_prompt.open.then_some(self.path_for)
    }

    /// The last load / save message: its id and file.
    pub fn notice(&self) -> Option<(&str, &str)> {
        self.notice
            .as_ref()
            .map(|(id, file)| (id.as_str(), file.as_str()))
    }

    /// Shows the "type the path" window for `what` (`None`: either).
    pub fn ask_path(&mut self, what: Option<SetupFile>) {
        let start = self
            .last_path
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string());
        self.path_prompt.show(start);
        self.path_for = what;
    }

    /// What the system's file dialog answered for `what`: without a dialog, the
    /// path is asked for instead (with a note saying why).
    pub fn dialog_answered(&mut self, what: SetupFile, answer: DialogAnswer<PathBuf>) {
        match answer {
            DialogAnswer::Picked(path) => self.use_path(what, path),
            DialogAnswer::Unavailable => {
                self.ask_path(Some(what));
                self.notice = Some(("gui-sim-no-file-dialog".into(), String::new()));
            }
            DialogAnswer::Cancelled => {}
        }
    }

    /// Loads or saves the setup at `path`.
    pub fn use_path(&mut self, what: SetupFile, path: PathBuf) {
        match what {
            SetupFile::Load => self.load(path),
            SetupFile::Save => self.save(path),
        }
    }

    fn load(&mut self, path: PathBuf) {
        self.last_path = Some(path.clone());
        let name = path.display().to_string();
        // The one reading of a text file (its size limit, its decoding).
        match crate::storage::text_file::read_text(
            &path,
            crate::storage::text_file::TextKind::CombatSetup,
        ) {
            Ok((text, _)) => match parse(&text) {
                (Some(setup), _) => {
                    self.setup = setup;
                    self.notice = None;
                }
                (None, diagnostics) => {
                    let at = diagnostics
                        .first()
                        .map(|d| format!("{name}:{}:{}", d.span.line, d.span.column))
                        .unwrap_or(name);
                    self.notice = Some(("gui-sim-load-failed".into(), at));
                }
            },
            Err(_) => self.notice = Some(("gui-sim-load-failed".into(), name)),
        }
    }

    fn save(&mut self, path: PathBuf) {
        self.last_path = Some(path.clone());
        let name = path.display().to_string();
        self.notice = match std::fs::write(&path, self.setup.to_ron()) {
            Ok(()) => Some(("gui-sim-saved".into(), name)),
            Err(_) => Some(("gui-sim-save-failed".into(), name)),
        };
    }
}

/// The simulator as a floating window (when open).
pub fn simulator_window(
    ctx: &egui::Context,
    state: &mut SimulatorState,
    view: Option<&TurnView>,
    lang: Lang,
) {
    let mut open = state.open;
    crate::gui::windows::app_window(ctx, WindowId::Simulator.title(lang))
        .id(egui::Id::unique(WINDOW_ID))
        .open(&mut open)
        .default_size([1000.0, 700.0])
        .vscroll(false)
        .show(ctx, |ui| simulator_ui(ui, state, view, lang));
    state.open = open;
}

fn target_text(target: Option<Target>, lang: Lang) -> String {
    target.map_or_else(
        || tr(lang, "gui-sim-no-fire"),
        |t| format!("* {}", t.notation()),
    )
}

/// A fire order chooser: none, the world's layers, every fleet.
fn fire_combo(
    ui: &mut egui::Ui,
    id: &str,
    fire: &mut Option<Target>,
    choices: &[Target],
    name: &str,
    lang: Lang,
) {
    let response = egui::ComboBox::from_id_salt(id)
        .selected_text(target_text(*fire, lang))
        .width(90.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(fire, None, tr(lang, "gui-sim-no-fire"));
            for &target in choices {
                ui.selectable_value(fire, Some(target), format!("* {}", target.notation()));
            }
        })
        .response
        .on_hover_text(tr(lang, "gui-sim-hint-fire"));
    named(&response, egui::Role::ComboBox, name);
}

/// The worlds of the CR where a fight can happen: with fleets, or with VI / VP; and
/// how many fleets each holds (most first, then by number).
fn fight_worlds(view: Option<&TurnView>) -> Vec<(u32, usize)> {
    let Some(view) = view else {
        return Vec::new();
    };
    let mut worlds: std::collections::BTreeMap<u32, usize> = view
        .worlds
        .iter()
        .filter(|w| w.vi().unwrap_or(0) + w.vp().unwrap_or(0) > 0)
        .map(|w| (w.id, 0))
        .collect();
    for world in view.fleets.iter().filter_map(|f| f.world) {
        *worlds.entry(world).or_default() += 1;
    }
    let mut list: Vec<(u32, usize)> = worlds.into_iter().collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    list
}

/// Gives a widget without a visible label its accessible name.
fn named(response: &egui::Response, role: egui::Role, name: &str) {
    response.widget_info(|| egui::WidgetInfo::labeled(role, true, name));
}

/// A number with its notation before it (`M_505`, `F_128`, but `VC 18`) and what
/// it is on hover.
fn number<T: egui::emath::Numeric>(ui: &mut egui::Ui, value: &mut T, label: &str, hint: &str) {
    let prefix = if label.ends_with('_') {
        label.to_string()
    } else {
        format!("{label} ")
    };
    ui.add(egui::DragValue::new(value).prefix(prefix))
        .on_hover_text(hint);
}

/// The window's content.
pub fn simulator_ui(
    ui: &mut egui::Ui,
    state: &mut SimulatorState,
    view: Option<&TurnView>,
    lang: Lang,
) {
    state.refresh(lang);
    toolbar_ui(ui, state, view, lang);
    path_window(ui.ctx(), state, lang);
    ui.separator();
    let fleets: Vec<Target> = state
        .setup
        .sides
        .iter()
        .flat_map(|s| s.fleets.iter().map(|f| Target::Fleet(f.id)))
        .collect();
    ui.columns(2, |columns| {
        let [left, right] = columns else { return };
        egui::ScrollArea::vertical()
            .id_salt("sim-setup")
            .show(left, |ui| setup_ui(ui, state, &fleets, lang));
        result_ui(right, state, lang);
    });
}

/// The "type the path" window of the setup files.
fn path_window(ctx: &egui::Context, state: &mut SimulatorState, lang: Lang) {
    let texts = PromptTexts {
        title: tr(lang, "gui-sim-path-title"),
        help: None,
        label: tr(lang, "gui-sim-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let load = (SetupFile::Load, tr(lang, "gui-sim-path-load"));
    let save = (SetupFile::Save, tr(lang, "gui-sim-path-save"));
    let buttons = match state.path_for {
        Some(SetupFile::Load) => vec![load],
        Some(SetupFile::Save) => vec![save],
        None => vec![load, save],
    };
    if let Some((what, paths)) = path_prompt_window(
        ctx,
        "sim-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        state.use_path(what, path);
    }
}

fn result_ui(ui: &mut egui::Ui, state: &mut SimulatorState, lang: Lang) {
    for d in &state.diagnostics {
        let color = match d.severity {
            Severity::Error => ui.visuals().error_fg_color,
            Severity::Warning => ui.visuals().warn_fg_color,
            Severity::Info => ui.visuals().text_color(),
        };
        ui.colored_label(color, d.message(lang));
    }
    if let Some(result) = &state.result {
        ships_chart_ui(ui, result, lang);
    }
    search_ui(ui, state, lang);
    ui.separator();
    // Each line of the fight wrapped to the window's width: nothing is cut at
    // its edge, however narrow.
    egui::ScrollArea::vertical()
        .id_salt("sim-text")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            ui.add(
                egui::Label::new(RichText::new(&state.text).monospace())
                    .wrap_mode(egui::TextWrapMode::Wrap),
            );
        });
}

/// Ships per side by round, round 0 = before the fight.
fn ships_chart_ui(ui: &mut egui::Ui, result: &SimResult, lang: Lang) {
    let rows = result.ships_by_round();
    egui_plot::Plot::new("sim-ships")
        .height(170.0)
        .legend(egui_plot::Legend::default())
        .x_axis_label(tr(lang, "gui-sim-axis-round"))
        .y_axis_label(tr(lang, "gui-sim-axis-ships"))
        .allow_scroll(false)
        .show(ui, |plot| {
            for (side, name) in result.sides.iter().enumerate() {
                // Plot coordinates only: the counts themselves stay integers.
                let points: Vec<[f64; 2]> = rows
                    .iter()
                    .enumerate()
                    .map(|(round, ships)| {
                        let count = ships.get(side).copied().unwrap_or(0);
                        [round as f64, count as f64]
                    })
                    .collect();
                plot.line(egui_plot::Line::new(name.clone(), points));
            }
        });
}

fn search_ui(ui: &mut egui::Ui, state: &mut SimulatorState, lang: Lang) {
    let shooters = state.shooters();
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-sim-search"))
            .on_hover_text(tr(lang, "gui-sim-search-hint"));
        let selected = state
            .search_fleet
            .map_or_else(|| "—".to_string(), |id| format!("F_{id}"));
        let before = state.search_fleet;
        let fleet = egui::ComboBox::from_id_salt("sim-search-fleet")
            .selected_text(selected)
            .show_ui(ui, |ui| {
                for id in &shooters {
                    ui.selectable_value(&mut state.search_fleet, Some(*id), format!("F_{id}"));
                }
            })
            .response
            .on_hover_text(tr(lang, "gui-sim-search-fleet-hint"));
        named(&fleet, egui::Role::ComboBox, &tr(lang, "gui-sim-search"));
        let can = state.search_fleet.is_some_and(|id| shooters.contains(&id));
        let run = ui
            .add_enabled(can, egui::Button::new(tr(lang, "gui-sim-search-run")))
            .on_hover_text(tr(lang, "gui-sim-search-hint"))
            .on_disabled_hover_text(tr(lang, "gui-sim-search-none"))
            .clicked();
        // Another fleet chosen: the answer shown follows it.
        if run || (state.search_fleet != before && state.search.is_some()) {
            state.run_search();
        }
    });
    if let Some(answer) = &state.search {
        let none = tr(lang, "cli-combat-none");
        let value = |v: Option<u32>| v.map_or_else(|| none.clone(), |v| v.to_string());
        let target = answer.target.map_or_else(String::new, Target::notation);
        ui.label(tr_args(
            lang,
            "gui-sim-search-for",
            &[
                ("fleet", &format!("F_{}", answer.fleet)),
                ("target", &target),
                ("rounds", &answer.rounds.to_string()),
            ],
        ));
        // Wiped out even without a ship of this fleet (or nothing to lose): no
        // "at least 0 VC", and nothing to withstand.
        if answer.min_vc == Some(0) {
            ui.label(tr_args(
                lang,
                "gui-sim-search-nothing",
                &[
                    ("fleet", &format!("F_{}", answer.fleet)),
                    ("target", &target),
                ],
            ));
            return;
        }
        ui.label(tr_args(
            lang,
            "gui-sim-search-answer",
            &[
                ("fleet", &format!("F_{}", answer.fleet)),
                ("rounds", &answer.rounds.to_string()),
                ("vc", &value(answer.min_vc)),
                ("att", &value(answer.min_att)),
            ],
        ));
        match &answer.withstand {
            Some(w) => ui.label(tr_args(
                lang,
                "gui-sim-withstand",
                &[
                    ("target", &target),
                    ("vc", &w.vc.to_string()),
                    ("loss", &w.loss.to_string()),
                ],
            )),
            None => ui.label(tr_args(
                lang,
                "gui-sim-withstand-none",
                &[("target", &target)],
            )),
        };
    } else if state.search_asked && shooters.is_empty() {
        ui.weak(tr(lang, "gui-sim-search-none"));
    }
}
