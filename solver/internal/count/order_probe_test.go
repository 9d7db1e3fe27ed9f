//go:build unix

package count

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var probeDir = flag.String("count.probe", "", "TestOrderProbe: a directory of dumped problems (JSON) to count in several layer orders")

type probeTerm struct{ Coef, Card, Holder int }
type probeCon struct {
	Terms []probeTerm
	Op    int
	Bound int
}
type probeProb struct {
	Name    string
	Cards   int
	Min     []int
	Max     []int
	Names   []string
	Allowed [][]bool
	Cons    []probeCon
}

func (d *probeProb) input() *Input {
	in := &Input{Cards: d.Cards, Allowed: d.Allowed}
	for h := range d.Min {
		in.Sizes = append(in.Sizes, Size{d.Min[h], d.Max[h]})
	}
	for _, k := range d.Cons {
		c := Constraint{Op: Op(k.Op), Bound: k.Bound}
		for _, t := range k.Terms {
			c.Terms = append(c.Terms, Term{t.Coef, Lit{Card(t.Card), Holder(t.Holder)}})
		}
		in.Constraints = append(in.Constraints, c)
	}
	return in
}

// timeKeys are each holder's epoch and time from the holder names.
func (d *probeProb) timeKeys() (epoch, at []int) {
	e := 1
	for i, n := range d.Names {
		switch {
		case strings.HasPrefix(n, "hand"):
			epoch, at = append(epoch, 1), append(at, -1)
		case strings.HasPrefix(n, "pile"):
			e, _ = strconv.Atoi(n[4:])
			epoch, at = append(epoch, e), append(at, 1<<30)
		case strings.HasPrefix(n, "block"):
			epoch, at = append(epoch, 0), append(at, i)
		default:
			epoch, at = append(epoch, e), append(at, i)
		}
	}
	return
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestOrderProbe counts dumped problems (-count.probe, written by
// Murder By The Deck's TestCountOrderRounds -mbtd.countdump) in three layer
// orders: the counter's own, the holders' time order (from their names:
// hands, each pile generation then its draws) and the reverse time order
// the tracker gives (Input.Order). For each it prints the estimate the
// refusal is decided on, whether the default budget refuses it, and, built
// anyway (no refusal on the estimate, the default budget still held by
// the builder), the states, the memory and the CPU time of the build and
// of a count; the counts must agree. A measurement, run by hand
// (docs/benchmarks.md).
func TestOrderProbe(t *testing.T) {
	if *probeDir == "" {
		t.Skip("-count.probe not set")
	}
	files, _ := filepath.Glob(filepath.Join(*probeDir, "*.json"))
	slices.Sort(files)
	old := estimateSlack
	defer func() { estimateSlack = old }()
	ctx := context.Background()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var d probeProb
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		ep, at := d.timeKeys()
		sortBy := func(rev bool) []Holder {
			o := make([]Holder, len(d.Names))
			for h := range o {
				o[h] = Holder(h)
			}
			slices.SortStableFunc(o, func(a, b Holder) int {
				x, y := ep[a]*(1<<31)+at[a], ep[b]*(1<<31)+at[b]
				if rev {
					x, y = y, x
				}
				return x - y
			})
			return o
		}
		orders := []struct {
			name string
			o    []Holder
		}{{"own", nil}, {"time", sortBy(false)}, {"reverse", sortBy(true)}}
		var want *big.Int
		for _, o := range orders {
			in := d.input()
			in.Order = o.o
			estimateSlack = old
			es, _, eb := estimateInput(in, true)
			_, err := compile(ctx, in, layout{first: NoHolder})
			refused := err != nil
			estimateSlack = 1e12
			cpu := cpuNow()
			cp, err := compile(ctx, in, layout{first: NoHolder})
			build := cpuNow() - cpu
			var n *big.Int
			var pass time.Duration
			states, used := 0, int64(0)
			if err == nil {
				states, used = (&Graph{cp}).Size()
				cpu = cpuNow()
				var r *passResult
				if r, err = cp.pass(ctx, false, false); err == nil {
					n = r.total
				}
				pass = cpuNow() - cpu
			}
			res := "ok"
			switch {
			case err != nil:
				res = err.Error()
			case want == nil:
				want = n
			case want.Cmp(n) != 0:
				t.Errorf("%s, %s order: %v worlds, %v in the counter's own", d.Name, o.name, n, want)
			}
			fmt.Printf("%-14s %-7s %4d holders: estimate %.3g states %.3g bytes, refused %-5v | built: %6d states %5.1f MiB, build %4d ms, count %4d ms CPU: %s\n",
				d.Name, o.name, len(d.Names), es, eb, refused, states, float64(used)/(1<<20), build.Milliseconds(), pass.Milliseconds(), res)
		}
	}
}
