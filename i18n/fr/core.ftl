# core messages (fr)
lang-name = Français
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
