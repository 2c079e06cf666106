# cli messages (en) — the command line (src/cli)

cli-cannot-read = cannot read { $file }: { $error }
cli-no-gui = this nebutil was built without the desktop app (feature "gui"); to read a turn report: nebutil report { $file }

cli-header = Game { $game } — turn { $turn } — player { $player } ({ $class }) — score: { $score }
cli-galaxy = Galaxy of { $width } × { $height }
cli-counts = Worlds described: { $worlds } ({ $own_worlds } yours) · fleets: { $fleets } ({ $own_fleets } yours) · traces: { $traces } · treasures: { $treasures }
cli-own-worlds = Your worlds
cli-own-fleets = Your fleets
cli-none = (none)
cli-diagnostics = Diagnostics: { $errors ->
        [one] { $errors } error
       *[other] { $errors } errors
    }, { $warnings ->
        [one] { $warnings } warning
       *[other] { $warnings } warnings
    }, { $infos ->
        [one] { $infos } info
       *[other] { $infos } infos
    }

cli-col-world = World
cli-col-connections = Connections
cli-col-industries = I
cli-col-vi = VI
cli-col-population = P
cli-col-vp = VP
cli-col-mp = MP
cli-col-coords = Coords
cli-col-fleet = Fleet
cli-col-vc = VC
cli-col-vt = VT
cli-col-cargo = Cargo
cli-bad-ruling-id = "{ $id }" is not a ruling number (e.g. G-17 or 17)
cli-cannot-write = cannot write { $file }: { $error }
cli-game-list-length = { $option } gives { $given ->
    [one] { $given } value
   *[other] { $given } values
} for { $players ->
    [one] { $players } player
   *[other] { $players } players
}
cli-game-bad-class = unknown class "{ $class }" (Emperor, Pirate, Antiquarian, Missionary, Robotron, Explorer, Merchant)
cli-game-not-empty = the folder { $dir } is not empty: nothing is overwritten, choose another folder
cli-game-no-seat = --computer { $seat }: the game has no player { $seat }.
cli-game-passwords = Passwords drawn (shown here once; each player gets his own with his first CR):
cli-game-password-line = {"  "}player { $player } “{ $name }” ({ $emails }): { $password }
cli-game-created = game created in { $dir }: { $players ->
    [one] { $players } player
   *[other] { $players } players
}, { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}, { $files ->
    [one] { $files } file
   *[other] { $files } files
}
cli-game-show-header = Game { $game } — rules { $ruleset } — turn { $turn } of { $final } (secret final turn) — { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}
cli-game-unnamed = (no name)
cli-game-standings = Standings
cli-game-col-name = Player
cli-game-col-class = Class
cli-game-col-score = Score
cli-game-col-worlds = Worlds
cli-game-col-fleets = Fleets
cli-game-col-ships = Ships
cli-game-player-summary = Player { $number } "{ $name }": score { $score } { $gained }, population { $population }, industries { $industries }, MP { $mp }, treasures { $treasures }
cli-game-turn-exists = { $file } already exists: nothing is overwritten (was this turn resolved already?)
cli-game-undone = last turn undone: the game is back at turn { $turn } (its orders files are kept).
cli-game-turn-computer = { $count ->
    [one] orders of the computer's seat written
   *[other] orders of the { $count } computer seats written
}.
cli-game-turn-done = turn { $turn } resolved → turn { $next }: { $orders ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $voided } voided, { $onr ->
    [one] { $onr } player without orders
   *[other] { $onr } players without orders
}; { $files ->
    [one] { $files } file written
   *[other] { $files } files written
}

## lead: crash-safe turns
cli-game-busy = the game is already in use by another program (a turn being resolved, the app or the mail robot): lock { $file }. Try again when it has finished.
cli-game-turn-rolled-back = a turn interrupted before it was recorded was undone: the game is as before it, and it is resolved again.
cli-game-turn-completed = turn { $turn }, interrupted while it was being written, is now complete ({ $files ->
    [one] { $files } file
   *[other] { $files } files
}, the same as an uninterrupted run). Nothing else was resolved.

## headerless: a file that is not a CR
cli-not-a-report = { $file }: { $reason }
cli-ally-refused = { $file } cannot be used as an ally's report: { $reason }
cli-report-ally = Ally "{ $player }" (turn { $turn }): { $worlds } { $worlds ->
    [one] world
   *[other] worlds
} and { $fleets } { $fleets ->
    [one] fleet
   *[other] fleets
} your report does not show. { $list }

## bounded: files too large for their kind
cli-file-too-large = { $file } is not read: it is { $megabytes } MB, more than the { $max } MB allowed for this kind of file.
cli-file-is-directory = cannot read { $file }: it is a folder.
cli-file-binary = cannot read { $file }: it is not a text file.
cli-orders-summary = { $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
}, { $warnings ->
    [one] { $warnings } warning
   *[other] { $warnings } warnings
} ({ $orders ->
    [one] { $orders } order
   *[other] { $orders } orders
})
cli-orders-preview-assumptions = Assumptions:

## nebutil report CR… --csv / --series-json
cli-report-one-cr = several turn reports are read together only with --csv or --series-json (the statistics over turns): otherwise, one.
cli-series-left-out = { $file }: left out, it is not a turn of this player in this game.
