module example.com/sub

go 1.22
