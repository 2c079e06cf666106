# rules messages (fr)
