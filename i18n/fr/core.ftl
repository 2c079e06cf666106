# core messages (fr)
lang-name = Français
io-not-found = fichier introuvable
io-permission-denied = accès refusé (droits insuffisants)
io-is-a-directory = c'est un dossier, pas un fichier
io-invalid-data = données illisibles
io-interrupted = lecture interrompue, réessayez
player-named = { $number } « { $name } »
text-windows-1252 = ce fichier n'est pas en UTF-8 : lu comme du Windows-1252 (Latin-1)

## bounded: diagnostics capped per file
text-more-diagnostics = { $count ->
    [one] … et { $count } autre message, non montré,
   *[other] … et { $count } autres messages, non montrés,
} { $span ->
    [single] à la ligne { $first }.
   *[range] des lignes { $first } à { $last }.
}

## model::series: the statistics over turns (CSV and JSON header)
series-turn = Tour
series-score = Points
series-score-delta = Variation des points
series-stat-mining = Capacité minière
series-stat-populations = Populations
series-stat-converts = Convertis
series-stat-robots = Robots
series-stat-cargo = Cargaison transportée
series-stat-worlds = Mondes
series-stat-fleets = Flottes
series-stat-industries = Industries
series-stat-active-industries = Industries actives
series-stat-ships = Vaisseaux
series-stat-treasures = Trésors
series-spy-mean = { $series } : moyenne espionnée
series-spy-error = { $series } : erreur d'espionnage (%)
series-spy-ranking = { $series } : classement espionné
