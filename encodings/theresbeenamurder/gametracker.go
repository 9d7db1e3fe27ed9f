package theresbeenamurder

import (
	"fmt"
	"strings"
	"sync"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// track brings the tracker up to date with the lines, building it on
// first use. When no sampled history fits a line and the tracker cannot
// rebuild its particles within its budget, it returns nil, lostAt naming
// the line, until a later line's replays rebuild them (see resume).
func (g *Game) track() *estimate.Tracker {
	if g.cfg == nil || g.lostAt > 0 && g.tr == nil {
		return nil
	}
	if g.tr == nil {
		parts := g.particles()
		if tr := cachedTracker(g.cacheKey(parts)); tr != nil {
			g.tr, g.done = tr, len(g.evs)
			return g.tr
		}
		defer g.cacheTracker()
		tr, err := estimate.NewTracker(g.cfg, g.p.Seat, g.hand, parts, 1)
		if err != nil {
			g.lostAt = 1
			return nil
		}
		g.tr, g.done = tr, 0
	}
	// The tracker rebuilds dead particles itself, within a bounded budget
	// a line (recover, resume: package estimate's trackrecover.go), or from the SAT layer's worlds
	// (package estimate's witness.go); while it cannot, the estimates stop.
	g.tr.Wit = g.witnessesAt
	for ; g.done < len(g.evs); g.done++ {
		t := g.evs[g.done]
		if t.NewTurn {
			g.tr.CloseTurn() // when it fails, the tracker is stopped: add says
		}
		switch err := g.tr.Add(t.Ev); {
		case err == nil:
			g.lostAt = 0
		case g.lostAt == 0:
			g.lostAt = t.Line
		}
	}
	g.tr.Wit = nil // the tracker cache must not keep the game and its SAT layer alive
	if g.tr.Stop != nil {
		return nil
	}
	return g.tr
}

// cacheTracker keeps the tracker in the tracker cache under the lines
// when it is up to date with them and has estimates, so that a copy of
// the game rebuilt from the same lines finds it.
func (g *Game) cacheTracker() {
	if g.tr != nil && g.tr.Stop == nil && g.done == len(g.evs) {
		storeTracker(g.cacheKey(g.particles()), g.tr)
	}
}

// particles is the tracker's number of particles.
func (g *Game) particles() int {
	if g.Particles <= 0 {
		return DefaultParticles
	}
	return g.Particles
}

// cacheKey names the tracker of these lines: the set-up, the seat's
// hand, the particles and every event with where turns begin.
func (g *Game) cacheKey(parts int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %v %d %d %v %d|", g.cfg.Players, g.cfg.Cards, g.cfg.Removed, g.p.Seat, g.hand, parts)
	for _, t := range g.evs {
		fmt.Fprintf(&b, "%v %v;", t.NewTurn, t.Ev)
	}
	return b.String()
}

// The tracker cache: reading the same log again (a session's undo
// replays it, a tool reloads it) finds the same tracker (the tracker is
// deterministic: a copy is as good as a rerun).
var trackerCache struct {
	sync.Mutex
	keys []string
	trs  map[string]*estimate.Tracker
}

// trackerCacheSize bounds the cache.
const trackerCacheSize = 8

func cachedTracker(key string) *estimate.Tracker {
	trackerCache.Lock()
	defer trackerCache.Unlock()
	if tr, ok := trackerCache.trs[key]; ok {
		return tr.Clone()
	}
	return nil
}

func storeTracker(key string, tr *estimate.Tracker) {
	trackerCache.Lock()
	defer trackerCache.Unlock()
	if trackerCache.trs == nil {
		trackerCache.trs = map[string]*estimate.Tracker{}
	}
	if _, ok := trackerCache.trs[key]; ok {
		return
	}
	if len(trackerCache.keys) == trackerCacheSize {
		delete(trackerCache.trs, trackerCache.keys[0])
		trackerCache.keys = trackerCache.keys[1:]
	}
	trackerCache.keys = append(trackerCache.keys, key)
	trackerCache.trs[key] = tr.Clone()
}
