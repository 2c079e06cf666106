# nbt messages (en)
