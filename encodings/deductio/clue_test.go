package deductio

import (
	"testing"
)

func TestParseClue(t *testing.T) {
	tests := []struct {
		in   string
		want string // canonical form, "" when an error is expected
		why  string
	}{
		{"5-12", "5-12", "a range"},
		{"in:5-12", "5-12", "the in: prefix is optional"},
		{"EVEN", "even", "case does not matter"},
		{"odd", "odd", "odd"},
		{"not:9,19", "not:9,19", "a list of numbers"},
		{"!9,19", "not:9,19", "! stands for not:"},
		{"≠5-12", "not:5-12", "≠ stands for not:"},
		{"not:3,7-9", "not:3,7-9", "numbers and ranges mixed"},
		{"single", "single", "single digit"},
		{"double", "double", "double digit"},
		{">=7", ">=7", "at least"},
		{"≥7", ">=7", "≥ stands for >="},
		{"<=7", "<=7", "at most"},
		{"≤20", "<=20", "≤ stands for <="},
		{"faceup+1", "faceup+1", "above a face-up number"},
		{"+1", "faceup+1", "short form"},
		{"faceup-1", "faceup-1", "below a face-up number"},
		{"even/look2", "even/look2", "an ability"},
		{">=7/FREE", ">=7/free", "ability case does not matter"},
		{"", "", "empty"},
		{"7", "", "a bare number is not a clue"},
		{"12-5", "", "a range backwards"},
		{"0-5", "", "0 is not a Secret Number"},
		{"5-21", "", "21 is not a Secret Number"},
		{">=", "", "missing number"},
		{"not:", "", "missing numbers"},
		{"not:1-20", "", "a not clue that leaves nothing"},
		{"purple", "", "unknown word"},
		{"even/fly", "", "unknown ability"},
		{"not:3,,4", "", "empty list item"},
	}
	for _, tc := range tests {
		c, err := ParseClue(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseClue(%q) = %v, want an error (%s)", tc.in, c, tc.why)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseClue(%q): %v (%s)", tc.in, err, tc.why)
			continue
		}
		if got := c.String(); got != tc.want {
			t.Errorf("ParseClue(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.why)
		}
	}
}

func TestClueNumbers(t *testing.T) {
	up := SetOf(3, 11, 20)
	tests := []struct {
		clue string
		want Set
	}{
		{"5-8", SetOf(5, 6, 7, 8)},
		{"even", SetOf(2, 4, 6, 8, 10, 12, 14, 16, 18, 20)},
		{"odd", SetOf(1, 3, 5, 7, 9, 11, 13, 15, 17, 19)},
		{"not:9,19", All &^ SetOf(9, 19)},
		{"not:1-18", SetOf(19, 20)},
		{"single", SetOf(1, 2, 3, 4, 5, 6, 7, 8, 9)},
		{"double", All &^ SetOf(1, 2, 3, 4, 5, 6, 7, 8, 9)},
		{">=18", SetOf(18, 19, 20)},
		{"<=2", SetOf(1, 2)},
		// 1 greater than a face-up number: 4, 12, and nothing above 20.
		{"faceup+1", SetOf(4, 12)},
		// 1 lower: 2, 10, 19.
		{"faceup-1", SetOf(2, 10, 19)},
	}
	for _, tc := range tests {
		c, err := ParseClue(tc.clue)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Numbers(up); got != tc.want {
			t.Errorf("%s: numbers %v, want %v", tc.clue, got, tc.want)
		}
	}
	if got := (Clue{Kind: BelowFaceUp}).Numbers(SetOf(1)); got != 0 {
		t.Errorf("1 lower than face-up 1 = %v, want none (there is no 0)", got)
	}
}

// FuzzParseClue checks that ParseClue never panics and that what it reads
// prints back to a clue that reads the same.
func FuzzParseClue(f *testing.F) {
	for _, s := range []string{"5-12", "even", "not:3,7-9", ">=7/look2", "≤7", "faceup-1", "!9,19", "in:1-1", "İn5-6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseClue(s)
		if err != nil {
			return
		}
		d, err := ParseClue(c.String())
		if err != nil {
			t.Fatalf("%q read as %v, which does not read back: %v", s, c, err)
		}
		if d.String() != c.String() || d.Numbers(SetOf(5, 9)) != c.Numbers(SetOf(5, 9)) {
			t.Fatalf("%q: %v read back as %v", s, c, d)
		}
	})
}
