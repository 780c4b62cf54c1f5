module example.com/thirdparty
