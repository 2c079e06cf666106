//! Order buttons under the inspector's heading: for one of the player's worlds,
//! constructions (`M_48 C 1 I`, `… VI`, `… VP`, `… VC F_57` for his fleets
//! there); for one of his fleets, a move to each connection of its world
//! (`F_57 MM 304`), peace and war. Each button sends `Command::AppendOrder`: the
//! order goes to the editor, where the quantity is changed.

use super::super::command::Command;
use crate::i18n::{Lang, tr};
use crate::model::view::{FleetView, TurnView, WorldView};

/// The player's name in this turn.
fn me(view: &TurnView) -> Option<&str> {
    view.player.as_ref().map(|p| p.name.as_str())
}

/// The orders offered for a world (empty when it is not the player's).
pub fn world_orders(view: &TurnView, world: &WorldView) -> Vec<String> {
    let owner = world.owner.as_ref().and_then(|o| o.name.as_deref());
    if owner.is_none() || owner != me(view) {
        return Vec::new();
    }
    let id = world.id;
    let mut orders = vec![
        format!("M_{id} C 1 I"),
        format!("M_{id} C 1 VI"),
        format!("M_{id} C 1 VP"),
    ];
    for fleet in view
        .fleets
        .iter()
        .filter(|f| f.world == Some(id) && f.owner.as_deref() == me(view))
    {
        orders.push(format!("M_{id} C 1 VC F_{}", fleet.id));
    }
    orders
}

/// The orders offered for a fleet (empty when it is not the player's).
pub fn fleet_orders(view: &TurnView, fleet: &FleetView) -> Vec<String> {
    if fleet.owner.is_none() || fleet.owner.as_deref() != me(view) {
        return Vec::new();
    }
    let id = fleet.id;
    let mut orders = Vec::new();
    if let Some(connections) = fleet
        .world
        .and_then(|w| view.worlds.iter().find(|v| v.id == w))
        .and_then(|w| w.connections.as_ref())
    {
        for connection in connections {
            orders.push(format!("F_{id} MM {}", connection.world));
        }
    }
    orders.push(format!("F_{id} P"));
    orders.push(format!("F_{id} G"));
    orders
}

/// A row of order buttons (nothing when `orders` is empty).
pub fn orders_row_ui(
    ui: &mut egui::Ui,
    orders: Vec<String>,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    if orders.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(tr(lang, "gui-editor-quick"));
        for order in orders {
            if ui
                .small_button(&order)
                .on_hover_text(tr(lang, "gui-editor-quick-hint"))
                .clicked()
            {
                commands.push(Command::AppendOrder(order));
            }
        }
    });
}

/// The order buttons of a world.
pub fn world_orders_ui(
    ui: &mut egui::Ui,
    view: &TurnView,
    world: &WorldView,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    orders_row_ui(ui, world_orders(view, world), lang, commands);
}

/// The order buttons of a fleet.
pub fn fleet_orders_ui(
    ui: &mut egui::Ui,
    view: &TurnView,
    fleet: &FleetView,
    lang: Lang,
    commands: &mut Vec<Command>,
) {
    orders_row_ui(ui, fleet_orders(view, fleet), lang, commands);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::session::Session;

    #[test]
    fn only_the_players_worlds_and_fleets_get_orders() {
        let mut session = Session::default();
        let current = crate::gui::session::orion::load_orion(&mut session);
        let Some(turn) = session.turn(current) else {
            panic!("the demo has turns");
        };
        let view = &turn.view;
        let world = |id| view.worlds.iter().find(|w| w.id == id);
        let fleet = |id| view.fleets.iter().find(|f| f.id == id);
        let m48 = world(48).map(|w| world_orders(view, w)).unwrap_or_default();
        assert!(m48.contains(&"M_48 C 1 I".to_string()), "{m48:?}");
        assert!(m48.contains(&"M_48 C 1 VC F_57".to_string()));
        // F_11 on M_48 is TAPIMOKET's.
        assert!(!m48.iter().any(|o| o.contains("F_11")));
        // M_256 is neutral.
        assert_eq!(world(256).map(|w| world_orders(view, w)), Some(Vec::new()));
        let f57 = fleet(57).map(|f| fleet_orders(view, f)).unwrap_or_default();
        for order in [
            "F_57 MM 127",
            "F_57 MM 256",
            "F_57 MM 304",
            "F_57 P",
            "F_57 G",
        ] {
            assert!(f57.contains(&order.to_string()), "{order} in {f57:?}");
        }
        assert_eq!(fleet(11).map(|f| fleet_orders(view, f)), Some(Vec::new()));
    }
}
