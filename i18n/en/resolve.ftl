# resolve messages (en)
resolve-void-class = order reserved to another class of character
resolve-void-exclusive = second exclusive order for the same fleet or ship group: only the first one is executed
