# game messages (en)
