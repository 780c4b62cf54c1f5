module example.com/nowebhook

go 1.22
