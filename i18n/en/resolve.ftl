# resolve messages (en)
resolve-void-class = order reserved to another class of character
resolve-void-exclusive = second exclusive order for the same fleet or ship group: only the first one is executed
# steps 14–15c (combat, moves, bombs, conversion, captures)
resolve-void-fire-no-ships = fleet { $fleet } has no ship to fire
resolve-void-fire-no-guards = world { $world } has no ship in that group (VI or VP) to fire
resolve-void-fire-target-absent = fleet { $fleet } is not on the shooter's world when combat starts
resolve-void-move-no-ships = fleet { $fleet } has no ship: it cannot move
resolve-void-move-too-far = the route of fleet { $fleet } has { $length } worlds, more than your DEP ({ $dep })
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
