package deductio

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// cardOf is the solver card of Secret Number n.
func cardOf(n int) solver.Card { return solver.Card(n - 1) }

// numberOf is the Secret Number of solver card c.
func numberOf(c solver.Card) int { return int(c) + 1 }

// cardNames are the solver card names: "1" to "20".
var cardNames = func() []string {
	out := make([]string, MaxNumber)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}()

// state is a game compiled into a solver problem: one holder for each
// Secret Number a player ever had (size 1), one for each group of numbers
// turned face up (its size), and the Secret Number deck (the rest).
type state struct {
	prob    *solver.Problem
	obsLine []int // observation id -> entry index
	lineObs []int // entry index -> observation id, -1 when the line adds none

	players  []string
	seat     int               // -1 when nobody's seat is kept
	secrets  [][]solver.Holder // per player, the holders of their numbers in order
	owner    []int             // holder -> player, -1 for face-up groups and the deck
	faceUp   Set               // the face-up Secret Numbers now
	groups   []solver.Holder   // the face-up groups
	deck     solver.Holder     // the Secret Number deck
	size     int               // cards left in the deck
	row      []Clue            // the last row line
	units    [][]unit          // per observation, its unit facts
	looked   map[int]uint32    // the seat's looked-at numbers: possible positions from the top (bit p)
	lookedAt map[int]int       // the entry of the look that placed each looked-at number
	approx   bool              // a draw may have taken a looked-at number whose place was uncertain
	public   bool              // built from public information only
	looks    []int             // entry indexes of the seat's looks
	guessed  [][]int           // per player, the numbers guessed from them (right guesses), in order
	current  []int             // per player, the known current number, 0 when unknown
	scores   []int             // per player, the numbers they guessed right
	seenAt   map[int]int       // number -> entry index of the line that turned it face up or guessed it
}

// unit is a fact on one indicator.
type unit struct {
	n     int
	h     solver.Holder
	holds bool
}

// current is player i's current number holder.
func (s *state) cur(i int) solver.Holder { return s.secrets[i][len(s.secrets[i])-1] }

// compile replays entries into a solver problem. With public set, what only
// the seat knows (their own number, what they saw on top of the deck) is
// left out. The error is a *table.LineError for the last entry when the
// Secret Number deck would run out or a look contradicts what the seat knows
// of the deck's order.
func compile(entries []entry, public bool) (*state, error) {
	s := &state{seat: -1, public: public, looked: map[int]uint32{}, lookedAt: map[int]int{}, seenAt: map[int]int{}}
	type spec = solver.HolderSpec
	var holders []spec
	var obs []solver.Observation
	newHolder := func(name string, size, player int) solver.Holder {
		holders = append(holders, spec{Name: name, Size: solver.Exactly(size)})
		s.owner = append(s.owner, player)
		return solver.Holder(len(holders) - 1)
	}
	drawn := 0
	s.lineObs = make([]int, len(entries))
	perEntry := make([][]unit, len(entries))
	for ei, e := range entries {
		s.lineObs[ei] = -1
		addUnit := func(n int, h solver.Holder, holds bool) { perEntry[ei] = append(perEntry[ei], unit{n, h, holds}) }
		// A fact learnt from the deck's order belongs to the look that
		// placed the number.
		addTracked := func(x int, h solver.Holder, holds bool) {
			at := s.lookedAt[x]
			perEntry[at] = append(perEntry[at], unit{x, h, holds})
		}
		// draw takes k cards from the top of the deck into holder h: the
		// seat's looked-at numbers are known in it or not when their place
		// is certain.
		draw := func(h solver.Holder, k int) error {
			if drawn+k > MaxNumber {
				return lineErr(0, "", "the Secret Number deck has only %d cards left", MaxNumber-drawn)
			}
			drawn += k
			s.size = MaxNumber - drawn
			if public {
				return nil
			}
			top := uint32(1)<<(k+1) - 2
			for x, pos := range s.looked {
				switch {
				case pos&top == 0:
					addTracked(x, h, false)
					s.looked[x] = pos >> k
				case pos&^top == 0:
					addTracked(x, h, true)
					delete(s.looked, x)
				default:
					s.approx = true
					delete(s.looked, x)
				}
			}
			return nil
		}
		switch e.kind {
		case kPlayers:
			s.players = e.names
			s.secrets = make([][]solver.Holder, len(e.names))
			s.guessed = make([][]int, len(e.names))
			s.current = make([]int, len(e.names))
			s.scores = make([]int, len(e.names))
			for i, n := range e.names {
				s.secrets[i] = []solver.Holder{newHolder(n+"#1", 1, i)}
				if err := draw(s.secrets[i][0], 1); err != nil {
					return nil, err
				}
			}
		case kSeat:
			if !public {
				s.seat = e.player
			}
		case kSecret:
			if !public {
				addUnit(e.nums[0], s.cur(e.player), true)
				s.current[e.player] = e.nums[0]
			}
		case kFaceUp:
			h := newHolder(fmt.Sprintf("faceup%d", len(s.groups)+1), len(e.nums), -1)
			s.groups = append(s.groups, h)
			for _, n := range e.nums {
				addUnit(n, h, true)
			}
			if err := draw(h, len(e.nums)); err != nil {
				return nil, err
			}
			s.faceUp |= SetOf(e.nums...)
			for _, n := range e.nums {
				if _, ok := s.seenAt[n]; !ok {
					s.seenAt[n] = ei
				}
			}
		case kRow:
			s.row = e.clues
		case kPlays:
			for _, n := range (All &^ e.clues[0].Numbers(s.faceUp)).Numbers() {
				addUnit(n, s.cur(e.player), false)
			}
		case kRejects, kDenies:
			var no Set
			for _, c := range e.clues {
				no |= c.Numbers(s.faceUp)
			}
			for _, n := range no.Numbers() {
				addUnit(n, s.cur(e.player), false)
			}
		case kGuess:
			n, t := e.nums[0], e.target
			if !e.right {
				addUnit(n, s.cur(t), false)
				break
			}
			addUnit(n, s.cur(t), true)
			s.guessed[t] = append(s.guessed[t], n)
			if _, ok := s.seenAt[n]; !ok {
				s.seenAt[n] = ei
			}
			s.scores[e.player]++
			if s.winner() >= 0 {
				// The game ends at once: nobody draws a new number.
				break
			}
			s.current[t] = 0
			h := newHolder(fmt.Sprintf("%s#%d", s.players[t], len(s.secrets[t])+1), 1, t)
			s.secrets[t] = append(s.secrets[t], h)
			if err := draw(h, 1); err != nil {
				return nil, err
			}
		case kLooks:
			if s.size == 0 && (e.player != s.seat || public || len(e.nums) == 0) {
				// "Look at 1 Card: You may look at the top card of the
				// Secret Number deck": with no deck there is no top card.
				return nil, lineErr(0, "", "the Secret Number deck is empty: there is no card to look at")
			}
			if e.player != s.seat || public || len(e.nums) == 0 {
				if !public && e.player != s.seat {
					s.otherLook(e.count)
				}
				break
			}
			if e.count > s.size {
				return nil, lineErr(0, "", "the Secret Number deck has only %d cards left", s.size)
			}
			if err := s.seatLook(e.nums, ei); err != nil {
				return nil, err
			}
			s.looks = append(s.looks, ei)
			for _, n := range e.nums {
				for h := range holders {
					addUnit(n, solver.Holder(h), false)
				}
			}
		}
	}
	for ei, us := range perEntry {
		if len(us) > 0 {
			s.lineObs[ei] = len(obs)
			s.obsLine = append(s.obsLine, ei)
			s.units = append(s.units, us)
			ks := make([]solver.Constraint, len(us))
			for i, u := range us {
				if u.holds {
					ks[i] = solver.Holds(cardOf(u.n), u.h)
				} else {
					ks[i] = solver.NotHolds(cardOf(u.n), u.h)
				}
			}
			obs = append(obs, solver.Observation{Label: strings.TrimSpace(entries[ei].text), Constraints: ks})
		}
	}
	if len(holders) == 0 {
		// No players yet: a model of the deck alone.
		s.deck = newHolder("deck", MaxNumber, -1)
	} else {
		s.deck = newHolder("deck", MaxNumber-drawn, -1)
	}
	s.size = MaxNumber - drawn
	m, err := solver.NewModel(cardNames, holders)
	if err != nil {
		return nil, err // cannot happen: sizes add up by construction
	}
	s.prob = solver.NewProblem(m)
	for _, o := range obs {
		if _, err := s.prob.Add(o); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// otherLook moves the top k cards to the bottom in an order the seat does
// not know.
func (s *state) otherLook(k int) {
	if k > s.size {
		k = s.size
	}
	top := uint32(1)<<(k+1) - 2
	bottom := (uint32(1)<<(s.size+1) - 1) &^ (uint32(1)<<(s.size-k+1) - 1)
	for x, pos := range s.looked {
		np := (pos &^ top) >> k
		if pos&top != 0 {
			np |= bottom
		}
		s.looked[x] = np
	}
}

// seatLook records that the seat saw nums on top of the deck, in order, and
// put them at the bottom in that order (the last written at the very bottom).
func (s *state) seatLook(nums []int, ei int) error {
	k := len(nums)
	top := uint32(1)<<(k+1) - 2
	for i, n := range nums {
		if pos, ok := s.looked[n]; ok && pos&(1<<(i+1)) == 0 {
			return lineErr(0, "", "%d cannot be card %d from the top: it went to the bottom of the deck earlier", n, i+1)
		}
	}
	for x, pos := range s.looked {
		seen := false
		for _, n := range nums {
			seen = seen || n == x
		}
		if seen {
			continue
		}
		if pos&^top == 0 {
			return lineErr(0, "", "%d should be among the top %d cards of the deck", x, k)
		}
		s.looked[x] = (pos &^ top) >> k
	}
	for i, n := range nums {
		s.looked[n] = 1 << (s.size - k + 1 + i)
		s.lookedAt[n] = ei
	}
	return nil
}

// errNoPlayers is returned for questions asked before the players line.
var errNoPlayers = &table.LineError{Msg: "no players yet", Want: "a players line first"}

// winsNeeded is the number of correct guesses that wins: 3 with 2 players,
// 2 with 3 or 4.
func winsNeeded(players int) int {
	if players == 2 {
		return 3
	}
	return 2
}

// winner is the player who has won, -1 while the game goes on.
func (s *state) winner() int {
	for i, n := range s.scores {
		if n >= winsNeeded(len(s.players)) {
			return i
		}
	}
	return -1
}
