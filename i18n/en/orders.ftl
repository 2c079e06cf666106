# orders messages (en)
