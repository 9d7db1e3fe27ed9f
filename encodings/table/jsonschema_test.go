package table_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/clue"
	"github.com/gumshoe-dev/gumshoe/encodings/deduceordie"
	"github.com/gumshoe-dev/gumshoe/encodings/deductio"
	"github.com/gumshoe-dev/gumshoe/encodings/games"
	"github.com/gumshoe-dev/gumshoe/encodings/murderbythedeck"
	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder"
	"github.com/gumshoe-dev/gumshoe/solver/puzzle"
)

// schemaFile is the written schema every JSON document is checked against.
const schemaFile = "../../docs/json.md"

// jsonCase is one JSON document of one game: which schema section of
// docs/json.md describes it and how to write it.
type jsonCase struct {
	name    string // for the test's name
	section string // the heading of its section in docs/json.md
	game    table.Definition
	write   func(ctx context.Context, g table.Game, w *bytes.Buffer) error
}

// jsonCases are every JSON document of every game: the report, the advice
// (with the arguments of each game's help), the explanation of a fact the
// example forces, and the sheet, each of the game's built-in example; and
// a puzzle of each game.
func jsonCases() []jsonCase {
	report := func(ctx context.Context, g table.Game, w *bytes.Buffer) error { return g.ReportJSON(ctx, w) }
	advise := func(args string) func(context.Context, table.Game, *bytes.Buffer) error {
		return func(ctx context.Context, g table.Game, w *bytes.Buffer) error { return g.AdviseJSON(ctx, args, w) }
	}
	why := func(fact string) func(context.Context, table.Game, *bytes.Buffer) error {
		return func(ctx context.Context, g table.Game, w *bytes.Buffer) error { return table.WhyJSON(ctx, g, fact, w) }
	}
	sheet := func(ctx context.Context, g table.Game, w *bytes.Buffer) error { return table.SheetJSON(ctx, g, w) }
	solve := func(ctx context.Context, g table.Game, w *bytes.Buffer) error {
		d, _ := games.All.Definitions().Find(g.Name())
		return table.SolveJSON(ctx, g, d.Title, w)
	}
	// A puzzle does not come from the example: it is made from a seed.
	page := func(make func(context.Context) (*puzzle.Page, error)) func(context.Context, table.Game, *bytes.Buffer) error {
		return func(ctx context.Context, _ table.Game, w *bytes.Buffer) error {
			p, err := make(ctx)
			if err != nil {
				return err
			}
			return p.WriteJSON(w)
		}
	}
	dod, cl, dt, mb := deduceordie.Definition, clue.Definition, deductio.Definition, murderbythedeck.Definition
	return []jsonCase{
		{"dod/report", "dod report", dod, report},
		{"dod/advice", "dod advice", dod, advise("3H 5S 5S")},
		{"dod/why", "why", dod, why("not bob 8C")},
		{"dod/sheet", "sheet", dod, sheet},
		{"dod/solve", "solve", dod, solve},
		{"dod/puzzle", "puzzle", dod, page(func(ctx context.Context) (*puzzle.Page, error) {
			pz, err := deduceordie.GeneratePuzzle(ctx, 3, deduceordie.PuzzleOptions{Players: 4, Any: true})
			if err != nil {
				return nil, err
			}
			return pz.Page("Deduce or Die puzzle 1"), nil
		})},
		{"clue/report", "clue report", cl, report},
		{"clue/advice-ask", "clue advice", cl, advise("")},
		{"clue/advice-show", "clue advice", cl, advise("show alice Plum Knife Hall")},
		{"clue/why", "why", cl, why("envelope Scarlet")},
		{"clue/sheet", "sheet", cl, sheet},
		{"clue/solve", "solve", cl, solve},
		{"clue/puzzle", "puzzle", cl, page(func(ctx context.Context) (*puzzle.Page, error) {
			pz, err := clue.GeneratePuzzle(ctx, 9, clue.PuzzleOptions{Players: 4, Any: true})
			if err != nil {
				return nil, err
			}
			return pz.Page("Clue puzzle 1"), nil
		})},
		{"deductio/report", "deductio report", dt, report},
		{"deductio/advice", "deductio advice", dt, advise("")},
		{"deductio/why", "why", dt, why("bob 13")},
		{"deductio/sheet", "sheet", dt, sheet},
		{"deductio/solve", "solve", dt, solve},
		{"deductio/puzzle", "puzzle", dt, page(func(ctx context.Context) (*puzzle.Page, error) {
			pz, err := deductio.GeneratePuzzle(ctx, 4, deductio.PuzzleOptions{Players: 3, Any: true})
			if err != nil {
				return nil, err
			}
			return pz.Page("Deductio puzzle 1"), nil
		})},
		{"mbtd/report", "mbtd report", mb, report},
		{"mbtd/advice", "mbtd advice", mb, advise("")},
		{"mbtd/why", "why", mb, why("bob QS")},
		{"mbtd/sheet", "sheet", mb, sheet},
		{"mbtd/solve", "solve", mb, solve},
		{"tbam/report", "tbam report", theresbeenamurder.Definition, report},
		{"tbam/advice", "tbam advice", theresbeenamurder.Definition, advise("")},
		{"tbam/why", "why", theresbeenamurder.Definition, why("pile murderer")},
		{"tbam/sheet", "sheet", theresbeenamurder.Definition, sheet},
		{"tbam/solve", "solve", theresbeenamurder.Definition, solve},
	}
}

// TestJSONSchema writes every JSON document of every game and checks it
// against docs/json.md: the rules every document keeps (schema and game at
// top level, snake_case keys, exact probabilities as fraction strings with
// their floats beside them, counts as decimal strings) and its section's
// table of fields (every field written is documented with its type, every
// field the table says is always there is there).
func TestJSONSchema(t *testing.T) {
	schemas, err := readSchemas(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	// Every game writes every document every game has.
	for _, d := range games.All.Definitions() {
		for _, kind := range []string{"report", "advice", "why", "sheet", "solve"} {
			if !slices.ContainsFunc(jsonCases(), func(c jsonCase) bool {
				return c.game.Name == d.Name && strings.HasPrefix(c.name, d.Name+"/"+kind)
			}) {
				t.Errorf("game %s: no %s case in jsonCases", d.Name, kind)
			}
		}
	}
	ctx := context.Background()
	seen := map[string]bool{}
	for _, tc := range jsonCases() {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := schemas[tc.section]
			if !ok {
				t.Fatalf("%s has no section %q", schemaFile, tc.section)
			}
			seen[tc.section] = true
			if tc.section == "solve" {
				// The solve document holds the game's report whole: its
				// fields are those of the report's section.
				s = withReport(t, s, schemas[tc.game.Name+" report"])
			}
			g, err := table.Replay(tc.game, mustLog(t, tc.game.Example))
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := tc.write(ctx, g, &b); err != nil {
				t.Fatal(err)
			}
			for _, e := range checkDocument(s, tc.game.Name, b.Bytes()) {
				t.Error(e)
			}
		})
	}
	for name := range schemas {
		if !seen[name] {
			t.Errorf("%s documents %q, which no game writes in this test", schemaFile, name)
		}
	}
}

// TestJSONSchemaCatches shows that the check fails for the faults it is
// there for: each case breaks a good document in one way.
func TestJSONSchemaCatches(t *testing.T) {
	schemas, err := readSchemas(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	g, err := table.Replay(deductio.Definition, mustLog(t, deductio.Definition.Example))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := g.ReportJSON(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	if errs := checkDocument(schemas["deductio report"], "deductio", []byte(good)); len(errs) > 0 {
		t.Fatalf("the good document fails: %v", errs)
	}
	for _, tc := range []struct {
		why, old, new, want string
	}{
		{"a camelCase key", `"deck_size"`, `"deckSize"`, "not snake_case"},
		{"a bare float probability", `"p": "1"`, `"p": 1`, "not a fraction string"},
		{"a float written as an integer", `"p_float": 1.0`, `"p_float": 1`, "decimal point"},
		{"an estimate written as a fraction", `"p_float": 0.0,`, `"p_float": 0.0, "se": 0.0,`, "estimate"},
		{"an estimate without its standard error", `"p": "0",`, `"exact": false,`, "no se"},
		{"the old name of the standard error", `"deck_size"`, `"std_err"`, "std_err"},
		{"a p that is not its worlds over the total", `"worlds": "2",`, `"worlds": "1",`, "over the total"},
		{"a float where the schema has none", `"needed_to_win": 2`, `"needed_to_win": 2.5`, "integer"},
		{"a fraction not in lowest terms", `"p": "1"`, `"p": "2/2"`, "lowest terms"},
		{"a p_float that is not p", `"p_float": 1.0`, `"p_float": 0.9`, "is not p"},
		{"p without p_float", `"p_float": 1.0`, `"x_y": 1.0`, "no p_float"},
		{"a count that is a number", `"worlds": "2"`, `"worlds": 2`, "count"},
		{"an undocumented field", `"deck_size"`, `"deck_left"`, "not in the schema"},
		{"a missing field", `"deck_size": 14,`, ``, "missing"},
		{"another schema", `"` + table.Schema + `"`, `"gumshoe/1"`, "schema"},
		{"another game", `"game": "deductio"`, `"game": "dod"`, "game"},
	} {
		t.Run(tc.why, func(t *testing.T) {
			bad := strings.Replace(good, tc.old, tc.new, 1)
			if bad == good {
				t.Fatalf("%q is not in the document", tc.old)
			}
			errs := checkDocument(schemas["deductio report"], "deductio", []byte(bad))
			if len(errs) == 0 {
				t.Fatalf("the check passes a document with %s", tc.why)
			}
			if !strings.Contains(fmt.Sprint(errs), tc.want) {
				t.Errorf("errors %v do not say %q", errs, tc.want)
			}
		})
	}
}

func mustLog(t *testing.T, text string) *table.Log {
	t.Helper()
	l, err := table.ParseLog([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// field is one row of a schema table: a field's type, whether it may be
// absent, and whether it may be null.
type field struct {
	typ      string // string, fraction, count, integer, float, boolean, object, or one of those with []
	optional bool
	null     bool
}

// schema is one section of docs/json.md: its fields by path ("sheet[].p").
type schema map[string]field

// readSchemas reads the field tables of docs/json.md: under each heading
// "### Document: NAME", the rows "| `path` | `type` | meaning |".
func readSchemas(name string) (map[string]schema, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]schema{}
	var cur schema
	row := regexp.MustCompile("^\\|\\s*`([^`]+)`\\s*\\|\\s*`([^`]+)`\\s*\\|")
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "### Document: "); ok {
			cur = schema{}
			out[strings.TrimSpace(rest)] = cur
			continue
		}
		if strings.HasPrefix(line, "#") {
			cur = nil
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil || cur == nil {
			continue
		}
		typ := m[2]
		var fd field
		if t, ok := strings.CutSuffix(typ, " or null"); ok {
			fd.null, typ = true, t
		}
		if t, ok := strings.CutSuffix(typ, "?"); ok {
			fd.optional, typ = true, t
		}
		base := strings.TrimSuffix(typ, "[]")
		if !slices.Contains([]string{"string", "fraction", "count", "integer", "float", "boolean", "object"}, base) {
			return nil, fmt.Errorf("%s:%d: unknown type %q", name, n, m[2])
		}
		fd.typ = typ
		if _, dup := cur[m[1]]; dup {
			return nil, fmt.Errorf("%s:%d: %s twice", name, n, m[1])
		}
		cur[m[1]] = fd
	}
	return out, sc.Err()
}

var (
	snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	fraction  = regexp.MustCompile(`^(0|[1-9][0-9]*)(/[1-9][0-9]*)?$`)
	decimal   = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)
)

// withReport is the solve section s with the fields of a report section
// under "report".
func withReport(t *testing.T, s, report schema) schema {
	t.Helper()
	if report == nil {
		t.Fatal("no report section for the solve document")
	}
	out := schema{}
	for k, v := range s {
		out[k] = v
	}
	for k, v := range report {
		out["report."+k] = v
	}
	return out
}

// checkDocument checks one JSON document of game against its schema and
// the rules of every document, and returns what is wrong.
func checkDocument(s schema, game string, doc []byte) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	top, ok := v.(map[string]any)
	if !ok {
		return []string{"the document is not an object"}
	}
	if top["schema"] != table.Schema {
		fail("schema is %v, not %q", top["schema"], table.Schema)
	}
	if top["game"] != game {
		fail("game is %v, not %q", top["game"], game)
	}
	checkValue(s, "", v, nil, fail)
	return errs
}

// checkValue checks v, found at path, and everything inside it; total is
// the count of worlds the nearest object around it states (nil: none).
func checkValue(s schema, path string, v any, total *big.Int, fail func(string, ...any)) {
	switch v := v.(type) {
	case map[string]any:
		checkObject(s, path, v, total, fail)
	case []any:
		for _, x := range v {
			checkValue(s, path+"[]", x, total, fail)
		}
	}
}

// oldNames are keys that gumshoe/3 renamed: their presence is a fault
// whatever the schema says.
var oldNames = map[string]string{
	"std_err":        "se",
	"standard_error": "se",
	"leak_std_err":   "leak_se",
	"estimate_float": "p_float",
	"location":       "holder",
}

func checkObject(s schema, path string, obj map[string]any, total *big.Int, fail func(string, ...any)) {
	at := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	// An estimate: p_float, se and "exact": false, never a fraction.
	_, hasP := obj["p"]
	_, hasSE := obj["se"]
	_, hasPF := obj["p_float"]
	estimate := obj["exact"] == false && hasPF
	switch {
	case estimate && hasP:
		fail("%s: an estimate (exact false) written with a fraction p", path)
	case estimate && !hasSE:
		fail("%s: an estimate (exact false) with no se", path)
	case hasPF && hasSE && !estimate:
		fail("%s: p_float with se but not marked as an estimate (exact false)", path)
	case hasPF && !hasP && !estimate:
		fail("%s: p_float with no p and not an estimate", path)
	}
	if x, ok := obj["exact"]; ok && hasPF && x != false {
		fail("%s: exact is %v; it is written only as false", path, x)
	}
	// Counts: p is worlds over the total of the nearest object around.
	inner := total
	if w, ok := obj["worlds"].(string); ok && decimal.MatchString(w) {
		n, _ := new(big.Int).SetString(w, 10)
		if p, ok := obj["p"].(string); ok && fraction.MatchString(p) {
			r, _ := new(big.Rat).SetString(p)
			switch {
			case total == nil:
				fail("%s: p %s beside worlds %s with no total stated around it", path, p, w)
			case total.Sign() > 0 && new(big.Rat).SetFrac(n, total).Cmp(r) != 0:
				fail("%s: p %s is not worlds %s over the total %s", path, p, w, total)
			}
		} else {
			inner = n // a total for what is inside
		}
	}
	for _, k := range keys {
		x, p := obj[k], at(k)
		if !snakeCase.MatchString(k) {
			fail("%s: key %q is not snake_case", p, k)
		}
		if nw, old := oldNames[k]; old {
			fail("%s: %q is the old name of %q", p, k, nw)
		}
		// Exact ratios: "p", and any NAME with NAME_float beside it.
		if k == "p" || obj[k+"_float"] != nil {
			checkRatio(p, x, obj[k+"_float"], k == "p", fail)
		}
		if base, ok := strings.CutSuffix(k, "_float"); ok && !(k == "p_float" && estimate) {
			if _, has := obj[base]; !has {
				fail("%s: no %s beside it", p, base)
			}
		}
		if k == "worlds" {
			if str, ok := x.(string); !ok || !decimal.MatchString(str) {
				fail("%s: %v is not a count (a decimal string)", p, x)
			}
		}
		fd, ok := s[p]
		if !ok {
			fail("%s is not in the schema", p)
			continue
		}
		checkType(p, fd, x, fail)
		checkValue(s, p, x, inner, fail)
	}
	// Every field the schema says is always there, is.
	prefix := path + "."
	if path == "" {
		prefix = ""
	}
	for fp, fd := range s {
		rest, ok := strings.CutPrefix(fp, prefix)
		if !ok || strings.ContainsAny(rest, ".") || fd.optional {
			continue
		}
		if _, has := obj[rest]; !has {
			fail("%s: missing", fp)
		}
	}
}

// checkRatio checks an exact ratio: a fraction string in lowest terms
// (from 0 to 1 for a probability) with the nearest float64 beside it.
func checkRatio(path string, x, f any, prob bool, fail func(string, ...any)) {
	str, ok := x.(string)
	if !ok || !fraction.MatchString(str) {
		fail("%s: %v is not a fraction string", path, x)
		return
	}
	r, _ := new(big.Rat).SetString(str)
	if r.RatString() != str {
		fail("%s: %s is not in lowest terms (%s)", path, str, r.RatString())
	}
	if prob && r.Cmp(big.NewRat(1, 1)) > 0 {
		fail("%s: %s is more than 1", path, str)
	}
	if f == nil {
		fail("%s: no p_float (or _float) beside it", path)
		return
	}
	num, ok := f.(json.Number)
	if !ok {
		fail("%s_float: %v is not a number", path, f)
		return
	}
	got, err := strconv.ParseFloat(string(num), 64)
	want, _ := r.Float64()
	if err != nil || got != want {
		fail("%s_float: %s is not p = %s (%v)", path, num, str, want)
	}
}

// checkType checks that x has the type fd documents.
func checkType(path string, fd field, x any, fail func(string, ...any)) {
	if x == nil {
		if !fd.null {
			fail("%s: null, but the schema says %s", path, fd.typ)
		}
		return
	}
	typ := fd.typ
	if elem, ok := strings.CutSuffix(typ, "[]"); ok {
		xs, ok := x.([]any)
		if !ok {
			fail("%s: %v is not an array (%s)", path, x, typ)
			return
		}
		for i, e := range xs {
			checkType(fmt.Sprintf("%s[%d]", path, i), field{typ: elem}, e, fail)
		}
		return
	}
	good := false
	switch typ {
	case "object":
		_, good = x.(map[string]any)
	case "boolean":
		_, good = x.(bool)
	case "string":
		_, good = x.(string)
	case "fraction":
		s, ok := x.(string)
		good = ok && fraction.MatchString(s)
	case "count":
		s, ok := x.(string)
		good = ok && decimal.MatchString(s)
	case "integer":
		n, ok := x.(json.Number)
		_, err := strconv.ParseInt(string(n), 10, 64)
		good = ok && err == nil
	case "float":
		var n json.Number
		n, good = x.(json.Number)
		if good && !strings.Contains(string(n), ".") {
			fail("%s: float %s is written with no decimal point", path, n)
		}
	}
	if !good {
		fail("%s: %v is not of type %s", path, x, typ)
	}
}
