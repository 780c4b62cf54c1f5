module example.com/pkgnamed
