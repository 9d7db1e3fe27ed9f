package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chzyer/readline"
	"github.com/mattn/go-isatty"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// lineReader reads the lines a player types.
type lineReader interface {
	// readLine shows prompt and returns the next line without its newline,
	// and io.EOF at the end of the input. When prefill is not empty, the
	// line starts with it, ready to be edited (where the reader can).
	readLine(prompt, prefill string) (string, error)
	// interactive reports whether a person types at a terminal.
	interactive() bool
	close() error
}

// errInterrupt is returned by readLine when the player pressed Ctrl-C.
var errInterrupt = errors.New("interrupted")

// isTerminal reports whether f is an *os.File open on a terminal.
func isTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(file.Fd()) || isatty.IsCygwinTerminal(file.Fd())
}

// plainReader reads lines from a pipe or file. When echo is set it writes
// the prompt and the line read to out, so that a scripted session reads
// like one typed at a terminal.
type plainReader struct {
	in   *bufio.Reader
	out  io.Writer
	echo bool
}

func (r *plainReader) readLine(prompt, _ string) (string, error) {
	var b strings.Builder
	for {
		chunk, isPrefix, err := r.in.ReadLine()
		if err != nil {
			if err == io.EOF && b.Len() > 0 {
				break
			}
			return "", err
		}
		// Keep one byte past the limit at most, so that an overlong line
		// is refused rather than cut short.
		b.Write(chunk[:min(len(chunk), max(0, table.MaxLineLen+1-b.Len()))])
		if !isPrefix {
			break
		}
	}
	line := strings.TrimSuffix(b.String(), "\r")
	if r.echo {
		io.WriteString(r.out, prompt+line+"\n")
	}
	return line, nil
}

func (r *plainReader) interactive() bool { return false }
func (r *plainReader) close() error      { return nil }

// termReader reads lines at a terminal with line editing, history and tab
// completion.
type termReader struct {
	rl *readline.Instance
}

// newTermReader starts line editing on the terminal. complete returns the
// words worth completing at the moment it is called (they change as players
// and cards are named). history is the history file, or "" for none.
func newTermReader(stdout io.Writer, complete func() []string, history string) (*termReader, error) {
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 "> ",
		HistoryFile:            history,
		HistoryLimit:           2000,
		AutoComplete:           &completer{words: complete},
		InterruptPrompt:        "^C",
		EOFPrompt:              "quit",
		Stdout:                 stdout,
		DisableAutoSaveHistory: false,
		HistorySearchFold:      true,
	})
	if err != nil {
		return nil, err
	}
	return &termReader{rl: rl}, nil
}

func (r *termReader) readLine(prompt, prefill string) (string, error) {
	r.rl.SetPrompt(prompt)
	var (
		line string
		err  error
	)
	if prefill != "" {
		line, err = r.rl.ReadlineWithDefault(prefill)
	} else {
		line, err = r.rl.Readline()
	}
	if err == readline.ErrInterrupt {
		return line, errInterrupt
	}
	return line, err
}

func (r *termReader) interactive() bool { return true }
func (r *termReader) close() error      { return r.rl.Close() }

// completer completes the word under the cursor from a list that is asked
// for afresh at each press of Tab, ignoring case.
type completer struct {
	words func() []string
}

// Do implements readline.AutoCompleter: it returns the rest of each word
// that starts with the text typed so far, and the length of that text.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	start := pos
	for start > 0 && line[start-1] != ' ' {
		start--
	}
	typedRunes := line[start:pos]
	typed := strings.ToLower(string(typedRunes))
	var out [][]rune
	seen := map[string]bool{}
	for _, w := range c.words() {
		lw := strings.ToLower(w)
		wr := []rune(w)
		if seen[lw] || !strings.HasPrefix(lw, typed) || lw == typed || len(wr) < len(typedRunes) {
			continue
		}
		seen[lw] = true
		out = append(out, append(wr[len(typedRunes):], ' '))
	}
	slices.SortFunc(out, func(a, b []rune) int { return strings.Compare(string(a), string(b)) })
	return out, len(typedRunes)
}

// historyFile is the readline history file in the data directory, or ""
// when there is none.
func historyFile() string {
	dir, err := dataDir()
	if err != nil {
		return ""
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return filepath.Join(dir, "history")
}
