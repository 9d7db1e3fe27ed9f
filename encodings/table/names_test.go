package table

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestMatchName(t *testing.T) {
	holders := []string{"alice", "bob", "bobby", "carol", "carl", "evidence", "exposed", "Émile"}
	tests := []struct {
		word string
		want int
		why  string
	}{
		{"alice", 0, "a whole name"},
		{"ALICE", 0, "case is ignored"},
		{"ali", 0, "a unique prefix of MinPrefix runes"},
		{"al", -1, "a prefix shorter than MinPrefix"},
		{"bob", 1, "a whole name wins over a longer name it starts"},
		{"bobb", 2, "a unique prefix of a longer name"},
		{"car", -1, "a prefix of two names"},
		{"caro", 3, "long enough to tell carol from carl"},
		{"carl", 4, "a whole name"},
		{"evid", 5, "the sheet's head for evidence"},
		{"Expo", 6, "the sheet's head for exposed, in another case"},
		{"exp", 6, "the compact sheet's head"},
		{"exposedx", -1, "longer than the name"},
		{"émi", 7, "runes, not bytes, and case folding beyond ASCII"},
		{"", -1, "nothing"},
		{"dave", -1, "no such holder"},
	}
	for _, tt := range tests {
		if got := MatchName(holders, tt.word); got != tt.want {
			t.Errorf("MatchName(%q) = %d, want %d (%s)", tt.word, got, tt.want, tt.why)
		}
	}
}

// TestFindNameAccents: names match ignoring case and accents, precomposed
// or combining; a word that two names fold to is an error naming both.
func TestFindNameAccents(t *testing.T) {
	players := []string{"José", "Zoë", "Renée", "Łukasz", "Ana", "Àna"}
	tests := []struct {
		word   string
		prefix bool
		want   int
		names  []string // the names an ambiguity error gives
		why    string
	}{
		{"José", false, 0, nil, "as written"},
		{"jose", false, 0, nil, "without its accent"},
		{"JOSE", false, 0, nil, "without its accent, in capitals"},
		{"Jose\u0301", false, 0, nil, "the accent combining, the name precomposed"},
		{"zoe", false, 1, nil, "a diaeresis dropped"},
		{"renee", false, 2, nil, "an accent dropped inside the name"},
		{"Łukasz", false, 3, nil, "a letter with no decomposition, as written"},
		{"lukasz", false, -1, nil, "Ł is a letter of its own, not L and a mark"},
		{"jos", false, -1, nil, "a prefix, when prefixes are not read"},
		{"jos", true, 0, nil, "a prefix of José, accent dropped"},
		{"ren", true, 2, nil, "a prefix"},
		{"ana", false, 4, nil, "Ana as written, though Àna folds alike"},
		{"àna", false, 5, nil, "Àna as written"},
		{"ANA", false, 4, nil, "case alone: Ana"},
		{"Aǹa", false, -1, []string{"Ana", "Àna"}, "neither as written; both once accents are dropped"},
		{"an", true, -1, nil, "a prefix shorter than MinPrefix"},
		{"bob", true, -1, nil, "no such name"},
	}
	for _, tt := range tests {
		got, err := FindName(players, tt.word, tt.prefix)
		if got != tt.want {
			t.Errorf("FindName(%q, %v) = %d, %v; want %d (%s)", tt.word, tt.prefix, got, err, tt.want, tt.why)
		}
		var ae *AmbiguousNameError
		switch {
		case tt.names == nil && err != nil:
			t.Errorf("FindName(%q): %v, want no error (%s)", tt.word, err, tt.why)
		case tt.names != nil && (!errors.As(err, &ae) || !slices.Equal(ae.Names, tt.names)):
			t.Errorf("FindName(%q): %v, want an ambiguity naming %q (%s)", tt.word, err, tt.names, tt.why)
		case tt.names != nil && !strings.Contains(err.Error(), tt.names[0]) || tt.names != nil && !strings.Contains(err.Error(), tt.names[1]):
			t.Errorf("FindName(%q): %q does not name both %q", tt.word, err, tt.names)
		}
	}
	// A prefix of several names is an ambiguity too.
	if _, err := FindName([]string{"carol", "Cárl"}, "car", true); err == nil || err.Error() != `"car" names both carol and Cárl; write the name as it is written` {
		t.Errorf("FindName(car) = %v", err)
	}
	if !SameName("Zoë", "ZOE") || SameName("Zoë", "Zoo") {
		t.Errorf("SameName: Zoë and ZOE are one name, Zoë and Zoo two")
	}
}
