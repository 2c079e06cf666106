# combat messages (en)
