package puzzle

import (
	"fmt"
	"iter"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// CheckWorlds checks in by brute force, without any engine: worlds must
// yield every deal that satisfies the givens (a game's tests enumerate
// them). The answer is unique when no deal satisfying every clue falsifies
// an answer fact; the clue set is minimal when, for every clue, some deal
// falsifying an answer fact breaks that clue alone. It returns
// ErrNotUnique, ErrNotMinimal (naming the clue) or nil, and the number of
// deals seen.
func CheckWorlds(in *Instance, worlds iter.Seq[solver.World]) (int, error) {
	obs := in.Problem.Observations()
	witnessed := make([]bool, len(in.Clues))
	seen, satisfying := 0, 0
	for w := range worlds {
		seen++
		broken := -1
		for i, id := range in.Clues {
			ok := true
			for _, k := range obs[id].Constraints {
				if !k.Satisfied(w) {
					ok = false
					break
				}
			}
			if !ok {
				if broken >= 0 {
					broken = -2
					break
				}
				broken = i
			}
		}
		same := true
		for _, f := range in.Answer {
			if (w[f.Card] == f.Holder) != f.Holds {
				same = false
				break
			}
		}
		switch {
		case broken == -1 && !same:
			return seen, ErrNotUnique
		case broken == -1:
			satisfying++
		case broken >= 0 && !same:
			witnessed[broken] = true
		}
	}
	if satisfying == 0 {
		return seen, ErrInconsistent
	}
	for i, ok := range witnessed {
		if !ok {
			return seen, fmt.Errorf("%w: %q can be dropped", ErrNotMinimal, obs[in.Clues[i]].Label)
		}
	}
	return seen, nil
}
