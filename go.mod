module github.com/klondike-family/klondike

go 1.26

require github.com/cespare/xxhash/v2 v2.3.0 // indirect
