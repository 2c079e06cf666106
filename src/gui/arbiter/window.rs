//! The arbiter's window: open a game, its header, resolve (with the summary
//! first, and the files that exist), the log, the players' table.

use std::path::PathBuf;

use egui::RichText;

use super::{ArbiterState, OpenGame, TurnLog, WINDOW_ID};
use crate::gui::command::{ArbiterCommand, Command, WindowId};
use crate::gui::context::UiContext;
use crate::gui::path_prompt::{PromptTexts, path_prompt_window};
use crate::i18n::{Lang, tr, tr_args};
use crate::model::{Class, PlayerId};
use crate::orders::print_orders;

fn class_name(class: Option<Class>, lang: Lang) -> &'static str {
    match (class, lang) {
        (None, _) => "-",
        (Some(class), Lang::Fr) => class.french_name(),
        (Some(class), Lang::En) => class.english_name(),
    }
}

/// Draws the arbiter's window.
pub fn arbiter_window(ctx: &egui::Context, state: &mut ArbiterState, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    state.watch(ctx, lang);
    if !state.docked {
        let mut open = state.open;
        crate::gui::windows::app_window(ctx, WindowId::Arbiter.title(lang))
            .id(egui::Id::unique(WINDOW_ID))
            .open(&mut open)
            .default_size([860.0, 640.0])
            .vscroll(true)
            .show(ctx, |ui| arbiter_ui(ui, state, cx));
        state.open = open;
    }
    path_window(ctx, state, cx);
    if state.confirm_resolve
        && let Some(game) = &state.game
    {
        resolve_confirm_ui(ctx, game, cx);
    }
    if state.confirm_undo
        && let Some(game) = &state.game
    {
        undo_confirm_ui(ctx, game, cx);
    }
    // A player's orders and a past turn's log: windows of their own, over
    // the galaxy, whatever room the docked table has.
    if let Some(shown) = &state.shown_orders {
        let mut open = true;
        crate::gui::windows::app_window(
            ctx,
            tr_args(
                lang,
                "gui-arbiter-orders-window",
                &[("player", &shown.player.to_string())],
            ),
        )
        .id(egui::Id::unique(super::ORDERS_WINDOW_ID))
        .open(&mut open)
        .default_size([560.0, 420.0])
        .vscroll(true)
        .show(ctx, |ui| shown_orders_ui(ui, shown, cx));
        if !open {
            send(cx, ArbiterCommand::ShowOrders(None));
        }
    }
    if let Some((turn, text)) = &state.shown_log {
        let mut open = true;
        crate::gui::windows::app_window(
            ctx,
            tr_args(
                lang,
                "gui-arbiter-log-window",
                &[("turn", &turn.to_string())],
            ),
        )
        .id(egui::Id::unique(super::LOG_WINDOW_ID))
        .open(&mut open)
        .default_size([640.0, 480.0])
        .vscroll(true)
        .show(ctx, |ui| {
            let mut read_only = text.as_str();
            ui.add(
                egui::TextEdit::multiline(&mut read_only)
                    .id_salt("arbiter-shown-log")
                    .code_editor()
                    .desired_width(f32::INFINITY),
            );
        });
        if !open {
            send(cx, ArbiterCommand::ShowLog(None));
        }
    }
}

/// "Annuler le dernier tour ?": what goes and what stays (modal).
fn undo_confirm_ui(ctx: &egui::Context, game: &OpenGame, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let turn = game.save.galaxy.turn;
    let modal = egui::Modal::new(egui::Id::unique("arbiter-undo-confirm")).show(ctx, |ui| {
        ui.set_max_width(480.0);
        ui.heading(tr_args(
            lang,
            "gui-arbiter-undo-title",
            &[("turn", &turn.saturating_sub(1).to_string())],
        ));
        ui.label(tr_args(
            lang,
            "gui-arbiter-undo-body",
            &[
                ("turn", &turn.to_string()),
                ("previous", &turn.saturating_sub(1).to_string()),
            ],
        ));
        ui.add_space(6.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "gui-arbiter-undo-yes")).clicked() {
                answer = Some(ArbiterCommand::ConfirmUndo);
            }
            if ui.button(tr(lang, "gui-arbiter-undo-no")).clicked() {
                answer = Some(ArbiterCommand::CancelUndo);
            }
        });
        answer
    });
    match modal.inner {
        Some(command) => send(cx, command),
        None if modal.should_close() => send(cx, ArbiterCommand::CancelUndo),
        None => {}
    }
}

/// The typed-path window (no folder dialog here): a game folder or a save.
fn path_window(ctx: &egui::Context, state: &mut ArbiterState, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let texts = PromptTexts {
        title: tr(lang, "gui-arbiter-path-title"),
        help: state.path_prompt_why.map(|id| tr(lang, id)),
        label: tr(lang, "gui-arbiter-path-label"),
        multiline: false,
        cancel: tr(lang, "gui-cancel"),
    };
    let buttons = [((), tr(lang, "gui-arbiter-path-open"))];
    if let Some(((), paths)) = path_prompt_window(
        ctx,
        "arbiter-path-window",
        &mut state.path_prompt,
        &texts,
        &buttons,
    ) && let Some(path) = paths.into_iter().next()
    {
        send(cx, ArbiterCommand::Open(path));
    }
}

/// The question before a turn is resolved (modal: the rest of the window waits):
/// who sent orders and how many, who is ONR, the unreadable lines; "Résoudre"
/// or "Annuler" (Escape, or a click beside it, cancels).
fn resolve_confirm_ui(ctx: &egui::Context, game: &OpenGame, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    let sent = game.players.iter().filter(|r| r.orders.is_some()).count();
    let onr = game.players.len() - sent;
    let orders: usize = game.players.iter().filter_map(|r| r.orders).sum();
    let unreadable: usize = game.players.iter().map(|r| r.unreadable).sum();
    let modal = egui::Modal::new(egui::Id::unique("arbiter-resolve-confirm")).show(ctx, |ui| {
        ui.set_max_width(560.0);
        ui.heading(tr_args(
            lang,
            "gui-arbiter-confirm-title",
            &[("turn", &game.save.galaxy.turn.to_string())],
        ));
        ui.label(tr_args(
            lang,
            "gui-arbiter-confirm-counts",
            &[
                ("sent", &sent.to_string()),
                ("players", &game.players.len().to_string()),
                ("orders", &orders.to_string()),
                ("unreadable", &unreadable.to_string()),
            ],
        ));
        if onr > 0 {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                tr_args(
                    lang,
                    "gui-arbiter-confirm-onr",
                    &[("count", &onr.to_string())],
                ),
            );
        }
        ui.add_space(4.0);
        confirm_table_ui(ui, game, lang);
        ui.add_space(6.0);
        let mut answer = None;
        ui.horizontal(|ui| {
            if ui.button(tr(lang, "gui-arbiter-confirm-yes")).clicked() {
                answer = Some(ArbiterCommand::ConfirmResolve);
            }
            if ui.button(tr(lang, "gui-cancel")).clicked() {
                answer = Some(ArbiterCommand::CancelResolve);
            }
        });
        answer
    });
    match modal.inner {
        Some(answer) => send(cx, answer),
        None if modal.should_close() => send(cx, ArbiterCommand::CancelResolve),
        None => {}
    }
}

/// Every player in the summary: what he sent (orders, unreadable lines) or ONR.
/// Only the rows in view are laid out.
fn confirm_table_ui(ui: &mut egui::Ui, game: &OpenGame, lang: Lang) {
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y;
    TableBuilder::new(ui)
        .id_salt("arbiter-confirm-players")
        .striped(true)
        .vscroll(true)
        .max_scroll_height(260.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(160.0))
        .column(Column::auto().at_least(90.0))
        .column(Column::remainder().at_least(120.0))
        .header(row_height, |mut header| {
            for (id, hint) in [
                ("gui-arbiter-col-player", "gui-arbiter-col-player-hint"),
                ("gui-arbiter-col-orders", "gui-arbiter-col-orders-hint"),
                (
                    "gui-arbiter-col-unreadable",
                    "gui-arbiter-col-unreadable-hint",
                ),
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id)).on_hover_text(tr(lang, hint));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, game.players.len(), |mut table_row| {
                let Some(row) = game.players.get(table_row.index()) else {
                    return;
                };
                table_row.col(|ui| {
                    let named = crate::i18n::player_named(lang, row.number, &row.name);
                    ui.add(egui::Label::new(named).truncate());
                });
                table_row.col(|ui| match row.orders {
                    None => {
                        ui.colored_label(ui.visuals().warn_fg_color, "ONR");
                    }
                    Some(count) => {
                        ui.label(tr_args(
                            lang,
                            "gui-arbiter-orders",
                            &[("count", &count.to_string())],
                        ));
                    }
                });
                table_row.col(|ui| {
                    if row.orders.is_some() {
                        ui.label(tr_args(
                            lang,
                            "gui-arbiter-confirm-unreadable",
                            &[("count", &row.unreadable.to_string())],
                        ));
                    }
                });
            });
        });
}

fn send(cx: &mut UiContext<'_>, command: ArbiterCommand) {
    cx.send(Command::Arbiter(command));
}

/// The arbiter's view docked in the main window (the galaxy shown): the same
/// as its window's content.
pub fn desk_ui(ui: &mut egui::Ui, state: &mut ArbiterState, cx: &mut UiContext<'_>) {
    arbiter_ui(ui, state, cx);
}

fn arbiter_ui(ui: &mut egui::Ui, state: &mut ArbiterState, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    open_row_ui(ui, state, cx);
    if let Some(error) = &state.error {
        ui.colored_label(ui.visuals().error_fg_color, error);
    }
    let Some(game) = &state.game else {
        ui.weak(tr(lang, "gui-arbiter-none"));
        return;
    };
    ui.separator();
    game_header_ui(ui, game, lang);
    resolve_row_ui(ui, state, game, cx);
    if let Some(existing) = state.pending_overwrite() {
        overwrite_ui(ui, existing, cx);
    }
    if let Some(turn) = state.undone() {
        ui.label(tr_args(
            lang,
            "gui-arbiter-undone",
            &[("turn", &turn.to_string())],
        ));
    }
    // In its window, the turn just resolved comes first: it is what the
    // arbiter reads next. Docked beside the galaxy, the players stay on top.
    if !state.docked
        && let Some(log) = &state.log
    {
        ui.separator();
        log_ui(ui, log, lang);
    }
    ui.separator();
    ui.heading(tr(lang, "gui-arbiter-players"));
    players_ui(ui, game, cx);
    past_logs_ui(ui, state, game, cx);
    if let Some(text) = &game.registrations {
        registrations_ui(ui, text, lang);
    }
    if state.docked
        && let Some(log) = &state.log
    {
        ui.separator();
        log_ui(ui, log, lang);
    }
    if state.log.is_none()
        && let Some(text) = &game.previous_log
    {
        ui.separator();
        egui::CollapsingHeader::new(tr(lang, "gui-arbiter-previous-log"))
            .id_salt("arbiter-previous-log")
            .show(ui, |ui| {
                ui.monospace(text);
            });
    }
}

/// "Ouvrir un dossier…", and a path typed.
fn open_row_ui(ui: &mut egui::Ui, state: &mut ArbiterState, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "gui-arbiter-open")).clicked() {
            send(cx, ArbiterCommand::OpenDialog);
        }
        let label = ui.label(tr(lang, "gui-arbiter-path"));
        let edit = ui
            .add(egui::TextEdit::singleline(&mut state.path_text).desired_width(360.0))
            .labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let path = state.path_text.trim();
        if (ui
            .add_enabled(
                !path.is_empty(),
                egui::Button::new(tr(lang, "gui-arbiter-open-path")),
            )
            .clicked()
            || entered)
            && !path.is_empty()
        {
            send(cx, ArbiterCommand::Open(PathBuf::from(path)));
        }
    });
}

/// The game's name, ruleset, turn, final turn and size, and where it is.
fn game_header_ui(ui: &mut egui::Ui, game: &OpenGame, lang: Lang) {
    let save = &game.save;
    ui.label(
        RichText::new(tr_args(
            lang,
            "gui-arbiter-header",
            &[
                (
                    "game",
                    save.game_name
                        .as_deref()
                        .unwrap_or(&tr(lang, "gui-arbiter-unnamed")),
                ),
                ("ruleset", &save.ruleset.name),
                ("turn", &save.galaxy.turn.to_string()),
                ("final", &save.galaxy.final_turn.to_string()),
                ("worlds", &save.galaxy.worlds.len().to_string()),
            ],
        ))
        .strong(),
    );
    ui.weak(game.source.display().to_string());
}

/// "Résoudre le tour", "Relire", and the resolution under way.
fn resolve_row_ui(
    ui: &mut egui::Ui,
    state: &ArbiterState,
    game: &OpenGame,
    cx: &mut UiContext<'_>,
) {
    let lang = cx.lang;
    // Wrapped: docked beside the galaxy, the panel may be narrow.
    ui.horizontal_wrapped(|ui| {
        let can_resolve = game.dir.is_some() && !state.is_running() && state.pending.is_none();
        let button = ui
            .add_enabled(
                can_resolve,
                egui::Button::new(tr(lang, "gui-arbiter-resolve")),
            )
            .on_disabled_hover_text(tr(lang, "gui-arbiter-save-alone"));
        if button.clicked() {
            send(cx, ArbiterCommand::Resolve);
        }
        if ui.button(tr(lang, "gui-arbiter-reload")).clicked() {
            send(cx, ArbiterCommand::Reload);
        }
        // Not on the galaxy already (its knowers are given only there).
        if cx.knowers.is_none() && ui.button(tr(lang, "gui-arbiter-view-galaxy")).clicked() {
            send(cx, ArbiterCommand::ViewGalaxy);
        }
        let can_undo = can_resolve && game.save.galaxy.turn > 1;
        if ui
            .add_enabled(can_undo, egui::Button::new(tr(lang, "gui-arbiter-undo")))
            .clicked()
        {
            send(cx, ArbiterCommand::Undo);
        }
        if state.is_running() {
            ui.spinner();
            ui.label(tr(lang, "gui-arbiter-running"));
        }
    });
}

/// The files of the resolved turn that already exist: overwrite them, or not.
fn overwrite_ui(ui: &mut egui::Ui, existing: &[PathBuf], cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    ui.colored_label(
        ui.visuals().warn_fg_color,
        tr_args(
            lang,
            "gui-arbiter-exists",
            &[("count", &existing.len().to_string())],
        ),
    );
    for path in existing.iter().take(8) {
        ui.monospace(path.display().to_string());
    }
    ui.horizontal(|ui| {
        if ui.button(tr(lang, "gui-arbiter-overwrite")).clicked() {
            send(cx, ArbiterCommand::ConfirmOverwrite);
        }
        if ui.button(tr(lang, "gui-cancel")).clicked() {
            send(cx, ArbiterCommand::CancelOverwrite);
        }
    });
}

/// The players' table: only the rows in view are laid out (a game may have
/// hundreds of players).
fn players_ui(ui: &mut egui::Ui, game: &OpenGame, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y + 2.0;
    // Number, name, what he sent and the button to see his reports first: the
    // columns that fit a docked panel; his figures after.
    let mut table = TableBuilder::new(ui)
        .id_salt("arbiter-players")
        .striped(true)
        .resizable(true)
        .vscroll(true)
        .max_scroll_height(360.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for _ in 0..9 {
        table = table.column(Column::auto().at_least(40.0));
    }
    table
        .column(Column::remainder().at_least(40.0))
        .header(row_height, |mut header| {
            for id in [
                "gui-arbiter-col-number",
                "gui-arbiter-col-name",
                "gui-arbiter-col-view",
                "gui-arbiter-col-orders",
                "gui-arbiter-col-class",
                "gui-arbiter-col-rank",
                "gui-arbiter-col-score",
                "gui-arbiter-col-worlds",
                "gui-arbiter-col-fleets",
                "gui-arbiter-col-ships",
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id))
                        .on_hover_text(tr(lang, &format!("{id}-hint")));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, game.players.len(), |mut table_row| {
                let Some(row) = game.players.get(table_row.index()) else {
                    return;
                };
                for cell in [row.number.to_string(), row.name.clone()] {
                    table_row.col(|ui| {
                        ui.label(cell);
                    });
                }
                table_row.col(|ui| {
                    if ui
                        .button(tr_args(
                            lang,
                            "gui-arbiter-view-as",
                            &[("number", &row.number.to_string())],
                        ))
                        .clicked()
                    {
                        send(cx, ArbiterCommand::ViewAs(row.number));
                    }
                });
                table_row.col(|ui| {
                    let clicked = match row.orders {
                        None => ui
                            .link(RichText::new("ONR").color(ui.visuals().warn_fg_color))
                            .clicked(),
                        Some(count) => {
                            let mut text = tr_args(
                                lang,
                                "gui-arbiter-orders",
                                &[("count", &count.to_string())],
                            );
                            if row.unreadable > 0 {
                                text.push_str(&tr_args(
                                    lang,
                                    "gui-arbiter-unreadable-count",
                                    &[("count", &row.unreadable.to_string())],
                                ));
                            }
                            ui.link(text).clicked()
                        }
                    };
                    if clicked {
                        send(cx, ArbiterCommand::ShowOrders(Some(row.number)));
                    }
                });
                let cells = [
                    class_name(row.class, lang).to_string(),
                    row.rank.to_string(),
                    format!("{} ({:+})", row.score, row.score_delta),
                    row.worlds.to_string(),
                    row.fleets.to_string(),
                    row.ships.to_string(),
                ];
                for cell in cells {
                    table_row.col(|ui| {
                        ui.label(cell);
                    });
                }
            });
        });
}

/// The voided orders: only the rows in view are laid out (a turn of a big game
/// voids thousands of orders). One line per order; a reason too long for its
/// column shows whole on hover.
pub(super) fn voided_ui(
    ui: &mut egui::Ui,
    log: &TurnLog,
    lang: Lang,
    name: &dyn Fn(&PlayerId) -> String,
) {
    use egui_extras::{Column, TableBuilder};
    let row_height = ui.spacing().interact_size.y;
    TableBuilder::new(ui)
        .id_salt("arbiter-voided")
        .striped(true)
        .resizable(true)
        .vscroll(true)
        .max_scroll_height(320.0)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(80.0))
        .column(Column::auto().at_least(120.0))
        .column(Column::remainder().at_least(160.0))
        .header(row_height, |mut header| {
            for id in [
                "gui-arbiter-col-player",
                "gui-arbiter-col-line",
                "gui-arbiter-col-order",
                "gui-arbiter-col-reason",
            ] {
                header.col(|ui| {
                    ui.strong(tr(lang, id));
                });
            }
        })
        .body(|body| {
            body.rows(row_height, log.voided.len(), |mut row| {
                let Some(v) = log.voided.get(row.index()) else {
                    return;
                };
                let file = log.sent.get(&v.player).map_or("-", |s| s.file.as_str());
                row.col(|ui| {
                    ui.add(egui::Label::new(name(&v.player)).truncate());
                });
                row.col(|ui| {
                    ui.label(format!("{file}:{}", v.order.span.line));
                });
                row.col(|ui| {
                    let text = print_orders(std::iter::once(&v.order.kind));
                    ui.monospace(text.trim_end());
                });
                row.col(|ui| {
                    ui.add(egui::Label::new(v.diagnostic.message(lang)).truncate());
                });
            });
        });
}

fn log_ui(ui: &mut egui::Ui, log: &TurnLog, lang: Lang) {
    let name = |id: &PlayerId| {
        log.names.get(id).map_or_else(
            || id.0.to_string(),
            |n| crate::i18n::player_named(lang, id.0, n),
        )
    };
    ui.heading(tr_args(
        lang,
        "gui-arbiter-log-title",
        &[
            ("turn", &log.turn.to_string()),
            ("next", &log.next_turn.to_string()),
            ("files", &log.written.to_string()),
        ],
    ));
    ui.strong(tr(lang, "gui-arbiter-log-onr"));
    if log.onr.is_empty() {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    }
    for id in &log.onr {
        ui.label(name(id));
    }
    ui.strong(tr(lang, "gui-arbiter-log-unreadable"));
    let mut unreadable = 0;
    for s in log.sent.values() {
        for diagnostic in &s.diagnostics {
            unreadable += 1;
            let color = crate::gui::inspector::severity_color(ui, diagnostic.severity);
            ui.colored_label(color, diagnostic.render_plain(&s.file, lang))
                .on_hover_text(format!("[{}]", diagnostic.code));
        }
    }
    if unreadable == 0 {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    }
    ui.strong(tr_args(
        lang,
        "gui-arbiter-log-voided",
        &[("count", &log.voided.len().to_string())],
    ));
    if log.voided.is_empty() {
        ui.weak(tr(lang, "gui-arbiter-log-none"));
    } else {
        voided_ui(ui, log, lang, &name);
    }
    if !log.final_ranking.is_empty() {
        ui.strong(tr(lang, "gui-arbiter-log-final"));
        for (rank, (player, score)) in log.final_ranking.iter().enumerate() {
            ui.label(format!("{}. {} : {score}", rank + 1, name(player)));
        }
    }
    egui::CollapsingHeader::new(tr(lang, "gui-arbiter-log-file"))
        .id_salt("arbiter-log-file")
        .show(ui, |ui| {
            ui.monospace(&log.text);
        });
}

/// A player's orders file, read-only, with the validator's diagnostics
/// against his CR.
fn shown_orders_ui(ui: &mut egui::Ui, shown: &super::ShownOrders, cx: &mut UiContext<'_>) {
    let lang = cx.lang;
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr_args(
            lang,
            "gui-arbiter-orders-of",
            &[("player", &shown.player.to_string()), ("file", &shown.file)],
        ));
        if ui.button(tr(lang, "gui-close")).clicked() {
            send(cx, ArbiterCommand::ShowOrders(None));
        }
    });
    let Some(text) = &shown.text else {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            tr(lang, "gui-arbiter-orders-none"),
        );
        return;
    };
    if shown.diagnostics.is_empty() {
        ui.label(tr(lang, "gui-arbiter-orders-clean"));
    }
    for (error, line) in &shown.diagnostics {
        let color = if *error {
            ui.visuals().error_fg_color
        } else {
            ui.visuals().warn_fg_color
        };
        ui.add(egui::Label::new(RichText::new(line).color(color)).wrap());
    }
    let mut read_only = text.as_str();
    ui.add(
        egui::TextEdit::multiline(&mut read_only)
            .id_salt("arbiter-shown-orders")
            .code_editor()
            .desired_rows(6)
            .desired_width(f32::INFINITY),
    );
}

/// The arbiter's logs of the past turns, one at a time.
fn past_logs_ui(ui: &mut egui::Ui, state: &ArbiterState, game: &OpenGame, cx: &mut UiContext<'_>) {
    if game.logged_turns.is_empty() {
        return;
    }
    let lang = cx.lang;
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-arbiter-logs"));
        for turn in &game.logged_turns {
            let selected = state.shown_log.as_ref().is_some_and(|(t, _)| t == turn);
            if ui
                .selectable_label(
                    selected,
                    tr_args(lang, "gui-arbiter-log-turn", &[("turn", &turn.to_string())]),
                )
                .clicked()
            {
                send(cx, ArbiterCommand::ShowLog((!selected).then_some(*turn)));
            }
        }
    });
}

/// The registration forms: each player's addresses and choices, the one given
/// marked.
fn registrations_ui(ui: &mut egui::Ui, text: &str, lang: Lang) {
    use crate::game::registration::{read_forms, serve};
    let (forms, _) = read_forms(text);
    let served = serve(&forms).unwrap_or_default();
    ui.separator();
    egui::CollapsingHeader::new(tr(lang, "gui-arbiter-registrations"))
        .id_salt("arbiter-registrations")
        .show(ui, |ui| {
            for (index, form) in forms.iter().enumerate() {
                let given = served.iter().find(|s| s.form == index).map(|s| s.choice);
                ui.strong(form.addresses.join(", "));
                for (number, choice) in form.choices.iter().enumerate() {
                    let class = class_name(choice.class, lang);
                    let line = tr_args(
                        lang,
                        "gui-arbiter-registration-choice",
                        &[
                            ("number", &(number + 1).to_string()),
                            ("class", class),
                            ("pseudonym", choice.pseudonym.as_deref().unwrap_or("?")),
                            (
                                "turn",
                                &choice
                                    .final_turn
                                    .map_or_else(|| "-".to_string(), |t| t.to_string()),
                            ),
                        ],
                    );
                    if given == Some(number) {
                        ui.label(
                            RichText::new(tr_args(
                                lang,
                                "gui-arbiter-registration-given",
                                &[("choice", &line)],
                            ))
                            .strong(),
                        );
                    } else {
                        ui.label(line);
                    }
                }
            }
        });
}
