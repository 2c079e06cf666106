//! The map's right-click menu.

use egui::RichText;

use super::{MapInput, RouteDraft};
use crate::gui::command::{Command, Selection};
use crate::gui::context::UiContext;
use crate::gui::editor::quick::{self, Target};
use crate::i18n::tr;

/// The right-click menu of the map: the orders proposed for the world or fleet
/// clicked ([`crate::orders::propose`], one submenu per group), "send a fleet
/// here" on a world, and drawing a route for a fleet.
pub(super) fn context_menu_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    input: &MapInput<'_>,
    context: Option<Selection>,
    route: &mut Option<RouteDraft>,
) {
    let lang = cx.lang;
    let knowledge = cx.knowledge;
    match context {
        None => {
            ui.weak(tr(lang, "gui-map-menu-nothing"));
        }
        Some(Selection::World(id)) => {
            ui.label(RichText::new(format!("M_{id}")).strong());
            if ui.button(tr(lang, "gui-map-menu-inspect")).clicked() {
                cx.send(Command::Select(Some(Selection::World(id))));
                ui.close();
            }
            ui.separator();
            let mut proposals: Vec<_> = input.orders.proposals(Target::World(id)).to_vec();
            proposals.extend(input.orders.proposals(Target::SendHere(id)).iter().cloned());
            quick::group_menus_ui(ui, cx, &proposals);
        }
        Some(Selection::Fleet(id)) => {
            ui.label(RichText::new(format!("F_{id}")).strong());
            if ui.button(tr(lang, "gui-map-menu-inspect")).clicked() {
                cx.send(Command::Select(Some(Selection::Fleet(id))));
                ui.close();
            }
            ui.separator();
            let proposals = input.orders.proposals(Target::Fleet(id));
            let at = knowledge
                .fleet(id)
                .and_then(|f| f.world.as_ref().map(|w| w.value));
            let (false, Some(at)) = (proposals.is_empty(), at) else {
                ui.weak(tr(lang, "gui-map-menu-not-yours"));
                return;
            };
            quick::group_menus_ui(ui, cx, &proposals);
            if ui.button(tr(lang, "gui-map-menu-route")).clicked() {
                *route = Some(RouteDraft {
                    fleet: id,
                    from: at,
                    worlds: Vec::new(),
                    plan: false,
                });
                ui.close();
            }
            if ui
                .button(tr(lang, "gui-map-menu-plan"))
                .on_hover_text(tr(lang, "gui-map-menu-plan-hint"))
                .clicked()
            {
                *route = Some(RouteDraft {
                    fleet: id,
                    from: at,
                    worlds: Vec::new(),
                    plan: true,
                });
                ui.close();
            }
        }
    }
}
