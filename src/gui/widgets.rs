//! Small widgets shared by the panels.

/// The width a row of buttons with these texts takes (button padding and
/// spacing included).
fn buttons_width(ui: &egui::Ui, texts: &[&str]) -> f32 {
    let spacing = ui.spacing();
    let padding = spacing.button_padding.x * 2.0;
    let gap = spacing.item_spacing.x;
    texts
        .iter()
        .map(|text| {
            egui::WidgetText::from(*text)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Extend),
                    f32::INFINITY,
                    egui::TextStyle::Button,
                )
                .size()
                .x
                + padding
                + gap
        })
        .sum()
}

/// A row of tabs that never wraps to a second line: when they do not all fit
/// the width, the tab shown is a menu listing every tab. Returns the tab
/// clicked, if any.
pub fn tab_bar_ui<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    id: &str,
    tabs: &[(T, String)],
    selected: T,
) -> Option<T> {
    let texts: Vec<&str> = tabs.iter().map(|(_, text)| text.as_str()).collect();
    let mut clicked = None;
    if buttons_width(ui, &texts) <= ui.available_width() {
        ui.horizontal(|ui| {
            for (tab, text) in tabs {
                if ui.selectable_label(*tab == selected, text).clicked() {
                    clicked = Some(*tab);
                }
            }
        });
    } else {
        let current = tabs
            .iter()
            .find(|(tab, _)| *tab == selected)
            .map(|(_, text)| text.clone())
            .unwrap_or_default();
        let response = egui::ComboBox::from_id_salt(id)
            .selected_text(current.clone())
            .width(ui.available_width().min(260.0))
            .show_ui(ui, |ui| {
                for (tab, text) in tabs {
                    if ui.selectable_label(*tab == selected, text).clicked() {
                        clicked = Some(*tab);
                    }
                }
            })
            .response;
        // Named after the tab shown, for screen readers.
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::ComboBox, ui.is_enabled(), &current)
        });
    }
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tabs() -> Vec<(u8, String)> {
        ["Tour", "Inspecteur", "Texte du CR", "Texte du NBT"]
            .iter()
            .enumerate()
            .map(|(i, t)| (i as u8, (*t).to_string()))
            .collect()
    }

    /// The bar's (width, height) drawn in a space `width` wide.
    fn bar_size(width: f32) -> (f32, f32) {
        let ctx = egui::Context::default();
        let mut size = (0.0, 0.0);
        let mut output = ctx.run_ui(
            egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, 400.0),
                )),
                ..Default::default()
            },
            |ui| {
                let top = ui.cursor().top();
                let _ = tab_bar_ui(ui, "tabs", &tabs(), 1);
                size = (ui.min_rect().width(), ui.cursor().top() - top);
            },
        );
        // No renderer here: the font texture is never uploaded.
        output.textures_delta.clear();
        size
    }

    #[test]
    fn tabs_stay_on_one_line_within_the_width() {
        let (_, line) = bar_size(1000.0);
        assert!(line > 0.0);
        for width in [200.0, 300.0, 600.0] {
            let (used, height) = bar_size(width);
            assert!(height <= line + 2.0, "width {width}: {height} > {line}");
            assert!(used <= width, "width {width}: {used} used");
        }
    }
}
