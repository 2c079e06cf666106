//! The turn summary: what the CR says about the player himself — score,
//! technologies, statistics (with spy rankings), known players, declarations,
//! final ranking, and the orders sent (from the NBT).

use egui::RichText;

use super::plots::stat_message;
use crate::gui::inspector::facts::seen_when;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::{Knowledge, Seen};
use crate::model::tech::Tech;
use crate::model::view::{
    DeclarationKind, DeclarationView, PlayerRef, StatValue, TechView, TurnView,
};

/// The message id of a technology's name.
fn tech_message(tech: Tech) -> &'static str {
    match tech {
        Tech::Dep => "gui-tech-dep",
        Tech::Att => "gui-tech-att",
        Tech::Def => "gui-tech-def",
        Tech::Rad => "gui-tech-rad",
        Tech::Ali => "gui-tech-ali",
        Tech::Car => "gui-tech-car",
    }
}

/// The message id of a declaration's meaning.
fn declaration_message(kind: DeclarationKind) -> &'static str {
    match kind {
        DeclarationKind::Ally => "gui-declaration-ally",
        DeclarationKind::MpLoader => "gui-declaration-mp-loader",
        DeclarationKind::PopLoader => "gui-declaration-pop-loader",
        DeclarationKind::PopUnloader => "gui-declaration-pop-unloader",
        DeclarationKind::Pillager => "gui-declaration-pillager",
        DeclarationKind::Jihad => "gui-declaration-jihad",
    }
}

/// `"Miria":7`, or `"Miria"` when the number is unknown.
pub fn player_ref(player: &PlayerRef) -> String {
    // Number 0 is nobody's seat (the arbiter's galaxy).
    match player.number.filter(|n| *n != 0) {
        Some(number) => format!("\"{}\":{number}", player.name),
        None => format!("\"{}\"", player.name),
    }
}

fn heading(ui: &mut egui::Ui, lang: Lang, id: &str) {
    ui.add_space(8.0);
    ui.label(RichText::new(tr(lang, id)).strong());
}

/// The players known by name; with their ATT and DEF levels when the player's
/// ALI shows some (IV.3.6: DEF from ALI 2, ATT from ALI 3, hidden by a player of
/// ALI 4 or more above one's own; `Niveaux connus`, G-168). A level this CR
/// does not show but another report did (an ally's, an earlier turn's) is
/// given in italics, with whose report and which turn on hover.
fn known_players_ui(ui: &mut egui::Ui, view: &TurnView, knowledge: &Knowledge, lang: Lang) {
    let ali = view
        .tech
        .as_ref()
        .and_then(|t| t.line(Tech::Ali))
        .map_or(0, |l| l.level);
    let other_reports = |name: &str| knowledge.levels_of(name);
    let any_elsewhere = view
        .known_players
        .iter()
        .any(|p| other_reports(&p.name).is_some());
    if ali < 2 && view.known_levels.is_empty() && !any_elsewhere {
        ui.horizontal_wrapped(|ui| {
            for player in &view.known_players {
                ui.label(player_ref(player));
            }
        });
        return;
    }
    let allies = knowledge.allies();
    let level_ui =
        |ui: &mut egui::Ui, value: Option<u32>, elsewhere: Option<&Seen<u32>>, shown_from: u32| {
            match (value, elsewhere) {
                (Some(level), _) => {
                    ui.label(level.to_string());
                }
                (None, Some(seen)) => {
                    ui.label(RichText::new(seen.value.to_string()).italics())
                        .on_hover_text(seen_when(lang, allies, seen.turn, seen.source));
                }
                // ALI high enough and nothing shown: his ALI hides it.
                (None, None) if ali >= shown_from => {
                    ui.label(tr(lang, "gui-known-level-hidden"));
                }
                (None, None) => {
                    ui.label("—");
                }
            }
        };
    egui::Grid::new("summary-known-players")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label("ATT")
                .on_hover_text(tr(lang, "gui-known-level-att-hint"));
            ui.label("DEF")
                .on_hover_text(tr(lang, "gui-known-level-def-hint"));
            ui.end_row();
            for player in &view.known_players {
                let levels = view.levels_of(&player.name);
                let elsewhere = other_reports(&player.name);
                ui.label(player_ref(player));
                level_ui(
                    ui,
                    levels.and_then(|l| l.attack),
                    elsewhere.and_then(|l| l.attack.as_ref()),
                    3,
                );
                level_ui(
                    ui,
                    levels.and_then(|l| l.defense),
                    elsewhere.and_then(|l| l.defense.as_ref()),
                    2,
                );
                ui.end_row();
            }
        });
}

/// Draws the summary of a turn.
pub fn summary_ui(ui: &mut egui::Ui, view: &TurnView, knowledge: &Knowledge, lang: Lang) {
    title_ui(ui, view, lang);
    if let Some(tech) = &view.tech {
        tech_ui(ui, tech, lang);
    }
    if !view.statistics.is_empty() {
        statistics_ui(ui, view, lang);
    }
    if !view.known_players.is_empty() {
        heading(ui, lang, "gui-section-known-players");
        known_players_ui(ui, view, knowledge, lang);
    }

    if let Some(declarations) = &view.declarations {
        heading(ui, lang, "gui-section-declarations-made");
        declarations_ui(ui, "declarations-made", &declarations.made, lang);
        heading(ui, lang, "gui-section-declarations-received");
        declarations_ui(ui, "declarations-received", &declarations.received, lang);
    }

    if !view.ranking.is_empty() {
        heading(ui, lang, "gui-section-ranking");
        egui::Grid::new("summary-ranking")
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for entry in &view.ranking {
                    ui.label(format!("{}.", entry.rank));
                    ui.label(player_ref(&entry.player));
                    ui.label(entry.score.to_string());
                    ui.end_row();
                }
            });
    }

    if let Some(orders) = &view.orders_sent {
        heading(ui, lang, "gui-section-orders-sent");
        egui::Frame::group(ui.style()).show(ui, |ui| {
            for line in orders.lines() {
                ui.monospace(line);
            }
        });
    }
}

/// The turn, the game, the player, his class and score.
fn title_ui(ui: &mut egui::Ui, view: &TurnView, lang: Lang) {
    let title = match view.turn {
        Some(turn) => tr_args(lang, "gui-status-turn", &[("turn", &turn.to_string())]),
        None => tr(lang, "gui-summary-unknown-turn"),
    };
    ui.heading(title);
    let mut who = Vec::new();
    if let Some(game) = &view.game {
        who.push(tr_args(lang, "gui-status-game", &[("game", game)]));
    }
    if let Some(player) = &view.player {
        who.push(player_ref(player));
    }
    if let Some(class) = view.class {
        who.push(match lang {
            Lang::Fr => class.french_name().to_string(),
            Lang::En => class.english_name().to_string(),
        });
    }
    if !who.is_empty() {
        ui.label(who.join(" · "));
    }
    if let Some(score) = view.score {
        let text = match view.score_delta {
            Some(delta) => format!("{score} ({delta:+})"),
            None => score.to_string(),
        };
        ui.label(tr_args(lang, "gui-status-score", &[("score", &text)]));
    }
}

/// The technologies: level and research of each, CAtt and CDef.
fn tech_ui(ui: &mut egui::Ui, tech: &TechView, lang: Lang) {
    heading(ui, lang, "gui-section-tech");
    egui::Grid::new("summary-tech")
        .num_columns(3)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for line in &tech.lines {
                ui.label(tr(lang, tech_message(line.tech)));
                ui.label(line.level.to_string());
                match line.cost {
                    // Short, so the panel's narrow default width shows it whole;
                    // the sentence on hover.
                    Some(cost) => ui
                        .label(tr_args(
                            lang,
                            "gui-tech-progress",
                            &[
                                ("invested", &line.invested.to_string()),
                                ("cost", &cost.to_string()),
                            ],
                        ))
                        .on_hover_text(tr(lang, "gui-tech-progress-hint")),
                    None => ui.label(tr(lang, "gui-tech-max")),
                };
                ui.end_row();
            }
            if let Some(catt) = tech.catt {
                ui.label(tr(lang, "gui-tech-catt"));
                ui.label(catt.to_string());
                ui.end_row();
            }
            if let Some(cdef) = tech.cdef {
                ui.label(tr(lang, "gui-tech-cdef"));
                ui.label(cdef.to_string());
                ui.end_row();
            }
        });
}

/// The statistics: the player's own, and the spies' rankings.
fn statistics_ui(ui: &mut egui::Ui, view: &TurnView, lang: Lang) {
    heading(ui, lang, "gui-section-statistics");
    egui::Grid::new("summary-statistics")
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for (kind, value) in &view.statistics {
                ui.label(tr(lang, stat_message(*kind)));
                match value {
                    StatValue::Own(value) => {
                        ui.label(value.to_string());
                    }
                    StatValue::Spied(spy) => {
                        ui.vertical(|ui| {
                            ui.label(tr_args(
                                lang,
                                "gui-spy-header",
                                &[
                                    ("mean", &spy.mean.to_string()),
                                    ("error", &spy.error_percent.to_string()),
                                ],
                            ));
                            for entry in &spy.entries {
                                let name = entry.name.as_ref().map_or_else(
                                    || tr(lang, "gui-spy-unknown-player"),
                                    |n| format!("\"{n}\""),
                                );
                                ui.label(format!("{}. {name} {}", entry.rank, entry.value));
                            }
                        });
                    }
                }
                ui.end_row();
            }
        });
}

fn declarations_ui(ui: &mut egui::Ui, salt: &str, declarations: &[DeclarationView], lang: Lang) {
    if declarations.is_empty() {
        ui.weak(tr(lang, "gui-none"));
        return;
    }
    egui::Grid::new(salt)
        .num_columns(2)
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for declaration in declarations {
                let mut notation = format!(
                    "{}:{}",
                    declaration.kind.keyword(),
                    player_ref(&declaration.player)
                );
                if let Some(turn) = declaration.turn {
                    notation.push_str(&format!("({turn})"));
                }
                ui.monospace(notation);
                ui.label(tr(lang, declaration_message(declaration.kind)));
                ui.end_row();
            }
        });
}
