# core messages (en)
lang-name = English
text-windows-1252 = this file is not UTF-8: read as Windows-1252 (Latin-1)
