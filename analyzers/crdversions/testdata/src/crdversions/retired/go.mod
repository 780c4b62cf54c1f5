module example.com/retired

go 1.22
