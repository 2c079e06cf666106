# orders messages (en)
# The order syntax (M_m, F_f, VC, BOMBE …) is never translated.

## Diagnostics of the order parser

order-unknown = Unknown order: “{ $found }”. An order starts with { $next }.
order-unknown-suggest = Unknown order: “{ $found }”. Did you mean “{ $suggestion }”{ $form }?
order-unexpected = “{ $found }” does not fit here: after “{ $typed }” comes { $next }{ $form }.
order-unexpected-suggest = “{ $found }” does not fit here: did you mean “{ $suggestion }”{ $form }? After “{ $typed }” comes { $next }.
order-incomplete = Incomplete order: after “{ $typed }” comes { $next }{ $form }.
order-empty = No order here: an order starts with { $next }.
order-form = , for example “{ $example }”
order-form-none = {""}
order-trailing = Extra text after the complete order “{ $order }”: “{ $text }”. Remove it, or write it after a “;” to make it a comment.
order-zero-quantity = A quantity cannot be 0: write at least 1 (or leave it out where the order allows).
order-number-too-large = Number too large: “{ $number }”. No number or quantity of the game comes near it.
order-unterminated-quote = Unclosed quote: the text must end with “"” on the same line.
order-name-forbidden-char = A world name may contain neither “"” nor “@”.
order-player-unquoted = A player is named by number, or by exact name in double quotes: “"{ $name }"”.
order-md-notation = The CR's Md notation must not be copied into orders: write “{ $fix }”.
order-hash-notation = The CR's # mark (bomb) is not written in orders: write “{ $fix }”.
order-parentheses = Parentheses in the order list mark an optional part and are not written: write “{ $fix }”.
order-route-mixed = The two movement syntaxes are mixed: write “{ $fix }”.
order-trailing-period = Full stop after the order ignored.

## What may come next in an order (`$next` of the messages above)

order-next-start = a world (M_12), a fleet (F_57), a treasure (T_3), VI or VP followed by a world, Z (ambushes), or a declaration (A, E, C, N, CP, NCP, DP, NDP, J, PI or NPI) followed by “:” and a player
order-next-world-number = the number of the world
order-next-fleet-number = the number of the fleet
order-next-treasure-number = the number of the treasure
order-next-declaration = “:” followed by the player concerned
order-next-player = the player concerned: his number, or his exact name in double quotes
order-next-ambush-world = the number of the world where ambush is turned off, or nothing for all your worlds
order-next-world-verb = what the world does: = (name it), E (emigrate), C (build, or give it away with “:”), T (transform) or P (pillage)
order-next-world-name = the new name in double quotes
order-next-emigrants = the number of emigrants
order-next-emigrant-kind = who emigrates: P (population), C (converts), N (non-converts) or R (robots)
order-next-emigration-target = the number of the destination world
order-next-build-count = how many to build, or “:” followed by a player to give the world away
order-next-construction = what the world builds: VC or VT (followed by the fleet receiving them), VI, VP, I (industries), P (population limit), R (robots), E (spies, followed by the category) or a research (DEP, ATT, DEF, RAD, CAR or ALI)
order-next-build-fleet = the number of the fleet receiving the new ships
order-next-spy-category = the number of the spying category
order-next-transform-count = how many robots, VI or VP to transform
order-next-transform-what = what is transformed: R (robots), VI or VP
order-next-robot-product = what the robots become: I (industries), VI, VP, or a fleet (F_57) receiving VC
order-next-vi-transfer = where the VI go: VP, VT followed by the fleet receiving them, or a fleet (F_57) where they become VC
order-next-vp-transfer = where the VP go: VI, VT followed by the fleet receiving them, or a fleet (F_57) where they become VC
order-next-vt-fleet = the number of the fleet receiving the VT
order-next-vt-fleet-optional = the fleet receiving the VT (F_57), or nothing to keep them on this fleet
order-next-fleet-verb = what the fleet does: MM or M (move), * or ? (fire), C (load), D (unload), T (transfer), E (development), S (probe), L BOMBE (drop the bomb), P (peace) or G (war)
order-next-probe-target = the number of the world to probe
order-next-fleet-load = the quantity to load (optional) then the goods (MP, P, N, C or R), BOMBE to build a bomb, or “:” followed by a player to give the fleet away
order-next-load-goods = what the fleet loads: MP, P (population), N (non-converts), C (converts) or R (robots)
order-next-fleet-unload = the quantity to unload (optional) then what the fleet unloads: MP, PC, P, N, C or R
order-next-unload-goods = what the fleet unloads: MP, PC, P, N, C or R (MP, consumer goods, population, non-converts, converts or robots)
order-next-meva-count = the number of VC sacrificed to the development
order-next-meva-vc = VC (the ships sacrificed)
order-next-meva-target = what is developed: P (population) or CM (mining capacity)
order-next-fleet-transfer-count = the number of ships (or robots) concerned
order-next-fleet-transfer-what = VC or VT (the ships transferred), or R (robot attack)
order-next-vc-transfer = where the VC go: a fleet (F_57), VI, VP, or VT to transform them
order-next-fire-target = the target of the fire: a fleet (F_57), M (protection ships), P (population) or I (industries)
order-next-fire-fleet = the fleet fired at (F_57)
order-next-vp-fire-target = the target of the fire: a fleet (F_57), N (non-converts) or C (converts)
order-next-route = the number of the destination world
order-next-route-more = the next world of the route, or nothing when the route is over
order-next-bomb = BOMBE (L BOMBE drops the bomb)
order-next-treasure-verb = the fleet taking the treasure (F_57), or M to drop it on the world
order-next-guard-world = the world of these ships (M_12)
order-next-vi-verb = what the VI do: S (probe), C (become industries), * or ? (fire)
order-next-vp-verb = what the VP do: S (probe), * or ? (fire)
order-next-industries-count = the number of industries to obtain
order-next-industries-word = I (industries)

## Envelope and mails

order-outside-envelope = { $count ->
    [one] One line outside DEBUT … FIN is ignored (header or signature).
   *[other] { $count } lines outside DEBUT … FIN are ignored (headers or signature).
}
order-envelope-no-debut = The mail server reads only the lines between DEBUT and FIN: add a DEBUT line after the subject.
order-envelope-no-fin = Missing FIN line: the mail body must end with FIN.
order-envelope-fin-without-debut = FIN without DEBUT: the rest of the text is ignored.
order-mail-not-orders = This text is a { $command } mail, not an orders mail.
order-mail-no-subject = Missing or unknown mail subject: it starts with ORDRES, MESSAGE, CONFIG or INFO.
order-mail-bad-subject = Incomplete subject: it is written { $command }, then the name of the game, your player number and your password, for example “{ $command } KARNAJ 4 secret”.
order-mail-bad-player = The subject must give your player number after the name of the game, not “{ $text }”.
order-mail-ack-unquoted = The acknowledgement message is written in double quotes.
order-mail-no-recipients = Recipients are written between < and >, separated by commas (numbers, pseudonyms or All), for example “<2,5>”.
order-mail-subject-extra = Extra text in the subject: “{ $text }”.
order-mail-config-unknown = Unknown configuration command: “{ $text }” (the commands are PASSWORD, MSGGEN, COPIE, RUMEUR, EMAIL and ADDEMAIL).
order-mail-config-yes-no = { $command } expects Y (yes) or N (no).
order-mail-config-value = { $command } expects a value without spaces.
order-mail-email-not-alone = With EMAIL or ADDEMAIL, the mail may hold only one command.
order-mail-info-unknown = Unknown information request: “{ $text }” (the requests are NBORDRES, ORDRES and CR).
order-mail-not-representable = This mail cannot be written as it is (a space in a password, a DEBUT or FIN line in the text, a quote in the message…).

## Explanations: one sentence per order form

-order-if-attacked = only if its owner attacks you or one of your allies
order-explain-name = World { $world } is now named “{ $name }”
order-explain-ally = Player { $player } is declared an ally
order-explain-enemy = Player { $player } is declared an enemy
order-explain-loader = Player { $player } is declared a loader of raw materials
order-explain-non-loader = Player { $player } is declared a non-loader of raw materials
order-explain-pop-loader = Player { $player } is declared a loader of population
order-explain-non-pop-loader = Player { $player } is declared a non-loader of population
order-explain-pop-unloader = Player { $player } is declared an unloader of population
order-explain-non-pop-unloader = Player { $player } is declared a non-unloader of population
order-explain-jihad = Jihad is declared on player { $player }
order-explain-pillager = Player { $player } is declared a pillager
order-explain-non-pillager = Player { $player } is declared a non-pillager
order-explain-peace = Fleet { $fleet } is put at peace
order-explain-war = Fleet { $fleet } is put at war
order-explain-no-ambush = Ambush is disabled on world { $world } for this turn
order-explain-no-ambush-all = Ambushes are disabled on every world for this turn
order-explain-probe-vi = One VI of world { $world } probes world { $target }
order-explain-probe-vp = One VP of world { $world } probes world { $target }
order-explain-probe-fleet = One VC of fleet { $fleet } probes world { $target }
order-explain-emigrate-p = World { $world } sends { $count } { $count ->
    [one] population
   *[other] populations
} to world { $target }
order-explain-emigrate-c = World { $world } sends { $count } { $count ->
    [one] convert
   *[other] converts
} to world { $target }
order-explain-emigrate-n = World { $world } sends { $count } { $count ->
    [one] non-converted population
   *[other] non-converted populations
} to world { $target }
order-explain-emigrate-r = World { $world } sends { $count } { $count ->
    [one] robot
   *[other] robots
} to world { $target }
order-explain-build-vc = World { $world } builds { $count } VC on fleet { $fleet }
order-explain-build-vt = World { $world } builds { $count } VT on fleet { $fleet }
order-explain-build-vi = World { $world } builds { $count } VI
order-explain-build-vp = World { $world } builds { $count } VP
order-explain-build-i = World { $world } builds { $count } { $count ->
    [one] industry
   *[other] industries
}
order-explain-vi-to-industries = The VI of world { $world } are turned into { $count } { $count ->
    [one] industry
   *[other] industries
}
order-explain-build-p = World { $world } raises its population limit by { $count }
order-explain-build-r = World { $world } builds { $count } { $count ->
    [one] robot
   *[other] robots
}
order-explain-robots-to-i = { $count } { $count ->
    [one] robot
   *[other] robots
} of world { $world } turn into { $result } { $result ->
    [one] industry
   *[other] industries
}
order-explain-robots-to-vc = { $count } { $count ->
    [one] robot
   *[other] robots
} of world { $world } turn into { $result } VC on fleet { $fleet }
order-explain-robots-to-vi = { $count } { $count ->
    [one] robot
   *[other] robots
} of world { $world } turn into { $result } VI
order-explain-robots-to-vp = { $count } { $count ->
    [one] robot
   *[other] robots
} of world { $world } turn into { $result } VP
order-explain-build-bomb = Fleet { $fleet } sacrifices VC to build the bomb
order-explain-spies = World { $world } spends { $count } UP on spies in category { $category }
order-explain-research-dep = World { $world } spends { $count } UP on movement research
order-explain-research-att = World { $world } spends { $count } UP on attack research
order-explain-research-def = World { $world } spends { $count } UP on defence research
order-explain-research-rad = World { $world } spends { $count } UP on radar research
order-explain-research-car = World { $world } spends { $count } UP on cargo research
order-explain-research-ali = World { $world } spends { $count } UP on knowledge of aliens research
order-explain-unload-mp = Fleet { $fleet } unloads { $count ->
    [all] all its MP
   *[other] { $count } MP
}
order-explain-unload-pc = Fleet { $fleet } unloads { $count ->
    [all] all its MP
   *[other] { $count } MP
} as consumer goods (PC)
order-explain-unload-p = Fleet { $fleet } unloads { $count ->
    [all] all its populations
    [one] { $count } population
   *[other] { $count } populations
}
order-explain-unload-n = Fleet { $fleet } unloads { $count ->
    [all] all its non-converted populations
    [one] { $count } non-converted population
   *[other] { $count } non-converted populations
}
order-explain-unload-c = Fleet { $fleet } unloads { $count ->
    [all] all its converts
    [one] { $count } convert
   *[other] { $count } converts
}
order-explain-unload-r = Fleet { $fleet } unloads { $count ->
    [all] all its robots
    [one] { $count } robot
   *[other] { $count } robots
}
order-explain-drop-treasure = Treasure { $treasure } is dropped on the world where its fleet is
order-explain-vi-to-vp = World { $world } transfers { $count } VI to VP
order-explain-vp-to-vi = World { $world } transfers { $count } VP to VI
order-explain-vi-to-fleet = World { $world } transfers { $count } VI to fleet { $fleet }, where they become VC
order-explain-vp-to-fleet = World { $world } transfers { $count } VP to fleet { $fleet }, where they become VC
order-explain-vc-to-vi = Fleet { $fleet } transfers { $count } VC to its world as VI
order-explain-vc-to-vp = Fleet { $fleet } transfers { $count } VC to its world as VP
order-explain-vc-to-fleet = Fleet { $fleet } transfers { $count } VC to fleet { $target }
order-explain-vt-to-fleet = Fleet { $fleet } transfers { $count } VT to fleet { $target }
order-explain-vc-to-vt = Fleet { $fleet } turns { $count } VC into VT
order-explain-vc-to-vt-fleet = Fleet { $fleet } turns { $count } VC into VT placed on fleet { $target }
order-explain-vi-to-vt = World { $world } turns { $count } VI into VT placed on fleet { $fleet }
order-explain-vp-to-vt = World { $world } turns { $count } VP into VT placed on fleet { $fleet }
order-explain-load-mp = Fleet { $fleet } loads { $count ->
    [all] as many MP as possible
   *[other] { $count } MP
}
order-explain-load-p = Fleet { $fleet } loads { $count ->
    [all] as many populations as possible
    [one] { $count } population
   *[other] { $count } populations
}
order-explain-load-n = Fleet { $fleet } loads { $count ->
    [all] as many non-converted populations as possible
    [one] { $count } non-converted population
   *[other] { $count } non-converted populations
}
order-explain-load-c = Fleet { $fleet } loads { $count ->
    [all] as many converts as possible
    [one] { $count } convert
   *[other] { $count } converts
}
order-explain-load-r = Fleet { $fleet } loads { $count ->
    [all] as many robots as possible
    [one] { $count } robot
   *[other] { $count } robots
}
order-explain-load-treasure = Treasure { $treasure } is loaded on fleet { $fleet }
order-explain-meva-p = Fleet { $fleet } sacrifices { $count } VC to develop the population of its world
order-explain-meva-cm = Fleet { $fleet } sacrifices { $count } VC to develop the mining capacity of its world
order-explain-fire-fleet = Fleet { $fleet } fires at fleet { $target }
order-explain-fire-m = Fleet { $fleet } fires at the world's protection ships
order-explain-fire-p = Fleet { $fleet } fires at the world's populations
order-explain-fire-i = Fleet { $fleet } fires at the world's industries
order-explain-vp-fire-fleet = The VP of world { $world } fire at fleet { $fleet }
order-explain-vp-fire-n = The VP of world { $world } fire at the non-converts
order-explain-vp-fire-c = The VP of world { $world } fire at the converts
order-explain-vi-fire-fleet = The VI of world { $world } fire at fleet { $fleet }
order-explain-cfire-fleet = Fleet { $fleet } will fire at fleet { $target } { -order-if-attacked }
order-explain-cfire-m = Fleet { $fleet } will fire at the world's protection ships, { -order-if-attacked }
order-explain-cfire-p = Fleet { $fleet } will fire at the world's populations, { -order-if-attacked }
order-explain-cfire-i = Fleet { $fleet } will fire at the world's industries, { -order-if-attacked }
order-explain-vp-cfire-fleet = The VP of world { $world } will fire at fleet { $fleet } { -order-if-attacked }
order-explain-vp-cfire-n = The VP of world { $world } will fire at the non-converts, { -order-if-attacked }
order-explain-vp-cfire-c = The VP of world { $world } will fire at the converts, { -order-if-attacked }
order-explain-vi-cfire-fleet = The VI of world { $world } will fire at fleet { $fleet } { -order-if-attacked }
order-explain-move = Fleet { $fleet } { $stops ->
    [0] moves to world { $to }
    [1] moves through world { $via } to world { $to }
   *[other] moves through worlds { $via } to world { $to }
}
order-explain-drop-bomb = Fleet { $fleet } drops the bomb on its world
order-explain-robot-attack = Fleet { $fleet } turns { $vc } VC into { $count } { $count ->
    [one] robot
   *[other] robots
} dropped on its world (robot attack)
order-explain-pillage = World { $world } is pillaged
order-explain-give-fleet = Fleet { $fleet } is given to player { $player }
order-explain-give-world = World { $world } is given to player { $player }

## Diagnostics of the order validator (src/orders/validate): the orders checked
## against what the player knows. `$state`: other (owned by `$owner`), neutral,
## unlisted (not on the CR as the player's).

order-check-world-not-yours = M_{ $world } is not yours at the start of turn { $turn }: { $state ->
    [other] it belongs to “{ $owner }”
    [neutral] it is neutral
   *[unlisted] your CR does not describe it as yours
}. The arbiter will ignore this order.
order-check-world-not-yours-yet = M_{ $world } is not yours at the start of turn { $turn } ({ $state ->
    [other] it belongs to “{ $owner }”
    [neutral] it is neutral
   *[unlisted] your CR does not describe it as yours
}): this order is carried out only if you have captured it by then.
order-check-fleet-not-yours = F_{ $fleet } is not yours at the start of turn { $turn }: { $state ->
    [other] it belongs to “{ $owner }”
    [neutral] it is neutral
   *[unlisted] your CR does not show it as yours
}. The arbiter will ignore this order.
order-check-fleet-not-yours-yet = F_{ $fleet } is not yours at the start of turn { $turn } ({ $state ->
    [other] it belongs to “{ $owner }”
    [neutral] it is neutral
   *[unlisted] your CR does not show it as yours
}): the gift is made only if you have taken it by then.
order-check-fleet-not-here = F_{ $fleet } is not on M_{ $world } at the start of the turn{ $at ->
    [none] {""}
   *[other] {""} (it is on M_{ $at })
}.
order-check-fleet-same = F_{ $fleet } cannot target itself.
order-check-class = Order reserved to the { $class ->
    [emperor] emperor
    [pirate] pirate
    [antiquarian] antiquarian
    [missionary] missionary
    [robotron] robotron
    [explorer] explorer
   *[merchant] merchant
}; you are { $yours ->
    [emperor] an emperor
    [pirate] a pirate
    [antiquarian] an antiquarian
    [missionary] a missionary
    [robotron] a robotron
    [explorer] an explorer
   *[merchant] a merchant
}.
order-check-class-unknown = Cannot check that you are the { $class ->
    [emperor] emperor
    [pirate] pirate
    [antiquarian] antiquarian
    [missionary] missionary
    [robotron] robotron
    [explorer] explorer
   *[merchant] merchant
}: this order is reserved to that class, and your class is unknown (the turn report does not tell it).
order-check-exclusive = { $subject } already has an exclusive order (line { $line }): one fire, move, robot attack, bomb drop or gift per turn. The arbiter keeps the first.
order-check-up-budget = M_{ $world } has { $have ->
    [0] no active industry
    [one] only { $have } active industry
   *[other] only { $have } active industries
}: { $count ->
    [one] the order of line { $line_list } needs
   *[other] the orders of lines { $line_list } need
} { $need } UP. The arbiter reduces the order that goes over and drops the next ones.
order-check-clipped = { $subject } has only { $have } { $what ->
    [P] population
    [N] { $have ->
        [one] non-convert
       *[other] non-converts
    }
    [C] { $have ->
        [one] convert
       *[other] converts
    }
    [R] { $have ->
        [one] robot
       *[other] robots
    }
   *[other] { $what }
} at this point of the turn: the order asks for { $asked }, it will use only { $have }.
order-check-none-available = { $subject } has no { $what ->
    [P] population
    [N] non-converts
    [C] converts
    [R] robots
   *[other] { $what }
} left at this point of the turn: this order will do nothing.
order-check-capacity = F_{ $fleet } can take only { $free } more (capacity { $capacity }): the order asks for { $asked }, the load will be limited.
order-check-transfer-cargo = After this transfer F_{ $fleet } carries { $cargo } for a capacity of { $capacity }: the arbiter will limit the transfer.
order-check-probe-no-ship = No { $what } left on { $subject } at the start of the turn to probe with: the probing ship must be there at the start of the turn.
order-check-not-adjacent = M_{ $to } is not connected to M_{ $from } (connections: { $connections }).
order-check-adjacency-unknown = Cannot check that M_{ $to } is connected to M_{ $from }: you have never seen the connections of M_{ $from }.
order-check-black-hole = M_{ $world } is a black hole: { $action ->
    [probe] the probing ship will be lost.
    [emigration] the emigrants will be lost.
   *[move] the fleet will lose 0 to 100 % of its ships there and be sent somewhere at random.
}
order-check-route-too-long = Route of { $length } { $length ->
    [one] world
   *[other] worlds
}: your DEP level this turn is { $dep }, so a fleet crosses at most { $dep } { $dep ->
    [one] world
   *[other] worlds
}.
order-check-route-too-long-old = Route of { $length } { $length ->
    [one] world
   *[other] worlds
}: your DEP level was { $shown } on turn { $turn } ({ $dep } with the research of these orders); check your current level.
order-check-route-starts-here = F_{ $fleet } is already on M_{ $world }: the route starts with the first world it goes to.
order-check-move-empty = F_{ $fleet } will have no ship when fleets move: an empty fleet cannot move.
order-check-fire-empty = { $subject } will have no ship when combat comes: nothing will fire.
order-check-fire-no-protection = M_{ $world } has neither VI nor VP: this fire at the protection ships will hit nothing.
order-check-conditional-never = This conditional fire targets your own non-converts on M_{ $world }: it will never trigger.
order-check-player-unknown = You do not know player { $player } by name: declarations and gifts only concern the players listed under “Vous connaissez de nom”.
order-check-player-unchecked = Cannot check that player { $player } is known by name: the number of some players you know is unknown.
order-check-player-neutral = Player 0 is the neutral player: no declaration nor gift can be made to him.
order-check-player-self = This order targets yourself.
order-check-jihad-too-soon = Your Jihad against “{ $player }” dates from turn { $since }: you may change it only from turn { $allowed } (these orders are those of turn { $turn }).
order-check-jihad-same = Your Jihad already targets “{ $player }”: this order changes nothing.
order-check-permission = { $state ->
    [other] “{ $owner }” has not declared you { $declaration }: you cannot { $declaration ->
        [C] load MP
        [CP] load populations
       *[DP] unload populations
    } on M_{ $world }.
    [neutral] M_{ $world } is neutral and the neutral player declares nobody { $declaration }: you cannot { $declaration ->
        [C] load MP
        [CP] load populations
       *[DP] unload populations
    } on that world.
   *[unlisted] The declaration { $declaration } of the owner of M_{ $world } is needed.
}
order-check-permission-unknown = Cannot check that “{ $owner }” declared you { $declaration } for M_{ $world }: your CR has no “Déclarations reçues” section.
order-check-converts-not-yours = Only a missionary loads his own converts, and the converts of M_{ $world } are not yours.
order-check-overpopulation = M_{ $world } would have { $total } { $total ->
    [one] population
   *[other] populations
} for a limit of { $limit }: the limit may be passed by { $margin } at most ({ $ceiling }), the rest will not be landed.
order-check-treasure-not-on-fleet = T_{ $treasure } is not on one of your fleets at the start of the turn: only a fleet's treasure can be dropped.
order-check-treasure-not-yours = T_{ $treasure } is on F_{ $fleet }, which is not yours.
order-check-treasure-not-here = T_{ $treasure } is not on M_{ $world }, where F_{ $fleet } is.
order-check-treasure-world = T_{ $treasure } is on M_{ $world }, { $state ->
    [other] which belongs to “{ $owner }”
    [neutral] which is neutral
   *[unlisted] which is not yours
}: you must own the world to load its treasure.
order-check-treasure-fleet-to-fleet = T_{ $treasure } is on F_{ $fleet }: only the antiquarian moves a treasure from fleet to fleet; drop it first (T_{ $treasure } M).
order-check-bomb-none = F_{ $fleet } carries no bomb at the start of the turn (the CR would show F#{ $fleet }): a bomb built this turn cannot be dropped before the next turn.
order-check-bomb-vc = F_{ $fleet } will have only { $have } VC to build the bomb: it takes { $need }.
order-check-bomb-exact = F_{ $fleet } will have just { $need } VC for the bomb: the smallest loss in combat will prevent it; plan at least { $advised }.
order-check-bomb-already = F_{ $fleet } already carries a bomb (or builds one in these orders): one bomb per fleet.
order-check-robot-multiple = { $count } { $count ->
    [one] robot
   *[other] robots
}: this number must be a multiple of { $multiple }.
order-check-meva-full = { $slots ->
    [one] The only possible MEVA of M_{ $world } is done
   *[other] The { $slots } possible MEVA of M_{ $world } are all done
}: no more VC can be sacrificed there.
order-check-meva-clipped = M_{ $world } has only { $free } possible MEVA left out of { $slots }: the order sacrifices { $asked } VC, only { $free } will be.
order-check-tech-max = Your { $tech } is already at its maximum level ({ $level }): these UP would be lost.
order-check-pillage-recovery = M_{ $world } is recovering from a pillage ({ $left } more { $left ->
    [one] turn
   *[other] turns
}): it can be pillaged again only when at most { $allowed } { $allowed ->
    [one] turn
   *[other] turns
} of recovery { $allowed ->
    [one] is
   *[other] are
} left.
order-check-spy-category = Unknown spy category { $category }: the categories go from 1 to { $max }.
order-check-name-replaced = M_{ $world } is named again further down (line { $line }): only the last name counts.

## proposals: the orders the map's menus and the inspector's buttons propose
propose-group-build = Build
propose-group-research = Research
propose-group-spies = Spies
propose-group-emigrate = Emigrate to
propose-group-move = Move to
propose-group-probe = Probe
propose-group-conditional-fire = Conditional fire (?)
propose-group-fire = Fire at
propose-group-cargo = Load / unload
propose-group-transfer = Transfer
propose-group-special = Bomb, MEVA, robots
propose-group-stance = Stance
propose-group-gift = Give to
propose-group-send-here = Send a fleet here
propose-build-industries = Industries
propose-build-vi = VI
propose-build-vp = VP
propose-build-pop-limit = Population limit
propose-build-robots = Robots
propose-build-vc = VC on F_{ $fleet }
propose-build-vt = VT on F_{ $fleet }
propose-research = { $tech }
propose-spies = Spies of category { $category }
propose-emigrate = To M_{ $world }
propose-probe-guard = One { $guard } to M_{ $world }
propose-fire-guard-fleet = The { $guard } at F_{ $fleet }
propose-fire-vp-non-converts = The VP at the non-converts
propose-fire-vp-converts = The VP at the converts
propose-guard-to-guard = The { $from } into { $to }
propose-guard-to-fleet = The { $from } to F_{ $fleet }
propose-guard-to-vt = The { $from } into VT on F_{ $fleet }
propose-vi-to-industries = The VI into industries
propose-robots-into = Robots into { $what }
propose-robots-into-vc = Robots into VC on F_{ $fleet }
propose-pillage = Pillage
propose-no-ambush = No ambush here this turn
propose-gift = To player { $player }
propose-move = M_{ $world }
propose-probe-fleet = One VC to M_{ $world }
propose-fire-fleet = F_{ $fleet }
propose-fire-protections = The VI and VP of M_{ $world }
propose-fire-population = The population of M_{ $world }
propose-fire-industries = The industries of M_{ $world }
propose-load = Load { $what }
propose-unload = Unload { $what }
propose-treasure-drop = Drop T_{ $treasure }
propose-treasure-load = Take T_{ $treasure }
propose-vc-to-guard = The VC into { $target }
propose-vc-to-fleet = The VC to F_{ $target }
propose-vt-to-fleet = The VT to F_{ $target }
propose-vc-to-vt = The VC into VT
propose-vc-to-vt-fleet = The VC into VT on F_{ $target }
propose-bomb-build = Build a bomb ({ $need } VC)
propose-bomb-drop = Drop the bomb
propose-meva-population = One MEVA for the population
propose-meva-mining = One MEVA for the mining capacity
propose-robot-attack = Robot attack
propose-peace = At peace
propose-war = At war
propose-send-fleet = F_{ $fleet } (at M_{ $world }{ $steps ->
    [0] {""}
    [one] , 1 step
   *[other] , { $steps } steps
})
propose-no-industry = M_{ $world } has no active industry, so it cannot produce anything this turn.
propose-no-up-left = The draft already spends { $have ->
    [one] the only UP
   *[other] all { $have } UP
} of M_{ $world }: nothing is left to produce.
propose-up-short = Only { $left } UP are left on M_{ $world } after the draft; it takes { $cost }.
propose-not-enough = { $subject } { $have ->
    [0] has no { $what }
   *[other] has only { $have } { $what }
}: it takes { $need }.
propose-route-no-position = Where F_{ $fleet } is at the start of the turn is not known.
propose-route-here = F_{ $fleet } is already on M_{ $world }.
propose-route-none = No known route from M_{ $from } to M_{ $world }: a world's connections are known only once a CR has shown them.
propose-route-too-far = M_{ $world } is { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
} away from F_{ $fleet }: your DEP of { $dep } allows only { $dep ->
    [one] 1 step
   *[other] { $dep } steps
} per turn.

## bounded: order lines far too long
order-line-too-long = Line far too long to be an order: it is not read.

## The order language's reference (Help ▸ Order language)

order-who-anyone = any player
order-who-world-owner = the world's owner
order-who-fleet-owner = the fleet's owner
order-who-carrier-owner = the owner of the fleet carrying the treasure
order-who-world-and-fleet-owner = the owner of both the world and the fleet (an antiquarian may also pass a treasure from one of his fleets to another, and anyone may give one to an antiquarian's fleet)
order-who-pillage-right = the world's owner, or its owner at the start of the turn if the new owner declared him pillager (PI)
order-who-class-only = { $who }, if a { $class } (this class only)
order-family-declarations = Name and declarations
order-family-probes = Probes
order-family-emigration = Emigration
order-family-construction = Construction, research and spies
order-family-unloading = Unloading
order-family-treasures = Treasures
order-family-transfers = Ship transfers
order-family-loading = Loading
order-family-meva = MEVA (explorer)
order-family-fire = Fire and conditional fire
order-family-movement = Movement and special attacks
order-family-pillage-gifts = Pillage and gifts
