package deduceordie

import (
	"encoding/binary"
	"sync"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// countCache keeps one counting engine while the problem's constraints do
// not change: a line that adds none (a pass, another seat's Secret
// Interrogation) redraws from the counts already made, and the report and
// the advice share them.
type countCache struct {
	mu    sync.Mutex
	model *solver.Model
	key   string // every constraint, encoded
	cnt   *solver.Counter
}

// get returns a counter over p, the same one as before when p has the
// model and the constraints it was made for (observations without
// constraints do not count).
func (cc *countCache) get(p *solver.Problem) *solver.Counter {
	if cc == nil {
		return solver.NewCounter(p)
	}
	var b []byte
	for _, o := range p.Observations() {
		for _, k := range o.Constraints {
			b = binary.AppendUvarint(b, uint64(k.Op))
			b = binary.AppendVarint(b, int64(k.Bound))
			b = binary.AppendUvarint(b, uint64(len(k.Terms)))
			for _, t := range k.Terms {
				b = binary.AppendVarint(b, int64(t.Coef))
				b = binary.AppendVarint(b, int64(t.Lit.Card))
				b = binary.AppendVarint(b, int64(t.Lit.Holder))
			}
		}
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.cnt == nil || cc.model != p.Model() || cc.key != string(b) {
		cc.cnt, cc.model, cc.key = solver.NewCounter(p), p.Model(), string(b)
	}
	return cc.cnt
}
