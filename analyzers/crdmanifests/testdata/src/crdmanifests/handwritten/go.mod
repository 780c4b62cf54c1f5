module example.com/handwritten
