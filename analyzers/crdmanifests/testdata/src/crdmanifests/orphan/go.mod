module example.com/orphan
