package murderbythedeck

import (
	"flag"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var (
	stuckDeals = flag.Int("mbtd.stuck", 0, "TestStuckRounds: deals played by the fixed rule in every seat, whose rounds stopped at the turn limit are described (0: skip)")
	stuckFirst = flag.Int("mbtd.stuckfirst", 100000, "TestStuckRounds: the first deal")
	stuckRules = flag.String("mbtd.stuckrules", "", "TestStuckRounds: the rule lines' values, e.g. \"discard keepdeath\"")
	stuckList  = flag.String("mbtd.stuckdeals", "", "TestStuckRounds: the deals to play, comma-separated, in place of -mbtd.stuck and -mbtd.stuckfirst")
	stuckStyle = flag.String("mbtd.stuckstyle", "fixed", "TestStuckRounds: the style of every seat (hoard: the fixed rule before null cards were kept)")
)

// TestStuckRounds plays deals with the fixed rule in every seat and
// counts, over the rounds stopped at the turn limit, where the family
// cards each living player lacks are: why nobody completes a family.
// Run by hand (-mbtd.stuckstyle hoard: the fixed rule before null cards
// were kept when nothing else is out of the hands, and by the murderer
// before its first kill):
//
//	nice -n 10 go test ./encodings/murderbythedeck -run StuckRounds -v -mbtd.stuck 400 -mbtd.stuckstyle hoard
func TestStuckRounds(t *testing.T) {
	var deals []uint64
	for k := *stuckFirst; k < *stuckFirst+*stuckDeals; k++ {
		deals = append(deals, uint64(k))
	}
	if *stuckList != "" {
		deals = nil
		for _, w := range strings.Split(*stuckList, ",") {
			k, err := strconv.ParseUint(strings.TrimSpace(w), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			deals = append(deals, k)
		}
	}
	if len(deals) == 0 {
		t.Skip("no deal: -mbtd.stuck 0")
	}
	rules := flagRules(t, *stuckRules)
	sty, ok := styles[*stuckStyle]
	if !ok {
		t.Fatalf("no style %q", *stuckStyle)
	}
	var st [Players]style
	for p := range Players {
		st[p] = sty
	}
	counts := map[string]int{}
	add := func(k string) { counts[k]++ }
	stopped, played := 0, 0
	for _, k := range deals {
		r, ps, err := playRound(k, rules, st, playOpts{})
		if err != nil {
			t.Fatal(err)
		}
		played++
		if r.End != Stopped {
			continue
		}
		stopped++
		where := map[Card]string{}
		for p := range Players {
			for _, c := range r.Hands[p] {
				where[c] = fmt.Sprint(p)
			}
		}
		for _, c := range r.Pile {
			where[c] = "pile"
		}
		for _, c := range r.Used {
			where[c] = "used"
		}
		nulls := true
		for c := range where {
			if (where[c] == "pile" || where[c] == "used") && c.IsFamily() {
				nulls = false
			}
		}
		add(fmt.Sprintf("the draw and return piles hold only null cards: %v", nulls))
		m := -1
		for p := range Players {
			if r.Alive[p] && r.IsSpade(p) {
				m = p
			}
		}
		var targets []int
		for p := range Players {
			if !r.Alive[p] || p == m {
				continue
			}
			targets = append(targets, ps[p].target)
		}
		tc := slices.Clone(targets)
		slices.Sort(tc)
		same := len(slices.Compact(tc)) < len(targets)
		add(fmt.Sprintf("two drawing players collect the same suit: %v", same))
		if m >= 0 {
			nonSpadeFam := 0
			for _, c := range r.Hands[m] {
				if !c.IsSpade() && c.IsFamily() {
					nonSpadeFam++
				}
			}
			add(fmt.Sprintf("murderer holds %d family cards of Hearts, Diamonds, Clubs", nonSpadeFam))
			var suits [3]bool
			for _, c := range r.Hands[m] {
				if !c.IsSpade() && c.IsFamily() {
					suits[c.Suit()] = true
				}
			}
			n := 0
			for _, b := range suits {
				n += b2i(b)
			}
			add(fmt.Sprintf("murderer holds family cards of %d of Hearts, Diamonds, Clubs", n))
			all := true
			for p := range Players {
				if r.Alive[p] && p != m && !suits[ps[p].target] {
					all = false
				}
			}
			add(fmt.Sprintf("every drawing player's suit has a card in the murderer's hand: %v", all))
		} else {
			add("no murderer alive")
		}
		for p := range Players {
			if !r.Alive[p] || p == m {
				continue
			}
			s := ps[p].target
			deaths := 0
			for _, c := range r.Hands[p] {
				if c.IsDeath() {
					deaths++
				}
			}
			add(fmt.Sprintf("drawing player holds %d death cards", deaths))
			have := familyCounts(r.Hands[p])[s]
			add(fmt.Sprintf("drawing player holds %d of its suit's 7", have))
			for rk := range 9 {
				c := NewCard(rk, s)
				if !c.IsFamily() || where[c] == fmt.Sprint(p) {
					continue
				}
				w := where[c]
				switch {
				case w == fmt.Sprint(m):
					w = "the murderer's hand"
				case w == "pile" || w == "used":
					w = "draw or return pile"
				default:
					q := int(w[0] - '0')
					if ps[q].target == s {
						w = "a player collecting the same suit"
					} else {
						w = "a player collecting another suit"
					}
				}
				add("a lacking family card is in " + w)
			}
		}
		if stopped <= 5 {
			var b strings.Builder
			for p := range Players {
				fmt.Fprintf(&b, " p%d(target %d%s): %s;", p, ps[p].target, map[bool]string{true: ", murderer"}[p == m], cardList(r.Hands[p]))
			}
			t.Logf("deal %d stopped:%s pile %s, used %s", k, b.String(), cardList(r.Pile), cardList(r.Used))
		}
	}
	t.Logf("%d deals, %d stopped at %d turns", played, stopped, DefaultMaxTurns)
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%6d  %s", counts[k], k)
	}
}
