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
