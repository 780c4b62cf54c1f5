module statussubresource/genclient

go 1.22
