//! The frame layout: the menus and bars on top, the status and diagnostics
//! below, the lists, editor, inspector and map between, then the windows.
//! Each panel is handed a [`UiContext`] and sends its commands through it.

use egui::{Align2, Color32, Id, LayerId, Order};

use super::NebutilApp;
use crate::gui::arbiter::desk_ui;
use crate::gui::command::Command;
use crate::gui::context::UiContext;
use crate::gui::diagnostics::diagnostics_ui;
use crate::gui::editor::quick::OrderInput;
use crate::gui::editor::{EditorContext, editor_ui};
use crate::gui::first_steps::{DemoFacts, first_steps_ui};
use crate::gui::header::header_bar_ui;
use crate::gui::inspector::central_ui;
use crate::gui::map::{MapInput, map_ui};
use crate::gui::menu::{MenuState, menu_bar_ui, notices_ui, turn_bar_ui};
use crate::gui::status::status_ui;
use crate::gui::tables::lists_ui;
use crate::gui::ui_command::UiCommand;
use crate::i18n::{tr, tr_args};

/// The window title without a turn.
pub const WINDOW_TITLE: &str = "Nébutil NG";

/// Below this window width (points), the inspector is stacked under the lists
/// instead of taking a fourth column beside the map.
const STACKED_BELOW_WIDTH: f32 = 1360.0;

/// The central panel (the map, or the inspector) keeps at least this width.
const CENTRAL_MIN_WIDTH: f32 = 320.0;

/// No side panel is made narrower than this to leave room for the others.
const SIDE_MIN_WIDTH: f32 = 200.0;

/// The widest a side panel may be when `panels` side panels share a window
/// `width` wide (layout points, not game arithmetic).
fn side_panel_max(width: f32, panels: usize) -> f32 {
    let panels = panels.max(1) as f32;
    ((width - CENTRAL_MIN_WIDTH) / panels).max(SIDE_MIN_WIDTH)
}

/// A [`UiContext`] on the application's state, sending into `$commands`
/// (a macro: the panels borrow other fields of the application beside it).
macro_rules! ui_context {
    ($app:expr, $commands:expr) => {{
        // The predicted turn, when shown, in place of the real one.
        let shown = $app.prediction.as_ref().filter(|_| $app.showing_prediction);
        let mut cx = UiContext::new(
            $app.settings.lang,
            &$app.session,
            $app.current,
            shown.map_or(&*$app.knowledge, |p| &p.knowledge),
            $app.selection,
            $commands,
        );
        cx.predicted = $app.prediction.as_ref().map(|p| &p.turn);
        cx.showing_prediction = shown.is_some();
        cx.uncertain = shown.map(|p| &p.uncertain);
        cx.reading = $app.knowledge_pending();
        cx
    }};
}

impl NebutilApp {
    /// Draws the frame; the panels' commands go to `commands`.
    pub(super) fn frame_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        self.top_panels_ui(ui, commands);
        let mut cx = ui_context!(self, commands);
        let lang = cx.lang;
        egui::Panel::bottom("status").show(ui, |ui| {
            status_ui(ui, cx.view(), cx.session.turns().len(), cx.reading, lang);
        });
        if cx.turn().is_none() {
            egui::CentralPanel::default().show(ui, |ui| Self::welcome_ui(ui, &mut cx));
        } else {
            self.turn_panels_ui(ui, commands);
        }
        // The windows read the draft (the mail's orders) and the plans
        // (borrowed: the draft may be megabytes, copied on no frame).
        let draft_errors = self
            .editor
            .diagnostics()
            .iter()
            .filter(|d| d.severity == crate::diagnostic::Severity::Error)
            .count();
        let mut cx = ui_context!(self, commands);
        cx.draft = &self.editor.text;
        cx.draft_errors = draft_errors;
        cx.plans = self.editor.plans();
        // On the galaxy or a player's reports of the game, the arbiter's view
        // is docked in the main window (a player's view is not covered).
        self.windows.arbiter.docked = self.desk.is_some() || self.shows_game_files();
        self.windows.show(&ctx, &mut cx);
        self.view_as_confirm_ui(&ctx, &mut cx);
        self.replace_confirm_ui(&ctx, &mut cx);
        self.drop_veil_ui(&ctx);
    }

    /// The menu bar, the turn bar, the header to state, the first steps, the
    /// notices.
    fn top_panels_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let menu = MenuState {
            theme: self.settings.theme,
            recent: &self.settings.recent,
            map_shown: self.map.shown,
            threats_shown: self.map.threats_shown,
            editor_shown: self.editor.open,
            windows_shown: self.windows.shown(),
        };
        let mut cx = ui_context!(self, commands);
        let menu_bar = egui::Panel::top("menu")
            .show(ui, |ui| {
                menu_bar_ui(ui, &mut cx, &menu);
                if !cx.session.is_empty() {
                    turn_bar_ui(ui, &mut cx);
                }
                header_bar_ui(ui, &mut cx, &mut self.header_edit);
            })
            .response
            .rect;
        // The windows stay below the menus and the turn bar.
        let mut area = ui.ctx().content_rect();
        area.min.y = area.min.y.max(menu_bar.bottom());
        crate::gui::windows::set_window_area(ui.ctx(), area);
        let lang = cx.lang;
        if !self.settings.first_steps_closed
            && let Some(facts) = cx
                .turn()
                .and_then(|t| DemoFacts::of(t, cx.session.turns().len(), lang))
        {
            let mut shown = true;
            egui::Panel::top("first-steps").show(ui, |ui| {
                first_steps_ui(ui, &mut cx, &facts, self.editor.open, &mut shown);
            });
            self.settings.first_steps_closed = !shown;
        }
        // Each notice goes by itself after its time; not while the pointer is
        // on them (the player is reading).
        let now = ui.ctx().input(|i| i.time);
        for notice in &mut self.notices {
            let shown_at = notice.shown_at.get_or_insert(now);
            if self.notices_hovered {
                *shown_at = now;
            }
        }
        self.notices
            .retain(|n| n.shown_at.is_none_or(|at| now - at < n.lifetime()));
        // Woken when the first one is due to go, even if nothing else happens.
        if let Some(next) = self
            .notices
            .iter()
            .filter_map(|n| n.shown_at.map(|at| at + n.lifetime() - now))
            .reduce(f64::min)
        {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f64(next.max(0.05)));
        }
        if self.notices.is_empty() {
            self.notices_hovered = false;
        } else {
            // Over the window's bottom-right corner, above the status bar: a
            // notice that comes or goes moves nothing under the pointer.
            let width = (ui.ctx().content_rect().width() * 0.6).clamp(240.0, 640.0);
            let area = egui::Area::new(egui::Id::unique("notices"))
                .order(egui::Order::Foreground)
                .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -36.0))
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.set_max_width(width);
                        notices_ui(ui, &mut cx, &self.notices, &mut self.notices_expanded);
                    });
                });
            self.notices_hovered = area.response.contains_pointer();
        }
    }

    /// Whether the inspector goes under the lists, and the widest a side
    /// panel may be, for a window `width` wide. The side panels (lists,
    /// editor, inspector beside the map) share what the central panel leaves:
    /// none covers another on a small window. On a small window the inspector
    /// goes under the lists (one column) rather than in a fourth column beside
    /// the map.
    fn side_layout(&self, width: f32) -> (bool, f32) {
        let stack_left = self.map.shown && width < STACKED_BELOW_WIDTH;
        let side_panels =
            1 + usize::from(self.editor.open) + usize::from(self.map.shown && !stack_left);
        (stack_left, side_panel_max(width, side_panels))
    }

    /// The panels of a loaded turn: diagnostics, editor, lists, inspector, map.
    fn turn_panels_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        let draft_line = self
            .editor
            .open
            .then(|| self.editor.cursor_line(&ctx))
            .flatten();
        let (stack_left, side_max) = self.side_layout(ctx.content_rect().width());
        // The editor is drawn with the context alive: the panels after it
        // borrow its draft and plans once it is drawn (never copied).
        let mut cx = ui_context!(self, commands);
        if self.desk.is_some() {
            cx.knowers = Some(&self.desk_knowers);
        }
        if !cx.showing_prediction {
            cx.threats = &self.threats;
        }
        let desk = self.windows.arbiter.docked;
        let arbiter = &mut self.windows.arbiter;
        let Some(turn) = cx.turn() else {
            return;
        };
        let lang = cx.lang;
        egui::Panel::bottom("diagnostics")
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                diagnostics_ui(ui, &mut cx, &mut self.diagnostics, self.central.highlight);
            });
        let ruleset = turn.nbt.as_ref().and_then(|n| n.file.ruleset.as_deref());
        let revision = self.knowledge_key.unwrap_or_default();
        if self.editor.open {
            let context = EditorContext {
                knowledge: &self.knowledge,
                view: Some(&turn.view),
                ruleset,
                revision,
                source: turn.cr.path(),
                lang,
            };
            egui::Panel::right("editor")
                .resizable(true)
                .default_size(420.0)
                .max_size(side_max)
                .show(ui, |ui| editor_ui(ui, &mut self.editor, &context));
        }
        if self.editor.take_preview_request() {
            cx.send(Command::Preview);
        }
        if self.editor.take_courrier_request() {
            self.windows.courrier.request = crate::gui::courrier::Request::Orders;
            if !self.windows.courrier.open {
                cx.send(Command::Toggle(crate::gui::command::WindowId::Courrier));
            }
        }
        if let Some(line) = self.editor.take_order_forms_request() {
            cx.send(Command::ShowOrderForms(line));
        }
        cx.draft = &self.editor.text;
        cx.plans = self.editor.plans();
        // After the editor's panel: the order menus read its text.
        self.proposals.set_rules(ruleset);
        self.proposals.share(&self.knowledge, &ctx);
        let orders = OrderInput {
            knowledge: &self.knowledge,
            revision,
            draft: &self.editor.text,
            cache: &self.proposals,
        };
        let central = &mut self.central;
        let mut central = |ui: &mut egui::Ui, cx: &mut UiContext<'_>| {
            central_ui(ui, cx, &orders, central);
        };
        // The arbiter's desk wants room for its players' table and log: a
        // panel of its own, wider (its width remembered apart).
        let width = ctx.content_rect().width();
        let (panel_id, default_width) = if desk {
            ("lists-desk", (width * 0.48).max(440.0))
        } else if stack_left {
            ("lists", 360.0)
        } else {
            ("lists", 460.0)
        };
        egui::Panel::left(panel_id)
            .resizable(true)
            .default_size(default_width.min(side_max))
            .max_size(side_max)
            .show(ui, |ui| {
                // The arbiter's desk: the players, the turn, above the lists.
                if desk {
                    // Room for the game's lines and every player's row (up to
                    // eight), never more than 70 % of the panel; drag for more.
                    let room = ui.available_height();
                    let players = arbiter.game().map_or(0, |g| g.players.len()).min(8) as f32;
                    let row = ui.spacing().interact_size.y + 4.0;
                    let wanted = (8.0 + players) * row;
                    egui::Panel::top("desk")
                        .resizable(true)
                        .default_size(room * 0.55)
                        .min_size(wanted.min(room * 0.7))
                        .show(ui, |ui| {
                            // Sideways too: a narrow panel cuts nothing.
                            egui::ScrollArea::both()
                                .id_salt("desk-scroll")
                                .show(ui, |ui| desk_ui(ui, arbiter, &mut cx));
                        });
                }
                if stack_left {
                    egui::Panel::top("lists-stacked")
                        .resizable(true)
                        .default_size(ui.available_height() * 0.4)
                        .show(ui, |ui| lists_ui(ui, &mut cx, &mut self.lists));
                    central(ui, &mut cx);
                } else {
                    lists_ui(ui, &mut cx, &mut self.lists);
                }
            });
        if !self.map.shown {
            egui::CentralPanel::default().show(ui, |ui| central(ui, &mut cx));
            return;
        }
        // The map is the heart of the app: the inspector goes beside it
        // (under the lists on a small window).
        if !stack_left {
            egui::Panel::right("inspector")
                .resizable(true)
                .default_size(340.0)
                .max_size(side_max)
                .show(ui, |ui| central(ui, &mut cx));
        }
        let current_turn = turn.view.turn.or(self.knowledge.latest_turn());
        // The predicted turn draws its own knowledge; no draft on it (the
        // orders are the real turn's) and no threat.
        let predicted = self.prediction.as_ref().filter(|_| self.showing_prediction);
        match predicted {
            Some(p) => self
                .map
                .refresh(&p.knowledge, current_turn.unwrap_or(0), p.revision()),
            None => self
                .map
                .refresh(&self.knowledge, current_turn.unwrap_or(0), revision),
        }
        let uncertain_worlds: Vec<crate::model::WorldId> = predicted
            .map(|p| {
                let mut worlds: Vec<crate::model::WorldId> = p
                    .uncertain
                    .keys()
                    .filter_map(|k| match k.item {
                        crate::resolve::partial::Item::World(w) => Some(w),
                        _ => None,
                    })
                    .collect();
                worlds.dedup();
                worlds
            })
            .unwrap_or_default();
        let input = MapInput {
            orders,
            draft: match predicted {
                Some(_) => &[],
                None => self.draft_marks.as_ref().map_or(&[], |(_, marks)| marks),
            },
            draft_line,
            threats: if predicted.is_some() {
                &[]
            } else {
                &self.threats
            },
            plans: self.editor.plans(),
            turn: current_turn.unwrap_or(0),
            uncertain: &uncertain_worlds,
        };
        egui::CentralPanel::default().show(ui, |ui| map_ui(ui, &mut cx, &input, &mut self.map));
    }

    /// The confirmation of "view as player n" (modal: the rest of the window
    /// waits). Escape or a click beside it cancels.
    /// "Replace the loaded turns?" when files of another game or player were
    /// opened while the editor holds orders saved in no draft.
    fn replace_confirm_ui(&self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        let Some(pending) = &self.replace_pending else {
            return;
        };
        let lang = self.lang();
        let newest = self
            .session
            .turns()
            .iter()
            .rev()
            .find(|t| pending.opened.contains(&t.cr.origin));
        let (file, seat) = newest
            .map(|t| (t.cr.name.clone(), super::seat_text(&t.view, lang)))
            .unwrap_or_default();
        let modal = egui::Modal::new(Id::unique("replace-confirm")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading(tr(lang, "gui-replace-confirm-title"));
            ui.label(tr_args(
                lang,
                "gui-replace-confirm-text",
                &[
                    ("file", &file),
                    ("seat", &seat),
                    ("count", &pending.closed_turns.to_string()),
                ],
            ));
            ui.label(tr(lang, "gui-replace-confirm-orders"));
            ui.add_space(6.0);
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui.button(tr(lang, "gui-replace-confirm-yes")).clicked() {
                    answer = Some(true);
                }
                if ui.button(tr(lang, "gui-replace-confirm-no")).clicked() {
                    answer = Some(false);
                }
            });
            answer
        });
        match modal.inner {
            Some(answer) => cx.send(Command::ConfirmReplace(answer)),
            None if modal.should_close() => cx.send(Command::ConfirmReplace(false)),
            None => {}
        }
    }

    fn view_as_confirm_ui(&self, ctx: &egui::Context, cx: &mut UiContext<'_>) {
        let Some(pending) = &self.view_as_pending else {
            return;
        };
        let lang = self.lang();
        let number = pending.number.to_string();
        let galaxy = pending.number == crate::gui::arbiter::GALAXY;
        let modal = egui::Modal::new(Id::unique("view-as-confirm")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading(if galaxy {
                tr(lang, "gui-desk-confirm-title")
            } else {
                tr_args(
                    lang,
                    "gui-arbiter-view-confirm-title",
                    &[("number", &number)],
                )
            });
            if pending.closed_turns > 0 {
                ui.label(tr_args(
                    lang,
                    if galaxy {
                        "gui-desk-confirm-turns"
                    } else {
                        "gui-arbiter-view-confirm-turns"
                    },
                    &[
                        ("count", &pending.closed_turns.to_string()),
                        ("number", &number),
                    ],
                ));
            }
            if pending.unsaved_orders {
                ui.label(tr_args(
                    lang,
                    if galaxy {
                        "gui-desk-confirm-orders"
                    } else {
                        "gui-arbiter-view-confirm-orders"
                    },
                    &[("number", &number)],
                ));
            }
            ui.add_space(6.0);
            let mut answer = None;
            ui.horizontal(|ui| {
                if ui
                    .button(tr(lang, "gui-arbiter-view-confirm-yes"))
                    .clicked()
                {
                    answer = Some(true);
                }
                if ui.button(tr(lang, "gui-cancel")).clicked() {
                    answer = Some(false);
                }
            });
            answer
        });
        match modal.inner {
            Some(answer) => cx.send(Command::ConfirmViewAs(answer)),
            None if modal.should_close() => cx.send(Command::ConfirmViewAs(false)),
            None => {}
        }
    }

    /// While files are dragged over the window: a veil saying they will open.
    fn drop_veil_ui(&self, ctx: &egui::Context) {
        let count = ctx.input(|i| i.raw.hovered_files.len());
        if count == 0 {
            return;
        }
        let painter = ctx.layer_painter(LayerId::new(Order::Foreground, Id::unique("drop-veil")));
        let rect = ctx.content_rect();
        painter.rect_filled(rect, 0.0, Color32::from_black_alpha(160));
        painter.text(
            rect.center(),
            Align2::CENTER_CENTER,
            tr_args(
                self.lang(),
                "gui-drop-files",
                &[("count", &count.to_string())],
            ),
            egui::TextStyle::Heading.resolve(&ctx.global_style()),
            Color32::WHITE,
        );
    }

    /// Keeps the window title on the current turn.
    pub(super) fn update_title(&mut self, ctx: &egui::Context) {
        let desk = self
            .desk
            .and_then(|_| self.windows.arbiter.game())
            .map(|game| {
                let save = &game.save;
                tr_args(
                    self.lang(),
                    "gui-desk-title",
                    &[
                        (
                            "game",
                            save.game_name
                                .as_deref()
                                .unwrap_or(&tr(self.lang(), "gui-arbiter-unnamed")),
                        ),
                        ("turn", &save.galaxy.turn.to_string()),
                        ("final", &save.galaxy.final_turn.to_string()),
                    ],
                )
            });
        let title = match self.current_turn() {
            _ if desk.is_some() => desk.unwrap_or_default(),
            Some(turn) => {
                let mut title = WINDOW_TITLE.to_string();
                if let Some(game) = &turn.view.game {
                    title.push_str(&format!(" — {game}"));
                }
                if let Some(number) = turn.view.turn {
                    title.push_str(&format!(
                        " — {}",
                        tr_args(
                            self.lang(),
                            "gui-status-turn",
                            &[("turn", &number.to_string())]
                        )
                    ));
                }
                title
            }
            None => WINDOW_TITLE.to_string(),
        };
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }

    /// The central panel when nothing is loaded.
    fn welcome_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>) {
        let lang = cx.lang;
        ui.vertical_centered(|ui| {
            ui.add_space(40.0);
            ui.heading(WINDOW_TITLE);
            ui.label(tr(lang, "gui-welcome"));
            ui.add_space(12.0);
            for command in [UiCommand::Open, UiCommand::OpenPath, UiCommand::OpenDemo] {
                if ui.button(command.label(lang)).clicked()
                    && let Some(command) = command.command(cx.current)
                {
                    cx.send(command);
                }
            }
        });
    }
}
