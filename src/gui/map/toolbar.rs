//! Above the map: fit, zoom, legend, counts, and the route being drawn.

use egui::RichText;

use super::MapState;
use crate::gui::command::Command;
use crate::gui::context::UiContext;
use crate::gui::ui_command::UiCommand;
use crate::i18n::{tr, tr_args};
use crate::orders::OrderKind;
use crate::orders::propose::PlanProblem;

/// Above the map: fit, zoom, legend, counts, the route being drawn.
pub(super) fn toolbar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &mut MapState) {
    let lang = cx.lang;
    // Wrapped: on a narrow panel the toolbar must not widen the map over the
    // panels beside it.
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(tr(lang, "gui-map-fit"))
            .on_hover_text(UiCommand::FitMap.hover_text(ui.ctx(), lang))
            .clicked()
        {
            state.fit();
        }
        if ui
            .button(tr(lang, "gui-map-whole"))
            .on_hover_text(tr(lang, "gui-map-whole-help"))
            .clicked()
        {
            state.fit_whole();
        }
        let zoom_by = |state: &mut MapState, factor: f32| {
            if let (Some(view), Some(torus), Some(rect)) =
                (&mut state.view, state.layout.torus, state.last_rect)
            {
                view.zoom_at(&torus, rect, rect.center(), factor);
                state.fitted = false;
            }
        };
        if ui
            .button("+")
            .on_hover_text(tr(lang, "gui-map-zoom-in"))
            .clicked()
        {
            zoom_by(state, 1.5);
        }
        if ui
            .button("−")
            .on_hover_text(tr(lang, "gui-map-zoom-out"))
            .clicked()
        {
            zoom_by(state, 1.0 / 1.5);
        }
        let layout = &state.layout;
        let mut info = tr_args(
            lang,
            "gui-map-counts",
            &[
                ("worlds", &layout.worlds.len().to_string()),
                ("links", &layout.links.len().to_string()),
            ],
        );
        if let Some(torus) = layout.torus {
            info.push_str("  ");
            if torus.wraps {
                info.push_str(&format!("{}×{}", torus.width, torus.height));
            } else {
                info.push_str(&tr(lang, "gui-map-no-size"));
            }
        }
        ui.toggle_value(&mut state.legend, tr(lang, "gui-map-legend"))
            .on_hover_text(&info);
        // "Menaces" when it fits on the toolbar's line (else View > Threats, F7).
        let label = tr(lang, "gui-map-threats");
        let font = egui::TextStyle::Button.resolve(ui.style());
        let needed = ui
            .painter()
            .layout_no_wrap(label.clone(), font, egui::Color32::PLACEHOLDER)
            .size()
            .x
            + 2.0 * ui.spacing().button_padding.x
            + ui.spacing().item_spacing.x;
        if needed <= ui.available_size_before_wrap().x {
            ui.toggle_value(&mut state.threats_shown, label)
                .on_hover_text(UiCommand::Threats.hover_text(ui.ctx(), lang));
        }
        // The counts when they fit on the toolbar's line; else in the
        // legend's tooltip only: the toolbar stays one line on a narrow map.
        let font = egui::TextStyle::Body.resolve(ui.style());
        let width = ui
            .painter()
            .layout_no_wrap(info.clone(), font, egui::Color32::PLACEHOLDER)
            .size()
            .x;
        if cx.reading {
            // The counts are the knowledge's before: not shown while the new
            // one is made.
            ui.spinner();
            ui.weak(tr(lang, "gui-status-reading"));
        } else if width + ui.spacing().item_spacing.x <= ui.available_size_before_wrap().x {
            ui.weak(info);
        }
    });
    route_bar_ui(ui, cx, state);
}

/// The route being drawn: its hops, OK (Enter), undo, cancel (Escape); a hop
/// that is not a known connection is said.
fn route_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &mut MapState) {
    let lang = cx.lang;
    let Some(route) = state.route.clone() else {
        return;
    };
    if route.plan {
        plan_bar_ui(ui, cx, state);
        return;
    }
    let mut text = format!("F_{} : M_{}", route.fleet, route.from);
    for w in &route.worlds {
        text.push_str(&format!(" → M_{w}"));
    }
    let (enter, escape) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Escape),
        )
    });
    let mut done = false;
    let mut undo = false;
    let mut cancel = escape;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr(lang, "gui-map-route")).strong());
        ui.monospace(text);
        done = ui
            .add_enabled(
                !route.worlds.is_empty(),
                egui::Button::new(tr(lang, "gui-map-route-ok")),
            )
            .clicked()
            || (enter && !route.worlds.is_empty());
        cancel |= ui.button(tr(lang, "gui-map-route-cancel")).clicked();
        undo = ui.button(tr(lang, "gui-map-route-undo")).clicked();
    });
    if undo && let Some(route) = &mut state.route {
        route.worlds.pop();
    }
    // A hop that is not a known connection: said, not refused (the validator
    // judges the order).
    if let Some(route) = &state.route {
        let mut from = route.from;
        for &to in &route.worlds {
            if !state.layout.neighbours(from).contains(&to) {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    tr_args(
                        lang,
                        "gui-map-route-not-connected",
                        &[("world", &to.to_string()), ("from", &from.to_string())],
                    ),
                );
            }
            from = to;
        }
    }
    if done && let Some(route) = state.route.take() {
        let order = OrderKind::Move {
            fleet: route.fleet,
            route: route.worlds,
        };
        cx.send(Command::AppendOrder(order.to_string()));
    } else if cancel {
        state.route = None;
    }
}

/// Planning a route over several turns: the waypoints clicked, each turn's leg
/// with its turn, the arrival, or why there is no route; "Planifier" adds this
/// turn's move to the draft and keeps the plan.
fn plan_bar_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, state: &mut MapState) {
    let lang = cx.lang;
    let Some(route) = state.route.clone() else {
        return;
    };
    let plan = state.planned().cloned();
    let mut text = format!("F_{} : M_{}", route.fleet, route.from);
    for w in &route.worlds {
        text.push_str(&format!(" > M_{w}"));
    }
    let (enter, escape) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Escape),
        )
    });
    let refused = state.planned_move_refused().cloned();
    let ready = plan
        .as_ref()
        .and_then(|p| p.as_ref().ok())
        .cloned()
        .filter(|_| refused.is_none());
    let mut done = false;
    let mut undo = false;
    let mut cancel = escape;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr(lang, "gui-map-plan")).strong());
        ui.monospace(text);
        done = ui
            .add_enabled(
                ready.is_some(),
                egui::Button::new(tr(lang, "gui-map-plan-ok")),
            )
            .on_hover_text(tr(lang, "gui-map-plan-ok-hint"))
            .clicked()
            || (enter && ready.is_some());
        cancel |= ui.button(tr(lang, "gui-map-route-cancel")).clicked();
        undo = ui
            .add_enabled(
                !route.worlds.is_empty(),
                egui::Button::new(tr(lang, "gui-map-plan-undo")),
            )
            .clicked();
    });
    // The bar keeps its height from click to click (the map under it does
    // not move between two clicks): two lines below the buttons, always.
    let top = ui.cursor().top();
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    match &plan {
        None if route.worlds.is_empty() => {
            ui.weak(tr(lang, "gui-map-plan-help"));
        }
        None => {}
        Some(Ok(plan)) => {
            ui.horizontal_wrapped(|ui| {
                for (k, leg) in plan.legs.iter().enumerate() {
                    let worlds: Vec<String> = leg.iter().map(|w| format!("M_{w}")).collect();
                    let leg_text = tr_args(
                        lang,
                        "gui-map-plan-leg",
                        &[("ahead", &(k + 1).to_string()), ("hops", &worlds.join(" "))],
                    );
                    if k == 0 {
                        ui.label(RichText::new(leg_text).strong());
                    } else {
                        ui.label(leg_text);
                    }
                }
            });
            if let Some(reason) = &refused {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    tr_args(
                        lang,
                        "gui-map-plan-refused",
                        &[("reason", &reason.message(lang))],
                    ),
                );
            }
            ui.label(tr_args(
                lang,
                "gui-map-plan-eta",
                &[
                    ("world", &plan.destination().to_string()),
                    ("turn", &plan.arrival_turn().to_string()),
                    ("turns", &plan.legs.len().to_string()),
                    ("dep", &plan.dep.to_string()),
                ],
            ));
        }
        Some(Err(problem)) => {
            let text = match problem {
                PlanProblem::NoPosition => tr(lang, "gui-map-plan-no-position"),
                PlanProblem::Nowhere => tr(lang, "gui-map-plan-nowhere"),
                PlanProblem::NoDep => tr(lang, "gui-map-plan-no-dep"),
                PlanProblem::NoRoute { from, to } => tr_args(
                    lang,
                    "gui-map-plan-no-route",
                    &[("from", &from.to_string()), ("to", &to.to_string())],
                ),
            };
            ui.colored_label(ui.visuals().warn_fg_color, text);
        }
    }
    let used = ui.cursor().top() - top;
    if used < 2.0 * line {
        ui.add_space(2.0 * line - used);
    }
    if undo && let Some(route) = &mut state.route {
        route.worlds.pop();
    }
    if done && let Some(plan) = ready {
        state.route = None;
        if let Some(order) = plan.legs.first().map(|leg| OrderKind::Move {
            fleet: plan.fleet,
            route: leg.clone(),
        }) {
            cx.send(Command::AppendOrder(order.to_string()));
        }
        cx.send(Command::SavePlan(plan));
    } else if cancel {
        state.route = None;
    }
}
