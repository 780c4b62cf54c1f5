module example.com/fixmod

go 1.22
