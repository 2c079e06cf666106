//! The order language's reference: every form of the book's annex ("Liste des
//! ordres", 000:L2104; catalog §1.3), numbered as the catalog numbers them
//! (1–93), with its syntax, a worked example, who may give it, whether it is
//! exclusive and the step of the turn that carries it out. The app's Aide ▸
//! Langage des ordres shows it; a diagnostic or the completion opens it on the
//! forms that fit the line being written ([`matching_line`]).
//!
//! What an example means is not written here twice: it is the order's own
//! explanation ([`super::explain::explain`]) of the example once parsed.

use crate::i18n::{Lang, tr};
use crate::model::Class;

use super::lex::{TokKind, tokenize};

/// Who may give an order of a form (catalog §1.3, column "Who").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Any player (declarations, `Z`).
    Anyone,
    /// The owner of the world `m`.
    WorldOwner,
    /// The owner of the fleet `f`.
    FleetOwner,
    /// The owner of the fleet carrying the treasure (`T_t M`).
    CarrierOwner,
    /// The owner of both the world and the fleet, save the antiquarian's
    /// exceptions (`T_t F_f`).
    WorldAndFleetOwner,
    /// The owner of the world, or its owner at the start of the turn when the
    /// new owner declared him pillager (`M_m P`).
    PillageRight,
}

impl Who {
    fn message_id(self) -> &'static str {
        match self {
            Who::Anyone => "order-who-anyone",
            Who::WorldOwner => "order-who-world-owner",
            Who::FleetOwner => "order-who-fleet-owner",
            Who::CarrierOwner => "order-who-carrier-owner",
            Who::WorldAndFleetOwner => "order-who-world-and-fleet-owner",
            Who::PillageRight => "order-who-pillage-right",
        }
    }
}

/// The families of the annex, in its order: the headings of the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    Declarations,
    Probes,
    Emigration,
    Construction,
    Unloading,
    Treasures,
    Transfers,
    Loading,
    Meva,
    Fire,
    Movement,
    PillageAndGifts,
}

impl Family {
    /// Its heading in `lang`.
    pub fn title(self, lang: Lang) -> String {
        let id = match self {
            Family::Declarations => "order-family-declarations",
            Family::Probes => "order-family-probes",
            Family::Emigration => "order-family-emigration",
            Family::Construction => "order-family-construction",
            Family::Unloading => "order-family-unloading",
            Family::Treasures => "order-family-treasures",
            Family::Transfers => "order-family-transfers",
            Family::Loading => "order-family-loading",
            Family::Meva => "order-family-meva",
            Family::Fire => "order-family-fire",
            Family::Movement => "order-family-movement",
            Family::PillageAndGifts => "order-family-pillage-gifts",
        };
        tr(lang, id)
    }
}

/// One form of the order table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderForm {
    /// Its number in the catalog's table (1–93).
    pub number: u8,
    pub family: Family,
    /// The syntax, with the book's letters: `m`, `n`, `o` worlds, `f`, `g`
    /// fleets, `t` a treasure, `j` a player, `x` a count (in brackets when it
    /// may be left out), `y` a spy category.
    pub syntax: &'static str,
    /// A complete order of this form.
    pub example: &'static str,
    pub who: Who,
    /// The only class that may give it.
    pub class: Option<Class>,
    /// Exclusive: a fleet (or a world's VI or VP group) carries one such order
    /// a turn (catalog §1.2).
    pub exclusive: bool,
    /// The step of the turn (VIII) that carries it out.
    pub step: u8,
}

impl OrderForm {
    /// Who may give it, in `lang`, with the class restriction.
    pub fn who_text(&self, lang: Lang) -> String {
        let who = tr(lang, self.who.message_id());
        match self.class {
            None => who,
            Some(class) => crate::i18n::tr_args(
                lang,
                "order-who-class-only",
                &[("who", &who), ("class", class_name(class, lang))],
            ),
        }
    }

    /// What its example does, in `lang` (the example's explanation).
    pub fn meaning(&self, lang: Lang) -> String {
        match super::parse::parse_order(self.example) {
            Ok(order) => super::explain::explain(&order, lang),
            Err(_) => String::new(),
        }
    }
}

fn class_name(class: Class, lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => class.french_name(),
        Lang::En => class.english_name(),
    }
}

const fn form(
    number: u8,
    family: Family,
    syntax: &'static str,
    example: &'static str,
    who: Who,
    step: u8,
) -> OrderForm {
    OrderForm {
        number,
        family,
        syntax,
        example,
        who,
        class: None,
        exclusive: false,
        step,
    }
}

const fn only(class: Class, form: OrderForm) -> OrderForm {
    OrderForm {
        class: Some(class),
        ..form
    }
}

const fn exclusive(form: OrderForm) -> OrderForm {
    OrderForm {
        exclusive: true,
        ..form
    }
}

use Family as Fa;
use Who as W;

/// Every form, by number.
pub const FORMS: [OrderForm; 93] = [
    form(
        1,
        Fa::Declarations,
        "M_m = \"Nom\"",
        "M_12 = \"Terra Nova\"",
        W::WorldOwner,
        16,
    ),
    form(2, Fa::Declarations, "A : j", "A : 7", W::Anyone, 1),
    form(3, Fa::Declarations, "E : j", "E : 7", W::Anyone, 1),
    form(4, Fa::Declarations, "C : j", "C : 7", W::Anyone, 1),
    form(5, Fa::Declarations, "N : j", "N : 7", W::Anyone, 1),
    form(6, Fa::Declarations, "CP : j", "CP : 7", W::Anyone, 1),
    form(7, Fa::Declarations, "NCP : j", "NCP : 7", W::Anyone, 1),
    form(8, Fa::Declarations, "DP : j", "DP : 7", W::Anyone, 1),
    form(9, Fa::Declarations, "NDP : j", "NDP : 7", W::Anyone, 1),
    form(10, Fa::Declarations, "F_f P", "F_57 P", W::FleetOwner, 1),
    form(11, Fa::Declarations, "F_f G", "F_57 G", W::FleetOwner, 1),
    form(12, Fa::Declarations, "Z m", "Z 48", W::Anyone, 1),
    form(13, Fa::Declarations, "Z", "Z", W::Anyone, 1),
    only(
        Class::Missionary,
        form(14, Fa::Declarations, "J : j", "J : 7", W::Anyone, 1),
    ),
    form(15, Fa::Declarations, "PI : j", "PI : 7", W::Anyone, 1),
    form(16, Fa::Declarations, "NPI : j", "NPI : 7", W::Anyone, 1),
    form(
        17,
        Fa::Probes,
        "VI M_m S M_n",
        "VI M_5 S M_48",
        W::WorldOwner,
        2,
    ),
    form(
        18,
        Fa::Probes,
        "VP M_m S M_n",
        "VP M_5 S M_48",
        W::WorldOwner,
        2,
    ),
    form(19, Fa::Probes, "F_f S M_m", "F_57 S M_48", W::FleetOwner, 2),
    form(
        20,
        Fa::Emigration,
        "M_m E x P M_n",
        "M_5 E 2 P M_48",
        W::WorldOwner,
        5,
    ),
    form(
        21,
        Fa::Emigration,
        "M_m E x C M_n",
        "M_5 E 2 C M_48",
        W::WorldOwner,
        5,
    ),
    form(
        22,
        Fa::Emigration,
        "M_m E x N M_n",
        "M_5 E 2 N M_48",
        W::WorldOwner,
        5,
    ),
    form(
        23,
        Fa::Emigration,
        "M_m E x R M_n",
        "M_5 E 2 R M_48",
        W::WorldOwner,
        5,
    ),
    form(
        24,
        Fa::Construction,
        "M_m C x VC F_f",
        "M_127 C 10 VC F_57",
        W::WorldOwner,
        3,
    ),
    form(
        25,
        Fa::Construction,
        "M_m C x VT F_f",
        "M_127 C 4 VT F_57",
        W::WorldOwner,
        3,
    ),
    form(
        26,
        Fa::Construction,
        "M_m C x VI",
        "M_127 C 5 VI",
        W::WorldOwner,
        3,
    ),
    form(
        27,
        Fa::Construction,
        "M_m C x VP",
        "M_127 C 5 VP",
        W::WorldOwner,
        3,
    ),
    form(
        28,
        Fa::Construction,
        "M_m C x I",
        "M_127 C 2 I",
        W::WorldOwner,
        6,
    ),
    form(
        29,
        Fa::Construction,
        "VI M_m C x I",
        "VI M_127 C 1 I",
        W::WorldOwner,
        7,
    ),
    form(
        30,
        Fa::Construction,
        "M_m C x P",
        "M_127 C 3 P",
        W::WorldOwner,
        4,
    ),
    only(
        Class::Robotron,
        form(
            31,
            Fa::Construction,
            "M_m C x R",
            "M_127 C 6 R",
            W::WorldOwner,
            3,
        ),
    ),
    only(
        Class::Robotron,
        form(
            32,
            Fa::Construction,
            "M_m T x R I",
            "M_127 T 12 R I",
            W::WorldOwner,
            6,
        ),
    ),
    only(
        Class::Robotron,
        form(
            33,
            Fa::Construction,
            "M_m T x R F_f",
            "M_127 T 8 R F_57",
            W::WorldOwner,
            3,
        ),
    ),
    only(
        Class::Robotron,
        form(
            34,
            Fa::Construction,
            "M_m T x R VI",
            "M_127 T 8 R VI",
            W::WorldOwner,
            3,
        ),
    ),
    only(
        Class::Robotron,
        form(
            35,
            Fa::Construction,
            "M_m T x R VP",
            "M_127 T 8 R VP",
            W::WorldOwner,
            3,
        ),
    ),
    form(
        36,
        Fa::Construction,
        "F_f C BOMBE",
        "F_57 C BOMBE",
        W::FleetOwner,
        15,
    ),
    form(
        37,
        Fa::Construction,
        "M_m C x E y",
        "M_127 C 3 E 2",
        W::WorldOwner,
        3,
    ),
    form(
        38,
        Fa::Construction,
        "M_m C x DEP",
        "M_65 C 1 DEP",
        W::WorldOwner,
        3,
    ),
    form(
        39,
        Fa::Construction,
        "M_m C x ATT",
        "M_65 C 4 ATT",
        W::WorldOwner,
        3,
    ),
    form(
        40,
        Fa::Construction,
        "M_m C x DEF",
        "M_65 C 4 DEF",
        W::WorldOwner,
        3,
    ),
    form(
        41,
        Fa::Construction,
        "M_m C x RAD",
        "M_65 C 2 RAD",
        W::WorldOwner,
        3,
    ),
    form(
        42,
        Fa::Construction,
        "M_m C x CAR",
        "M_65 C 2 CAR",
        W::WorldOwner,
        3,
    ),
    form(
        43,
        Fa::Construction,
        "M_m C x ALI",
        "M_65 C 2 ALI",
        W::WorldOwner,
        3,
    ),
    form(
        44,
        Fa::Unloading,
        "F_f D (x) MP",
        "F_57 D 10 MP",
        W::FleetOwner,
        8,
    ),
    form(
        45,
        Fa::Unloading,
        "F_f D (x) PC",
        "F_57 D 10 PC",
        W::FleetOwner,
        9,
    ),
    form(
        46,
        Fa::Unloading,
        "F_f D (x) P",
        "F_57 D 2 P",
        W::FleetOwner,
        5,
    ),
    form(
        47,
        Fa::Unloading,
        "F_f D (x) N",
        "F_57 D 2 N",
        W::FleetOwner,
        5,
    ),
    form(
        48,
        Fa::Unloading,
        "F_f D (x) C",
        "F_57 D 2 C",
        W::FleetOwner,
        5,
    ),
    form(
        49,
        Fa::Unloading,
        "F_f D (x) R",
        "F_57 D 2 R",
        W::FleetOwner,
        5,
    ),
    form(50, Fa::Treasures, "T_t M", "T_3 M", W::CarrierOwner, 10),
    form(
        51,
        Fa::Transfers,
        "M_m T x VI VP",
        "M_5 T 3 VI VP",
        W::WorldOwner,
        11,
    ),
    form(
        52,
        Fa::Transfers,
        "M_m T x VP VI",
        "M_5 T 3 VP VI",
        W::WorldOwner,
        11,
    ),
    form(
        53,
        Fa::Transfers,
        "M_m T x VI F_f",
        "M_5 T 3 VI F_57",
        W::WorldOwner,
        11,
    ),
    form(
        54,
        Fa::Transfers,
        "M_m T x VP F_f",
        "M_5 T 3 VP F_57",
        W::WorldOwner,
        11,
    ),
    form(
        55,
        Fa::Transfers,
        "F_f T x VC VI",
        "F_57 T 4 VC VI",
        W::FleetOwner,
        11,
    ),
    form(
        56,
        Fa::Transfers,
        "F_f T x VC VP",
        "F_57 T 4 VC VP",
        W::FleetOwner,
        11,
    ),
    form(
        57,
        Fa::Transfers,
        "F_f T x VC F_g",
        "F_57 T 4 VC F_58",
        W::FleetOwner,
        11,
    ),
    form(
        58,
        Fa::Transfers,
        "F_f T x VT F_g",
        "F_57 T 4 VT F_58",
        W::FleetOwner,
        11,
    ),
    only(
        Class::Merchant,
        form(
            59,
            Fa::Transfers,
            "F_f T x VC VT",
            "F_57 T 4 VC VT",
            W::FleetOwner,
            11,
        ),
    ),
    only(
        Class::Merchant,
        form(
            60,
            Fa::Transfers,
            "F_f T x VC VT F_g",
            "F_57 T 4 VC VT F_58",
            W::FleetOwner,
            11,
        ),
    ),
    only(
        Class::Merchant,
        form(
            61,
            Fa::Transfers,
            "M_m T x VI VT F_f",
            "M_5 T 3 VI VT F_57",
            W::WorldOwner,
            11,
        ),
    ),
    only(
        Class::Merchant,
        form(
            62,
            Fa::Transfers,
            "M_m T x VP VT F_f",
            "M_5 T 3 VP VT F_57",
            W::WorldOwner,
            11,
        ),
    ),
    form(
        63,
        Fa::Loading,
        "F_f C (x) MP",
        "F_57 C 10 MP",
        W::FleetOwner,
        13,
    ),
    form(
        64,
        Fa::Loading,
        "F_f C (x) P",
        "F_57 C 2 P",
        W::FleetOwner,
        13,
    ),
    form(
        65,
        Fa::Loading,
        "F_f C (x) N",
        "F_57 C 2 N",
        W::FleetOwner,
        13,
    ),
    only(
        Class::Missionary,
        form(
            66,
            Fa::Loading,
            "F_f C (x) C",
            "F_57 C 2 C",
            W::FleetOwner,
            13,
        ),
    ),
    form(
        67,
        Fa::Loading,
        "F_f C (x) R",
        "F_57 C 2 R",
        W::FleetOwner,
        13,
    ),
    form(
        68,
        Fa::Treasures,
        "T_t F_f",
        "T_3 F_57",
        W::WorldAndFleetOwner,
        12,
    ),
    only(
        Class::Explorer,
        form(
            69,
            Fa::Meva,
            "F_f E x VC P",
            "F_57 E 2 VC P",
            W::FleetOwner,
            12,
        ),
    ),
    only(
        Class::Explorer,
        form(
            70,
            Fa::Meva,
            "F_f E x VC CM",
            "F_57 E 2 VC CM",
            W::FleetOwner,
            12,
        ),
    ),
    exclusive(form(
        71,
        Fa::Fire,
        "F_f * F_g",
        "F_128 * F_258",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        72,
        Fa::Fire,
        "F_f * M",
        "F_128 * M",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        73,
        Fa::Fire,
        "F_f * P",
        "F_128 * P",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        74,
        Fa::Fire,
        "F_f * I",
        "F_128 * I",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        75,
        Fa::Fire,
        "VP M_m * F_f",
        "VP M_5 * F_291",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        76,
        Fa::Fire,
        "VP M_m * N",
        "VP M_5 * N",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        77,
        Fa::Fire,
        "VP M_m * C",
        "VP M_5 * C",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        78,
        Fa::Fire,
        "VI M_m * F_f",
        "VI M_5 * F_291",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        79,
        Fa::Fire,
        "F_f ? F_g",
        "F_128 ? F_258",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        80,
        Fa::Fire,
        "F_f ? M",
        "F_128 ? M",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        81,
        Fa::Fire,
        "F_f ? P",
        "F_128 ? P",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        82,
        Fa::Fire,
        "F_f ? I",
        "F_128 ? I",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        83,
        Fa::Fire,
        "VP M_m ? F_f",
        "VP M_5 ? F_291",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        84,
        Fa::Fire,
        "VP M_m ? N",
        "VP M_5 ? N",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        85,
        Fa::Fire,
        "VP M_m ? C",
        "VP M_5 ? C",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        86,
        Fa::Fire,
        "VI M_m ? F_f",
        "VI M_5 ? F_291",
        W::WorldOwner,
        14,
    )),
    exclusive(form(
        87,
        Fa::Movement,
        "F_f MM m n … o",
        "F_57 MM 48 304",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        88,
        Fa::Movement,
        "F_f M_m M_n … M_o",
        "F_57 M_48 M_304",
        W::FleetOwner,
        14,
    )),
    exclusive(form(
        89,
        Fa::Movement,
        "F_f L BOMBE",
        "F_57 L BOMBE",
        W::FleetOwner,
        14,
    )),
    only(
        Class::Robotron,
        exclusive(form(
            90,
            Fa::Movement,
            "F_f T x R",
            "F_57 T 8 R",
            W::FleetOwner,
            14,
        )),
    ),
    form(
        91,
        Fa::PillageAndGifts,
        "M_m P",
        "M_48 P",
        W::PillageRight,
        16,
    ),
    exclusive(form(
        92,
        Fa::PillageAndGifts,
        "F_f C : j",
        "F_57 C : 7",
        W::FleetOwner,
        17,
    )),
    exclusive(form(
        93,
        Fa::PillageAndGifts,
        "M_m C : j",
        "M_48 C : 7",
        W::WorldOwner,
        17,
    )),
];

/// The form numbered `number`.
pub fn by_number(number: u8) -> Option<&'static OrderForm> {
    FORMS.iter().find(|f| f.number == number)
}

/// One token of a syntax: a word written as is, a number the player chooses
/// (`m`, `x`…; `optional` in brackets), or "the piece before, again" (`…`, with
/// the length of that piece in tokens).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot<'a> {
    Word(&'a str),
    Number { optional: bool },
    Repeat(usize),
}

/// The tokens of a syntax: `M_m C x VC F_f` → M, number, C, number, VC, F,
/// number.
fn slots(syntax: &str) -> Vec<Slot<'_>> {
    let mut slots = Vec::new();
    let mut previous_piece = 0;
    for piece in syntax.split_whitespace() {
        let before = slots.len();
        if piece == "…" {
            slots.push(Slot::Repeat(previous_piece));
        } else if let Some((word, _letter)) = piece.split_once('_') {
            slots.push(Slot::Word(word));
            slots.push(Slot::Number { optional: false });
        } else if piece.starts_with('(') {
            slots.push(Slot::Number { optional: true });
        } else if piece.len() == 1 && piece.chars().all(|c| c.is_ascii_lowercase()) {
            slots.push(Slot::Number { optional: false });
        } else if piece.starts_with('"') {
            slots.push(Slot::Word("\""));
        } else {
            slots.push(Slot::Word(piece));
        }
        previous_piece = slots.len() - before;
    }
    slots
}

/// Whether the typed tokens are the start of (or all of) a syntax's slots.
/// The last typed word may be unfinished (`V` starts `VC`).
fn fits(typed: &[(TokKind, String)], slots: &[Slot<'_>]) -> bool {
    let mut slot = 0;
    for (index, (kind, key)) in typed.iter().enumerate() {
        let last = index + 1 == typed.len();
        loop {
            let current = match slots.get(slot) {
                // The list goes on (`m n … o`): the piece before `…` again, as
                // often as the player writes one.
                Some(Slot::Repeat(length)) if *length > 0 => {
                    slot -= length;
                    continue;
                }
                Some(current) => *current,
                None => return false,
            };
            match (current, kind) {
                (Slot::Number { .. }, TokKind::Num) => {
                    slot += 1;
                    break;
                }
                (Slot::Number { optional: true }, _) => {
                    slot += 1;
                    continue;
                }
                (Slot::Word(word), TokKind::Word | TokKind::Symbol)
                    if word == key || (last && word.starts_with(key.as_str())) =>
                {
                    slot += 1;
                    break;
                }
                (Slot::Word("\""), TokKind::Quoted) => {
                    slot += 1;
                    break;
                }
                _ => return false,
            }
        }
    }
    true
}

/// The forms an order line being written may still become (all of them for
/// an empty line): `M_127 C 10` → the world's constructions and research.
/// The lexer's reading of the line is used, so `M127`, `m_127` and `M_127`
/// are the same.
pub fn matching_line(line: &str) -> Vec<&'static OrderForm> {
    // A comment (`;` on, G-3) is no part of the order; an unfinished name
    // (`M_12 = "Ter`) is read as far as its quote.
    let line = line.split(';').next().unwrap_or_default();
    let tokens = match tokenize(line, 1) {
        Ok(tokens) => tokens,
        Err(_) => match line.rfind('"').map(|at| tokenize(&line[..at], 1)) {
            Some(Ok(tokens)) => tokens,
            _ => return Vec::new(),
        },
    };
    let typed: Vec<(TokKind, String)> = tokens.into_iter().map(|t| (t.kind, t.key)).collect();
    FORMS
        .iter()
        .filter(|form| fits(&typed, &slots(form.syntax)))
        .collect()
}

/// The longest start of `line` that some form fits (the whole line when one
/// does): what to look up for a line with a mistake, `M_48 C 10 Q` → `M_48 C
/// 10`. Empty when not even its first word starts an order.
pub fn fitting_start(line: &str) -> String {
    let line = line.split(';').next().unwrap_or_default().trim();
    let Ok(tokens) = tokenize(line, 1) else {
        return line.to_string();
    };
    let typed: Vec<(TokKind, String)> = tokens.iter().map(|t| (t.kind, t.key.clone())).collect();
    for count in (1..=typed.len()).rev() {
        if FORMS
            .iter()
            .any(|form| fits(&typed[..count], &slots(form.syntax)))
        {
            // Columns are 1-based character positions.
            let end = tokens[count - 1].end.saturating_sub(1) as usize;
            return line.chars().take(end).collect();
        }
    }
    String::new()
}

/// Whether `text` reads as the start of an order (rather than words to look
/// for): its first token is a unit, `Z` or a declaration.
pub fn looks_like_order(text: &str) -> bool {
    let Ok(tokens) = tokenize(text, 1) else {
        return false;
    };
    let Some(first) = tokens.first() else {
        return false;
    };
    if first.kind != TokKind::Word {
        return false;
    }
    let single = tokens.len() == 1;
    match first.key.as_str() {
        "M" | "F" | "T" => !single || text.trim().len() > 1 && !text.trim().contains(' '),
        "VI" | "VP" | "Z" => true,
        key => super::ast::Declaration::from_keyword(key).is_some() && !single,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(line: &str) -> Vec<u8> {
        matching_line(line).iter().map(|f| f.number).collect()
    }

    #[test]
    fn a_line_being_written_finds_the_forms_it_may_become() {
        assert_eq!(numbers("").len(), 93);
        assert_eq!(
            numbers("M_127 C 10"),
            vec![24, 25, 26, 27, 28, 30, 31, 37, 38, 39, 40, 41, 42, 43]
        );
        assert_eq!(numbers("M127 C 10 V"), vec![24, 25, 26, 27]);
        assert_eq!(numbers("M_65 C 1 DEP"), vec![38]);
        assert_eq!(numbers("F_57 D"), vec![44, 45, 46, 47, 48, 49]);
        // The count of an unload may be left out.
        assert_eq!(numbers("F_57 D MP"), vec![44]);
        // A route goes on as long as the player writes worlds.
        assert_eq!(numbers("F_57 MM 48 304 12 9"), vec![87]);
        assert_eq!(numbers("F_57 M_48 M_304 M_12"), vec![88]);
        assert_eq!(numbers("A : 7"), vec![2]);
        assert_eq!(numbers("VI M_5 ?"), vec![86]);
        assert_eq!(numbers("M_12 = \"Terra\""), vec![1]);
        assert_eq!(numbers("M_12 = \"Ter"), vec![1]);
        assert_eq!(numbers("F_57 D 10 MP ; 10 MP"), vec![44]);
        assert!(numbers("F_57 Q").is_empty());
        assert!(numbers("M_127 C 10 VC F_57 12").is_empty());
    }

    #[test]
    fn a_line_with_a_mistake_is_looked_up_as_far_as_it_fits() {
        assert_eq!(fitting_start("M_48 C 10 Q"), "M_48 C 10");
        assert_eq!(fitting_start("M_65 C 1 DEP ; research"), "M_65 C 1 DEP");
        assert_eq!(fitting_start("F57 * F 12"), "F57 * F 12");
        assert_eq!(fitting_start("Q 12"), "");
    }

    #[test]
    fn an_order_is_told_from_words_to_look_for() {
        assert!(looks_like_order("M_127 C"));
        assert!(looks_like_order("F57"));
        assert!(looks_like_order("VI M_5"));
        assert!(looks_like_order("A : 3"));
        assert!(!looks_like_order("missionnaire"));
        assert!(!looks_like_order("A"));
        assert!(!looks_like_order("M"));
        assert!(!looks_like_order("transfert"));
    }
}
