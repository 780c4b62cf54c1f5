module example.com/abandonedchart
