package table

import "testing"

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
