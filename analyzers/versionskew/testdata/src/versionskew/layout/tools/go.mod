module example.com/layout/tools

go 1.21
