# resolve messages (fr)
