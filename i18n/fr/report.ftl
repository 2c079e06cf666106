# report messages (fr)
