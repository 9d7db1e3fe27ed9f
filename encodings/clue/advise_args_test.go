package clue

import (
	"context"
	"io"
	"strings"
	"testing"
)

// TestAdviseShowChecksLikeALine checks that "advise show ASKER CARDS" takes
// exactly what the line "ASKER asks CARDS: ... dave shows" takes: an asker
// who may ask and is not the seat, and the cards a question names (one of
// each kind in Cluedo).
func TestAdviseShowChecksLikeALine(t *testing.T) {
	g, err := Load(strings.NewReader(ExampleLog))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args, line string // the advice asked, and the same words as a line
		ok         bool
		why        string
	}{
		{"show dave Plum Knife Hall", "dave asks Plum Knife Hall: dave shows", false, "dave is the seat: nobody asks you to show to yourself"},
		{"show alice Plum Plum Plum", "alice asks Plum Plum Plum: bob passes, carol passes, dave shows", false, "a question names one suspect, one weapon, one room"},
		{"show alice Plum Knife", "alice asks Plum Knife: bob passes, carol passes, dave shows", false, "two items in Cluedo"},
		{"show carol Plum Knife Hall", "carol asks Plum Knife Hall: dave shows", false, "carol accused wrongly and can no longer ask"},
		{"show alice Plum Knife Hall extra", "", false, "a word after the cards"},
		{"show alice Plum Knife Hall", "alice asks Plum Knife Hall: bob passes, carol passes, dave shows", true, "a question alice may ask"},
	} {
		err := g.Advise(context.Background(), c.args, io.Discard)
		if (err == nil) != c.ok {
			t.Errorf("advise %s: error %v, want ok=%v (%s)", c.args, err, c.ok, c.why)
		}
		if c.line == "" {
			continue
		}
		h, _ := Load(strings.NewReader(ExampleLog))
		if lerr := h.Apply(c.line); (lerr == nil) != c.ok {
			t.Errorf("line %q: error %v, want ok=%v as advise (%s)", c.line, lerr, c.ok, c.why)
		}
	}
}
