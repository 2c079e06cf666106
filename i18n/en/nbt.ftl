# nbt messages (en) — the .NBT companion file (src/nbt) and the knowledge over several turns (src/model/knowledge.rs)

nbt-syntax = malformed .NBT file (RON): { $detail }
nbt-future-version = this .NBT file was made by a newer Nébutil NG (format version { $version }); this one reads up to version { $max } — please update Nébutil NG
nbt-bad-version = invalid format version 0 in the .NBT file
nbt-coords-out-of-range = coordinates [{ $x },{ $y }] of world M_{ $world } are outside the galaxy ({ $width }×{ $height })
nbt-game-mismatch = the .NBT belongs to game "{ $nbt }", the turn report to "{ $cr }": .NBT ignored
nbt-player-mismatch = the .NBT belongs to player { $nbt }, the turn report to { $cr }: .NBT ignored
nbt-turn-mismatch = the .NBT is for turn { $nbt }, the turn report for turn { $cr }: only lasting facts (coordinates, player numbers) are used
nbt-class-mismatch = the .NBT says class { $nbt }, the turn report { $cr }: the turn report wins
nbt-galaxy-size-mismatch = the .NBT says the galaxy is { $nbt }, the turn report { $cr }: the turn report wins
nbt-coords-mismatch = M_{ $world }: the .NBT gives coordinates { $nbt }, the turn report { $cr }: the turn report wins
nbt-known-player-mismatch = "{ $name }": number { $nbt } in the .NBT, { $cr } in the turn report: the turn report wins
nbt-tech-mismatch = { $tech }: level { $nbt } in the .NBT, { $cr } in the turn report: the turn report wins

knowledge-no-turn = this turn report does not tell its turn number: it cannot be placed among the other turns
knowledge-other-game = turn { $turn } belongs to game "{ $game }", not "{ $expected }": ignored
knowledge-other-player = turn { $turn } is the report of "{ $player }", not "{ $expected }": ignored
