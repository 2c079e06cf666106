# gui messages (en)
