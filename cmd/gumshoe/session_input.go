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
	// notify writes a line of text for the player while readLine waits,
	// above the prompt and what is typed so far, which stay as they were.
	notify(text string)
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

// stripBOM is line without the byte-order marks it starts with. A log
// saved by an editor that writes one, piped in or pasted at the prompt,
// brings it at the start of its first line, where it would be read as
// part of the first word ("\ufeffgame").
func stripBOM(line string) string {
	for strings.HasPrefix(line, table.BOM) {
		line = line[len(table.BOM):]
	}
	return line
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
	line := stripBOM(strings.TrimSuffix(b.String(), "\r"))
	if r.echo {
		io.WriteString(r.out, prompt+line+"\n")
	}
	return line, nil
}

func (r *plainReader) interactive() bool { return false }
func (r *plainReader) close() error      { return nil }

// notify writes text on its line: a plain reader never waits on a person,
// so nothing is being typed.
func (r *plainReader) notify(text string) { io.WriteString(r.out, text+"\n") }

// termReader reads lines at a terminal with line editing, history and tab
// completion.
type termReader struct {
	rl *readline.Instance
}

// newTermReader starts line editing on the terminal. complete returns the
// words worth completing for the word that starts at rune start of line, at
// the moment it is called (they change as players and cards are named).
// history is the history file, or "" for none.
func newTermReader(stdout io.Writer, complete func(line []rune, start int) []string, history string) (*termReader, error) {
	c := &completer{words: complete}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 "> ",
		HistoryFile:            history,
		HistoryLimit:           2000,
		AutoComplete:           c,
		Listener:               readline.FuncListener(c.recase),
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
	return stripBOM(line), err
}

func (r *termReader) interactive() bool { return true }
func (r *termReader) close() error      { return r.rl.Close() }

// notify writes text through the line editor, which clears the prompt
// line, writes it and draws the prompt and the typed text again.
func (r *termReader) notify(text string) { r.rl.Write([]byte(text + "\n")) }

// completer completes the word under the cursor from the words that fit
// its place in the line, asked for afresh at each press of Tab, ignoring
// case.
type completer struct {
	words func(line []rune, start int) []string
}

// wordStart is the index of the first rune of the word that ends at pos.
func wordStart(line []rune, pos int) int {
	start := pos
	for start > 0 && line[start-1] != ' ' && line[start-1] != '\t' {
		start--
	}
	return start
}

// Do implements readline.AutoCompleter: it returns the rest of each word
// that starts with the text typed so far, ignoring case, and the length of
// that text. The line editor can only add to what was typed; recase then
// writes a completed word as the game spells it.
func (c *completer) Do(line []rune, pos int) ([][]rune, int) {
	start := wordStart(line, pos)
	typedRunes := line[start:pos]
	var out [][]rune
	seen := map[string]bool{}
	for _, w := range c.words(line, start) {
		wr := []rune(w)
		if len(wr) <= len(typedRunes) || !strings.EqualFold(string(wr[:len(typedRunes)]), string(typedRunes)) {
			continue
		}
		lw := strings.ToLower(w)
		if seen[lw] {
			continue
		}
		seen[lw] = true
		out = append(out, append(wr[len(typedRunes):], ' '))
	}
	slices.SortFunc(out, func(a, b []rune) int { return strings.Compare(string(a), string(b)) })
	return out, len(typedRunes)
}

// recase is the line editor's listener: after Tab, a word just completed
// (the word before the cursor, or before the space completion added) that
// is one of the words of its place spelt in another case is written as
// the game spells it: "shows D" and Tab give "shows dave ", not "shows
// Dave ".
func (c *completer) recase(line []rune, pos int, key rune) ([]rune, int, bool) {
	if key != readline.CharTab || pos == 0 || pos > len(line) {
		return nil, 0, false
	}
	end := pos
	if line[end-1] == ' ' {
		end--
	}
	start := wordStart(line, end)
	if start == end {
		return nil, 0, false
	}
	typed := string(line[start:end])
	words := c.words(line, start)
	if slices.Contains(words, typed) {
		return nil, 0, false
	}
	for _, w := range words {
		if strings.EqualFold(w, typed) && len([]rune(w)) == end-start {
			out := slices.Concat(line[:start], []rune(w), line[end:])
			return out, pos, true
		}
	}
	return nil, 0, false
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
