//! The routes planned over several turns ([`crate::orders::propose::RoutePlan`]),
//! on the turn shown: each turn's move proposed while the fleet is where its
//! plan expected it (one click adds it to the orders), or that it went off
//! course, was lost, or arrived. In the turn's summary (every plan) and under
//! a fleet in the inspector (its own).

use egui::RichText;

use super::threats::world_text;
use crate::gui::command::Command;
use crate::gui::context::UiContext;
use crate::i18n::{tr, tr_args};
use crate::model::FleetId;
use crate::orders::propose::{PlanStatus, RoutePlan};

/// The turn shown, and where fleet `fleet` is at its start (the reports of that
/// very turn show it there; `None`: not seen on it).
fn position(cx: &UiContext<'_>, fleet: FleetId) -> (u32, Option<u32>) {
    let turn = cx
        .view()
        .and_then(|v| v.turn)
        .or(cx.knowledge.latest_turn())
        .unwrap_or(0);
    let at = cx
        .knowledge
        .fleet(fleet)
        .and_then(|f| f.world.clone())
        .filter(|seen| seen.turn == turn)
        .map(|seen| seen.value);
    (turn, at)
}

/// The plans (of fleet `only`, or all), with where each stands.
pub fn plans_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, only: Option<FleetId>) {
    let plans: Vec<RoutePlan> = cx
        .plans
        .iter()
        .filter(|p| only.is_none_or(|f| p.fleet == f))
        .cloned()
        .collect();
    if plans.is_empty() {
        return;
    }
    ui.add_space(8.0);
    // A narrow panel wraps the plans' lines rather than cutting them.
    ui.scope(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
        plans_list_ui(ui, cx, &plans);
    });
}

fn plans_list_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, plans: &[RoutePlan]) {
    let lang = cx.lang;
    ui.label(RichText::new(tr(lang, "gui-plans")).strong());
    for plan in plans {
        let (turn, at) = position(cx, plan.fleet);
        ui.push_id(("plan", plan.fleet), |ui| {
            ui.label(tr_args(
                lang,
                "gui-plan-title",
                &[
                    ("fleet", &plan.fleet.to_string()),
                    ("destination", &world_text(cx.knowledge, plan.destination())),
                    ("turn", &plan.arrival_turn().to_string()),
                ],
            ));
            let status = plan.follow(turn, at);
            ui.horizontal_wrapped(|ui| {
                match &status {
                    PlanStatus::OnTrack { order, leg } => {
                        let text = order.to_string();
                        ui.label(tr_args(
                            lang,
                            "gui-plan-on-track",
                            &[
                                ("leg", &leg.to_string()),
                                ("legs", &plan.legs.len().to_string()),
                            ],
                        ));
                        ui.monospace(&text);
                        if cx.draft.lines().any(|l| l.trim() == text) {
                            ui.weak(tr(lang, "gui-plan-in-draft"));
                        } else if ui.button(tr(lang, "gui-plan-add")).clicked() {
                            cx.send(Command::AppendOrder(text));
                        }
                    }
                    PlanStatus::Arrived => {
                        ui.label(tr(lang, "gui-plan-arrived"));
                    }
                    PlanStatus::NotYet => {
                        ui.label(tr_args(
                            lang,
                            "gui-plan-not-yet",
                            &[("turn", &plan.turn.to_string())],
                        ));
                    }
                    PlanStatus::OffCourse { expected, at } => {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            tr_args(
                                lang,
                                "gui-plan-off-course",
                                &[
                                    ("expected", &world_text(cx.knowledge, *expected)),
                                    ("seen_at", &world_text(cx.knowledge, *at)),
                                ],
                            ),
                        );
                        if ui.button(tr(lang, "gui-plan-replan")).clicked() {
                            cx.send(Command::PlanRoute {
                                fleet: plan.fleet,
                                waypoints: plan.waypoints.clone(),
                            });
                        }
                    }
                    PlanStatus::Lost { expected } => {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            tr_args(
                                lang,
                                "gui-plan-lost",
                                &[("expected", &world_text(cx.knowledge, *expected))],
                            ),
                        );
                    }
                }
                if ui.button(tr(lang, "gui-plan-forget")).clicked() {
                    cx.send(Command::RemovePlan(plan.fleet));
                }
            });
        });
    }
}
