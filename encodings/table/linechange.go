package table

import (
	"fmt"
	"slices"
)

// DescribeChange says in one line how a game's lines changed from before
// to after (both without the header; line numbers count from 1, the
// project's numbering): "no change"; "took back line N: TEXT" (one line
// gone, as by undo or delete); "line N is back: TEXT" (one line there
// again, as by redo; a line appended reads so too, since the lines alone
// do not tell a redo from a new line); "line N is now: TEXT" (one line
// edited); else "lines from N on changed", N the first line that differs.
func DescribeChange(before, after []string) string {
	i := 0
	for i < len(before) && i < len(after) && before[i] == after[i] {
		i++
	}
	switch {
	case i == len(before) && i == len(after):
		return "no change"
	case len(after) == len(before)-1 && slices.Equal(before[i+1:], after[i:]):
		return fmt.Sprintf("took back line %d: %s", i+1, before[i])
	case len(after) == len(before)+1 && slices.Equal(before[i:], after[i+1:]):
		return fmt.Sprintf("line %d is back: %s", i+1, after[i])
	case len(after) == len(before) && slices.Equal(before[i+1:], after[i+1:]):
		return fmt.Sprintf("line %d is now: %s", i+1, after[i])
	}
	return fmt.Sprintf("lines from %d on changed", i+1)
}
