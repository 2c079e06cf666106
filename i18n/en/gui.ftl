# gui messages (en)
# The desktop application. The CR notation (M_127, F_57, *F_204, [?]…) is never translated.

gui-no-display = Nébutil NG cannot open a window here: no screen ({ $missing } not set). The command line works without one: nebutil --help, and nebutil report, orders, game, mail, combat, rulings.
gui-start-failed = Nébutil NG could not open its window: { $error }

## Menus
gui-menu-file = File
gui-menu-open = Open…
gui-menu-open-path = Open a path…
gui-menu-recent = Recent files
gui-recent-empty = (none)
gui-menu-clear-recent = Clear the list
gui-menu-open-demo = Open the demo game
gui-menu-close-turn = Close the turn
gui-menu-quit = Quit
gui-menu-view = View
gui-menu-language = Language
gui-menu-theme = Theme
gui-theme-system = Follow the system
gui-theme-light = Light
gui-theme-dark = Dark
gui-menu-worlds = Worlds list
gui-menu-fleets = Fleets list
gui-menu-toggle-text = CR text / inspector
gui-menu-help = Help
gui-menu-shortcuts = Keyboard shortcuts
gui-menu-about = About

## Shortcuts
gui-action-previous-turn = Previous turn
gui-action-next-turn = Next turn
gui-action-filter = Filter the list
gui-shortcut-drop-keys = drag and drop
gui-shortcut-drop = Open files by dropping them on the window

## Windows
gui-about-text = The open successor of Nébutil, the order-writing helper of Nebula, a play-by-email strategy game (1999–2002).
gui-about-license = MIT licence.
gui-open-path-help = Paths of CR or .NBT files, one per line (Ctrl+Enter to open):
gui-open-path-label = Path
gui-open-path-button = Open
gui-ally-path-title = Add an ally's report
gui-ally-path-help = Paths of your allies' reports (other players of the game), one per line (Ctrl+Enter to add):
gui-ally-path-button = Add
gui-cancel = Cancel
gui-dialog-title = Open turn reports
gui-dialog-filter = Turn reports and NBT files
gui-dialog-all = All files
gui-drop-files = { $count ->
    [one] Drop the file to open it
   *[other] Drop the { $count } files to open them
}

## Turns
gui-turn-selector = Turn:
gui-turn-label = { $seat } — Turn { $turn } — { $file }
gui-turn-predicted = { $seat } — Turn { $turn } (predicted)
gui-prediction-banner = Prediction: this turn is the one the preview predicts from your orders and reports — not a report. Values marked ≈, and worlds ringed with dots, depend on chance.
gui-prediction-back = Back to turn { $turn }
gui-predicted-spread = Depending on chance: { $spread }
gui-nbt-waiting = { $file } waits for the CR of turn { $turn }
gui-welcome = No turn loaded. Open a turn report (CR) and its .NBT file, or drop them on the window.

## Notices
gui-notice-dismiss = Dismiss this message
gui-notices-more = +{ $count } { $count ->
    [one] other
   *[other] others
}
gui-notices-fewer = Hide { $count ->
    [one] the other
   *[other] the { $count } others
}
gui-notices-dismiss-all = Dismiss all
gui-error-io = Cannot read { $file }: { $error }
gui-error-directory = { $file } is a folder, not a file.
gui-error-too-large = { $file } is too large ({ $megabytes } MB; at most { $max } MB).
gui-error-binary = { $file } is not a text file.
gui-error-nbt = { $file } is not a usable NBT file: { $error }
gui-warning-nothing-read = Nothing expected in a turn report was recognised in { $file }.
gui-nbt-pending = { $file } is kept until the CR of turn { $turn } is opened.
gui-session-replaced = { $file } ({ $seat }) replaces the turns of another game or player: they are closed.
gui-seat-unknown = game and player unknown
gui-seat-arbiter = the whole galaxy (arbiter)
gui-earlier-turns-opened = { $file }: { $count ->
    [one] the same player's earlier turn, found beside it, is opened with it
   *[other] the same player's { $count } earlier turns, found beside it, are opened with it
}.
gui-menu-add-ally = Add an ally's report…
gui-menu-add-ally-hint = Another player's turn report of the game: what he saw (worlds, fleets, connections, positions) joins what you know, marked as seen by him. Dropping his report on the window does the same.
gui-menu-add-ally-none = Open one of your own reports first.
gui-ally-added = { $file } ({ $seat }): what your ally saw joins what you know.
gui-allies-label = Allies:
gui-allies-hint = Your allies' reports: the newest wins; on the same turn, yours.
gui-ally-entry = { $player } (turn { $turn })
gui-ally-close = Remove { $file }
gui-error-ally = { $file } cannot be used as an ally's report: { $reason }
gui-replace-confirm-title = Replace the loaded turns?
gui-replace-confirm-text = { $file } ({ $seat }) is of another game or player: { $count ->
    [one] the loaded turn will be closed
   *[other] the { $count } loaded turns will be closed
}.
gui-replace-confirm-orders = The orders in the editor are saved in no draft: copy or export them first if you want to keep them.
gui-replace-confirm-yes = Replace
gui-replace-confirm-no = Do not open
gui-no-file-dialog = No file dialog is available here: type the path, or drop the files on the window.

## Lists
gui-tab-worlds = Worlds ({ $count })
gui-tab-fleets = Fleets ({ $count })
gui-filter = Filter
gui-filter-hint = number, player, name…
gui-filter-clear = Clear the filter
gui-mine-only = Mine only
gui-source = Source
gui-source-all = All reports
gui-source-own = My reports
gui-source-allies = My allies'
gui-source-hint = What the tables list: your reports and, for what they do not show, your allies' (in italics); or only one or the other.
gui-list-empty = Nothing to show.
gui-col-world = World
gui-col-fleet = Fleet
gui-col-owner = Owner
gui-col-industries = I
gui-col-vi = VI
gui-col-population = P
gui-col-vp = VP
gui-col-mp = MP
gui-col-fleets = Fleets
gui-col-ships = Ships
gui-col-cargo = Cargo
gui-unknown-hint = Unknown: the CR does not say.
gui-fact-attitude = Attitude
gui-attitude-peace = peace: it does not capture, convert, pillage or ambush; it fires only when ordered to
gui-attitude-war = war (a fleet's usual attitude: it captures, converts, pillages and ambushes)
gui-at-peace = at peace

## Inspector
gui-tab-inspector = Inspector
gui-tab-cr-text = CR
gui-tab-nbt-text = NBT
gui-inspector-empty = Pick a world or a fleet in the list.
gui-not-on-this-turn = { $id } does not appear on this turn.
gui-no-cr-line = No CR line (known from the NBT file only).
gui-show-in-text = Show in the CR text
gui-section-cr-lines = CR lines
gui-section-facts = What the CR says
gui-section-fleets = Fleets in orbit
gui-section-traces = Traces
gui-section-treasures = Treasures
gui-none = none
gui-neutral = neutral
gui-owned-turns = for { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}
gui-mining-counter = mining counter { $counter }
gui-previous-owner = before: "{ $name }"
gui-flag-start-world = Start world
gui-flag-bombed = Bombed
gui-flag-black-hole = Black hole
gui-flag-elided = Incomplete line (". . ."): values are missing
gui-flag-position-only = Position only (NBT file)
gui-flag-bomb = Carries the bomb
gui-fact-owner = Owner
gui-fact-connections = Connections
gui-fact-industries = Industries (active/total)
gui-fact-vi = VI
gui-fact-population = Population (limit)
gui-fact-converts = Converts
gui-fact-robots = Robots
gui-fact-vp = VP
gui-fact-deaths = Deaths this turn
gui-fact-mp = MP in stock
gui-fact-mining = Mining
gui-fact-pc = PC unloads
gui-fact-pillage = Pillages
gui-pillage-value = { $count ->
    [one] once
   *[other] { $count } times
}, recovered in { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}
gui-fact-pe = PE
gui-fact-meva = Improvements (MEVA)
gui-fact-growth = Growth
gui-fact-coords = Coordinates
gui-coords-approximate = about [{ $x },{ $y }]
gui-fact-corrupted-by = Corrupted by
gui-fact-world = World
gui-fact-vc = VC
gui-fact-vt = VT
gui-fact-total = Ships in all
gui-fact-cargo = Cargo
gui-fact-cargo-mp = Cargo: MP
gui-fact-cargo-n = Cargo: non-converts (N)
gui-fact-cargo-c = Cargo: converts (C)
gui-fact-cargo-r = Cargo: robots (R)
gui-fact-arrived-from = Arrived from
gui-fact-fire = Fire
gui-fire-fleet = fired on the fleet
gui-fire-protections = fired on the protection ships
gui-fire-population = fired on the population
gui-fire-industries = fired on the industries
gui-fire-non-converts = executed non-converts
gui-fire-converts = executed converts
gui-fire-robots = robot attack
gui-fire-bomb = dropped the bomb
gui-fire-ambush = ambush
gui-event-captured = captured this turn
gui-event-gift = given this turn
gui-event-pillaged = pillaged this turn
gui-event-pirated = pirated this turn
gui-event-unloaded-pc = unloaded PC this turn
gui-trace-from = coming from { $world }
gui-trace-to = to
gui-treasure-unknown-kind = Treasure name not in the vocabulary.

## Knowledge (several turns)
gui-seen-turn = turn { $turn }
gui-seen-by-ally = seen by { $ally } on turn { $turn }
gui-history = History
gui-history-seen = Seen
gui-history-owner = Owner
gui-history-population = P
gui-history-industries = I
gui-history-mp = MP
gui-history-fleets = Fleets
gui-history-world = World
gui-history-ships = Ships
gui-described-by-ally = Last described by { $ally }, your ally, on turn { $turn }
gui-described-by-ally-only = Seen only by { $ally }, your ally, on turn { $turn }: none of your reports describes it
gui-revealed-by = Named in the connections of
gui-never-described = Never described by a CR.
gui-last-described = Last described on turn { $turn }.
gui-section-last-known = Last known
gui-section-fleets-last-seen = Fleets last seen here
gui-fact-first-described = Described since

## Turn summary
gui-tab-summary = Turn
gui-summary-unknown-turn = Unknown turn
gui-section-tech = Technologies
gui-tech-dep = Movement (DEP)
gui-tech-att = Attack (ATT)
gui-tech-def = Defence (DEF)
gui-tech-rad = Radar (RAD)
gui-tech-ali = Knowledge of aliens (ALI)
gui-tech-car = Cargo (CAR)
gui-tech-progress = { $invested } / { $cost } UP
gui-tech-progress-hint = UP invested toward the next level, out of that level's cost
gui-tech-max = maximum level
gui-tech-catt = Your CA (attack coefficient)
gui-tech-cdef = Your CD (defence coefficient)
gui-section-statistics = Statistics
gui-stat-mining = Mining capacity
gui-stat-populations = Populations
gui-stat-converts = Converts
gui-stat-robots = Robots
gui-stat-cargo = Cargo carried
gui-stat-worlds = Worlds
gui-stat-fleets = Fleets
gui-stat-industries = Industries
gui-stat-active-industries = Active industries
gui-stat-ships = Ships
gui-stat-treasures = Treasures
gui-spy-header = Spies: mean { $mean }, error { $error }%
gui-spy-unknown-player = unknown player
gui-section-known-players = Players you know by name
gui-known-level-hidden = hidden
gui-known-level-att-hint = Attack level: your ALI shows it from level 3, except for a player whose ALI is 4 or more and above yours ("hidden").
gui-known-level-def-hint = Defence level: your ALI shows it from level 2, except for a player whose ALI is 4 or more and above yours ("hidden").
gui-section-declarations-made = Your declarations
gui-section-declarations-received = Declarations about you
gui-declaration-ally = ally
gui-declaration-mp-loader = MP loader
gui-declaration-pop-loader = population loader
gui-declaration-pop-unloader = population unloader
gui-declaration-pillager = pillager
gui-declaration-jihad = Jihad (since the turn shown)
gui-section-ranking = Final ranking
gui-section-orders-sent = Orders whose outcome this CR reports (NBT)

## Diagnostics
gui-diagnostics = CR reading
gui-show-errors = Errors ({ $count })
gui-show-warnings = Warnings ({ $count })
gui-show-infos = Infos ({ $count })
gui-no-diagnostics = The CR reader understood everything (the orders are checked in the editor).
gui-severity-error = error
gui-severity-warning = warning
gui-severity-info = info

## Status bar
gui-status-game = Game { $game }
gui-status-turn = Turn { $turn }
gui-status-player = Player { $player }
gui-status-score = Score { $score }
gui-status-empty = No turn loaded.
gui-status-reading = Reading the reports…
gui-status-turns-loaded = { $count ->
    [one] { $count } turn loaded
   *[other] { $count } turns loaded
}

## Map
gui-menu-map = Map
gui-map-title = Galaxy map
gui-map-fit = Fit
gui-map-zoom-in = Zoom in (mouse wheel)
gui-map-zoom-out = Zoom out (mouse wheel)
gui-map-legend = Legend
gui-map-legend-more = … and { $count } more
gui-map-legend-symbols = Symbols
gui-map-counts = { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}, { $links ->
    [one] { $links } connection
   *[other] { $links } connections
}
gui-map-no-size = galaxy size unknown (no NBT): the map does not wrap
gui-map-legend-me = { $name } (you)
gui-map-legend-neutral = Neutral
gui-map-legend-unknown = Owner unknown
gui-map-legend-approximate = Approximate position (from its neighbours)
gui-map-legend-black-hole = Black hole
gui-map-legend-start = Start world
gui-map-legend-ally = Seen only by an ally (his report, none of yours)
gui-map-legend-threat = Ringed in red: one of your worlds an enemy fleet can reach next turn (Threats, F7)
gui-map-threats = Threats
gui-map-threats-note = Threats: { $text }
gui-map-threats-hint = Your worlds an enemy fleet could reach next turn, ringed in red, with an arrow from where each fleet was seen. From your reports (and your allies') only.
gui-tab-threats = Threats ({ $count })
gui-threats-help = The fleets of other players (not your allies) that could reach one of your worlds next turn, or are on it already: their last-seen position, the connections your reports and your allies' showed, and their reach (their owner's DEP when known, else the highest the rules allow). Only what your reports and your allies' show.
gui-threats-none = No known fleet can reach your worlds next turn.
gui-threats-count = { $count } { $count ->
    [one] threat
   *[other] threats
} to { $worlds } { $worlds ->
    [one] world
   *[other] worlds
}
gui-threats-col-world = Your world
gui-threats-col-fleet = Fleet
gui-threats-col-owner = Owner
gui-threats-col-ships = Ships
gui-threats-col-seen = Seen
gui-threats-col-route = Route
gui-threats-seen = { $seen_at }, turn { $turn }
gui-threats-route-known = { $steps ->
    [0] on the world
    [one] 1 step away
   *[other] { $steps } steps away
}; DEP { $reach }
gui-threats-route-assumed = { $steps ->
    [0] on the world
    [one] 1 step away
   *[other] { $steps } steps away
}; DEP { $reach } at most (unknown)
gui-map-legend-bombed = Bombed (M#)
gui-map-legend-pillaged = Pillaged (Pi=)
gui-map-legend-fleet = Fleet (owner's colour)
gui-map-legend-trace = Fleet trace
gui-map-legend-faded = Faded: seen several turns ago
gui-map-seen = Seen on turn { $turn } ({ $age ->
    [one] { $age } turn
   *[other] { $age } turns
} ago)
gui-map-never-described = Never described: known from the connections of M_{ $world }
gui-map-approximate = Coordinates unknown: placed near its known neighbours.
gui-map-radar = Position seen with radar 3 (NBT), from a neighbouring world.
gui-map-route = Route:
gui-map-route-ok = Add the order
gui-map-route-cancel = Cancel
gui-map-route-undo = Remove the last world
gui-map-route-not-connected = M_{ $world } is not a known connection of M_{ $from }.
gui-map-menu-plan = Plan a route…
gui-map-menu-plan-hint = Click a destination (or several waypoints): the shortest route over the known connections, cut into turns by your DEP.
gui-map-plan = Plan:
gui-map-plan-ok = Plan
gui-map-plan-ok-hint = Adds this turn's move to the orders and keeps the rest: on the next turns, each turn's move is proposed to you.
gui-map-plan-undo = Remove the last waypoint
gui-map-plan-help = Click the destination on the map (more clicks add waypoints).
gui-map-plan-leg = T+{ $ahead }: { $hops }
gui-map-plan-eta = Arrives at M_{ $world } on turn { $turn } ({ $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} with DEP { $dep }).
gui-map-plan-no-position = This fleet's position at the start of the turn is not known.
gui-map-plan-nowhere = The fleet is there already: click another destination.
gui-map-plan-no-dep = Your DEP is not known (no technology block): the turns cannot be counted.
gui-map-plan-no-route = No known route from M_{ $from } to M_{ $to }: an unknown connection, or only through a black hole.
gui-map-plan-arrival = T+{ $ahead } · turn { $turn }
gui-map-plan-refused = This turn's move would be refused: { $reason }
gui-plans = Planned routes
gui-plan-title = F_{ $fleet } to { $destination }, due on turn { $turn }
gui-plan-on-track = On its route, move { $leg } of { $legs }:
gui-plan-add = Add the order
gui-plan-in-draft = already in your orders
gui-plan-arrived = Arrived.
gui-plan-not-yet = Planned from turn { $turn }.
gui-plan-off-course = Off its route: expected on { $expected }, seen on { $seen_at }.
gui-plan-lost = Your reports no longer show it (expected on { $expected }).
gui-plan-replan = Plan again
gui-plan-forget = Forget
gui-map-menu-nothing = Nothing here. Right-click a world or a fleet to write its orders.
gui-map-menu-inspect = Inspect
gui-map-menu-route = Draw a route (click the worlds)…
gui-map-menu-not-yours = This fleet is not yours: no orders.
gui-map-legend-counts = { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
} · { $fleets ->
    [one] { $fleets } fleet
   *[other] { $fleets } fleets
}

## Order editor
gui-editor-toggle = Orders
gui-editor-title = Order editor
gui-editor-text-label = Orders of the turn
gui-editor-hint = One order per line, for example M_48 C 10 VC F_57
gui-editor-undo = Undo
gui-editor-redo = Redo
gui-editor-format = Format
gui-editor-format-hint = Rewrite every readable order in its canonical form (M_127 C 10 VC F_57); comments and unreadable lines kept as written
gui-editor-export = Export…
gui-editor-export-path = Export to a path…
gui-editor-copy = Copy
gui-editor-mail = Mail…
gui-editor-preview = Preview
gui-editor-counts = { $orders ->
    [one] { $orders } order
   *[other] { $orders } orders
}, { $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
}, { $warnings ->
    [one] { $warnings } warning
   *[other] { $warnings } warnings
}
gui-editor-draft-saved = Draft saved automatically: { $file }
gui-editor-draft-no-key = Draft not saved: no turn report is open.
gui-editor-draft-no-dir = Draft not saved: no data folder.
gui-editor-draft-error = The draft could not be saved: { $error }
gui-editor-draft-found = A saved draft exists for this turn. Loading it replaces the current text, which is saved nowhere; keeping the text replaces the draft.
gui-editor-draft-load = Load the draft
gui-editor-draft-keep = Keep the current text
gui-editor-diagnostics = Orders check ({ $count })
gui-editor-no-diagnostics = No problem.
gui-editor-exported = Orders exported to { $file }
gui-editor-mail-saved = Mail saved to { $file }
gui-editor-write-failed = Cannot write { $file }: { $error }
gui-editor-copied = Orders copied to the clipboard.
gui-editor-mail-copied = Mail copied to the clipboard.
gui-editor-overwrite-title = Replace the file?
gui-editor-overwrite = { $file } already exists. Replace it?
gui-editor-overwrite-yes = Replace
gui-editor-path-title = Export to a path
gui-editor-path-label = File path
gui-editor-path-button = Save
gui-editor-dialog-title = Export the orders
gui-editor-dialog-filter = Text files
gui-editor-mail-title = Mail for the arbiter
gui-editor-mail-more = To send it from here, write to the other players, change your settings or ask for information: View > The game's mail (F8).
gui-editor-mail-open-courrier = Open the game's mail
gui-editor-mail-game = Game
gui-editor-mail-player = Player number
gui-editor-mail-password = Password
gui-editor-mail-ack = Acknowledgement message (optional)
gui-editor-mail-subject = Subject:
gui-editor-mail-body = Body:
gui-editor-mail-copy = Copy the mail
gui-editor-mail-save = Save the mail…
gui-editor-mail-missing = Give the game, your player number and your password (it is never saved).
gui-editor-shortcut-undo-keys = Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y
gui-editor-shortcut-undo = Undo, redo (order editor)
gui-editor-quick = Orders:
gui-editor-quick-hint = The orders proposed for this world or fleet, checked against your draft: a click adds the order to the editor (change the quantity there); a greyed order says why on hover.
gui-send-here-pending = Finding your fleets' routes to here…
gui-send-here-ask = Send a fleet here…
gui-send-here-ask-hint = Finds the route of each of your fleets to this world (in the background: over thousands of fleets it takes a while).
gui-editor-shortcut-complete-keys = Tab / Enter, Esc
gui-editor-shortcut-complete = Accept the completion, close it (order editor)

## Preview (the next turn with your orders)
gui-editor-preview-hint = Resolve the turn on what you know, with these orders
gui-preview-title = Turn preview
gui-preview-outcome = { $value } ({ $percent }%)
gui-preview-or = or
gui-preview-empty-fleet-lost = empty fleet: it stays yours only if one of your war ships (VC, VI, VP) is on its world (G-94)
gui-preview-intro = The turn resolved on what your CRs told you, with your orders only: other players give no orders and everything you do not know follows the assumptions below.
gui-preview-progress = Runs: { $done } / { $runs }
gui-preview-done = { $runs ->
    [one] { $runs } run
   *[other] { $runs } runs
}.
gui-preview-voided = Orders that would be voided:
gui-preview-changes = Changes predicted for turn { $turn } (now -> predicted):
gui-preview-no-change = No change predicted.
gui-preview-assumptions = Assumptions
gui-preview-cr = Predicted CR
gui-preview-hidden-split = Fleet [?]=n?:
gui-preview-split-vc = all VC
gui-preview-split-vt = all VT
gui-preview-hidden-cargo = Hidden cargo [?] (MP)
gui-preview-unknown-values = Unknown values:
gui-preview-last-seen = last value seen
gui-preview-zero = 0
gui-preview-symmetric = Connections go both ways
gui-preview-runs = Number of runs
gui-preview-foreign-tech = Other players' levels
gui-preview-class = Class
gui-preview-class-unknown = unknown
gui-preview-again = Run again
gui-preview-item-player = Score
gui-preview-owned-yes = yours
gui-preview-owned-no = lost
gui-preview-field-owned = ownership
gui-preview-field-population = Population
gui-preview-field-converts = Converts
gui-preview-field-robots = Robots
gui-preview-field-pop-limit = Population limit
gui-preview-field-mp = MP
gui-preview-field-mining = Mining capacity
gui-preview-field-industries = Industries
gui-preview-field-active-industries = Active industries
gui-preview-field-vi = VI
gui-preview-field-vp = VP
gui-preview-field-position = Position
gui-preview-field-vc = VC
gui-preview-field-vt = VT
gui-preview-field-cargo-mp = MP carried
gui-preview-field-cargo-n = N carried
gui-preview-field-cargo-c = C carried
gui-preview-field-cargo-r = R carried
gui-preview-field-level = level
gui-preview-field-progress = UP invested
gui-preview-field-score = Points

## Arbiter view (src/gui/arbiter)
gui-arbiter-menu = Game
gui-arbiter-menu-open = Open a game (arbiter)…
gui-arbiter-menu-view = Arbiter view
gui-arbiter-title = Arbiter
gui-arbiter-dialog-title = Game folder (holding game.ron)
gui-arbiter-open = Open a folder…
gui-arbiter-path = Folder or save:
gui-arbiter-open-path = Open
gui-arbiter-none = No game open: pick a game folder (holding game.ron) or a .ron save.
gui-arbiter-open-failed = Game unreadable: { $error }
gui-arbiter-unnamed = (no name)
gui-arbiter-header = Game { $game } — rules { $ruleset } — turn { $turn } of { $final } — { $worlds ->
    [one] { $worlds } world
   *[other] { $worlds } worlds
}
gui-arbiter-resolve = Resolve the turn
gui-arbiter-reload = Read the orders again
gui-arbiter-running = Resolving…
gui-arbiter-failed = The resolution failed.
gui-arbiter-save-alone = Only a game folder's game.ron is resolved (a save on its own is never changed).
gui-arbiter-exists = { $count ->
    [one] { $count } file of the next turn already exists. Replace it?
   *[other] { $count } files of the next turn already exist. Replace them?
}
gui-arbiter-overwrite = Replace
gui-arbiter-players = Players
gui-arbiter-col-number = No.
gui-arbiter-col-name = Name
gui-arbiter-col-class = Class
gui-arbiter-col-rank = Rank
gui-arbiter-col-score = Score
gui-arbiter-col-worlds = Worlds
gui-arbiter-col-fleets = Fleets
gui-arbiter-col-ships = Ships
gui-arbiter-col-orders = Orders
gui-arbiter-col-view = View
gui-arbiter-col-player = Player
gui-arbiter-col-line = Line
gui-arbiter-col-order = Order
gui-arbiter-col-reason = Reason
gui-arbiter-orders = { $count } { $count ->
        [one] order
       *[other] orders
    }
gui-arbiter-unreadable-count = , { $count } unreadable { $count ->
        [one] line
       *[other] lines
    }
gui-arbiter-view-as = View as player { $number }
gui-arbiter-viewing = You see player { $number }'s files as the arbiter sends them; Game > Arbiter view brings back the players' table.
gui-desk-title = Arbiter — game { $game }, turn { $turn } of { $final }
gui-desk-confirm-title = Show the arbiter's galaxy?
gui-desk-confirm-turns = { $count ->
    [one] { $count } loaded turn will be closed and replaced
   *[other] { $count } loaded turns will be closed and replaced
} by the galaxy as it is. Files opened from disk stay in File > Recent files.
gui-desk-confirm-orders = The orders in the editor are saved in no draft: copy or export them first to keep them.
gui-close = Close
gui-arbiter-orders-of = Orders of player { $player } ({ $file }), read-only
gui-arbiter-orders-none = No orders file for this turn (ONR).
gui-arbiter-orders-clean = Checked against his CR: no remark.
gui-arbiter-logs = Logs:
gui-arbiter-log-turn = turn { $turn }
gui-arbiter-registrations = Registrations
gui-arbiter-registration-choice = { $number }. { $class } “{ $pseudonym }”, final turn { $turn }
gui-arbiter-registration-given = { $choice } — the choice given
gui-arbiter-orders-window = Orders of player { $player }
gui-arbiter-log-window = Arbiter's log, turn { $turn }
gui-arbiter-view-galaxy = Show the galaxy
gui-arbiter-undo = Undo the last turn…
gui-arbiter-undo-title = Undo turn { $turn }?
gui-arbiter-undo-body = The game goes back to turn { $previous }, byte for byte: game.ron taken back from saves/, the CRs, NBTs and log of turn { $turn } removed. The orders files are kept: resolving again gives the same files. The mail robot withdraws the CRs not sent yet; those already sent will be followed by a correction.
gui-arbiter-undo-yes = Undo the turn
gui-arbiter-undo-no = Keep the turn
gui-arbiter-undone = Last turn undone: the game is back at turn { $turn }.
gui-inspector-knowers = Known to: { $players }
gui-inspector-knower = { $number } “{ $name }”
gui-inspector-knowers-none = Known to no player
gui-arbiter-view-confirm-title = View as player { $number }?
gui-arbiter-view-confirm-turns = { $count ->
    [one] { $count } loaded turn will be closed and replaced
   *[other] { $count } loaded turns will be closed and replaced
} by player { $number }'s reports. Files opened from disk stay in File > Recent files.
gui-arbiter-view-confirm-orders = The orders in the editor are saved in no draft: they would stay in the editor, attached to player { $number }'s turn. Copy or export them first to keep them apart.
gui-arbiter-view-confirm-yes = Replace
gui-arbiter-previous-log = Log of the previous turn
gui-arbiter-log-title = Turn { $turn } resolved, turn { $next } ready ({ $files ->
    [one] { $files } file written
   *[other] { $files } files written
})
gui-arbiter-log-onr = Players without orders (ONR)
gui-arbiter-log-unreadable = Unreadable order lines
gui-arbiter-log-voided = Voided orders ({ $count })
gui-arbiter-log-none = none
gui-arbiter-log-final = Final ranking
gui-arbiter-log-file = Full log

## Plots window (src/gui/plots.rs)
gui-plots-menu = Plots
gui-plots-title = Plots
gui-plots-turns = { $count ->
    [one] { $count } turn
   *[other] { $count } turns
} of this player loaded
gui-plots-score = Score
gui-plots-statistics = Statistics
gui-plots-no-statistics = No own statistic in the loaded turns.
gui-plots-axis-turn = Turn
gui-plots-hover = { $series }
    Turn { $turn }: { $value }
gui-plots-spy-title = Spy rankings (turn { $turn })
gui-plots-spy-none = No spy ranking in this turn.
gui-plots-spy-mean = mean { $mean } [Error={ $error }%]
gui-plots-spy-mean-line = Mean
gui-plots-spy-rank = Rank
gui-plots-spy-player = Player
gui-plots-spy-value = Value

## Rulings window (src/gui/rulings.rs)
gui-rulings-menu = Rulings applied
gui-rulings-title = Rulings applied
gui-order-language-menu = Order language
gui-order-language-title = Order language
gui-order-language-help = Every order form of the rule book's annex, with an example, what it does and who may give it. Search by words ("research", "robots") or type the start of an order (M_127 C): the forms it may still become are shown.
gui-order-language-search = Search:
gui-order-language-clear = Clear
gui-order-language-count = { $count } of { $total } { $total ->
    [one] form
   *[other] forms
}
gui-order-language-letters = m, n, o: worlds; f, g: fleets; t: treasure; j: player number; x: a count (in brackets: may be left out); y: spy category. The "_" may be left out: M_127, M 127 and M127 are the same.
gui-order-language-example = Example:
gui-order-language-copy = Copy
gui-order-language-copy-hint = Copies the example to the clipboard
gui-order-language-copied = copied
gui-order-language-exclusive = exclusive (one exclusive order per fleet or VI/VP group per turn)
gui-order-language-not-exclusive = not exclusive
gui-order-language-facts = Who: { $who } · { $exclusive } · carried out at step { $step } of the turn
gui-order-language-see = This order's forms
gui-order-language-see-hint = Opens the order language on the forms this line may become
gui-order-language-forms = { $count ->
    [one] This order's form…
   *[other] The { $count } possible forms…
}
gui-rulings-help = Where the rule book is silent or contradicts itself, Nébutil NG applies these rulings (G-n = gap n of the catalog), each with the book's section it completes and the part of the program where it applies.
gui-rulings-search = Search:
gui-rulings-count = { $count } of { $total }

## Combat simulator: typed path (src/gui/simulator.rs, src/gui/path_prompt.rs)
gui-sim-path = Path…
gui-sim-path-hint = Open or save the setup by typing the file's path.
gui-sim-path-title = Combat setup (RON)
gui-sim-path-label = Setup path
gui-sim-path-load = Open
gui-sim-path-save = Save
gui-sim-no-file-dialog = No file chooser is available here: type the path.

## lead: export and drafts
gui-editor-export-hint = Offered: { $file }. The file holds the editor's text as it is, line for line (comments and lines with errors included): the same text as the clipboard and the mail's body.
gui-editor-copy-hint = Copies the editor's text as it is, line for line: the same text as the exported file and the mail's body.
gui-editor-errors-title = These orders have errors
gui-editor-errors-counts = { $errors ->
    [one] { $errors } error
   *[other] { $errors } errors
} and { $warnings ->
    [0] no warning
    [one] { $warnings } warning
   *[other] { $warnings } warnings
}. The arbiter will void the orders in error.
gui-editor-errors-line = line { $line }: { $message }
gui-editor-errors-more = … and { $count ->
    [one] { $count } more
   *[other] { $count } more
}.
gui-editor-errors-question = Export anyway? The file will hold every line, those in error included.
gui-editor-errors-question-copy = Copy anyway? The copied text will hold every line, those in error included.
gui-editor-errors-back = Back to the editor
gui-editor-errors-anyway = Export anyway
gui-editor-errors-anyway-copy = Copy anyway
gui-action-preview = Preview the turn
gui-shortcut-escape-keys = Escape
gui-shortcut-escape = Close the help, a dialog or the completion
gui-first-steps-menu = First steps
gui-first-steps-title = First steps
gui-first-steps-close = Close (Help > First steps opens it again)
gui-first-steps-about = This is a demo game: the galaxy { $game }, a torus of { $width } × { $height } worlds made by Nébutil NG and played by computer players ({ $turns ->
    [one] { $turns } turn loaded
   *[other] { $turns } turns loaded
}). You see it through the eyes of player { $number }, "{ $player }" ({ $class }): the map and the lists show only what his reports told him.
gui-first-steps-try = Things to try:
gui-first-steps-world = 1. Click a world ({ $world })
gui-first-steps-world-hint = Click a world on the map or in the list: the inspector shows what you know of it and its report line. A right click offers the possible orders.
gui-first-steps-order = 2. Write an order
gui-first-steps-order-hint = F2 opens the order editor: every line is checked as you type and explained on hover. The right click on the map adds orders.
gui-first-steps-preview = 3. Preview the turn
gui-first-steps-preview-hint = { $keys } resolves the turn on what you know, with your orders, and shows what would come of it.
gui-plots-last = turn { $turn }: { $value }

## proposals: orders proposed by the map's menus and the inspector
gui-propose-disabled = Disabled: { $reason }
## arbiter-windows: arbiter view (folder watched, resolve summary, typed path)
gui-arbiter-no-folder-dialog = No folder chooser is available here (no desktop portal): type the path of the game folder (the one holding game.ron) or of a .ron save.
gui-arbiter-path-title = Open a game (arbiter)
gui-arbiter-path-label = Path of the game folder or of the save
gui-arbiter-path-open = Open the game
gui-arbiter-confirm-title = Resolve turn { $turn }?
gui-arbiter-confirm-counts = { $sent } of { $players } { $players ->
        [one] player
       *[other] players
    } sent orders: { $orders ->
        [one] { $orders } order read
       *[other] { $orders } orders read
    }, { $unreadable ->
        [0] no unreadable line
        [one] { $unreadable } unreadable line
       *[other] { $unreadable } unreadable lines
    }.
gui-arbiter-confirm-onr = { $count ->
        [one] { $count } player is ONR (no order file): his worlds and fleets get no order this turn.
       *[other] { $count } players are ONR (no order file): their worlds and fleets get no order this turn.
    }
gui-arbiter-confirm-yes = Resolve
gui-arbiter-confirm-unreadable = { $count ->
        [0] none
       *[other] { $count }
    }
gui-arbiter-col-unreadable = Unreadable lines
gui-arbiter-col-player-hint = The player's number and name
gui-arbiter-col-orders-hint = The orders read from his file of the turn (players/<n>/orders-TTT.txt); ONR: no file
gui-arbiter-col-unreadable-hint = The lines of his file that are not orders: they are skipped and listed in the log
gui-arbiter-col-number-hint = The player's number
gui-arbiter-col-name-hint = The player's name
gui-arbiter-col-class-hint = His character class
gui-arbiter-col-rank-hint = His rank by score (1 = the best; on a tie, the lower number)
gui-arbiter-col-score-hint = His score, and in brackets what he gained or lost last turn
gui-arbiter-col-worlds-hint = The worlds he owns
gui-arbiter-col-fleets-hint = His fleets
gui-arbiter-col-ships-hint = His ships: VC and VT of his fleets, VI and VP of his worlds
gui-arbiter-col-view-hint = Load his CR and NBT as the arbiter sends them

## arbiter-windows: rulings window (book sections, where a ruling applies)
gui-rulings-section = § { $number } “{ $title }”
gui-rulings-section-number = § { $number }
gui-rulings-applies = Applies to: { $areas }


## headerless: CR without header, file that is not a CR, recent files
gui-error-not-report = { $file }: { $reason }
gui-header-missing = This turn report does not tell its turn or its player:
gui-header-stated = This turn report's turn and player, as you stated them:
gui-header-turn = Turn
gui-header-player = Player
gui-header-number = No.
gui-header-unknown-player = (unknown)
gui-header-apply = Apply
gui-header-apply-hover = The turn and player stated are used as if the turn report said them: order checks, map, preview and the orders' draft follow them.
gui-header-number-hover = The player's number in the game (his reports' header gives it: « Joueur : "Maxtor":5 »); leave it empty when unknown.
gui-header-number-ask = unknown: type it
gui-turn-assumed = { $turn } (assumed)
gui-recent-opened = { $file } is reopened in place of the loaded turns, with { $count ->
    [0] no other turn of the same folder
    [one] 1 other turn of the same folder
   *[other] { $count } other turns of the same folder
    }.
gui-editor-diagnostics-more = … and { $count ->
    [one] { $count } more (fix the first ones to see the rest)
   *[other] { $count } more (fix the first ones to see the rest)
}

## map: first view, badges
gui-map-fit-help = Back to my worlds and what I know (the first view)
gui-map-whole = All
gui-map-whole-help = The whole galaxy
gui-map-badge-fleets = F
gui-map-badge-ships = S
gui-map-legend-badge = Fleets (F) and ships (S) of one owner at a world
gui-map-badge-counts = { $fleets ->
    [one] { $fleets } fleet
   *[other] { $fleets } fleets
}, { $ships ->
    [one] { $ships } ship
   *[other] { $ships } ships
}
gui-map-badge-click = Each click on the badge selects the next fleet.
gui-map-fleet-ships = { $ships ->
    [one] { $ships } ship
   *[other] { $ships } ships
}

## lead: acknowledgement checksum
gui-editor-mail-checksum = SHA-256 checksum of these orders (as exported):
gui-editor-mail-ack-checksum = The server's acknowledgement
gui-editor-mail-ack-checksum-hint = paste the acknowledgement's "SHA-256 checksum …" line here
gui-editor-mail-ack-none = No checksum (64 hexadecimal digits) in this text.
gui-editor-mail-ack-same = ✔ The server holds exactly these orders.
gui-editor-mail-ack-different = ✘ The server does not hold these orders: they changed since they were sent, or the acknowledgement is another version's. Send them again.

## Courrier (the game's mail server, the player's side)
gui-courrier-title = The game's mail
gui-courrier-menu = The game's mail…
gui-courrier-no-game = This report does not give its game's name: the server's mail needs it.
gui-courrier-heading = Game { $game } · player { $player }
gui-courrier-settings = Settings
gui-courrier-address = The game's address
gui-courrier-from = Your address
gui-courrier-smtp-host = SMTP server (to send from the app)
gui-courrier-smtp-port = Port
gui-courrier-smtp-user = SMTP login
gui-courrier-password = Game password
gui-courrier-password-hint = It goes in every request's subject. Kept only in the system keyring if you ask, never in a file.
gui-courrier-smtp-password = SMTP password
gui-courrier-smtp-password-hint = Your mail server's, for sending from the app. Kept only in the system keyring if you ask.
gui-courrier-keyring-looking = Looking for the system keyring…
gui-courrier-no-keyring = No system keyring here: passwords are asked each session, never saved.
gui-courrier-keep = Keep the passwords in the system keyring
gui-courrier-keep-hint = Handed to your system's keyring (Secret Service, Keychain, Credential Manager), never written to a Nébutil file; used again next session. Unticking removes them.
gui-courrier-kept = Passwords kept in the system keyring.
gui-courrier-forgotten = Passwords removed from the system keyring.
gui-courrier-password-needed = Type the game's password: it is part of every request's subject.
gui-courrier-built = The mail as it will leave (password hidden here):
gui-courrier-send-program = Send with your mail program
gui-courrier-sent-program = The mail was handed to your mail program: send it from there. If it did not open, use Copy.
gui-courrier-too-long = Too long for a link: the mail is copied. Paste it into a new message to { $address } (the first line is the subject).
gui-courrier-send-smtp = Send by SMTP
gui-courrier-smtp-needed = Give your address and your SMTP server in the settings.
gui-courrier-sent-smtp = Mail sent.
gui-courrier-save-failed = The game's mail could not be saved in the data folder.
gui-courrier-orders = The turn's orders, as the editor holds them ({ $lines ->
    [one] { $lines } line
   *[other] { $lines } lines
}).
gui-courrier-acknowledgement = Acknowledgement message (optional)
gui-courrier-recipients = Recipients:
gui-courrier-all = Everyone (<All>)
gui-courrier-typed-recipients = Other recipients (numbers)
gui-courrier-typed-recipients-hint = The numbers of the players to write to, comma-separated, for those you do not know by name yet.
gui-courrier-no-recipient = Choose at least one recipient (or Everyone).
gui-courrier-no-text = Write the message's text.
gui-courrier-no-request = Tick at least one request.
gui-courrier-copy = Copy
gui-courrier-copy-hint = The subject (first line) and the body, to paste into a new message to the game's address.
gui-courrier-copied = Mail copied: paste it into a new message to { $address } (the first line is the subject).
gui-courrier-mode-plain = Signed
gui-courrier-mode-rumour = Anonymous rumour (A)
gui-courrier-mode-multi = To several (M)
gui-courrier-text = Text
gui-courrier-rumour-signed = This rumour holds your name ("{ $name }"): it would no longer be anonymous.
gui-courrier-new-password = New password
gui-courrier-unchanged = unchanged
gui-courrier-yes = yes
gui-courrier-no = no
gui-courrier-email-hint = EMAIL replaces your addresses (comma-separated), ADDEMAIL adds one; either, alone in its mail.
gui-courrier-sent = Mail sent ({ $count })
gui-courrier-acknowledged = received by the server: version { $version }
gui-courrier-waiting = waiting for the acknowledgement
gui-courrier-reply = The server's answer (check, forecast)
gui-courrier-replies = Replies and messages received
gui-courrier-paste = Paste a mail received from the server here (with its headers):
gui-courrier-read-paste = Read
gui-courrier-ack-matched = Acknowledgement: version { $version } is the one you sent.
gui-courrier-ack-unmatched = Acknowledgement of version { $version }: not the orders sent from here (another checksum).
gui-courrier-message-kept = Message kept.
gui-courrier-not-filed = This mail is neither an acknowledgement nor a relayed message (or it lacks its headers).
gui-courrier-path = .eml file, mbox or Maildir folder
gui-courrier-read-path = Read that file or folder
gui-courrier-read = { $acknowledged ->
    [one] { $acknowledged } server answer recognised
   *[other] { $acknowledged } server answers recognised
}, { $messages ->
    [one] { $messages } new message
   *[other] { $messages } new messages
}.
gui-courrier-search = Search
gui-courrier-no-message = No message.
gui-courrier-anonymous = anonymous
gui-courrier-from-player = player { $player }
gui-courrier-message-head = Turn { $turn } — { $sender }
gui-courrier-message-head-to = Turn { $turn } — { $sender }, { $count ->
    [one] to player { $recipients }
   *[other] to players { $recipients }
}
gui-courrier-orders-errors = { $errors ->
    [one] Your orders have { $errors } error (see the editor): the arbiter would refuse that order.
   *[other] Your orders have { $errors } errors (see the editor): the arbiter would refuse those orders.
}
gui-courrier-send-anyway = Send anyway
gui-courrier-orders-empty = No orders: this mail would replace the orders already sent for this turn with nothing.
gui-courrier-not-numbers = Not player numbers, left out: { $words }
gui-courrier-msggen-hint = Receive general messages (sent to all). Yes by default.
gui-courrier-copie-hint = Receive a copy of each message you send. No by default.
gui-courrier-rumeur-hint = Receive rumours (anonymous messages). Yes by default.
gui-courrier-plain = No encryption
gui-courrier-security-hint = STARTTLS (port 587) or TLS (port 465): the connection is encrypted. No encryption: only to a server on this machine (127.0.0.1).
gui-courrier-answered = server's answer received
gui-courrier-via-program = handed to the mail program
gui-courrier-via-copied = copied
gui-courrier-via-smtp = sent by SMTP
gui-courrier-remove = Remove
gui-courrier-remove-hint = Remove from the list (a mail your mail program did not send, say).
gui-courrier-not-for-you = This message is between other players: it is not kept.
gui-courrier-answer-matched = The server's answer to your { $request }: kept with it in the mail sent.
gui-courrier-answer-unmatched = The server's answer to a { $request } not sent from here (or already answered).
gui-courrier-you = you
gui-courrier-not-this-game = This mail is of another game or for another player: it is not kept.
gui-courrier-no-such-path = { $path } does not exist.
gui-courrier-answer-text = The server's answer
gui-courrier-answer = Reply
gui-courrier-answer-hint = Write a MESSAGE to this player.

# Export the map (SVG, PNG)
gui-menu-export-map = Export the map…
gui-map-export-title = Export the map
gui-map-export-format = Format:
gui-map-export-scale = Size (PNG):
gui-map-export-view = The current view
gui-map-export-whole = The whole galaxy
gui-map-export-draft = With the orders (the draft)
gui-map-export-save = Export…
gui-map-export-save-path = Type the path…
gui-map-export-path-title = Export the map to a file
gui-map-export-path-label = Picture file
gui-map-export-path-save = Write the picture
gui-map-exported = Map exported to { $file }
gui-map-export-failed = Could not export the map to { $file }: { $error }
gui-map-export-empty = No map to export: the galaxy is not known yet.
gui-map-export-heading = { $seat } — turn { $turn }

## The orders printable (editor)
gui-editor-print = Print
gui-editor-print-html = Export for printing (HTML)…
gui-editor-print-text = Export for printing (text)…
gui-editor-print-path = Print to a path…
gui-editor-print-path-html = Save as HTML
gui-editor-print-path-text = Save as text
gui-editor-printable-exported = Printable orders exported to { $file } (open it in a browser to print it)
gui-editor-dialog-filter-html = HTML pages

## The plots window's CSV export
gui-plots-export = Export (CSV)…
gui-plots-export-hint = The statistics of every turn loaded, the score, its change and the spied rankings: one row a turn.
gui-plots-export-path = Export the statistics to a path…
gui-plots-export-title = Export the statistics (CSV)
gui-plots-export-filter = CSV files
gui-plots-export-path-label = CSV file
gui-plots-export-save = Save the CSV
gui-plots-separator = Separator:
gui-plots-separator-comma = comma
gui-plots-separator-semicolon = semicolon
gui-plots-exported = Statistics exported to { $file }
gui-plots-export-failed = Cannot write { $file }: { $error }

## The CR printable (its text tab)
gui-print-report = Print the turn report
gui-print-title = Export for printing
gui-print-path-label = File to write
gui-print-exported = Printable turn report exported to { $file } (open it in a browser to print it)
gui-print-failed = Cannot write { $file }: { $error }
