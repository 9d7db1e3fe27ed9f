// Command gumshoe keeps the deduction sheet for hidden-card deduction games.
//
// Usage:
//
//	gumshoe <command> [flags] [args]
//
// Run "gumshoe help" for the list of commands and "gumshoe help <command>"
// for one command's flags. docs/cli.md is the full manual.
package main

import "os"

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
