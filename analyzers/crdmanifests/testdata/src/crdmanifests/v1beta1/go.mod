module example.com/v1beta1
