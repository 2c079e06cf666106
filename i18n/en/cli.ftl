# cli messages (en)
