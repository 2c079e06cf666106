//! The status bar: which turn, which player, the score.

use crate::i18n::{Lang, tr, tr_args};
use crate::model::view::TurnView;

/// The turn's number as shown: `?` when unknown, `7 (supposé)` for a stand-in
/// (a CR that does not tell its turn, see [`TurnView::turn_assumed`]).
pub fn turn_text(view: &TurnView, lang: Lang) -> String {
    match view.turn {
        None => "?".to_string(),
        Some(turn) if view.turn_assumed => {
            tr_args(lang, "gui-turn-assumed", &[("turn", &turn.to_string())])
        }
        Some(turn) => turn.to_string(),
    }
}

/// The facts of the status bar, in order.
pub fn status_parts(view: &TurnView, lang: Lang) -> Vec<String> {
    let mut parts = Vec::new();
    if let Some(game) = &view.game {
        parts.push(tr_args(lang, "gui-status-game", &[("game", game)]));
    }
    let turn = turn_text(view, lang);
    parts.push(tr_args(lang, "gui-status-turn", &[("turn", &turn)]));
    if let Some(player) = &view.player {
        let mut text = format!("\"{}\"", player.name);
        // Number 0 is nobody's seat (the arbiter's galaxy).
        if let Some(number) = player.number.filter(|n| *n != 0) {
            text.push_str(&format!(":{number}"));
        }
        if let Some(class) = view.class {
            let class = match lang {
                Lang::Fr => class.french_name(),
                Lang::En => class.english_name(),
            };
            text.push_str(&format!(" ({class})"));
        }
        parts.push(tr_args(lang, "gui-status-player", &[("player", &text)]));
    }
    if let Some(score) = view.score {
        let score = match view.score_delta {
            Some(delta) => format!("{score} ({delta:+})"),
            None => score.to_string(),
        };
        parts.push(tr_args(lang, "gui-status-score", &[("score", &score)]));
    }
    parts
}

/// Draws the status bar of a loaded turn, or the "nothing loaded" text.
/// `reading`: the knowledge of a big turn is being built in the background.
pub fn status_ui(
    ui: &mut egui::Ui,
    view: Option<&TurnView>,
    turns: usize,
    reading: bool,
    lang: Lang,
) {
    ui.horizontal(|ui| {
        if reading {
            ui.spinner();
            ui.label(tr(lang, "gui-status-reading"));
            ui.separator();
        }
        match view {
            Some(view) => {
                ui.label(status_parts(view, lang).join("  ·  "));
            }
            None => {
                ui.label(tr(lang, "gui-status-empty"));
            }
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.weak(tr_args(
                lang,
                "gui-status-turns-loaded",
                &[("count", &turns.to_string())],
            ));
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Class;
    use crate::model::view::PlayerRef;

    #[test]
    fn status_names_turn_player_class_and_score() {
        let view = TurnView {
            game: Some("ORION".into()),
            turn: Some(7),
            player: Some(PlayerRef {
                name: "Maxtor".into(),
                number: Some(5),
            }),
            class: Some(Class::Emperor),
            score: Some(412),
            score_delta: Some(64),
            ..TurnView::default()
        };
        let text = status_parts(&view, Lang::Fr).join(" ");
        assert!(text.contains("ORION"), "{text}");
        assert!(text.contains('7'), "{text}");
        assert!(text.contains("\"Maxtor\":5 (Empereur)"), "{text}");
        assert!(text.contains("412 (+64)"), "{text}");
        let english = status_parts(&view, Lang::En).join(" ");
        assert!(english.contains("(Emperor)"), "{english}");
    }
}
