# core messages (en)
lang-name = English
