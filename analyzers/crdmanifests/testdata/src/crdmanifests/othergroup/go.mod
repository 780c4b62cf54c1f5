module example.com/othergroup
