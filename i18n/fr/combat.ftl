# combat messages (fr)
