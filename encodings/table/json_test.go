package table

import (
	"bytes"
	"encoding/json"
	"math/big"
	"testing"
)

// TestNewProbability checks the JSON pair of exact probabilities, the ends
// and nil included.
func TestNewProbability(t *testing.T) {
	for _, tc := range []struct {
		why  string
		r    *big.Rat
		want string
	}{
		{"nil is 0", nil, `{"p":"0","p_float":0}`},
		{"zero is \"0\", not \"0/1\"", new(big.Rat), `{"p":"0","p_float":0}`},
		{"one is \"1\"", big.NewRat(1, 1), `{"p":"1","p_float":1}`},
		{"lowest terms", big.NewRat(6, 14), `{"p":"3/7","p_float":0.42857142857142855}`},
	} {
		b, err := json.Marshal(NewProbability(tc.r))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%s: got %s, want %s", tc.why, b, tc.want)
		}
	}
}

// TestProbabilityFloat checks that p_float is the float64 nearest to p:
// IEEE division of two exactly representable numbers is rounded to the
// nearest, which is the oracle.
func TestProbabilityFloat(t *testing.T) {
	for _, d := range []int64{3, 7, 3000000000000, 1 << 53} {
		got := NewProbability(big.NewRat(1, d)).PFloat
		if want := 1 / float64(d); got != want {
			t.Errorf("1/%d: p_float %v, want %v", d, got, want)
		}
	}
}

// TestOddsFlatten checks that Odds embedded in an object puts its keys
// beside the object's own.
func TestOddsFlatten(t *testing.T) {
	v := struct {
		Card string `json:"card"`
		Odds
	}{"3H", NewOdds(big.NewInt(12), big.NewRat(12, 48))}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"card":"3H","worlds":"12","p":"1/4","p_float":0.25}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}

// TestGridJSON checks every kind of cell: forced and impossible carry "1"
// and "0", an open cell its exact probability, and an open cell whose
// game does not know it exactly no probability at all.
func TestGridJSON(t *testing.T) {
	g := &Grid{Title: "t", Holders: []string{"a", "b", "c", "d", "e"}, Rows: []Row{{Card: "X", Cells: []Cell{
		{Mark: Yes},
		{Mark: No},
		{Mark: Maybe, P: 2.0 / 3, Exact: big.NewRat(2, 3)},
		{Mark: Maybe, P: 0.5},
		{Mark: Maybe, NoEstimate: true},
	}}}}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"title":"t","holders":["a","b","c","d","e"],"rows":[{"card":"X","cells":[` +
		`{"status":"forced","text":"✓","p":"1","p_float":1},` +
		`{"status":"impossible","text":"✗","p":"0","p_float":0},` +
		`{"status":"open","text":"67","p":"2/3","p_float":0.6666666666666666},` +
		`{"status":"open","text":"50"},` +
		`{"status":"open","text":"?"}]}],"headlines":[]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var empty bytes.Buffer
	if err := json.NewEncoder(&empty).Encode(&Grid{}); err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"","holders":[],"rows":[],"headlines":[]}` + "\n"; empty.String() != want {
		t.Errorf("empty grid: got %s, want %s", empty.String(), want)
	}
}
