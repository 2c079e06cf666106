# cli messages (fr)
