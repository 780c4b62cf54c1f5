module example.com/frozen
