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
