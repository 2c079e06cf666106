//! The core's tests, one binary (`cargo test --test core`): the library below the
//! app and the command line — rulesets and rulings, the CR and `.NBT` readers and
//! writer, the orders (parse, print, validate, explain, propose, mail), combat and
//! its simulator, the resolver, the generator, the messages of every language and
//! the layering of the modules. One module per subject; fixtures under
//! `tests/fixtures/`, insta snapshots under `tests/core/snapshots/`.

#[path = "../support/mod.rs"]
mod support;

mod ali_levels;
mod combat;
mod combat_sim;
mod combat_sim_vs_resolver;
mod diagnostic_messages;
mod files_knowledge;
mod fuzz_regressions;
mod generate;
mod i18n;
mod i18n_plurals;
mod knowledge;
mod layering;
mod nbt;
mod orders_explain;
mod orders_forms;
mod orders_mail;
mod orders_parse;
mod orders_print;
mod orders_propose;
mod orders_validate;
mod report_infer;
mod report_read;
mod report_roundtrip;
mod report_write;
mod resolve_partial;
mod resolve_properties;
mod resolve_scenarios;
mod rules;
mod rulings;
