# combat messages (en)

## Combat simulator (issue 5)
sim-setup-syntax = unreadable setup: { $error }
sim-unknown-rules = unknown rules "{ $rules }" (2002 or 1999)
sim-side-name = side without a name or named twice: "{ $side }"
sim-unknown-side = no side is called "{ $side }"
sim-jihad-not-missionary = { $side } is not a missionary: the Jihad changes nothing
sim-duplicate-fleet = fleet { $fleet } appears twice
sim-fire-and-move = fleet { $fleet } moves: it does not fire (exclusive orders)
sim-bad-target = { $shooter } cannot fire at { $target }
sim-unknown-fleet = no fleet { $fleet } in the setup
sim-cargo-over-capacity = fleet { $fleet } carries { $cargo } for a capacity of { $capacity }: the excess does not count (C ≤ Cm)
sim-flee-and-cross = fleet { $fleet } cannot both flee the world and cross it
sim-exclusive-orders = fleet { $fleet } has several exclusive orders: a move takes precedence over a robot attack or a bomb, which take precedence over fire
sim-neutral-never-fires = the neutral player never fires: fire orders of the VI and VP of a neutral world are ignored
sim-neutral = neutral
sim-round = Round { $round }
sim-ambush-shot = ambush (CAtt × 2)
sim-jihad-shot = Jihad (ATT + 4)
sim-not-triggered = conditional fire not triggered
sim-phase-protections = Phase 1 — protection ships destroyed: VI { $vi }, VP { $vp }
sim-phase-rest = Phase 2 — the rest of the damage
sim-fleet-losses = { $fleet } ({ $side }): { $vc } VC and { $vt } VT destroyed, cargo lost: { $cargo }
sim-fleet-ambushed = { $fleet } ({ $side }) ambushed: { $vc } VC and { $vt } VT destroyed, cargo lost: { $cargo }
sim-fleet-stopped = empty fleet: immobilised on the world
sim-fleet-fled = flees the world
sim-fleet-crossed = goes on its way
sim-ambushes = Ambushes
sim-nothing = nothing
sim-after = After the round:
sim-ships-left = Ships left: { $list }
sim-end-gone = End: { $sides } has no ship left.
sim-end-stable = End: nothing changes from one round to the next.
sim-end-limit = End: limit of { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    } reached.
sim-bomb = { $fleet } ({ $side }) drops its bomb on { $world } (VII.1.4)
sim-bomb-razed = destroyed: { $list }; the world turns neutral, marked M# for ever
sim-bomb-points = points of { $side }: { $score } (G-108)
sim-robot-attack = Robot attack on { $world } (VI.5.1)
sim-robot-drop = { $fleet } ({ $side }) { $order }: { $text } (G-79)
sim-robot-none = no robot lands: no VC is left to become robots
sim-robot-sides = robots per side: { $list }
sim-robot-winner = robot against robot, { $side } wins: { $text }
sim-robot-tie = a tie between the strongest: every robot is destroyed (R = 0)
sim-robot-vs-population = 1 robot kills 4 populations and 4 populations kill 1 robot:
sim-robot-losses = losses: { $list }
sim-robot-captured = { $world } passes to { $side } with its protections (G-82)
sim-robot-emptied = { $world } keeps neither robots nor populations: it turns neutral (15c)
cli-combat-bad-fleet = "{ $fleet }" is not a fleet number (F_128 or 128)
cli-combat-none = none
cli-combat-search = What { $fleet } needs to wipe out { $target } within { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }:
cli-combat-min-vc = smallest VC count: { $vc } (searched up to { $max })
cli-combat-min-att = smallest ATT level: { $att }
cli-combat-withstand = { $target } holds up to { $vc } VC, losing { $loss }
cli-combat-withstand-none = { $target } holds against no VC count searched (or against all)
gui-sim-withstand = { $target } still holds against up to { $vc } VC, losing { $loss }.
gui-sim-withstand-none = { $target } holds against no VC count searched (or against all).
gui-sim-title = Combat simulator
gui-sim-menu = Combat simulator
gui-sim-not-run = Fix the setup to run the simulation.
gui-sim-load = Open…
gui-sim-save = Save…
gui-sim-book = Book example
gui-sim-from-cr = From the CR:
gui-sim-take = Take this world
gui-sim-take-hint = The world of the CR shown, its fleets and defences: your levels for you; for the others, the ATT and DEF your reports (ALI 2 and 3) or your allies' show, else the ones given (ATT, DEF, CAR).
gui-sim-levels-taken = Levels taken: { $list }
gui-sim-levels-own = { $side }: ATT { $att }, DEF { $def } (your levels)
gui-sim-levels-other = { $side }: ATT { $att } ({ $att_from }), DEF { $def } ({ $def_from })
gui-sim-level-known = known from the reports
gui-sim-level-assumed = assumed
gui-sim-rounds = Rounds at most:
gui-sim-world = World
gui-sim-owner = Owner:
gui-sim-neutral = neutral
gui-sim-no-fire = no fire
gui-sim-add-fleet = + fleet
gui-sim-remove-fleet = Remove the fleet
gui-sim-add-side = + side
gui-sim-remove-side = Remove the side
gui-sim-new-side = Side { $n }
gui-sim-allies = Allies:
gui-sim-fleeing = flees
gui-sim-crossing = crosses
gui-sim-peace = peace
gui-sim-axis-round = round
gui-sim-axis-ships = ships
gui-sim-search = What it takes for
gui-sim-search-run = Search
gui-sim-search-answer = { $fleet } wipes out its target within { $rounds } { $rounds ->
        [one] round
       *[other] rounds
    } with at least { $vc } VC, or at ATT level { $att }.
gui-sim-load-failed = Unreadable setup: { $file }
gui-sim-save-failed = Cannot save { $file }
gui-sim-saved = Saved: { $file }
gui-sim-rules = Rules
gui-sim-side-name = Side name
gui-sim-class = Class
gui-sim-world-choice = M_{ $world } ({ $fleets } { $fleets ->
        [one] fleet
       *[other] fleets
    })
gui-sim-cr-world = World of the CR

## arbiter-windows: combat window (no formula without a target, tooltips, search follows the fight)
sim-no-hit = no hit: nothing is destroyed
sim-fleet-empty = { $fleet } has no ship: there is nothing to destroy
sim-world-empty-m = the world has no defence (no VI nor VP): the shot destroys nothing
sim-world-empty-p = the world has no defence (no VP nor population): the shot destroys nothing
sim-world-empty-i = the world has no defence (no VI nor industry): the shot destroys nothing
sim-world-empty-n = the world has no unconverted population: the shot kills no one
sim-world-empty-c = the world has no convert: the shot kills no one
gui-sim-search-hint = The smallest fleet (in VC, or in ATT level) that wipes out the target of its fire order in the fight shown, and what that target takes while still holding
gui-sim-search-fleet-hint = The fleet firing: only the fleets with a fire order in this fight are offered
gui-sim-search-none = No fleet has a fire order in this fight: give one to know what it takes.
gui-sim-search-nothing = { $fleet } needs no VC at all: its target { $target } has nothing to lose, or the rest of the fight wipes it out without him.
gui-sim-search-for = Fight shown: { $fleet } * { $target }, { $rounds ->
        [one] { $rounds } round at most
       *[other] { $rounds } rounds at most
    }.
gui-sim-hint-cr-world = The world of the CR shown to take into the simulator
gui-sim-hint-assumed-att = Attack level (ATT) assumed for the other players, which the CR does not give
gui-sim-hint-assumed-def = Defence level (DEF) assumed for the other players, which the CR does not give
gui-sim-hint-assumed-car = Cargo level (CAR) assumed for the other players, which the CR does not give
gui-sim-hint-rounds = Largest number of combat rounds simulated (the fight stops earlier when nothing changes any more)
gui-sim-hint-rules = The rules applied: 2002 or 1999
gui-sim-hint-world = The number of the world where the fight takes place
gui-sim-hint-owner = The side owning the world: its VI and VP fire for it; a neutral world never fires
gui-sim-hint-vi = VI: the ships protecting the world's industries; they may fire at a fleet
gui-sim-hint-vp = VP: the ships protecting the world's populations; they may fire at a fleet or at populations
gui-sim-hint-n = N: the world's unconverted population
gui-sim-hint-robots = R: the world's robots
gui-sim-hint-industries = I: the world's industries
gui-sim-hint-converts = The converts of "{ $side }" on the world
gui-sim-hint-conditional = Conditional fire (? instead of *): fires only if the target's owner attacks the one who gave the order or one of his allies (VII.1.3)
gui-sim-hint-fire = The fire order: its target (a fleet, or M, P, I, N, C on the world), or no fire
gui-sim-hint-side-name = The name of this side's player (as in the CR)
gui-sim-hint-class = The player's class: the missionary has his Jihad, the pirate and the others their own CAtt
gui-sim-hint-att = The side's attack level (ATT): the CAtt of its VC, VI and VP
gui-sim-hint-def = The side's defence level (DEF): the CDef of its VC, VI and VP
gui-sim-hint-car = The side's cargo level (CAR): the capacity of its VT
gui-sim-hint-no-ambush = Z: this side sets no ambush on this world (ambush cancelled, VII.3.5)
gui-sim-hint-jihad = The player the missionary's Jihad is aimed at: against him, his ships fire with ATT + 4
gui-sim-hint-allies = The sides this side declared allies (declaration A)
gui-sim-hint-ally = Ticked: "{ $side }" declared "{ $ally }" an ally
gui-sim-hint-fleet = The fleet's number
gui-sim-hint-vc = VC: the fleet's combat ships
gui-sim-hint-vt = VT: the fleet's transport ships (CAtt 30)
gui-sim-hint-cargo-mp = Cargo: raw materials (MP)
gui-sim-hint-cargo-n = Cargo: population (N)
gui-sim-hint-cargo-c = Cargo: converts (C)
gui-sim-hint-cargo-r = Cargo: robots (R)
gui-sim-hint-fleeing = The fleet leaves the world this turn: it does not fire and its CDef is halved on this world (VII.1.6)
gui-sim-hint-crossing = The fleet only crosses the world: it may be ambushed there (VII.1.5)
gui-sim-hint-peace = Fleet at peace: it sets no ambush and takes no part in a capture, but fires when ordered to (VII.3.4)
gui-sim-hint-world-mp = MP: the world's raw materials in stock (a bomb destroys them)
gui-sim-robot-attack = Robots dropped by { $fleet }
gui-sim-hint-robot-attack = Robot attack F_f T x R: x robots dropped on the world after the fire, from x/2 VC (the VC destroyed by the fire die first, G-79); 0: none
gui-sim-bomb = bomb
gui-sim-hint-bomb = F_f L BOMBE: the fleet drops its bomb on the world after the fire, even emptied by it; the world loses its populations, industries, VI, VP and MP and turns neutral (VII.1.4)
