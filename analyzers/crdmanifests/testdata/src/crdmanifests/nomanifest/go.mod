module example.com/nomanifest
