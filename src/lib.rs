//! # Nébutil NG
//!
//! The open successor of Nébutil, the order-writing helper of **Nebula**, a French
//! play-by-email strategy game (1999–2002). This crate holds the whole game: the
//! galaxy model, the rulesets, the turn report ("compte rendu") reader and writer,
//! the `.NBT` companion file, the player's multi-turn knowledge, and on top of them
//! the command line (`cli`) and the desktop application (`gui`, feature `gui`).
//!
//! ## Layering
//!
//! Dependencies point down only (a test, `tests/core/layering.rs`, checks it):
//!
//! ```text
//! cli      gui                (side by side, never importing each other)
//!   └── game                  (saves, generator, arbiter)
//!         └── resolve         (one file per phase of the rule book, chapter VIII)
//!               └── report, nbt, orders, combat
//!                     └── rules     (ruleset constants and policies, RON)
//!                           └── model     (galaxy, worlds, fleets, players, tech, treasures;
//!                                          one turn's view and the player's knowledge)
//! storage, system          (files on disk, the process environment: for cli and gui)
//! desk, post               (the arbiter's desk; the player's mail: send, read replies)
//! diagnostic, i18n            (leaves used by every layer)
//! ```
//!
//! The core — everything below `game` — touches no file system, no clock, no
//! global random generator, no process environment and no egui: it takes text and returns values plus
//! [`diagnostic::Diagnostic`]s. Randomness is always a generator passed in.
//!
//! The tests follow the same cut, one binary per layer: `tests/core/` (everything
//! below `cli` and `gui`), `tests/cli/` (the built `nebutil`), `tests/app/` (the
//! app through its accessibility tree), with helpers in `tests/support/`; the
//! benchmarks are one binary, `tests/benches/main.rs`.
//!
//! ## Glossary
//!
//! Identifiers are English; the game's own abbreviations are kept as the rule book
//! writes them (in snake case where Rust wants it: `vc`, `vt`, `mp`, …).
//!
//! | Term | Meaning |
//! |---|---|
//! | **CR** | *compte rendu*: the weekly turn report a player receives |
//! | **NBT** | the machine-readable companion of the CR (our format: see [`nbt`]) |
//! | **M_m**, **Md_m**, **M#m** | world *m*; *d* = start world (*monde de départ*); *#* = bombed at least once |
//! | **F_f**, **F#f** | fleet *f*; *#* = the fleet carries the bomb |
//! | **T_t** | treasure *t* |
//! | **VC** | *vaisseau de combat*: combat ship, the only warship a fleet holds |
//! | **VT** | *vaisseau de transport*: transport ship, cargo = owner's CAR level |
//! | **VI** | *vaisseau de protection d'industries*: ship guarding a world's industries |
//! | **VP** | *vaisseau de protection de population*: ship guarding a world's population |
//! | **MP** | *matières premières*: raw materials, mined and consumed by production |
//! | **PC** | *produits de consommation*: MP unloaded as consumer goods (deconversion) |
//! | **UP** | *unité de production*: one active industry + one population + one MP |
//! | **N / C / R** | non-converted population / converts of a missionary / robots |
//! | **P** | population (N and C together) |
//! | **PE** | *potentiel d'exploration* of a start world (explorer points) |
//! | **MEVA** | *mise en valeur*: an explorer sacrifices VC to improve a world (`E=x/8`) |
//! | **Pi** | pillage count and turns until recovery (`Pi=2/4`) |
//! | **DEP, ATT, DEF, RAD, CAR, ALI** | technologies: movement, attack, defence, radar, cargo, knowledge of aliens |
//! | **CA / CAtt, CD / CDef** | attack and defence coefficients derived from ATT and DEF |
//! | **ONR** | *ordres non rendus*: a player who sent no orders this turn |
//! | **A, E, C, N, CP, NCP, DP, NDP, PI, NPI, J** | declarations: ally, enemy, MP loader, not loader, population loader, …, pillager, Jihad |

pub mod combat;
pub mod diagnostic;
pub mod game;
pub mod i18n;
pub mod model;
pub mod nbt;
pub mod orders;
pub mod parallel;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod rulings;
pub mod storage;
pub mod system;
pub mod text;

pub mod desk;
pub mod post;

pub mod cli;
#[cfg(feature = "gui")]
pub mod gui;
