# game messages (en)
game-gen-no-players = A galaxy needs at least one player
game-gen-player-name = Invalid player name “{ $name }”: 1 to { $max } characters, no double quote, no leading or trailing space
game-gen-duplicate-name = Two players are named “{ $name }”
game-gen-connections = The ruleset asks for { $min } to { $max } connections per world; the minimum must be at least 1 and the maximum at least 2
game-gen-worlds = { $worlds } worlds: between { $min } and { $max } are needed for this many players
game-gen-torus = A { $width } × { $height } torus is too small or too large for { $worlds } worlds (at least two cells per world, sides at most { $max })
game-gen-black-holes = { $count } black holes: at most { $max } (one world in ten)
game-gen-neutral-fleets = { $count } neutral fleets: at most { $max } (one per world)
game-gen-treasures = { $count } treasures: at most { $max }
game-gen-final-turn = Final turn { $turn } outside the ruleset's range ({ $min } to { $max })
game-gen-no-room = Cannot place { $players } start worlds, none connected to another, among { $worlds } worlds
game-save-syntax = Unreadable save, line { $line } column { $column }: { $error }
game-save-future-version = Save in format { $found }, written by a newer Nébutil: this program reads formats 1 to { $supported }
game-save-bad-version = Unknown format version { $found } (formats 1 to { $supported })
game-save-rules = Invalid rules in the save: { $error }
