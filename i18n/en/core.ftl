# core messages (en)
lang-name = English
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
