//! Every benchmark of the project, one binary (criterion; few binaries build
//! faster, each links the whole app):
//!
//! - `cargo bench --bench benches` runs them all;
//! - `cargo bench --bench benches -- NAME` runs the module NAME (`report_read`,
//!   `gui_map`, `mail_robot` …): only its setup is made, and criterion keeps the
//!   benchmarks whose id contains NAME (every id names its module);
//! - `--no-default-features` leaves out the app's (`gui_*`);
//! - `cargo test --all-targets` runs each benchmark once, as a test.
//!
//! Each module's doc says what it measures and the target.

#[path = "../support/mod.rs"]
mod support;

mod arbiter_turn;
mod combat_sim;
mod command_memory;
mod generate;
#[cfg(feature = "gui")]
mod gui_editor;
#[cfg(feature = "gui")]
mod gui_frame;
#[cfg(feature = "gui")]
mod gui_map;
mod mail_robot;
mod nbt_knowledge;
mod orders_validate;
mod report_command;
mod report_read;
mod report_write;
mod resolve_partial;
mod resolve_turn;

use criterion::Criterion;

/// A module's benchmarks, registered with criterion.
type Bench = fn(&mut Criterion);

/// The criterion benchmarks, by module name.
const CRITERION: &[(&str, Bench)] = &[
    ("arbiter_turn", arbiter_turn::bench),
    ("combat_sim", combat_sim::bench),
    ("generate", generate::bench),
    #[cfg(feature = "gui")]
    ("gui_editor", gui_editor::editor),
    #[cfg(feature = "gui")]
    ("gui_frame", gui_frame::frames),
    #[cfg(feature = "gui")]
    ("gui_map", gui_map::bench_map),
    ("nbt_knowledge", nbt_knowledge::benches),
    ("orders_validate", orders_validate::bench),
    ("report_command", report_command::benches),
    ("report_read", report_read::bench),
    ("report_write", report_write::bench),
    ("resolve_partial", resolve_partial::benches),
    ("resolve_turn", resolve_turn::bench),
];

/// Criterion's options that take a value (the filter is the first free argument).
const OPTIONS_WITH_VALUE: &[&str] = &[
    "-c",
    "--color",
    "-s",
    "--save-baseline",
    "-b",
    "--baseline",
    "--baseline-lenient",
    "--load-baseline",
    "--sample-size",
    "--warm-up-time",
    "--measurement-time",
    "--nresamples",
    "--noise-threshold",
    "--confidence-level",
    "--significance-level",
    "--profile-time",
    "--plotting-backend",
    "--output-format",
    "--format",
];

/// The benchmark filter given on the command line, if any.
fn filter() -> Option<String> {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if OPTIONS_WITH_VALUE.contains(&arg.as_str()) {
            args.next();
        } else if !arg.starts_with('-') {
            return Some(arg);
        }
    }
    None
}

/// Whether the module `name` runs for `filter`: no filter, a part of its name
/// (`report` runs the three `report_*`), or an id inside it (`report_read/read`).
fn selected(name: &str, filter: Option<&str>) -> bool {
    filter.is_none_or(|filter| name.contains(filter) || filter.starts_with(name))
}

fn main() {
    if report_read::iterations_only() || command_memory::child_only() {
        return;
    }
    let filter = filter();
    let mut criterion = Criterion::default().configure_from_args();
    for (name, bench) in CRITERION {
        if selected(name, filter.as_deref()) {
            bench(&mut criterion);
        }
    }
    criterion.final_summary();
    if selected("mail_robot", filter.as_deref()) {
        mail_robot::run();
    }
    if selected("command_memory", filter.as_deref()) {
        command_memory::run();
    }
}
