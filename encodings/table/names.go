package table

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MinPrefix is the fewest runes an abbreviated name may have: a word
// shorter than that names a holder only when it is the whole name.
const MinPrefix = 3

// FoldName is name as names compare: in lower case, with the accents that
// Unicode decomposes dropped (the name decomposed, NFD, and its combining
// marks removed). "José", "JOSE", "jose" and "Jose\u0301" fold alike;
// letters that are not a base letter and a mark ("ł", "ø", "ß") are kept.
func FoldName(name string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(name) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// SameName reports whether a and b name the same player: equal ignoring
// case and accents ([FoldName]).
func SameName(a, b string) bool { return FoldName(a) == FoldName(b) }

// AmbiguousNameError is a word that names several holders once case and
// accents are ignored ("jose" with players José and Jose), or that begins
// several: Names are those holders, in their order.
type AmbiguousNameError struct {
	Word  string
	Names []string
}

// Error names the word and every holder it may name: "jose" names both
// José and Jose; write the name as it is written.
func (e *AmbiguousNameError) Error() string {
	var list string
	switch n := len(e.Names); n {
	case 2:
		list = "both " + e.Names[0] + " and " + e.Names[1]
	default:
		list = "each of " + strings.Join(e.Names[:n-1], ", ") + " and " + e.Names[n-1]
	}
	return fmt.Sprintf("%q names %s; write the name as it is written", e.Word, list)
}

// FindName finds word among names, the way every game reads a player or a
// holder:
//
//  1. a name equal to word ignoring case ("josé" names José, even beside
//     Jose);
//  2. else the one name equal to word ignoring case and accents
//     ([SameName]: "jose" names José);
//  3. else, when prefix is true and word has at least [MinPrefix] runes,
//     the one name that word begins, ignoring case and accents ("expo"
//     and "exp" name "exposed", "emi" names Émile).
//
// It returns the index of the name found; -1 and nil when there is none;
// and -1 and an *[AmbiguousNameError] naming them all when a step finds
// several names (two players equal once accents are dropped, or a prefix
// of several).
func FindName(names []string, word string, prefix bool) (int, error) {
	if word == "" {
		return -1, nil
	}
	for i, n := range names {
		if strings.EqualFold(n, word) {
			return i, nil
		}
	}
	fw := FoldName(word)
	pick := func(ok func(fold string) bool) (int, error) {
		found := []int{}
		for i, n := range names {
			if ok(FoldName(n)) {
				found = append(found, i)
			}
		}
		switch len(found) {
		case 0:
			return -1, nil
		case 1:
			return found[0], nil
		}
		e := &AmbiguousNameError{Word: word}
		for _, i := range found {
			e.Names = append(e.Names, names[i])
		}
		return -1, e
	}
	i, err := pick(func(n string) bool { return n == fw })
	if i >= 0 || err != nil || !prefix || utf8.RuneCountInString(word) < MinPrefix {
		return i, err
	}
	return pick(func(n string) bool { return strings.HasPrefix(n, fw) })
}

// MatchName finds word among names as [FindName] does, abbreviations
// allowed: it returns the index of the name, or -1 when there is none or
// word names several. Every game reads the holder of a fact ("why expo
// 5H") this way, and the column heads of a drawn sheet ([Grid.Layout]) are
// always words that MatchName maps back to their holder.
func MatchName(names []string, word string) int {
	i, _ := FindName(names, word, true)
	return i
}
