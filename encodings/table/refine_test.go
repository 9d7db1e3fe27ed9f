package table

import (
	"context"
	"errors"
	"testing"
)

// refiningGame is a fakeGame whose Refine changes the sheet on call
// changeAt (1-based; 0 for never) and has more to do until call limit.
type refiningGame struct {
	fakeGame
	calls, changeAt, limit int
	err                    error
}

func (g *refiningGame) Refine(ctx context.Context) (changed, more bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, false, err
	}
	if g.calls >= g.limit {
		return false, false, nil
	}
	g.calls++
	if g.err != nil && g.calls == 2 {
		return false, true, g.err
	}
	if g.calls == g.changeAt {
		return true, false, nil
	}
	return false, g.calls < g.limit, nil
}

func TestRefineAll(t *testing.T) {
	boom := errors.New("boom")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name      string
		g         Game
		ctx       context.Context
		changed   bool
		err       error
		wantCalls int
	}{
		{"not a refiner", &fakeGame{}, context.Background(), false, nil, 0},
		{"changes on the third call", &refiningGame{changeAt: 3, limit: 10}, context.Background(), true, nil, 3},
		{"never changes: stops at its limit", &refiningGame{limit: 5}, context.Background(), false, nil, 5},
		{"nothing to do", &refiningGame{limit: 0}, context.Background(), false, nil, 0},
		{"an error stops it", &refiningGame{limit: 10, err: boom}, context.Background(), false, boom, 2},
		{"a done context", &refiningGame{changeAt: 1, limit: 10}, ctx, false, context.Canceled, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed, err := RefineAll(tt.ctx, tt.g)
			if changed != tt.changed || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("RefineAll = %v, %v; want %v, %v", changed, err, tt.changed, tt.err)
			}
			if r, ok := tt.g.(*refiningGame); ok && r.calls != tt.wantCalls {
				t.Fatalf("%d calls, want %d", r.calls, tt.wantCalls)
			}
		})
	}
}
