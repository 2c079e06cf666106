# core messages (fr)
lang-name = Français
text-windows-1252 = ce fichier n'est pas en UTF-8 : lu comme du Windows-1252 (Latin-1)
