# report messages (en)

## CR reader (report::read). Codes `cr-…`.

cr-syntax = Unexpected character “{ $found }”: Nébutil NG cannot read this line of the turn report and skips it.
cr-unexpected-end = The line stops before the end of what it describes: it is skipped.
cr-number-too-large = Number too large for a turn report: the line is skipped.
cr-unknown-line = Unknown line in a turn report: it is skipped.
cr-unknown-indented-line = Unknown indented line, taken for a note on the world described above: it is skipped.
cr-continuation-without-world = Continuation of a world's description without that world's line above: the line is skipped.
cr-name-without-world = “Nom” or “Corrompu par” without a world line above: the line is skipped.
cr-unknown-declaration = Unknown declaration (the declarations are A, C, CP, DP, PI and J): the line is skipped.
cr-unknown-class = Unknown character class (the classes are Empereur, Pirate, Antiquaire, Missionnaire, Robotron, Explorateur and Marchand): the class stays unknown.
cr-markdown-bold = Bold mark “**” (from a formatted mail) ignored.
cr-ships-block-repaired = Malformed ships block (misplaced bracket or “=”): read as “[]=” followed by the number of ships.
cr-unclosed-quote = Missing closing quote: added before the rest of the line.
cr-owner-spacing = Space before “:” in the owner block: ignored.
cr-trailing-punctuation = Full stop at the end ignored.
cr-world-incomplete = World without its connection list: read as a mere mention of that world.
cr-fleet-incomplete = Fleet without owner or ships: read as a mere mention of that fleet.
cr-unclosed-treasure = Missing closing “>” after the treasure's name: the name runs to the end of the line.
cr-unclosed-trace = Missing closing “{ "}" }” after the trace: the trace is read as if it were closed.
cr-several-converts = Several groups of converts on one world: only the first is kept.
cr-duplicate-world = This world is already described higher up in the turn report: this line is ignored.
cr-orphan-player-list = Player list outside the “Vous connaissez de nom” section: it is added to it.

## headerless: CR without header, file that is not a CR
cr-empty = This file is empty: it is not a turn report.
cr-not-a-report = This file is not a Nebula turn report: { $recognised ->
    [0] none of its lines is written as a turn report.
   *[other] too few of its lines are written as a turn report ({ $recognised } of { $lines }).
    }
cr-turn-inferred = This turn report does not tell its turn: it is turn { $turn }, { $source ->
    [stated] as you stated.
    [nbt] from the .NBT file of the same name.
   *[other] from the file name.
    }
cr-turn-unknown = This turn report does not tell its turn and nothing beside it does: it is read as turn { $turn }; state the right turn (in the app, next to the turn selector; on the command line, --turn).
cr-player-inferred = This turn report does not name its player: it is "{ $player }", { $source ->
    [stated] as you stated.
    [nbt] from the .NBT file of the same name.
    [start-world] the owner of the start world (Md_).
    [statistics] the only one whose worlds and fleets match the statistics.
   *[other] from the other turn reports of the folder.
    }
cr-player-unknown = This turn report does not name its player and nothing tells who he is: your worlds and fleets cannot be told from the others; state the player (in the app, next to the turn selector; on the command line, --player).
cr-game-inferred = This turn report does not name its game: it is "{ $game }", from the files beside it.

## bounded: duplicates in a CR
cr-duplicate-fleet = This fleet is already described higher up in the turn report: this line is ignored.
cr-duplicate-treasure = This treasure is already described higher up in the turn report: this line is ignored.

## report::printable: the order file and the CR printable (HTML, text)
print-orders = Orders
print-report = Turn report
print-game = Game
print-turn = Turn
print-player = Player
print-class = Class
print-field = { $field }: { $value }
print-title = { $what } — game { $game }, turn { $turn }, { $player }
