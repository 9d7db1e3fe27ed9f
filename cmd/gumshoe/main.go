// Command gumshoe keeps the deduction sheet for hidden-card deduction games.
//
// Usage:
//
//	gumshoe play GAME [flags]          keep the sheet during a game at the table
//	gumshoe serve [GAME] [flags]       the same sheet in a web page, live
//	gumshoe solve FILE [--json]        the sheet and every report of a game log
//	gumshoe why FILE FACT... [--json]  the lines of a log that force a fact
//	gumshoe advise FILE [ARGS...]      the seat's advice
//	gumshoe GAME simulate [flags]      a simulated game's log
//	gumshoe puzzle GAME [flags]        deduction puzzles
//
// Every command works for every game through the contract of
// encodings/table; the games are listed once, in
// encodings/games (games.All). Run "gumshoe
// help" for the list of commands and "gumshoe help <command>" for one
// command's arguments, with an example, and flags. A usage error exits 2,
// a command that ran and failed 1. docs/cli.md is the full manual.
package main

import "os"

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
