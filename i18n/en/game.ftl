# game messages (en)
game-gen-no-players = A galaxy needs at least one player
game-gen-player-name = Invalid player name “{ $name }”: 1 to { $max ->
    [one] { $max } character
   *[other] { $max } characters
}, no double quote, no leading or trailing space, no “!” at the end
game-gen-duplicate-name = Two players are named “{ $name }”
game-gen-connections = The ruleset asks for { $min } to { $max ->
    [one] { $max } connection
   *[other] { $max } connections
} per world; the minimum must be at least 1 and the maximum at least 2
game-gen-worlds = { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}: this many players need between { $min } and { $max }
game-gen-too-many-worlds = { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}: the generator makes galaxies of at most { $max ->
    [one] { $max } world
   *[other] { $max } worlds
}
game-gen-torus = A { $width } × { $height } torus is too small or too large for { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
} (at least two cells per world, sides at most { $max })
game-gen-black-holes = { $count ->
    [one] { $count } black hole
   *[other] { $count } black holes
}: at most { $max } (one world in ten)
game-gen-neutral-fleets = { $count ->
    [one] { $count } neutral fleet
   *[other] { $count } neutral fleets
}: at most { $max } (one per world)
game-gen-treasures = { $count ->
    [one] { $count } treasure
   *[other] { $count } treasures
}: at most { $max }
game-gen-final-turn = Final turn { $turn } outside the ruleset's range ({ $min } to { $max })
game-gen-no-room = Cannot place { $players ->
    [one] { $players } start world
   *[other] { $players } start worlds, none connected to another,
} among { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}
game-save-syntax = Unreadable save, line { $line } column { $column }: { $error }
game-save-future-version = Save in format { $found }, written by a newer Nébutil: this program reads formats 1 to { $supported }
game-save-bad-version = Unknown format version { $found } (formats 1 to { $supported })
game-save-rules = Invalid rules in the save: { $error }
game-arbiter-game-over = the game is over (final turn { $turn } reached): no more turns to resolve
game-arbiter-log-title = Arbiter's log — game { $game } — turn { $turn } → { $next }
game-arbiter-log-title-unnamed = Arbiter's log — turn { $turn } → { $next }
game-arbiter-log-onr = Players without orders (ONR):
game-arbiter-log-unreadable = Unreadable order lines (ignored, the rest is executed):
game-arbiter-log-voided = Orders voided at execution:
game-arbiter-log-points = Scores:
game-arbiter-log-final = Final ranking:
game-arbiter-log-none = none

## exact: counts kept exact, saves checked on load
game-gen-start-fleets = { $count ->
    [one] { $count } start fleet
   *[other] { $count } start fleets
} per player: at most { $max } (one per world)
game-save-key-mismatch = Inconsistent save: { $entity } is stored under another number than its field “{ $field }” ({ $value })
game-save-no-world = Inconsistent save: { $entity }, field “{ $field }”: world M_{ $value } does not exist
game-save-no-player = Inconsistent save: { $entity }, field “{ $field }”: player { $value } does not exist
game-save-no-fleet = Inconsistent save: { $entity }, field “{ $field }”: fleet F_{ $value } does not exist
game-save-one-way-connection = Inconsistent save: { $entity }, field “{ $field }”: M_{ $value } has no connection back
game-save-self-connection = Inconsistent save: { $entity }, field “{ $field }”: a world cannot be connected to itself ({ $value })
game-save-out-of-range = Inconsistent save: { $entity }, field “{ $field }”: { $value } is out of range
desk-not-a-folder = { $path } is a file: give the game's folder (the one holding game.ron).
desk-no-save = { $dir } is not a game folder: it has no game.ron.
desk-out-of-date = The game changed since this turn was resolved (a turn finished after a stop, or resolved by another program): nothing is written. Open the game again and resolve again.
desk-nothing-to-undo = The game is at its first turn: there is no turn to undo.
desk-no-kept-save = { $file } is missing: without the save of before the turn, it cannot be undone.
registration-unknown-line = Unreadable line in the registrations: “{ $text }” (expected “Label: value”).
registration-unknown-label = Unknown label: “{ $text }” (Address, 1st choice, 2nd choice, 3rd choice, Class, Pseudonym, Final turn; or the French ones).
registration-no-address = “Address:” without an address.
registration-before-address = This line comes before any “Address:” line: each form begins with the player's address.
registration-choice-order = Choice { $number } unexpected: the next choice of this form is number { $expected } (three at most).
registration-bad-class = Unknown class: “{ $text }” (Emperor, Pirate, Antiquarian, Missionary, Robotron, Merchant, Explorer).
registration-no-pseudonym = “Pseudonym:” without a pseudonym.
registration-bad-turn = Unreadable final turn: “{ $text }” (a number).
registration-no-choice = The form of { $player } has no choice.
registration-incomplete-choice = A choice of the form of { $player } has no valid class or pseudonym.
registration-no-free-choice = No free choice for { $player }: every pseudonym of his was taken by the players registered before him. Settle it with him (another pseudonym), then run again.
registration-file-errors = The registrations have errors: nothing is created.
registration-bad-address = “{ $address }” is not a mail address (name@domain).
