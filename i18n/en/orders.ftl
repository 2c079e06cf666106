# orders messages (en)
# The order syntax (M_m, F_f, VC, BOMBE …) is never translated.

## Diagnostics of the order parser

order-unknown = Unknown order: “{ $found }”. An order starts with { $expected }.
order-unknown-suggest = Unknown order: “{ $found }”. Did you mean “{ $suggestion }”?
order-unexpected = Unexpected “{ $found }” here; expected: { $expected }.
order-unexpected-suggest = Unexpected “{ $found }” here; did you mean “{ $suggestion }”? (expected: { $expected })
order-incomplete = Incomplete order: expected { $expected } next.
order-trailing = Extra text after a complete order: “{ $text }”.
order-zero-quantity = A quantity cannot be 0: write at least 1 (or leave it out where the order allows).
order-number-too-large = Number too large: { $number }.
order-unterminated-quote = Unclosed quote: the text must end with “"” on the same line.
order-name-forbidden-char = A world name may contain neither “"” nor “@”.
order-player-unquoted = A player is named by number, or by exact name in double quotes: “"{ $name }"”.
order-md-notation = The CR's Md notation must not be copied into orders: write “{ $fix }”.
order-hash-notation = The CR's # mark (bomb) is not written in orders: write “{ $fix }”.
order-parentheses = Parentheses in the order list mark an optional part and are not written: write “{ $fix }”.
order-route-mixed = The two movement syntaxes are mixed: write “{ $fix }”.
order-trailing-period = Full stop after the order ignored.

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
order-mail-bad-subject = Incomplete subject: { $command } PARTIE J MotDePasse.
order-mail-bad-player = Player number expected in the subject, not “{ $text }”.
order-mail-ack-unquoted = The acknowledgement message is written in double quotes.
order-mail-no-recipients = Recipients expected between < and >, separated by commas (numbers, pseudos or All).
order-mail-subject-extra = Extra text in the subject: “{ $text }”.
order-mail-config-unknown = Unknown configuration command: “{ $text }” (PASSWORD, MSGGEN, COPIE, RUMEUR, EMAIL, ADDEMAIL).
order-mail-config-yes-no = { $command } expects Y or N.
order-mail-config-value = { $command } expects a value without spaces.
order-mail-email-not-alone = With EMAIL or ADDEMAIL, the mail may hold only one command.
order-mail-info-unknown = Unknown information request: “{ $text }” (NBORDRES, ORDRES, CR).
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
order-explain-robots-to-i = { $count } robots of world { $world } turn into { $result } { $result ->
    [one] industry
   *[other] industries
}
order-explain-robots-to-vc = { $count } robots of world { $world } turn into { $result } VC on fleet { $fleet }
order-explain-robots-to-vi = { $count } robots of world { $world } turn into { $result } VI
order-explain-robots-to-vp = { $count } robots of world { $world } turn into { $result } VP
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
order-explain-robot-attack = Fleet { $fleet } turns { $vc } VC into { $count } robots dropped on its world (robot attack)
order-explain-pillage = World { $world } is pillaged
order-explain-give-fleet = Fleet { $fleet } is given to player { $player }
order-explain-give-world = World { $world } is given to player { $player }
