module example.com/hubspoke

go 1.22
