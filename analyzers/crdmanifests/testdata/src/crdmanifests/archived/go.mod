module example.com/archived
