# nbt messages (en) — the .NBT companion file (src/nbt) and the knowledge over several turns (src/model/knowledge.rs)

nbt-syntax = The .NBT file is malformed at line { $line }, column { $column }: Nébutil NG cannot read it and ignores it. Technical detail: { $detail }
nbt-future-version = This .NBT file was made by a newer Nébutil NG (format version { $version }); this one reads up to version { $max }: please update Nébutil NG.
nbt-bad-version = The .NBT file gives format version 0, which does not exist: it is ignored.
nbt-coords-out-of-range = The coordinates [{ $x },{ $y }] of world M_{ $world } are outside the galaxy ({ $width }×{ $height }).
nbt-game-mismatch = This .NBT belongs to game “{ $nbt }”, the turn report to “{ $cr }”: the .NBT is ignored.
nbt-player-mismatch = This .NBT belongs to player { $nbt }, the turn report to { $cr }: the .NBT is ignored.
nbt-turn-mismatch = This .NBT is for turn { $nbt }, the turn report for turn { $cr }: only lasting facts (coordinates, player numbers) are taken from it.
nbt-class-mismatch = The .NBT says you are { $nbt ->
    [emperor] emperor
    [pirate] pirate
    [antiquarian] antiquarian
    [missionary] missionary
    [robotron] robotron
    [explorer] explorer
   *[merchant] merchant
}, the turn report { $cr ->
    [emperor] emperor
    [pirate] pirate
    [antiquarian] antiquarian
    [missionary] missionary
    [robotron] robotron
    [explorer] explorer
   *[merchant] merchant
}: the turn report wins.
nbt-galaxy-size-mismatch = The .NBT says the galaxy is { $nbt }, the turn report { $cr }: the turn report wins.
nbt-coords-mismatch = M_{ $world }: the .NBT gives coordinates { $nbt }, the turn report { $cr }: the turn report wins.
nbt-known-player-mismatch = “{ $name }” has number { $nbt } in the .NBT and { $cr } in the turn report: the turn report wins.
nbt-tech-mismatch = { $tech }: level { $nbt } in the .NBT, { $cr } in the turn report: the turn report wins.

knowledge-no-turn = this turn report does not tell its turn number: it cannot be placed among the other turns
knowledge-other-game = turn { $turn } belongs to game "{ $game }", not "{ $expected }": ignored
knowledge-other-player = turn { $turn } is the report of "{ $player }", not "{ $expected }": ignored
knowledge-ally-no-player = the ally's report of turn { $turn } does not say whose it is: add it with its header
knowledge-ally-is-self = this report is "{ $player }"'s, your own: open it as one of your turns, not as an ally's
knowledge-too-many-allies = the number of allies is limited to { $max }: this report is not added

## bounded: duplicate keys
nbt-duplicate-key = The entry { $key } is already given higher up in this .NBT file: this line is ignored, the first one is kept.
