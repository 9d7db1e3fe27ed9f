package table

import (
	"strconv"
	"strings"
)

// Counted is n with its noun, the noun made plural unless n is 1 or -1:
// "1 card", "3 cards", "0 cards", "1 other player", "2 other players",
// "5 boxes". noun is given singular; its last word is made plural by
// English's regular rules (+s; +es after s, x, z, ch and sh; y after a
// consonant becomes ies).
func Counted(n int, noun string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + Plural(noun)
}

// Plural is noun's plural by English's regular rules (see [Counted]).
func Plural(noun string) string {
	switch {
	case noun == "":
		return noun
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// List joins items as a person writes them: "a", "a and b", "a, b and c";
// "" for none.
func List(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// LineRefs names line numbers as a person writes them: "line 3", "lines 3
// and 7", "lines 3, 5 and 7"; "no line" for none.
func LineRefs(lines []int) string {
	if len(lines) == 0 {
		return "no line"
	}
	s := make([]string, len(lines))
	for i, n := range lines {
		s[i] = strconv.Itoa(n)
	}
	if len(lines) == 1 {
		return "line " + s[0]
	}
	return "lines " + List(s)
}
