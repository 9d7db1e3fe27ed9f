package tournament

import (
	"math"
	"math/rand/v2"
	"slices"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Paired is the difference of two policies' win rates per seat-game,
// a − b, measured in the same games, with its standard error and 95%
// interval (normal approximation).
//
// The two rates come from the same games, where at most one seat wins, so
// they are not independent: when a wins, b does not. The difference is
// d = Σ_g D_g over the cell's G games, with D_g = W_a,g/S_a − W_b,g/S_b,
// where W_p,g is 1 when a seat of p won game g (else 0) and S_p is p's
// seat-games in the cell, fixed by which games were played (game i's
// seats are [Seats](n, i)). The variance of d is estimated from the
// spread of the per-game differences: G/(G−1) · Σ_g (D_g − d/G)².
type Paired struct {
	D, SE, Lo, Hi float64
	Games         int  // games of the cell, the units of the estimate
	Judged        bool // false: too few games for an interval, which is then (−1, 1)
}

// Verdict is what the interval shows at 95%: "a better" when it lies
// above 0, "b better" when below, "not shown" when it contains 0, and
// "too few games" when either policy has fewer than [MinSeatsForDiff]
// seat-games (then the interval is (−1, 1)). a and b name the policies.
func (p Paired) Verdict(a, b string) string {
	switch {
	case !p.Judged:
		return "too few games"
	case p.Lo > 0:
		return a + " better"
	case p.Hi < 0:
		return b + " better"
	}
	return "not shown"
}

// PairedDiff is the paired difference a − b from the tallies of one cell
// of games games. It needs no per-game record: at most one seat wins a
// game, so W_a,g·W_b,g = 0 and W² = W, hence Σ_g D_g² = W_a/S_a² +
// W_b/S_b², and the variance of [Paired] is
// G/(G−1) · (W_a/S_a² + W_b/S_b² − d²/G), exactly what the per-game
// differences give ([PairedGames]).
func PairedDiff(a, b Cell, games int) Paired {
	out := Paired{Lo: -1, Hi: 1, Games: games}
	if a.Seats == 0 || b.Seats == 0 {
		return out
	}
	sa, sb := float64(a.Seats), float64(b.Seats)
	out.D = float64(a.Wins)/sa - float64(b.Wins)/sb
	if games < 2 || min(a.Seats, b.Seats) < MinSeatsForDiff {
		return out
	}
	g := float64(games)
	ss := float64(a.Wins)/(sa*sa) + float64(b.Wins)/(sb*sb) - out.D*out.D/g
	out.SE = math.Sqrt(max(0, g/(g-1)*ss))
	out.Judged = true
	out.Lo, out.Hi = out.D-z95*out.SE, out.D+z95*out.SE
	return out
}

// PairedGames is [PairedDiff] computed from the games themselves, one
// difference D_g per game: the direct form, kept to check the tallies'
// form against, and for records whose games do not follow the rule that
// at most one seat wins.
func PairedGames(rs []Result, a, b Policy) Paired {
	out := Paired{Lo: -1, Hi: 1, Games: len(rs)}
	var sa, sb int
	for _, r := range rs {
		for _, p := range r.Seats {
			sa += btoi(p == a)
			sb += btoi(p == b)
		}
	}
	if sa == 0 || sb == 0 {
		return out
	}
	ds := make([]float64, len(rs))
	for g, r := range rs {
		for s, p := range r.Seats {
			if s != r.Winner {
				continue
			}
			if p == a {
				ds[g] += 1 / float64(sa)
			}
			if p == b {
				ds[g] -= 1 / float64(sb)
			}
		}
		out.D += ds[g]
	}
	if len(rs) < 2 || min(sa, sb) < MinSeatsForDiff {
		return out
	}
	g := float64(len(rs))
	ss := 0.0
	for _, d := range ds {
		ss += (d - out.D/g) * (d - out.D/g)
	}
	out.SE = math.Sqrt(g / (g - 1) * ss)
	out.Judged = true
	out.Lo, out.Hi = out.D-z95*out.SE, out.D+z95*out.SE
	return out
}

// Bootstrap is the paired difference a − b by a bootstrap over games:
// reps resamples of the games with replacement, each giving both rates
// (wins over seat-games of the resample, so the seat-games vary too);
// the standard error is the resamples' standard deviation and the
// interval their 2.5% and 97.5% percentiles. D is the games' own
// difference.
func Bootstrap(rs []Result, a, b Policy, reps int, rng *rand.Rand) Paired {
	out := PairedGames(rs, a, b)
	if len(rs) < 2 || reps < 2 {
		return out
	}
	type game struct{ sa, sb, wa, wb int }
	gs := make([]game, len(rs))
	for i, r := range rs {
		for s, p := range r.Seats {
			gs[i].sa += btoi(p == a)
			gs[i].sb += btoi(p == b)
			if s == r.Winner {
				gs[i].wa += btoi(p == a)
				gs[i].wb += btoi(p == b)
			}
		}
	}
	ds := make([]float64, 0, reps)
	for range reps {
		var t game
		for range gs {
			x := gs[rng.IntN(len(gs))]
			t.sa, t.sb, t.wa, t.wb = t.sa+x.sa, t.sb+x.sb, t.wa+x.wa, t.wb+x.wb
		}
		if t.sa == 0 || t.sb == 0 {
			continue
		}
		ds = append(ds, float64(t.wa)/float64(t.sa)-float64(t.wb)/float64(t.sb))
	}
	if len(ds) < 2 || !out.Judged {
		return out
	}
	var m, ss float64
	for _, d := range ds {
		m += d
	}
	m /= float64(len(ds))
	for _, d := range ds {
		ss += (d - m) * (d - m)
	}
	out.SE = math.Sqrt(ss / float64(len(ds)-1))
	slices.Sort(ds)
	out.Lo = ds[int(0.025*float64(len(ds)-1)+0.5)]
	out.Hi = ds[int(0.975*float64(len(ds)-1)+0.5)]
	return out
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
