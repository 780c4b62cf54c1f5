module example.com/templated
