module example.com/status
