module example.com/retired
