// Package results makes the project's figures: it solves batches of deals
// across cores, keeps one record per deal, and summarises them with their
// statistics. It imports engine, variants and solver; nothing imports it
// but the command line.
package results
