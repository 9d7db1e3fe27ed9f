package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDescribeChange(t *testing.T) {
	l := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, "|")
	}
	for _, tc := range []struct{ before, after, want string }{
		{"", "", "no change"},
		{"a|b", "a|b", "no change"},
		{"", "a", "line 1 is back: a"},
		{"a|b", "a|b|c", "line 3 is back: c"},
		{"a|b|c", "a|b", "took back line 3: c"},
		{"a|b|c", "a|c", "took back line 2: b"},
		{"a|c", "a|b|c", "line 2 is back: b"},
		{"a|b|c", "a|x|c", "line 2 is now: x"},
		{"a|b|c", "a|b|x", "line 3 is now: x"},
		{"a|b|c", "x|y|c", "lines from 1 on changed"},
		{"a|b|c", "a", "lines from 2 on changed"},
		{"a", "a|b|c", "lines from 2 on changed"},
		{"a|b", "b|a", "lines from 1 on changed"},
	} {
		assert.Equal(t, tc.want, DescribeChange(l(tc.before), l(tc.after)), "%q → %q", tc.before, tc.after)
	}
}

func ExampleDescribeChange() {
	before := []string{"alice has 3C", "bob lacks 4H"}
	fmt.Println(DescribeChange(before, before[:1]))
	fmt.Println(DescribeChange(before[:1], before))
	fmt.Println(DescribeChange(before, []string{"alice has 3C", "bob lacks 5H"}))
	// Output:
	// took back line 2: bob lacks 4H
	// line 2 is back: bob lacks 4H
	// line 2 is now: bob lacks 5H
}
