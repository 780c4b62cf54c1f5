module example.com/workspace

go 1.22
