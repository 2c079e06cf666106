# nbt messages (fr)
