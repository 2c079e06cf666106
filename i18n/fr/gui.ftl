# gui messages (fr)
