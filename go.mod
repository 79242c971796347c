module github.com/klondike-family/klondike

go 1.26
