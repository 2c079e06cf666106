# resolve messages (en)
resolve-void-class = order reserved to another class of character
resolve-void-exclusive = second exclusive order for the same fleet or ship group: only the first one is executed
# steps 8–13, 16–17 (unloading, transfers, treasures, MEVA, loading, pillage, piracy, gifts)
resolve-void-fleet-not-owned = fleet { $fleet } is not yours when this order runs
resolve-void-world-not-owned = world { $world } is not yours when this order runs
resolve-void-unload-nothing = fleet { $fleet } carries no { $goods } to unload
resolve-void-treasure-not-on-fleet = treasure { $treasure } is not on a fleet
resolve-void-treasure-not-owned = treasure { $treasure } is not yours to move (it is not on your world or fleet)
resolve-void-treasure-not-here = treasure { $treasure } is not on the world of fleet { $fleet }
resolve-void-treasure-rights = treasure { $treasure } may go onto fleet { $fleet } only if it is yours, or an antiquarian's (or if you are an antiquarian, from fleet to fleet)
resolve-void-transfer-target = fleet { $fleet } is not on world { $world } (or is the giving fleet itself)
resolve-void-transfer-nothing = no ship left to transfer (already transferred, or needed to carry the cargo)
resolve-void-meva-no-vc = fleet { $fleet } has no VC left to sacrifice
resolve-void-meva-full = world { $world } has no MEVA slot left
resolve-void-load-rights = you may not load this on world { $world } (its owner has not declared you { $declaration }; converts are loaded by their missionary only)
resolve-void-load-nothing = nothing to load on world { $world }, or no free capacity on fleet { $fleet }
resolve-void-pillage-rights = world { $world } is not yours, and its new owner has not declared you pillager (PI)
resolve-void-pillage-recovery = world { $world } has not recovered from its last pillage ({ $left ->
    [one] { $left } turn
   *[other] { $left } turns
} left)
resolve-void-gift-player = player { $player } cannot receive a gift (unknown, or the neutral player)
resolve-void-gift-self = a gift to yourself changes nothing
resolve-points-merchant-mp = MP unloaded on industrialised worlds
resolve-points-pc-deconverting = PC that deconverted
resolve-points-pc-not-deconverting = PC that did not deconvert
resolve-points-meva = MEVA
resolve-points-pillage = pillage
resolve-points-pillage-penalty = pillage by a non-pirate
# steps 14–15c (combat, moves, bombs, conversion, captures)
resolve-void-fire-no-ships = fleet { $fleet } has no ship to fire
resolve-void-fire-no-guards = world { $world } has no ship in that group (VI or VP) to fire
resolve-void-fire-target-absent = fleet { $fleet } is not on the shooter's world when combat starts
resolve-void-move-no-ships = fleet { $fleet } has no ship: it cannot move
resolve-void-move-too-far = the route of fleet { $fleet } has { $length ->
    [one] { $length } world
   *[other] { $length } worlds
}, more than your DEP ({ $dep })
resolve-void-move-route = impossible route for fleet { $fleet }: world { $from } is not connected to world { $to }
resolve-void-bomb-none = fleet { $fleet } carries no bomb
resolve-void-bomb-already = fleet { $fleet } already carries a bomb
resolve-void-bomb-vc = fleet { $fleet } no longer has { $vc } VC after combat to build the bomb
resolve-void-robots-no-vc = fleet { $fleet } has no VC to turn into robots
resolve-points-robotron-destroyed = populations, industries and ships destroyed
resolve-points-jihad = destruction of the Jihad enemy's assets
resolve-points-missionary-destroyed = destruction outside the Jihad
resolve-points-population-destroyed = populations destroyed
resolve-points-martyrs = martyrs
resolve-points-bomb = bomb dropped
resolve-points-bomb-penalty = bomb dropped by a non-robotron
resolve-void-peace-owner = fleet { $fleet } is not yours: its state does not change
resolve-void-no-ambush-world = world { $world } does not exist
resolve-void-declaration-player = declaration ignored: player { $player } does not exist, is neutral or is not known to you by name
resolve-void-declaration-self = one makes no declaration about oneself
resolve-void-jihad-delay = the Jihad cannot change its target before turn { $turn }
resolve-void-probe-owner = { $what } is not yours: no probe
resolve-void-probe-ship = no { $ship } to probe with
resolve-void-probe-target = world { $world } is not connected to world { $from }
resolve-void-build-owner = world { $world } is not yours: nothing is produced there
resolve-void-build-fleet = fleet { $fleet } has not been orbiting world { $world } since the start of the turn
resolve-void-build-up = world { $world } has not enough UP left ({ $needed } asked, { $available } available)
resolve-void-build-spy-category = unknown spy category (1 to { $max })
resolve-void-robots-count = { $per ->
    [one] { $per } robot is
   *[other] { $per } robots are
} needed per unit made
resolve-void-robots-none = not enough robots on the world ({ $available ->
    [one] { $available } unit
   *[other] { $available } units
} possible)
resolve-void-robots-excess = not enough robots: { $asked ->
    [one] { $asked } unit
   *[other] { $asked } units
} asked, { $available } possible
resolve-void-vi-industries-none = not enough VI for one industry
resolve-void-vi-industries-excess = not enough VI: { $asked ->
    [one] { $asked } industry
   *[other] { $asked } industries
} asked, { $available } possible
resolve-void-emigration-owner = world { $world } is not yours: no emigration
resolve-void-emigration-target = world { $target } is not connected to world { $world }
resolve-void-emigration-people = no population of that kind to emigrate
resolve-void-emigration-excess = { $asked ->
    [one] { $asked } emigrant
   *[other] { $asked } emigrants
} asked, { $available } present
resolve-void-emigration-room = world { $target } is full (population limit passed by more than 10)
resolve-void-emigration-up = world { $world } has not enough UP left to emigrate ({ $needed } asked, { $available } available)
resolve-void-unload-people-owner = fleet { $fleet } is not yours: no unloading
resolve-void-unload-people-permission = you may not unload population on world { $world } (not its owner, not declared unloader, world populated)
resolve-void-unload-people-cargo = the fleet carries no such population
resolve-void-unload-people-excess = { $asked } asked, { $available } carried
resolve-void-unload-people-room = world { $world } is full (population limit passed by more than 10)
# preview: assumptions of a partial galaxy (resolve::partial)
resolve-assumed-known-tech = { $player }'s levels known from the reports (turn { $turn }): { $levels }
resolve-assumed-foreign-tech = { $player }'s levels used for the computation: { $levels }
resolve-assumed-foreign-class = { $player }'s class assumed: { $class }
resolve-assumed-synthetic-number = { $player }: number unknown, number { $number } used for the computation (never shown)
resolve-assumed-hidden-split = F_{ $fleet } [?]={ $total }?: assumed { $vc } VC and { $vt } VT
resolve-assumed-hidden-cargo = F_{ $fleet }: hidden cargo assumed { $mp } MP
resolve-assumed-stale-world = M_{ $world } is not described this turn: state as seen on turn { $turn }
resolve-assumed-stale-world-empty = M_{ $world } is not described this turn: assumed empty and neutral
resolve-assumed-elided-world = M_{ $world }: { $count ->
    [one] { $count } elided value
   *[other] { $count } elided values
} filled (last value seen, else 0)
resolve-assumed-unknown-owner = M_{ $world }: owner unknown, assumed neutral
resolve-assumed-named-only = { $count ->
    [one] { $count } world
   *[other] { $count } worlds
} only named in connection lists, assumed empty and neutral: { $worlds }
resolve-assumed-reverse-links = { $count ->
    [one] { $count } connection
   *[other] { $count } connections
} assumed to go both ways
resolve-assumed-unknown-coords = { $count ->
    [one] { $count } world
   *[other] { $count } worlds
} of unknown position (never shown)
resolve-assumed-galaxy-size = galaxy size unknown, assumed { $width } × { $height }
resolve-assumed-final-turn = final turn assumed: { $turn }
resolve-assumed-final-turn-unknown = final turn unknown: assumed later than the next turn
resolve-assumed-treasure-left-out = T_{ $treasure } left out (unknown name or place)
resolve-assumed-fleet-left-out = F_{ $fleet } left out (listed under no world)
resolve-assumed-own-tech = your technology levels are not on the CR: starting levels assumed
resolve-void-probe-cargo = the VC of fleet { $fleet } cannot probe: the other ships could not carry its cargo
resolve-void-excess = { $asked } asked, only { $available } available: the order is void (the arbiter's rule for excessive quantities)
resolve-void-gift-capacity = F_{ $fleet } is not given: its receiver's VT (lower CAR level) could not carry its cargo
