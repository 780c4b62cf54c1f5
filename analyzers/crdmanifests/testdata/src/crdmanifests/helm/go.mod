module example.com/helm
