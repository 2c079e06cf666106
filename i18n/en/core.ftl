# core messages (en)
lang-name = English
io-not-found = no such file
io-permission-denied = permission denied
io-is-a-directory = it is a folder, not a file
io-invalid-data = unreadable data
io-interrupted = reading was interrupted, try again
player-named = { $number } “{ $name }”
text-windows-1252 = this file is not UTF-8: read as Windows-1252 (Latin-1)

## bounded: diagnostics capped per file
text-more-diagnostics = … and { $count } more { $count ->
    [one] message, not shown,
   *[other] messages, not shown,
} { $span ->
    [single] on line { $first }.
   *[range] on lines { $first } to { $last }.
}

## model::series: the statistics over turns (CSV and JSON header)
series-turn = Turn
series-score = Score
series-score-delta = Score change
series-stat-mining = Mining capacity
series-stat-populations = Populations
series-stat-converts = Converts
series-stat-robots = Robots
series-stat-cargo = Cargo carried
series-stat-worlds = Worlds
series-stat-fleets = Fleets
series-stat-industries = Industries
series-stat-active-industries = Active industries
series-stat-ships = Ships
series-stat-treasures = Treasures
series-spy-mean = { $series }: spied mean
series-spy-error = { $series }: spying error (%)
series-spy-ranking = { $series }: spied ranking
