module example.com/releasedchart
