module example.com/apionly

go 1.22
