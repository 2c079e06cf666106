# core messages (fr)
lang-name = Français
