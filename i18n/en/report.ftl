# report messages (en)
