//! Speed of the desktop application's frame (layout and widgets, no GPU): the
//! demo game, and a large turn (1,000 described worlds, 3,000 fleets — several
//! times what a 2002 player's CR described) with the worlds list, the fleets
//! list, an inspected world and the CR text. Also opening that large turn
//! (reading the CR and building the session).
//!
//! Run: `cargo bench --bench benches -- gui_frame`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::Criterion;
use egui_kittest::Harness;
use nebutil::gui::session::{Session, SourceFile, SourceOrigin};
use nebutil::gui::settings::Settings;
use nebutil::gui::{Command, NebutilApp, Selection};

const WORLDS: u32 = 1000;

/// A CR describing `WORLDS` worlds with three fleets each.
fn large_cr() -> String {
    let mut s = String::from(
        "NEBULA - Partie KARNAJ - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\nPoints : 1234 (+56)\n\n",
    );
    let players = ["Maxtor", "Miria", "GASKOR", "LE BARBARE TABATABA"];
    for m in 1..=WORLDS {
        let owner = players[m as usize % players.len()];
        let (a, b, c) = (m % WORLDS + 1, (m * 7) % WORLDS + 1, (m * 13) % WORLDS + 1);
        let _ = writeln!(
            s,
            "M_{m} ({a},{b},{c}) \"{owner}:{}\" [I={}]=1 [P={}({})]=2 MP={}(+{}) [{},{}]",
            m % 9 + 1,
            m % 30,
            m % 90 + 5,
            m % 90 + 20,
            m % 40,
            m % 6,
            m % 40,
            m % 30
        );
        for f in 0..3 {
            let id = m * 3 + f;
            let _ = writeln!(s, "  F_{id} \"{owner}\" [{}]=3+{}T", f, m % 5);
        }
    }
    s
}

fn harness_with(text: &str) -> Harness<'static, NebutilApp> {
    let path = std::env::temp_dir().join("nebutil-bench-large-t12.cr");
    let _ = std::fs::write(&path, text);
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_accessibility_check(false)
        .build_eframe(move |_cc| NebutilApp::with_settings(Settings::default(), vec![path]));
    harness.run();
    harness
}

pub fn frames(c: &mut Criterion) {
    let mut demo = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_accessibility_check(false)
        .build_eframe(|_cc| NebutilApp::with_settings(Settings::default(), Vec::new()));
    demo.run();
    c.bench_function("gui_frame: frame: demo, turn summary", |b| {
        b.iter(|| demo.step())
    });

    let text = large_cr();
    c.bench_function("gui_frame: open: 1000-world CR into a session", |b| {
        b.iter(|| {
            let mut session = Session::default();
            let source = SourceFile::new(
                SourceOrigin::Demo("large.cr".into()),
                "large.cr",
                black_box(text.clone()),
            );
            black_box(session.add_cr(source))
        })
    });

    let mut large = harness_with(&text);
    c.bench_function(
        "gui_frame: frame: 1000 worlds, worlds list + summary",
        |b| b.iter(|| large.step()),
    );
    large
        .state_mut()
        .send(Command::Select(Some(Selection::World(500))));
    large.run();
    c.bench_function(
        "gui_frame: frame: 1000 worlds, worlds list + inspected world",
        |b| b.iter(|| large.step()),
    );
    large
        .state_mut()
        .send(Command::ShowList(nebutil::gui::ListTab::Fleets));
    large.run();
    c.bench_function(
        "gui_frame: frame: 3000 fleets list + inspected world",
        |b| b.iter(|| large.step()),
    );
    large.state_mut().send(Command::ToggleText);
    large.run();
    c.bench_function(
        "gui_frame: frame: 3000 fleets list + CR text (4000 lines)",
        |b| b.iter(|| large.step()),
    );
}
