package table

import (
	"bytes"
	"encoding/json"
	"math"
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
		{"nil is 0", nil, `{"p":"0","p_float":0.0}`},
		{"zero is \"0\", not \"0/1\"", new(big.Rat), `{"p":"0","p_float":0.0}`},
		{"one is \"1\" and its float 1.0", big.NewRat(1, 1), `{"p":"1","p_float":1.0}`},
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
		got := float64(NewProbability(big.NewRat(1, d)).PFloat)
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
// and "0", an open cell its exact probability, an open cell whose game
// estimates it the estimate with its standard error (never a fraction),
// and a cell drawn "?" no probability at all; and that holders give both
// the full name and the head, and cells the full name.
func TestGridJSON(t *testing.T) {
	g := &Grid{Title: "t", Holders: []string{"a", "b", "c", "d", "evid"}, Names: []string{"", "", "", "", "evidence"}, Rows: []Row{{Card: "X", Cells: []Cell{
		{Mark: Yes},
		{Mark: No},
		{Mark: Maybe, P: 2.0 / 3, Exact: big.NewRat(2, 3)},
		{Mark: Maybe, P: 0.5, SE: 0.01},
		{Mark: Maybe, NoEstimate: true},
	}}}}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"title":"t","holders":[{"name":"a","head":"a"},{"name":"b","head":"b"},{"name":"c","head":"c"},{"name":"d","head":"d"},{"name":"evidence","head":"evid"}],` +
		`"rows":[{"card":"X","cells":[` +
		`{"holder":"a","status":"forced","text":"✓","p":"1","p_float":1.0},` +
		`{"holder":"b","status":"impossible","text":"✗","p":"0","p_float":0.0},` +
		`{"holder":"c","status":"open","text":"67","p":"2/3","p_float":0.6666666666666666},` +
		`{"holder":"d","status":"open","text":"50","p_float":0.5,"se":0.01,"exact":false},` +
		`{"holder":"evidence","status":"open","text":"?"}]}],"headlines":[]}`
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

// TestRealJSON checks that every float is written with a decimal point,
// the ends and exponents included, and that what is not a JSON number is
// null.
func TestRealJSON(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		want string
	}{
		{0, "0.0"}, {1, "1.0"}, {-2, "-2.0"}, {0.25, "0.25"}, {1e-7, "1.0e-7"},
		{1.5e-7, "1.5e-7"}, {1e21, "1.0e+21"}, {math.NaN(), "null"}, {math.Inf(1), "null"},
	} {
		b, err := json.Marshal(Real(tc.f))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%v: got %s, want %s", tc.f, b, tc.want)
		}
		var back float64
		if tc.want != "null" {
			if err := json.Unmarshal(b, &back); err != nil || back != tc.f {
				t.Errorf("%s reads back as %v (%v), not %v", b, back, err, tc.f)
			}
		}
	}
}

// TestChanceJSON checks the two forms of a probability: exact (p and
// p_float, no se, no exact) and estimated (p_float, se, exact false, no p).
func TestChanceJSON(t *testing.T) {
	for _, tc := range []struct {
		c    Chance
		want string
	}{
		{ExactChance(big.NewRat(1, 3)), `{"p":"1/3","p_float":0.3333333333333333}`},
		{ExactChance(nil), `{"p":"0","p_float":0.0}`},
		{EstimatedChance(1, 0), `{"p_float":1.0,"se":0.0,"exact":false}`},
		{EstimatedChance(0.4, 0.02), `{"p_float":0.4,"se":0.02,"exact":false}`},
	} {
		b, err := json.Marshal(tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("got %s, want %s", b, tc.want)
		}
	}
}
