module example.com/removed
