// Package results makes the project's figures: it solves batches of deals
// across cores, keeps one record per deal, and summarises them with their
// statistics; it lists the first winnable deals from a number with a
// difficulty grade measured by the players of solver/player (winnable.go,
// grade.go). It imports engine, variants and solver; nothing imports it
// but the command line.
package results
