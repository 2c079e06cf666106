# game messages (en)
game-gen-no-players = A galaxy needs at least one player
game-gen-player-name = Invalid player name “{ $name }”: 1 to { $max } characters, no double quote, no leading or trailing space, no “!” at the end
game-gen-duplicate-name = Two players are named “{ $name }”
game-gen-connections = The ruleset asks for { $min } to { $max } connections per world; the minimum must be at least 1 and the maximum at least 2
game-gen-worlds = { $worlds } worlds: between { $min } and { $max } are needed for this many players
game-gen-too-many-worlds = { $worlds } worlds: the generator makes galaxies of at most { $max } worlds
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
game-arbiter-game-over = the game is over (final turn { $turn } reached): no more turns to resolve
game-arbiter-log-title = Arbiter's log — game { $game } — turn { $turn } → { $next }
game-arbiter-log-onr = Players without orders (ONR):
game-arbiter-log-unreadable = Unreadable order lines (ignored, the rest is executed):
game-arbiter-log-voided = Orders voided at execution:
game-arbiter-log-points = Scores:
game-arbiter-log-final = Final ranking:
game-arbiter-log-none = none

## exact: counts kept exact, saves checked on load
game-gen-start-fleets = { $count } start fleets per player: at most { $max } (one per world)
game-save-key-mismatch = Inconsistent save: { $entity } is stored under another number than its field “{ $field }” ({ $value })
game-save-no-world = Inconsistent save: { $entity }, field “{ $field }”: world M_{ $value } does not exist
game-save-no-player = Inconsistent save: { $entity }, field “{ $field }”: player { $value } does not exist
game-save-no-fleet = Inconsistent save: { $entity }, field “{ $field }”: fleet F_{ $value } does not exist
game-save-one-way-connection = Inconsistent save: { $entity }, field “{ $field }”: M_{ $value } has no connection back
game-save-self-connection = Inconsistent save: { $entity }, field “{ $field }”: a world cannot be connected to itself ({ $value })
game-save-out-of-range = Inconsistent save: { $entity }, field “{ $field }”: { $value } is out of range
