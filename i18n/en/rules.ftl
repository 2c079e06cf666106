# rules messages (en)
