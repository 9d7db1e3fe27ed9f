package table

import (
	"strings"
	"unicode/utf8"
)

// MinPrefix is the fewest runes an abbreviated name may have: a word
// shorter than that names a holder only when it is the whole name.
const MinPrefix = 3

// MatchName finds word among names, ignoring case: a name equal to word
// first, else the one name that word is a prefix of, provided word has at
// least [MinPrefix] runes ("expo" and "exp" name "exposed"). It returns the
// index of the name, or -1 when there is none or word is a prefix of
// several. Every game reads the holder of a fact ("why expo 5H") this way,
// and the column heads of a drawn sheet ([Grid.Layout]) are always words
// that MatchName maps back to their holder.
func MatchName(names []string, word string) int {
	if word == "" {
		return -1
	}
	for i, n := range names {
		if strings.EqualFold(n, word) {
			return i
		}
	}
	k := utf8.RuneCountInString(word)
	if k < MinPrefix {
		return -1
	}
	found := -1
	for i, n := range names {
		if !hasPrefixFold(n, word, k) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// hasPrefixFold says whether the first k runes of s equal word (k runes),
// ignoring case.
func hasPrefixFold(s, word string, k int) bool {
	i := 0
	for j := range s {
		if i == k {
			return strings.EqualFold(s[:j], word)
		}
		i++
	}
	return i == k && strings.EqualFold(s, word)
}
