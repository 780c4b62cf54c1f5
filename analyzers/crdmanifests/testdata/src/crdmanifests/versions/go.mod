module example.com/versions
