//! The orders as values: one [`OrderKind`] covers the 93 syntactic forms of the
//! rule book's annex "Liste des ordres" (catalog §1.3, #1–#93), with typed ids and
//! typed sub-enums so that an invalid combination (a VT built on a world, a VP
//! firing at industries) cannot be written down.
//!
//! The two movement syntaxes (`F_f MM m n` and `F_f M_m M_n`, #87/#88) are
//! "totalement équivalente": the AST does not remember which one was written, and
//! the printer emits the `MM` form.
//!
//! Metadata used by the validator and the resolver live here too: the catalog
//! number of the form ([`OrderKind::form`]), exclusivity, phase weight and step,
//! the class an order is reserved to, and what it commands ([`OrderKind::subject`]).

use serde::{Deserialize, Serialize};

use crate::diagnostic::Span;
use crate::model::{Class, FleetId, PlayerId, Tech, TreasureId, WorldId};

/// One order of a player, located on its line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    pub kind: OrderKind,
    /// The whole order text on its line (comment and trailing full stop excluded).
    pub span: Span,
}

/// Whom a declaration or a gift is addressed to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerRef {
    /// "Le joueur numéro j".
    Number(PlayerId),
    /// A quoted exact player name (`A : "Miria"`), mapped to a number by the
    /// validator through the players the orderer knows by name.
    Name(String),
}

/// The declarations `X : j` (catalog #2–#9, #14–#16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Declaration {
    /// `A` — ally.
    Ally,
    /// `E` — enemy (the default state; cancels `A`).
    Enemy,
    /// `C` — may load MP on my worlds.
    Loader,
    /// `N` — cancels `C`.
    NonLoader,
    /// `CP` — may load population on my worlds.
    PopLoader,
    /// `NCP` — cancels `CP`.
    NonPopLoader,
    /// `DP` — may unload population on my worlds.
    PopUnloader,
    /// `NDP` — cancels `DP`.
    NonPopUnloader,
    /// `J` — Jihad (missionary only).
    Jihad,
    /// `PI` — may pillage a world he owned at the start of the turn and I now own.
    Pillager,
    /// `NPI` — cancels `PI`.
    NonPillager,
}

impl Declaration {
    pub const ALL: [Declaration; 11] = [
        Declaration::Ally,
        Declaration::Enemy,
        Declaration::Loader,
        Declaration::NonLoader,
        Declaration::PopLoader,
        Declaration::NonPopLoader,
        Declaration::PopUnloader,
        Declaration::NonPopUnloader,
        Declaration::Jihad,
        Declaration::Pillager,
        Declaration::NonPillager,
    ];

    /// The keyword of the order (`A`, `NCP`, …).
    pub fn keyword(self) -> &'static str {
        match self {
            Declaration::Ally => "A",
            Declaration::Enemy => "E",
            Declaration::Loader => "C",
            Declaration::NonLoader => "N",
            Declaration::PopLoader => "CP",
            Declaration::NonPopLoader => "NCP",
            Declaration::PopUnloader => "DP",
            Declaration::NonPopUnloader => "NDP",
            Declaration::Jihad => "J",
            Declaration::Pillager => "PI",
            Declaration::NonPillager => "NPI",
        }
    }

    /// Parses an upper-case keyword.
    pub fn from_keyword(word: &str) -> Option<Declaration> {
        Declaration::ALL
            .into_iter()
            .find(|d| d.keyword().eq_ignore_ascii_case(word))
    }
}

/// What moves between a world and a fleet or another world: population kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum People {
    /// `P` — populations, the program choosing the mix of N and C.
    Pop,
    /// `C` — converts.
    Converts,
    /// `N` — non-converts.
    NonConverts,
    /// `R` — robots.
    Robots,
}

impl People {
    pub const ALL: [People; 4] = [
        People::Pop,
        People::Converts,
        People::NonConverts,
        People::Robots,
    ];

    pub fn letter(self) -> &'static str {
        match self {
            People::Pop => "P",
            People::Converts => "C",
            People::NonConverts => "N",
            People::Robots => "R",
        }
    }

    pub fn from_letter(word: &str) -> Option<People> {
        People::ALL
            .into_iter()
            .find(|p| p.letter().eq_ignore_ascii_case(word))
    }
}

/// A world's protection ships: the VI group or the VP group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Guard {
    /// VI, protecting the industries.
    Vi,
    /// VP, protecting the population.
    Vp,
}

impl Guard {
    pub fn keyword(self) -> &'static str {
        match self {
            Guard::Vi => "VI",
            Guard::Vp => "VP",
        }
    }

    /// The other group (VI ↔ VP).
    pub fn other(self) -> Guard {
        match self {
            Guard::Vi => Guard::Vp,
            Guard::Vp => Guard::Vi,
        }
    }
}

/// Who sends a probe (#17–#19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Prober {
    /// One VI (`VI M_m`) or one VP (`VP M_m`) of a world.
    Guard(Guard, WorldId),
    /// One VC of a fleet (`F_f`).
    Fleet(FleetId),
}

/// What a world builds with `M_m C x …` (#24–#28, #30, #31, #37–#43).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Construction {
    /// `VC F_f`.
    Vc(FleetId),
    /// `VT F_f`.
    Vt(FleetId),
    /// `VI`.
    Vi,
    /// `VP`.
    Vp,
    /// `I` — industries.
    Industries,
    /// `P` — raise of the population limit.
    PopLimit,
    /// `R` — robots (robotron only).
    Robots,
    /// `E y` — spies in category y.
    Spies(u32),
    /// `DEP`, `ATT`, `DEF`, `RAD`, `CAR`, `ALI` — research.
    Research(Tech),
}

/// What robots become with `M_m T x R …` (#32–#35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RobotProduct {
    /// `I` — x/12 industries.
    Industries,
    /// `F_f` — x/2 VC on fleet f.
    Vc(FleetId),
    /// `VI` — x/2 VI.
    Vi,
    /// `VP` — x/2 VP.
    Vp,
}

/// What a fleet unloads with `F_f D (x) …` (#44–#49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnloadGoods {
    /// `MP`.
    Mp,
    /// `PC` — MP unloaded as consumer goods.
    Pc,
    /// `P`, `N`, `C`, `R`.
    People(People),
}

/// What a fleet loads with `F_f C (x) …` (#63–#67).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LoadGoods {
    /// `MP`.
    Mp,
    /// `P`, `N`, `C`, `R`.
    People(People),
}

/// Where a world's VI or VP go with `M_m T x VI|VP …` (#51–#54, #61, #62).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GuardTransfer {
    /// To the other group of the same world (`VI VP` or `VP VI`).
    OtherGuard,
    /// To fleet f, where they become VC (`VI F_f`).
    Fleet(FleetId),
    /// Transformed into VT on fleet f (`VI VT F_f`, merchant only).
    FleetAsVt(FleetId),
}

/// What a fleet transfers with `F_f T x …` (#55–#60).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FleetTransfer {
    /// `VC VI` / `VC VP` — VC become protections of the fleet's world.
    VcToGuard(Guard),
    /// `VC F_g`.
    VcToFleet(FleetId),
    /// `VT F_g`.
    VtToFleet(FleetId),
    /// `VC VT` — VC become VT on the same fleet (merchant only).
    VcToVt,
    /// `VC VT F_g` — VC become VT on fleet g (merchant only).
    VcToVtOnFleet(FleetId),
}

/// What an explorer's sacrifice improves (#69, #70).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MevaTarget {
    /// `P` — population growth and limit.
    Population,
    /// `CM` — mining capacity.
    Mining,
}

/// Who fires at what (#71–#78; with `?`, #79–#86).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fire {
    /// `F_f * …`.
    Fleet { fleet: FleetId, target: FleetTarget },
    /// `VP M_m * …`.
    Vp { world: WorldId, target: VpTarget },
    /// `VI M_m * F_f`.
    Vi { world: WorldId, fleet: FleetId },
}

/// The target of a fleet's fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FleetTarget {
    /// `F_g`.
    Fleet(FleetId),
    /// `M` — the world's VI and VP.
    Protections,
    /// `P` — the population.
    Population,
    /// `I` — the industries.
    Industries,
}

/// The target of a world's VP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VpTarget {
    /// `F_f`.
    Fleet(FleetId),
    /// `N`.
    NonConverts,
    /// `C`.
    Converts,
}

/// Every order of the annex "Liste des ordres". Field names follow the book's
/// letters: `world` is m, `fleet` is f, `count` is x, `target` the second world/fleet.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// #1 `M_m = "Nom"`.
    Name { world: WorldId, name: String },
    /// #2–#9, #14–#16 `A : j`, `E : j`, … `NPI : j`.
    Declare {
        declaration: Declaration,
        player: PlayerRef,
    },
    /// #10 `F_f P`.
    Peace { fleet: FleetId },
    /// #11 `F_f G`.
    War { fleet: FleetId },
    /// #12 `Z m` (`Some(m)`) and #13 `Z` (`None`).
    NoAmbush { world: Option<WorldId> },
    /// #17–#19 `VI M_m S M_n`, `VP M_m S M_n`, `F_f S M_m`.
    Probe { prober: Prober, target: WorldId },
    /// #20–#23 `M_m E x P|C|N|R M_n`.
    Emigrate {
        world: WorldId,
        count: u32,
        people: People,
        target: WorldId,
    },
    /// #24–#28, #30, #31, #37–#43 `M_m C x …`.
    Build {
        world: WorldId,
        count: u32,
        construction: Construction,
    },
    /// #29 `VI M_m C x I`.
    ViToIndustries { world: WorldId, count: u32 },
    /// #32–#35 `M_m T x R I|F_f|VI|VP`.
    TransformRobots {
        world: WorldId,
        count: u32,
        product: RobotProduct,
    },
    /// #36 `F_f C BOMBE`.
    BuildBomb { fleet: FleetId },
    /// #44–#49 `F_f D (x) MP|PC|P|N|C|R`; `count: None` = everything.
    Unload {
        fleet: FleetId,
        count: Option<u32>,
        goods: UnloadGoods,
    },
    /// #50 `T_t M`.
    DropTreasure { treasure: TreasureId },
    /// #51–#54, #61, #62 `M_m T x VI|VP …`.
    GuardTransfer {
        world: WorldId,
        count: u32,
        from: Guard,
        to: GuardTransfer,
    },
    /// #55–#60 `F_f T x VC|VT …`.
    FleetTransfer {
        fleet: FleetId,
        count: u32,
        transfer: FleetTransfer,
    },
    /// #63–#67 `F_f C (x) MP|P|N|C|R`; `count: None` = as much as possible.
    Load {
        fleet: FleetId,
        count: Option<u32>,
        goods: LoadGoods,
    },
    /// #68 `T_t F_f`.
    LoadTreasure {
        treasure: TreasureId,
        fleet: FleetId,
    },
    /// #69, #70 `F_f E x VC P|CM` (explorer only).
    Meva {
        fleet: FleetId,
        count: u32,
        target: MevaTarget,
    },
    /// #71–#78 (`*`) and #79–#86 (`?`, `conditional: true`).
    Fire { conditional: bool, fire: Fire },
    /// #87/#88 `F_f MM m n … o` ≡ `F_f M_m M_n … M_o`; `route` is never empty.
    Move { fleet: FleetId, route: Vec<WorldId> },
    /// #89 `F_f L BOMBE`.
    DropBomb { fleet: FleetId },
    /// #90 `F_f T x R` (robotron only).
    RobotAttack { fleet: FleetId, count: u32 },
    /// #91 `M_m P`.
    Pillage { world: WorldId },
    /// #92 `F_f C : j`.
    GiveFleet { fleet: FleetId, player: PlayerRef },
    /// #93 `M_m C : j`.
    GiveWorld { world: WorldId, player: PlayerRef },
}

/// What an order commands: the unit that may carry only one exclusive order per
/// turn (catalog §1.2), or the player himself for declarations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Subject {
    /// Declarations and `Z`: the orderer as a player.
    Player,
    /// The world itself (its production, population, gift, name).
    World(WorldId),
    /// The VI group of a world (a separate shooter, 000:L1637).
    ViGroup(WorldId),
    /// The VP group of a world.
    VpGroup(WorldId),
    Fleet(FleetId),
    Treasure(TreasureId),
}

impl OrderKind {
    /// The number of the order as `written` (its text on its line): [`OrderKind::form`],
    /// except that a movement written `F_f M_m M_n … M_o` (`F_57 M_48`, `F_57 M 48`)
    /// is #88, one written `F_f MM m n … o` #87 — the same order, whose AST does
    /// not keep which syntax was used.
    pub fn written_form(&self, written: &str) -> u8 {
        match self {
            OrderKind::Move { .. } => {
                let tokens = super::lex::tokenize(written, 1).unwrap_or_default();
                // `F` `57` then the verb: `MM` (#87) or `M` (#88).
                match tokens.get(2) {
                    Some(verb) if verb.is("M") => 88,
                    _ => 87,
                }
            }
            _ => self.form(),
        }
    }

    /// The number of the form in the catalog's order table (§1.3), 1–93. Both
    /// movement syntaxes are #87 (the AST does not keep which one was written:
    /// [`OrderKind::written_form`] tells #88 from the order's text).
    pub fn form(&self) -> u8 {
        use OrderKind as K;
        match self {
            K::Name { .. } => 1,
            K::Declare { declaration, .. } => match declaration {
                Declaration::Ally => 2,
                Declaration::Enemy => 3,
                Declaration::Loader => 4,
                Declaration::NonLoader => 5,
                Declaration::PopLoader => 6,
                Declaration::NonPopLoader => 7,
                Declaration::PopUnloader => 8,
                Declaration::NonPopUnloader => 9,
                Declaration::Jihad => 14,
                Declaration::Pillager => 15,
                Declaration::NonPillager => 16,
            },
            K::Peace { .. } => 10,
            K::War { .. } => 11,
            K::NoAmbush { world: Some(_) } => 12,
            K::NoAmbush { world: None } => 13,
            K::Probe { prober, .. } => match prober {
                Prober::Guard(Guard::Vi, _) => 17,
                Prober::Guard(Guard::Vp, _) => 18,
                Prober::Fleet(_) => 19,
            },
            K::Emigrate { people, .. } => match people {
                People::Pop => 20,
                People::Converts => 21,
                People::NonConverts => 22,
                People::Robots => 23,
            },
            K::Build { construction, .. } => match construction {
                Construction::Vc(_) => 24,
                Construction::Vt(_) => 25,
                Construction::Vi => 26,
                Construction::Vp => 27,
                Construction::Industries => 28,
                Construction::PopLimit => 30,
                Construction::Robots => 31,
                Construction::Spies(_) => 37,
                Construction::Research(tech) => match tech {
                    Tech::Dep => 38,
                    Tech::Att => 39,
                    Tech::Def => 40,
                    Tech::Rad => 41,
                    Tech::Car => 42,
                    Tech::Ali => 43,
                },
            },
            K::ViToIndustries { .. } => 29,
            K::TransformRobots { product, .. } => match product {
                RobotProduct::Industries => 32,
                RobotProduct::Vc(_) => 33,
                RobotProduct::Vi => 34,
                RobotProduct::Vp => 35,
            },
            K::BuildBomb { .. } => 36,
            K::Unload { goods, .. } => match goods {
                UnloadGoods::Mp => 44,
                UnloadGoods::Pc => 45,
                UnloadGoods::People(People::Pop) => 46,
                UnloadGoods::People(People::NonConverts) => 47,
                UnloadGoods::People(People::Converts) => 48,
                UnloadGoods::People(People::Robots) => 49,
            },
            K::DropTreasure { .. } => 50,
            K::GuardTransfer { from, to, .. } => match (from, to) {
                (Guard::Vi, GuardTransfer::OtherGuard) => 51,
                (Guard::Vp, GuardTransfer::OtherGuard) => 52,
                (Guard::Vi, GuardTransfer::Fleet(_)) => 53,
                (Guard::Vp, GuardTransfer::Fleet(_)) => 54,
                (Guard::Vi, GuardTransfer::FleetAsVt(_)) => 61,
                (Guard::Vp, GuardTransfer::FleetAsVt(_)) => 62,
            },
            K::FleetTransfer { transfer, .. } => match transfer {
                FleetTransfer::VcToGuard(Guard::Vi) => 55,
                FleetTransfer::VcToGuard(Guard::Vp) => 56,
                FleetTransfer::VcToFleet(_) => 57,
                FleetTransfer::VtToFleet(_) => 58,
                FleetTransfer::VcToVt => 59,
                FleetTransfer::VcToVtOnFleet(_) => 60,
            },
            K::Load { goods, .. } => match goods {
                LoadGoods::Mp => 63,
                LoadGoods::People(People::Pop) => 64,
                LoadGoods::People(People::NonConverts) => 65,
                LoadGoods::People(People::Converts) => 66,
                LoadGoods::People(People::Robots) => 67,
            },
            K::LoadTreasure { .. } => 68,
            K::Meva { target, .. } => match target {
                MevaTarget::Population => 69,
                MevaTarget::Mining => 70,
            },
            K::Fire { conditional, fire } => {
                let base = match fire {
                    Fire::Fleet { target, .. } => match target {
                        FleetTarget::Fleet(_) => 71,
                        FleetTarget::Protections => 72,
                        FleetTarget::Population => 73,
                        FleetTarget::Industries => 74,
                    },
                    Fire::Vp { target, .. } => match target {
                        VpTarget::Fleet(_) => 75,
                        VpTarget::NonConverts => 76,
                        VpTarget::Converts => 77,
                    },
                    Fire::Vi { .. } => 78,
                };
                if *conditional { base + 8 } else { base }
            }
            K::Move { .. } => 87,
            K::DropBomb { .. } => 89,
            K::RobotAttack { .. } => 90,
            K::Pillage { .. } => 91,
            K::GiveFleet { .. } => 92,
            K::GiveWorld { .. } => 93,
        }
    }

    /// Exclusive orders (catalog §1.2, 000:L847, L1944): fire (conditional or
    /// not), movement, robot attack, dropping the bomb, gifts. A fleet, a VI
    /// group or a VP group may carry only one of them per turn.
    pub fn is_exclusive(&self) -> bool {
        matches!(
            self,
            OrderKind::Fire { .. }
                | OrderKind::Move { .. }
                | OrderKind::DropBomb { .. }
                | OrderKind::RobotAttack { .. }
                | OrderKind::GiveFleet { .. }
                | OrderKind::GiveWorld { .. }
        )
    }

    /// The phase weight of chapter VIII.1 (1 = declarations … 17 = gifts), column
    /// W of the catalog's order table.
    ///
    /// Ruling G-14 (VIII.1): the naming order `M_m = "Nom"` executes at weight 16,
    /// with the pillages, after the captures, the owner being checked at that moment;
    /// so the validator only warns (no error) when the world is not owned at the start
    /// of the turn.
    pub fn weight(&self) -> u8 {
        use OrderKind as K;
        match self {
            K::Declare { .. } | K::Peace { .. } | K::War { .. } | K::NoAmbush { .. } => 1,
            K::Probe { .. } => 2,
            K::Build { construction, .. } => match construction {
                Construction::Industries => 6,
                Construction::PopLimit => 4,
                _ => 3,
            },
            K::TransformRobots { product, .. } => match product {
                RobotProduct::Industries => 6,
                _ => 3,
            },
            K::Emigrate { .. } => 5,
            K::ViToIndustries { .. } => 7,
            K::Unload { goods, .. } => match goods {
                UnloadGoods::Mp => 8,
                UnloadGoods::Pc => 9,
                UnloadGoods::People(_) => 5,
            },
            K::DropTreasure { .. } => 10,
            K::GuardTransfer { .. } | K::FleetTransfer { .. } => 11,
            K::LoadTreasure { .. } | K::Meva { .. } => 12,
            K::Load { .. } => 13,
            K::Fire { .. } | K::Move { .. } | K::DropBomb { .. } | K::RobotAttack { .. } => 14,
            K::BuildBomb { .. } => 15,
            K::Name { .. } | K::Pillage { .. } => 16,
            K::GiveFleet { .. } | K::GiveWorld { .. } => 17,
        }
    }

    /// The step of chapter VIII's chronological list (1–20), column S of the
    /// catalog; `None` for the naming order, absent from that list (G-14).
    pub fn step(&self) -> Option<u8> {
        match self {
            OrderKind::Name { .. } => None,
            OrderKind::Pillage { .. } => Some(18),
            OrderKind::GiveFleet { .. } | OrderKind::GiveWorld { .. } => Some(20),
            other => Some(other.weight()),
        }
    }

    /// The class an order is reserved to, if any: Jihad (missionary), robots
    /// (robotron), VC/VI/VP into VT (merchant), MEVA (explorer).
    pub fn required_class(&self) -> Option<Class> {
        use OrderKind as K;
        match self {
            K::Declare {
                declaration: Declaration::Jihad,
                ..
            } => Some(Class::Missionary),
            K::Build {
                construction: Construction::Robots,
                ..
            }
            | K::TransformRobots { .. }
            | K::RobotAttack { .. } => Some(Class::Robotron),
            K::FleetTransfer {
                transfer: FleetTransfer::VcToVt | FleetTransfer::VcToVtOnFleet(_),
                ..
            }
            | K::GuardTransfer {
                to: GuardTransfer::FleetAsVt(_),
                ..
            } => Some(Class::Merchant),
            K::Meva { .. } => Some(Class::Explorer),
            _ => None,
        }
    }

    /// What the order commands (the unit whose exclusivity it uses).
    pub fn subject(&self) -> Subject {
        use OrderKind as K;
        match self {
            K::Declare { .. } | K::NoAmbush { .. } => Subject::Player,
            K::Name { world, .. }
            | K::Emigrate { world, .. }
            | K::Build { world, .. }
            | K::TransformRobots { world, .. }
            | K::Pillage { world }
            | K::GiveWorld { world, .. } => Subject::World(*world),
            K::GuardTransfer { world, from, .. } => guard_subject(*from, *world),
            K::ViToIndustries { world, .. } => Subject::ViGroup(*world),
            K::Probe { prober, .. } => match prober {
                Prober::Guard(guard, world) => guard_subject(*guard, *world),
                Prober::Fleet(fleet) => Subject::Fleet(*fleet),
            },
            K::Fire { fire, .. } => match fire {
                Fire::Fleet { fleet, .. } => Subject::Fleet(*fleet),
                Fire::Vp { world, .. } => Subject::VpGroup(*world),
                Fire::Vi { world, .. } => Subject::ViGroup(*world),
            },
            K::Peace { fleet }
            | K::War { fleet }
            | K::BuildBomb { fleet }
            | K::Unload { fleet, .. }
            | K::FleetTransfer { fleet, .. }
            | K::Load { fleet, .. }
            | K::Meva { fleet, .. }
            | K::Move { fleet, .. }
            | K::DropBomb { fleet }
            | K::RobotAttack { fleet, .. }
            | K::GiveFleet { fleet, .. } => Subject::Fleet(*fleet),
            K::DropTreasure { treasure } | K::LoadTreasure { treasure, .. } => {
                Subject::Treasure(*treasure)
            }
        }
    }

    /// The quantity `x` of the order, if it has one (`None` also when an optional
    /// quantity was omitted).
    pub fn count(&self) -> Option<u32> {
        use OrderKind as K;
        match self {
            K::Emigrate { count, .. }
            | K::Build { count, .. }
            | K::ViToIndustries { count, .. }
            | K::TransformRobots { count, .. }
            | K::GuardTransfer { count, .. }
            | K::FleetTransfer { count, .. }
            | K::Meva { count, .. }
            | K::RobotAttack { count, .. } => Some(*count),
            K::Unload { count, .. } | K::Load { count, .. } => *count,
            _ => None,
        }
    }

    /// The length of a movement order, `None` for other orders.
    ///
    /// Ruling G-12 (V.5): a route's length is the number of worlds listed after `MM`
    /// (or of `M_` tokens), revisits allowed, compared with DEP once this turn's
    /// research is counted; a route may not start with the world the fleet is on.
    pub fn route_len(&self) -> Option<usize> {
        match self {
            OrderKind::Move { route, .. } => Some(route.len()),
            _ => None,
        }
    }
}

/// An entity an order names, for the validator (does it exist, is it known, is it
/// here?) and for the interface (highlight what an order touches).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntityRef {
    World(WorldId),
    Fleet(FleetId),
    Treasure(TreasureId),
    Player(PlayerRef),
}

impl OrderKind {
    /// Every entity the order names, in the order they are written
    /// (`M_127 C 10 VC F_57` → world 127, fleet 57).
    pub fn references(&self) -> Vec<EntityRef> {
        use EntityRef::{Fleet as F, Player as P, Treasure as T, World as W};
        use OrderKind as K;
        match self {
            K::Name { world, .. } | K::Pillage { world } => vec![W(*world)],
            K::Declare { player, .. } => vec![P(player.clone())],
            K::Peace { fleet }
            | K::War { fleet }
            | K::BuildBomb { fleet }
            | K::Unload { fleet, .. }
            | K::Load { fleet, .. }
            | K::Meva { fleet, .. }
            | K::DropBomb { fleet }
            | K::RobotAttack { fleet, .. } => vec![F(*fleet)],
            K::NoAmbush { world } => world.iter().map(|w| W(*w)).collect(),
            K::Probe { prober, target } => match prober {
                Prober::Guard(_, world) => vec![W(*world), W(*target)],
                Prober::Fleet(fleet) => vec![F(*fleet), W(*target)],
            },
            K::Emigrate { world, target, .. } => vec![W(*world), W(*target)],
            K::Build {
                world,
                construction,
                ..
            } => match construction {
                Construction::Vc(fleet) | Construction::Vt(fleet) => vec![W(*world), F(*fleet)],
                _ => vec![W(*world)],
            },
            K::ViToIndustries { world, .. } => vec![W(*world)],
            K::TransformRobots { world, product, .. } => match product {
                RobotProduct::Vc(fleet) => vec![W(*world), F(*fleet)],
                _ => vec![W(*world)],
            },
            K::DropTreasure { treasure } => vec![T(*treasure)],
            K::GuardTransfer { world, to, .. } => match to {
                GuardTransfer::OtherGuard => vec![W(*world)],
                GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) => {
                    vec![W(*world), F(*fleet)]
                }
            },
            K::FleetTransfer {
                fleet, transfer, ..
            } => match transfer {
                FleetTransfer::VcToFleet(target)
                | FleetTransfer::VtToFleet(target)
                | FleetTransfer::VcToVtOnFleet(target) => vec![F(*fleet), F(*target)],
                FleetTransfer::VcToGuard(_) | FleetTransfer::VcToVt => vec![F(*fleet)],
            },
            K::LoadTreasure { treasure, fleet } => vec![T(*treasure), F(*fleet)],
            K::Fire { fire, .. } => match fire {
                Fire::Fleet { fleet, target } => match target {
                    FleetTarget::Fleet(target) => vec![F(*fleet), F(*target)],
                    _ => vec![F(*fleet)],
                },
                Fire::Vp { world, target } => match target {
                    VpTarget::Fleet(fleet) => vec![W(*world), F(*fleet)],
                    _ => vec![W(*world)],
                },
                Fire::Vi { world, fleet } => vec![W(*world), F(*fleet)],
            },
            K::Move { fleet, route } => std::iter::once(F(*fleet))
                .chain(route.iter().map(|w| W(*w)))
                .collect(),
            K::GiveFleet { fleet, player } => vec![F(*fleet), P(player.clone())],
            K::GiveWorld { world, player } => vec![W(*world), P(player.clone())],
        }
    }
}

fn guard_subject(guard: Guard, world: WorldId) -> Subject {
    match guard {
        Guard::Vi => Subject::ViGroup(world),
        Guard::Vp => Subject::VpGroup(world),
    }
}
