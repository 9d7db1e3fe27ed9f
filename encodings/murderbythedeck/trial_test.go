package murderbythedeck_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// TestWhyReadsColumnHeads: `why` reads a place as every game reads a
// holder (table.MatchName), so the heads the sheet draws for its columns
// (a player's name cut to its first letters, "pil") name their places,
// with the same answer as the whole name; a word that names no place, or
// too short a one, is refused. A player's trial found "why not caro 8S"
// refused.
func TestWhyReadsColumnHeads(t *testing.T) {
	g := game(t, setup+"alice draws\nalice discards 2H\nbob draws 8D\nbob discards 4H\ncarol draws\ncarol down\ncarol discards JH\n")
	ctx := context.Background()
	for _, tc := range []struct{ head, whole string }{
		{"not caro 6S", "not carol 6S"},
		{"NOT CARO 6s", "not carol 6S"},
		{"not caro spade", "not carol spade"},
		{"not pil 8D", "not pile 8D"},
		{"BOB 8d", "bob 8D"},
	} {
		a, err := g.Explain(ctx, tc.head)
		if err != nil {
			t.Fatalf("why %s: %v", tc.head, err)
		}
		b, err := g.Explain(ctx, tc.whole)
		if err != nil {
			t.Fatalf("why %s: %v", tc.whole, err)
		}
		if a.Fact != b.Fact || !slices.Equal(a.Lines, b.Lines) {
			t.Errorf("why %s: %q %v; why %s: %q %v", tc.head, a.Fact, a.Lines, tc.whole, b.Fact, b.Lines)
		}
	}
	for _, bad := range []string{"zed 8D", "ca 8D", "pile spade"} {
		if _, err := g.Explain(ctx, bad); err == nil {
			t.Errorf("why %s: no error", bad)
		}
	}
	if _, err := g.Explain(ctx, "zed 8D"); err == nil || !strings.Contains(err.Error(), "is not a place") {
		t.Errorf("why zed 8D: %v, want \"is not a place\"", err)
	}
}

// TestHeadlinesSayWorldsAndTheRest: the sheet's second headline says how
// many worlds were sampled and how many they are worth in words a player
// reads ("960 worlds sampled, 947 effective", not "960w (947)"), and the
// first gives the rest of the murderer's odds (nobody is the murderer yet:
// the King of Spades in the draw pile), so that the figures shown add up
// to 100% within their rounding; both fit 80 columns. A player's trial
// found "960w (947)" and odds that summed to 72%.
func TestHeadlinesSayWorldsAndTheRest(t *testing.T) {
	g := game(t, setup+"alice draws\nalice discards 2H\nbob draws 8D\nbob discards 4H\ncarol draws\ncarol down\ncarol discards JH\n")
	gr, err := g.Sheet(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(gr.Headlines) != 2 {
		t.Fatalf("headlines %q", gr.Headlines)
	}
	first, second := gr.Headlines[0], gr.Headlines[1]
	for _, h := range gr.Headlines {
		if table.Width(h) > 80 {
			t.Errorf("headline wider than 80 columns: %q", h)
		}
	}
	if !regexp.MustCompile(`\d+ worlds( sampled)?, \d+ effective`).MatchString(second) || strings.Contains(second, "w (") {
		t.Errorf("second headline %q: want \"N worlds sampled, M effective\"", second)
	}
	if !strings.Contains(first, "nobody") {
		t.Fatalf("first headline %q: no rest of the murderer's odds", first)
	}
	murderer, _, _ := strings.Cut(first, ". ")
	sum := 0
	for _, m := range regexp.MustCompile(`(\d+)%`).FindAllStringSubmatch(murderer, -1) {
		n, _ := strconv.Atoi(m[1])
		sum += n
	}
	if sum < 97 || sum > 103 {
		t.Errorf("first headline %q: the murderer's odds add up to %d%%", first, sum)
	}
}
