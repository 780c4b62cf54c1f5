module example.com/stale
