package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// transcript runs gumshoe with args and stdin in dir and returns everything
// it did as text: the command, stdout, stderr, the exit code and the log
// file (when logFile is not ""), with dir written as $DIR.
func transcript(t *testing.T, dir string, args []string, stdin, logFile string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	var b strings.Builder
	b.WriteString("$ gumshoe " + strings.Join(args, " ") + "\n")
	b.WriteString(stdout.String())
	if stderr.Len() > 0 {
		b.WriteString("--- stderr\n" + stderr.String())
	}
	b.WriteString("--- exit " + itoa(code) + "\n")
	if logFile != "" {
		data, err := os.ReadFile(logFile)
		if err != nil {
			b.WriteString("--- no log: " + err.Error() + "\n")
		} else {
			b.WriteString("--- log\n" + string(data))
		}
	}
	return strings.ReplaceAll(b.String(), dir, "$DIR")
}

func itoa(n int) string { return strconv.Itoa(n) }

// golden compares got to testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// playCase is one scripted session.
type playCase struct {
	name    string
	why     string   // what the case checks
	args    []string // "$DIR" is replaced by the test's directory
	stdin   string
	files   map[string]string // files to write in the directory first
	logFile string            // the log to show after the session, relative to the directory
}

func runPlayCases(t *testing.T, cases []playCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
			t.Setenv("NO_COLOR", "")
			for name, content := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "$DIR", dir)
			}
			stdin := strings.ReplaceAll(tc.stdin, "$DIR", dir)
			logFile := ""
			if tc.logFile != "" {
				logFile = filepath.Join(dir, tc.logFile)
			}
			got := "# " + tc.why + "\n" + transcript(t, dir, args, stdin, logFile)
			golden(t, tc.name+".txt", got)
		})
	}
}

// TestPlayToy drives whole sessions of the toy game through run and
// compares them to golden transcripts: every session command, refused
// lines, the log after each session.
func TestPlayToy(t *testing.T) {
	runPlayCases(t, []playCase{
		{
			name: "play-toy-session",
			why:  "a whole session: observations, a malformed and a contradicting line (neither logged), why, odds, log, undo, redo, edit, delete, help",
			args: []string{"play", "toy", "--players", "ann,bob,me", "--me", "me", "--hand", "A,B", "--log", "$DIR/game.log"},
			stdin: strings.Join([]string{
				"ann lacks C",
				"# a comment is kept in the log",
				"bob has one of C D",
				"bob has Z",
				"carl has A",
				"ann has A",
				"why not ann C",
				"why bob D",
				"why",
				"odds",
				"advise",
				"log",
				"undo",
				"undo",
				"redo",
				"redo",
				"redo",
				"edit 5 bob has one of C E",
				"edit 5 bob has A",
				"edit 9",
				"delete 1",
				"delete x",
				"ann has D",
				"sheet",
				"help",
				"help lines",
				"help undo",
				"help nothing",
				"ann lacks \x01C",
				"quit",
				"ann lacks G",
			}, "\n"),
			logFile: "game.log",
		},
		{
			name:    "play-toy-resume",
			why:     "--resume continues a log: its comments before the header are kept, undo takes back resumed lines, new lines are appended",
			args:    []string{"play", "--resume", "$DIR/old.log"},
			files:   map[string]string{"old.log": "# Friday's game\ngame toy\nplayers ann bob me\nme me\nme has A\nann lacks C\n"},
			stdin:   "undo\nbob lacks C\n",
			logFile: "old.log",
		},
		{
			name:    "play-toy-resume-conflict",
			why:     "a log whose lines contradict is refused with its file line number, and left as it is",
			args:    []string{"play", "toy", "--resume", "$DIR/bad.log"},
			files:   map[string]string{"bad.log": "game toy\nplayers ann bob\nann has A\n\nbob has A\n"},
			logFile: "bad.log",
		},
		{
			name:    "play-toy-resume-wrong-game",
			why:     "naming a game other than the log's is a usage error",
			args:    []string{"play", "dod-not-this", "--resume", "$DIR/g.log"},
			files:   map[string]string{"g.log": "game toy\n"},
			logFile: "g.log",
		},
		{
			name:    "play-toy-log-exists",
			why:     "--log never overwrites an existing file",
			args:    []string{"play", "toy", "--players", "a,b", "--log", "$DIR/g.log"},
			files:   map[string]string{"g.log": "game toy\nplayers x y\n"},
			logFile: "g.log",
		},
		{
			name:  "play-toy-example",
			why:   "--example plays the built-in game line by line, keeps no log, then reads on",
			args:  []string{"play", "toy", "--example"},
			stdin: "why bob D\nsave $DIR/saved.log\nann lacks D\n",
		},
		{
			name:    "play-toy-setup-lines",
			why:     "--setup lines are applied first, as typed lines",
			args:    []string{"play", "toy", "--setup", "players ann bob", "--setup", "me bob", "--log", "$DIR/g.log"},
			stdin:   "bob has A\nbob has B\nbob has C\n",
			logFile: "g.log",
		},
		{
			name: "play-toy-bad-setup",
			why:  "a setup flag the game refuses stops before any log is made",
			args: []string{"play", "toy", "--setup", "players ann", "--log", "$DIR/g.log"},
		},
		{
			name: "play-usage",
			why:  "no game named",
			args: []string{"play"},
		},
		{
			name: "play-unknown-game",
			why:  "an unknown game lists the known ones",
			args: []string{"play", "chess"},
		},
	})
}

// TestPlayDefaultLog checks a session with no --log saves into the data
// directory under a new name, and that a second session the same minute
// gets another name.
func TestPlayDefaultLog(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_DATA_HOME", dir)
	for i := range 2 {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"play", "toy", "--players", "a,b"}, strings.NewReader("a has A\n"), &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		m := regexp.MustCompile(`Log: (\S+)\n`).FindStringSubmatch(stdout.String())
		if m == nil {
			t.Fatalf("no log named in:\n%s", stdout.String())
		}
		if !strings.HasPrefix(m[1], filepath.Join(dir, "gumshoe", "games", "toy-")) {
			t.Fatalf("log %s is not in the data directory", m[1])
		}
		data, err := os.ReadFile(m[1])
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(data), "game toy\nplayers a b\na has A\n"; got != want {
			t.Fatalf("session %d: log %q, want %q", i, got, want)
		}
	}
	entries, err := os.ReadDir(filepath.Join(dir, "gumshoe", "games"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("%d logs, want 2", len(entries))
	}
}

// TestSolve runs the one-shot form on logs of the toy game and of Deduce or
// Die, in text and JSON.
func TestSolve(t *testing.T) {
	toyLog := "game toy\nplayers ann bob me\nme me\nme has A\nme has B\nann lacks C\n"
	runPlayCases(t, []playCase{
		{name: "solve-toy", why: "text: the sheet, then the game's reports",
			args: []string{"solve", "$DIR/g.log"}, files: map[string]string{"g.log": toyLog}},
		{name: "solve-toy-json", why: "--json: the documented schema around the game's own JSON report",
			args: []string{"solve", "--json", "$DIR/g.log"}, files: map[string]string{"g.log": toyLog}},
		{name: "solve-toy-conflict", why: "a contradicting log names the file lines in conflict",
			args: []string{"solve", "$DIR/g.log"}, files: map[string]string{"g.log": "# note\ngame toy\nplayers ann bob\nann has A\n\nbob has A\n"}},
		{name: "solve-unknown-game", why: "a log of an unknown game",
			args: []string{"solve", "$DIR/g.log"}, files: map[string]string{"g.log": "game chess\ne4\n"}},
		{name: "solve-usage", why: "solve needs exactly one file",
			args: []string{"solve"}},
		{name: "solve-dod", why: "a real Deduce or Die log, text",
			args: []string{"solve", "$DIR/g.log"}, files: map[string]string{"g.log": deduceordie.Definition.Example}},
	})
}

// TestPlayDod drives sessions of Deduce or Die.
func TestPlayDod(t *testing.T) {
	runPlayCases(t, []playCase{
		{
			name:  "play-dod-example",
			why:   "the newcomer's first command: the built-in example, then why, odds, undo and log",
			args:  []string{"play", "dod", "--example"},
			stdin: "why not carol AS\nodds\nundo\nlog\n",
		},
		{
			name: "play-dod-session",
			why:  "a session started from flags: malformed lines with the column shown, a contradiction refused, edit and delete",
			args: []string{"play", "dod", "--players", "alice,bob,carol,dave", "--me", "dave", "--hand", "8S,8H,AC,2C,4C,5C", "--log", "$DIR/game.log"},
			stdin: strings.Join([]string{
				"exposed 8C",
				"reveal alice clubs",
				"ask bob carol 6S..8X = 3",
				"ask bob carol 6S..8C",
				"ask bob zed 6S..8C = 3",
				"ask bob carol 6S..8C = 3",
				"ask carol bob 5C..7C = 1",
				"ask alice carol 8H..8S = 1",
				"ask alice dave 8H..8S = 0",
				"edit 6 ask bob carol 6S..8C = 2",
				"delete 5",
				"why dave 8S",
				"log",
			}, "\n"),
			logFile: "game.log",
		},
	})
}

// TestPlayDeductio drives a session of Deductio.
func TestPlayDeductio(t *testing.T) {
	runPlayCases(t, []playCase{
		{
			name:  "play-deductio-example",
			why:   "the built-in Deductio example, then why, a refused line, undo",
			args:  []string{"play", "deductio", "--example"},
			stdin: "why not alice 7\nalice plays nonsense\nundo\n",
		},
		{
			name:    "play-deductio-flags",
			why:     "setup from flags: players, seat and the secret number",
			args:    []string{"play", "deductio", "--players", "alice,bob,carol", "--me", "carol", "--hand", "12", "--log", "$DIR/g.log"},
			stdin:   "faceup 3 11 17\nalice plays >=7\n",
			logFile: "g.log",
		},
		{
			name:  "solve-deductio",
			why:   "a Deductio log, text",
			args:  []string{"solve", "$DIR/g.log"},
			files: map[string]string{"g.log": deductio.ExampleLog},
		},
	})
}

// TestPlayClue drives sessions of Clue.
func TestPlayClue(t *testing.T) {
	runPlayCases(t, []playCase{
		{
			name:  "play-clue-example",
			why:   "the built-in Clue example, then why, a refused line, and the help of Clue's own why, odds and advise",
			args:  []string{"play", "clue", "--example"},
			stdin: "why not envelope Knife\nbob asks Nobody Knife Hall: alice shows\nwhy\nhelp why\nhelp odds\nhelp advise\nodds\n",
		},
		{
			name:    "play-clue-flags",
			why:     "setup from flags: preset deck, players, seat and hand",
			args:    []string{"play", "clue", "--deck", "cluedo", "--players", "alice,bob,carol", "--me", "carol", "--hand", "Plum,Knife,Hall,Study,Rope,Lounge", "--log", "$DIR/g.log"},
			stdin:   "alice asks Scarlet Knife Study: bob passes, carol shows Knife\n",
			logFile: "g.log",
		},
		{
			name:  "solve-clue",
			why:   "a Clue log, text",
			args:  []string{"solve", "$DIR/g.log"},
			files: map[string]string{"g.log": clue.ExampleLog},
		},
	})
}

// TestSolveJSONShape checks the solve document of every game's
// built-in example by its structure (the toy game's golden file checks it
// byte for byte): the schema, a sheet with a cell per holder in each row,
// statuses and probabilities that agree, and the game's report as JSON.
func TestSolveJSONShape(t *testing.T) {
	for _, d := range games {
		if d.Example == "" || d.Name == "toy" {
			continue
		}
		t.Run(d.Name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{"solve", "--json", "-"}, strings.NewReader(d.Example), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			var doc struct {
				Schema string `json:"schema"`
				Game   string `json:"game"`
				Title  string `json:"title"`
				Lines  int    `json:"lines"`
				Sheet  struct {
					Title   string `json:"title"`
					Holders []struct {
						Name string `json:"name"`
						Head string `json:"head"`
					} `json:"holders"`
					Rows []struct {
						Card  string `json:"card"`
						Cells []struct {
							Holder string   `json:"holder"`
							Status string   `json:"status"`
							Text   string   `json:"text"`
							P      string   `json:"p"`
							PFloat *float64 `json:"p_float"`
							SE     *float64 `json:"se"`
							Exact  *bool    `json:"exact"`
						} `json:"cells"`
					} `json:"rows"`
					Headlines []string `json:"headlines"`
				} `json:"sheet"`
				Report json.RawMessage `json:"report"`
			}
			dec := json.NewDecoder(&stdout)
			dec.DisallowUnknownFields()
			if err := dec.Decode(&doc); err != nil {
				t.Fatal(err)
			}
			l, _ := table.ParseLog([]byte(d.Example))
			if doc.Schema != table.Schema || doc.Game != d.Name || doc.Title != d.Title || doc.Lines != len(l.Lines) {
				t.Fatalf("schema %q game %q lines %d; want %q %q %d", doc.Schema, doc.Game, doc.Lines, table.Schema, d.Name, len(l.Lines))
			}
			if len(doc.Sheet.Rows) == 0 || len(doc.Sheet.Holders) == 0 {
				t.Fatal("empty sheet")
			}
			for _, r := range doc.Sheet.Rows {
				if len(r.Cells) != len(doc.Sheet.Holders) {
					t.Fatalf("row %s has %d cells for %d holders", r.Card, len(r.Cells), len(doc.Sheet.Holders))
				}
				for j, c := range r.Cells {
					pf := -1.0
					if c.PFloat != nil {
						pf = *c.PFloat
					}
					ok := c.Status == "forced" && c.P == "1" && pf == 1 && c.Text == "✓" ||
						c.Status == "impossible" && c.P == "0" && pf == 0 && c.Text == "✗" ||
						c.Status == "open" && c.P != "" && pf >= 0 && pf <= 1 && c.SE == nil ||
						// an estimated cell: its float, its standard error, never a
						// fraction (table.Grid.MarshalJSON)
						c.Status == "open" && c.P == "" && pf >= 0 && pf <= 1 && c.SE != nil && c.Exact != nil && !*c.Exact ||
						// a cell drawn "?" has no probability
						c.Status == "open" && c.P == "" && c.PFloat == nil && c.Text == "?"
					if !ok || c.Holder != doc.Sheet.Holders[j].Name {
						t.Fatalf("row %s: cell %+v is not consistent", r.Card, c)
					}
				}
			}
			if !json.Valid(doc.Report) || len(doc.Report) < 2 || doc.Report[0] != '{' {
				t.Fatalf("report is not a JSON document: %.80s", doc.Report)
			}
		})
	}
}
