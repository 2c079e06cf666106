//! The turn report, *compte rendu* (CR): reading it ([`read`](fn@read)) and writing it
//! ([`write`](fn@write)).
//!
//! # The CR document
//!
//! A CR is plain text, one fact per line. Everything the rule book shows is read
//! and written exactly as the book writes it (notation: rule book annex "Notations
//! du compte rendu"; grammar and every example line: `shared/rules/catalog.md`
//! §2). The book never shows the header, the score, the declarations, a world's
//! name or its corruption (G-15, G-144); Nébutil NG defines them below. A CR made
//! only of the book's notation, without any of our sections, reads as well.
//!
//! ```text
//! NEBULA - Partie KARNAJ - Tour 12                         header (ours)
//! Joueur : "Maxtor":5 (Empereur)                           header (ours)
//! Points : 1234 (+56)                                      score (ours, G-15)
//!
//! Vos niveaux technologiques :                             book IV.3
//! DEplacement : 4 (+4/10)
//! ATtaque : 1 (10), Votre CA est de : 50
//! DEfense : 1 (10), Votre CD est de : 100
//! RADar : 3 (max)                                          max level (ours, G-15)
//! Connaissance des ALIens : 0 (+2/5)
//! CARgaison : 1 (10)
//!
//! Statistiques                                             book IV.4
//! Capacité minière : 34
//! Populations : 1:1624 4:"TAPIMOKET":1299 M : 1051 [Erreur=10%]
//! …
//!
//! Vous connaissez de nom : "Miria":7, "Backchiche":9       book VII.3
//! Niveaux connus : "Miria":7 ATT 3 DEF 2, "Backchiche":9 DEF 1   ours (G-168)
//! Vos déclarations : A:"Miria":7 C:"Miria":7 J:"Backchiche":9(4)   ours (G-144)
//! Déclarations reçues : A:"Miria":7 DP:"Miria":7                   ours (G-144)
//!
//! Md_127 (48,123,287) "Maxtor:3" [I=30]=1 [P=50(100)]=1 MP=30(+2) [10,7]   book
//!   Nom : "Terra Nova"                                     world name (ours, G-15)
//!   Corrompu par : "Miria"                                 corruption (ours, G-15)
//!   T_57 <La machine perdue>                               treasure on the world
//!   F_57 "Maxtor" []=10                                    fleets on the world
//!   T_77 <La potion invisible>                             treasure on that fleet
//!   {F_128 "Maxtor" vers M_123}                            traces
//!
//! Classement final :                                       last turn only (ours)
//! 1. "Maxtor":5 3456
//! ```
//!
//! Our sections, precisely:
//! - `NEBULA - Partie NAME - Tour N` (separators: any run of spaces and `-`; the
//!   `Partie NAME` part is optional): game name and turn. `Tour : N` alone also
//!   gives the turn.
//! - `Joueur : "Name":N (Classe)`: the player, his number and class (French class
//!   name; the `(Classe)` part optional).
//! - `Points : S` or `Points : S (+D)` / `(-D)`: total score, points of the turn.
//! - Technology line at the maximum level: `RADar : 3 (max)`.
//! - `Vos déclarations :` / `Déclarations reçues :` followed by `aucune` or by
//!   entries `KW:"Name":N` separated by spaces, `KW` one of `A C CP DP PI J`; the
//!   Jihad entry carries its turn, `J:"Name":N(T)`. "Reçues" lists what other
//!   players declared *about me* (`A:"Miria":7` = Miria declared me ally).
//! - `Niveaux connus :` then `"Name":N` followed by `ATT a` and/or `DEF d` (either
//!   order, at least one) per player, separated by commas: the levels the player's
//!   ALI shows of the players he knows (IV.3.6), the line left out when it shows none.
//! - Under a world line, indented: `Nom : "…"` (the name given with `M_m = "…"`)
//!   and `Corrompu par : "Name"` (Jihad corruption).
//! - `Classement final :` then `R. "Name":N S` per player, on the last turn's CR.
//!
//! Layout rules the writer follows (the reader needs none of them): fleets,
//! traces and treasures are indented two spaces under their world; a fleet's
//! treasures follow the fleet; worlds are listed by number.
//!
//! # Reading is tolerant
//!
//! The reader never fails: it returns a [`crate::model::view::TurnView`] and
//! diagnostics, and resumes at the next line. It accepts every spacing and typo
//! the book shows (catalog §2.4, T-1 … T-22) and reports repairs as warnings.
//! Indentation is not significant: fleets, traces and treasures attach to the most
//! recent world line; treasures to the most recent world-or-fleet line.
//!
//! # What a line means (reader and writer agree on this)
//!
//! - A **full world line** (no elision) describes the world completely: an absent
//!   owner block = neutral (`owner: Some` with `name: None`); absent `I`/`[…]=n`
//!   = 0 industries, 0 active, 0 VI; absent `P` = population, converts, robots,
//!   limit and VP all 0; absent `MP` = 0 stock and 0 mining; absent `PC`, `Pi`
//!   (count and recovery), `PE`, `E` = 0. Never implied: `meva_slots`,
//!   `growth_rate`, `coords`, fire markers, `name`, `corrupted_by` (`None` when
//!   not shown). `I=8` and `P=…` outside brackets mean 0 VI / 0 VP.
//! - An **elided line** (`. . .`, `...`, `(...)`, `[...]`, or the placeholder
//!   owner `"..."`, kept verbatim as the name `...`) leaves every absent item
//!   unknown (`None`), owner included. A world line without connection list
//!   (`M_15` alone) is a mere mention: elided, with a warning.
//! - A **black-hole line** `M_65 * Trou noir *****`: `black_hole: true`, every
//!   other field unknown (`None`, connections included).
//! - A line of world items alone (`E=1/8`) continues the last world line (G-22).
//! - Fleets: an owner block without ships block = empty (0 VC, 0 VT, cargo 0); a
//!   fire marker without owner nor ships (`F_12 *M`) = wiped out (0 ships,
//!   cargo 0, owner unknown); `F#102` alone is a mention (everything unknown).
//!   `[?]=3` = 3 VC, 0 VT, cargo unknown; `[?]=24?` = 24 ships, split unknown.
//! - `/5C` and `P=14C` (no missionary named): the converts belong to the world's
//!   owner (`converts_owner` = the owner's name, `None` on a neutral world).
//! - Unknown indented lines are skipped with an information (G-15); unknown
//!   unindented lines are errors.

pub mod infer;
pub mod printable;
pub mod read;
pub mod write;

pub use read::{
    Sink, SplitError, SplitSink, TextSource, read, read_report, read_report_streamed,
    read_report_streamed_split, read_report_streamed_split_from,
};
pub use write::{WriteOptions, write};
