//! Speed of the order editor on every keystroke, with 300 orders: the
//! highlighting (classes from the orders lexer, diagnostics' marks, the egui
//! layout job) and one whole application frame after typing a character (check
//! of the orders against the knowledge, layout, diagnostics list, autosave of the
//! draft). The validator alone is measured by `orders_validate`.
//!
//! Run: `cargo bench --bench benches -- gui_editor`.

use std::hint::black_box;

use criterion::Criterion;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use nebutil::gui::editor::highlight;
use nebutil::gui::session::Session;
use nebutil::gui::settings::Settings;
use nebutil::gui::{Command, NebutilApp};
use nebutil::orders::validate::{PlayerContext, check_orders_with};
use nebutil::rules::Ruleset;

/// 300 orders on the demo game's worlds and fleets, some with problems.
fn orders() -> String {
    let lines = [
        "M_48 C 1 VC F_57 ; renforts",
        "F_57 MM 304",
        "M_123 C 1 I",
        "F_11 MM 304",
        "M_287 C 1 DEP",
        "A : 2",
        "F_240 D 1 P",
        "# une note",
        "F_128 * F_204",
        "M_99 E 1 P M_287",
    ];
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(lines[i % lines.len()]);
        text.push('\n');
    }
    text
}

pub fn editor(c: &mut Criterion) {
    let mut session = Session::default();
    let current = nebutil::gui::demo::load(&mut session);
    let knowledge = session.knowledge_at(current);
    let rules = Ruleset::builtin_2002();
    let text = orders();
    let context = PlayerContext::new(&knowledge);
    let checked = check_orders_with(&text, &context, &rules);
    println!(
        "{} orders, {} diagnostics",
        checked.file.orders.len(),
        checked.diagnostics.len()
    );
    c.bench_function("gui_editor: highlight runs, 300 orders", |b| {
        b.iter(|| black_box(highlight::runs(black_box(&text), &checked.diagnostics)))
    });
    c.bench_function("gui_editor: layout job, 300 orders", |b| {
        b.iter(|| {
            black_box(highlight::layout_job(
                black_box(&text),
                &checked.diagnostics,
                egui::FontId::monospace(12.0),
                &egui::Visuals::dark(),
            ))
        })
    });

    let data = std::env::temp_dir().join(format!("nebutil-bench-editor-{}", std::process::id()));
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .with_accessibility_check(false)
        .build_eframe(move |_cc| {
            NebutilApp::with_settings(Settings::default(), Vec::new()).with_data_dir(Some(data))
        });
    harness.run();
    harness
        .state_mut()
        .send(Command::AppendOrder(text.trim_end().to_string()));
    harness.run();
    harness.get_by_label("Ordres du tour").focus();
    harness.run();
    c.bench_function("gui_editor: frame after a keystroke, 300 orders", |b| {
        b.iter(|| {
            harness.get_by_label("Ordres du tour").type_text(" ");
            harness.step();
        })
    });
    c.bench_function("gui_editor: frame without change, 300 orders", |b| {
        b.iter(|| harness.step())
    });
}
