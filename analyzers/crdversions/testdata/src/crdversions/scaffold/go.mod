module example.com/scaffold

go 1.22
