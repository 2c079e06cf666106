# orders messages (fr)
