module example.com/nested/api
