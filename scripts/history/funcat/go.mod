module github.com/opvet/opvet/scripts/history/funcat

go 1.22
