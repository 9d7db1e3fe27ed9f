package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"
)

// version is gumshoe's version, printed by "gumshoe version".
const version = "0.1.0-dev"

// command is one subcommand of gumshoe. Each lives in its own file and adds
// itself to commands with register from an init function.
type command struct {
	name    string
	summary string // one line for "gumshoe help"
	usage   string // the argument synopsis after the name
	// help explains the arguments, with an example; it is printed by
	// --help and "gumshoe help <command>" between the summary and the flags.
	help string
	// run executes the command with the arguments after its name. It reports
	// its own errors on stderr and returns the process exit code.
	run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("gumshoe: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// Exit codes.
const (
	exitOK    = 0
	exitError = 1 // the command ran and failed (bad input, contradiction)
	exitUsage = 2 // the command line itself was wrong
)

// run is the whole program: it returns the exit code instead of exiting so
// that tests can drive it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "--help":
		name = "help"
	case "-v", "--version":
		name = "version"
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "gumshoe: unknown command %q\n\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gumshoe keeps the deduction sheet for hidden-card deduction games.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: gumshoe <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "gumshoe help <command>" for a command's arguments and flags.`)
}

// newFlags returns a flag set for command c that reports errors to
// stderr instead of exiting; --help prints the command's help on stdout.
func newFlags(c command, stdout, stderr io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet("gumshoe "+c.name, pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { writeHelp(stdout, c, fs) }
	return fs
}

// writeHelp writes the usage, summary, help and flags of c.
func writeHelp(w io.Writer, c command, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "Usage: gumshoe %s %s\n\n%s\n", c.name, c.usage, c.summary)
	if c.help != "" {
		fmt.Fprintf(w, "\n%s", c.help)
		if !strings.HasSuffix(c.help, "\n") {
			fmt.Fprintln(w)
		}
	}
	if fs.HasFlags() {
		fmt.Fprintln(w, "\nFlags:")
		fmt.Fprint(w, fs.FlagUsages())
	}
}

// usageError writes a usage error of the command behind fs on stderr, with
// the way to its help, and returns exitUsage.
func usageError(fs *pflag.FlagSet, format string, args ...any) int {
	fmt.Fprintf(fs.Output(), "%s: %s\n", fs.Name(), fmt.Sprintf(format, args...))
	fmt.Fprintf(fs.Output(), "Run \"gumshoe help %s\" for its arguments and flags.\n", strings.TrimPrefix(fs.Name(), "gumshoe "))
	return exitUsage
}

// parseFlags parses args into fs. It returns the exit code to stop with and
// false when the command should not go on (help asked for, or bad flags).
func parseFlags(fs *pflag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return exitOK, false
		}
		// With ContinueOnError pflag reports nothing itself.
		return usageError(fs, "%v", err), false
	}
	return exitOK, true
}

// parseArgs is parseFlags for a command that takes from lo to hi
// arguments besides its flags (hi < 0: no upper bound); synopsis is what
// they are, for the error when their count is wrong.
func parseArgs(fs *pflag.FlagSet, args []string, lo, hi int, synopsis string) (int, bool) {
	if code, ok := parseFlags(fs, args); !ok {
		return code, false
	}
	if n := fs.NArg(); n < lo || (hi >= 0 && n > hi) {
		if n < lo {
			return usageError(fs, "expected %s", synopsis), false
		}
		return usageError(fs, "expected %s, not also %q", synopsis, fs.Args()[hi:]), false
	}
	return exitOK, true
}

func init() {
	register(command{
		name:    "help",
		summary: "show the commands, or one command's arguments and flags",
		usage:   "[COMMAND [SUBCOMMAND]]",
		help:    "COMMAND is one of the commands \"gumshoe help\" lists, SUBCOMMAND one of a\ngame command's: gumshoe help why, gumshoe help dod simulate.\n",
		run: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
			if len(args) == 0 {
				usage(stdout)
				return exitOK
			}
			if args[0] == "-h" || args[0] == "--help" {
				writeHelp(stdout, commands["help"], pflag.NewFlagSet("help", pflag.ContinueOnError))
				fmt.Fprintln(stdout)
				usage(stdout)
				return exitOK
			}
			if len(args) > 2 {
				fmt.Fprintf(stderr, "gumshoe help: one command at a time (and one subcommand), not %q\n", args)
				return exitUsage
			}
			c, ok := commands[args[0]]
			if !ok {
				fmt.Fprintf(stderr, "gumshoe help: unknown command %q\n\n", args[0])
				usage(stderr)
				return exitUsage
			}
			// "gumshoe help dod simulate" is "gumshoe dod simulate --help".
			return c.run(append(args[1:], "--help"), strings.NewReader(""), stdout, stderr)
		},
	})
	register(command{
		name:    "version",
		summary: "print gumshoe's version",
		run: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
			fs := newFlags(commands["version"], stdout, stderr)
			if code, ok := parseArgs(fs, args, 0, 0, "no arguments"); !ok {
				return code
			}
			fmt.Fprintln(stdout, "gumshoe", version)
			return exitOK
		},
	})
}
