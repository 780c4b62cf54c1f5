module example.com/testregistered

go 1.22
