//! "Premiers pas": a short band at the top of the window when the demo game is
//! shown — what this galaxy is, whose eyes the player sees it with, and three
//! things to try (click a world, write an order, preview the turn), each a
//! button that does it. Dismissed with its ×, remembered in the settings;
//! Aide ▸ Premiers pas shows it again.

use egui::RichText;

use super::command::{Command, Selection};
use super::context::UiContext;
use super::session::{LoadedTurn, SourceOrigin};
use super::ui_command::UiCommand;
use crate::i18n::{Lang, tr, tr_args};

/// What the band says of the demo (read from the turn shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DemoFacts {
    pub game: String,
    pub width: u32,
    pub height: u32,
    pub turns: usize,
    pub player: String,
    pub number: String,
    pub class: String,
    /// The player's start world, the first thing to click.
    pub start_world: Option<u32>,
}

impl DemoFacts {
    /// The facts of the turn shown, when it is the demo's.
    pub fn of(turn: &LoadedTurn, turns: usize, lang: Lang) -> Option<DemoFacts> {
        if !matches!(turn.cr.origin, SourceOrigin::Demo(_)) {
            return None;
        }
        let view = &turn.view;
        let player = view.player.as_ref();
        let me = player.map(|p| p.name.as_str());
        let (width, height) = view.galaxy_size.unwrap_or((0, 0));
        Some(DemoFacts {
            game: view.game.clone().unwrap_or_default(),
            width,
            height,
            turns,
            player: me.unwrap_or_default().to_string(),
            number: player
                .and_then(|p| p.number)
                .map(|n| n.to_string())
                .unwrap_or_default(),
            class: view
                .class
                .map(|c| match lang {
                    Lang::Fr => c.french_name(),
                    Lang::En => c.english_name(),
                })
                .unwrap_or_default()
                .to_string(),
            start_world: view
                .worlds
                .iter()
                .find(|w| w.start_world && w.owner.as_ref().and_then(|o| o.name.as_deref()) == me)
                .map(|w| w.id),
        })
    }
}

/// The band, when shown. `shown` becomes false when the player closes it.
pub fn first_steps_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    facts: &DemoFacts,
    editor_open: bool,
    shown: &mut bool,
) {
    let lang = cx.lang;
    ui.horizontal(|ui| {
        ui.strong(tr(lang, "gui-first-steps-title"));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .small_button("×")
                .on_hover_text(tr(lang, "gui-first-steps-close"))
                .clicked()
            {
                *shown = false;
            }
        });
    });
    let about = tr_args(
        lang,
        "gui-first-steps-about",
        &[
            ("game", &facts.game),
            ("width", &facts.width.to_string()),
            ("height", &facts.height.to_string()),
            ("turns", &facts.turns.to_string()),
            ("player", &facts.player),
            ("number", &facts.number),
            ("class", &facts.class),
        ],
    );
    ui.add(egui::Label::new(about).wrap());
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(tr(lang, "gui-first-steps-try")).strong());
        // Written as the map and the lists write the player's start world.
        let world = facts
            .start_world
            .map(|w| format!("Md_{w}"))
            .unwrap_or_default();
        if ui
            .button(tr_args(lang, "gui-first-steps-world", &[("world", &world)]))
            .on_hover_text(tr(lang, "gui-first-steps-world-hint"))
            .clicked()
            && let Some(id) = facts.start_world
        {
            cx.send(Command::Select(Some(Selection::World(id))));
            cx.send(Command::ShowInspector);
        }
        if ui
            .button(tr(lang, "gui-first-steps-order"))
            .on_hover_text(tr(lang, "gui-first-steps-order-hint"))
            .clicked()
            && !editor_open
        {
            cx.send(Command::ToggleEditor);
        }
        if ui
            .button(tr(lang, "gui-first-steps-preview"))
            .on_hover_text(tr_args(
                lang,
                "gui-first-steps-preview-hint",
                &[("keys", &UiCommand::Preview.keys_text(ui.ctx(), lang))],
            ))
            .clicked()
        {
            cx.send(Command::Preview);
        }
    });
}
