# resolve messages (en)
