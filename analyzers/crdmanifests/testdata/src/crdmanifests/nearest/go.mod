module example.com/nearest
