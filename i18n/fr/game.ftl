# game messages (fr)
