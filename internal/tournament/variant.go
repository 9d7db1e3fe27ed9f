package tournament

import (
	"context"
	"fmt"
	"math/big"

	"github.com/gumshoe-dev/gumshoe/encodings/threat"
)

// AccuseRule is when a seat accuses before its best accusation is certain
// (every seat accuses when it is certain).
type AccuseRule int

// The accusation rules.
const (
	AccuseCertain AccuseRule = iota // only when certain
	AccuseThreat                    // when accusing beats waiting (threat.Decide): the full policy's rule
	AccuseAt                        // when the best accusation's probability is at least Variant.Threshold
	// AccuseNext is AccuseThreat with the opponents' next turns followed
	// (threat.Options.Turns 1): the reports' rule.
	AccuseNext
	// AccuseThreatAt is AccuseThreat with the opponents modelled as
	// accusing as soon as their own best accusation is at least
	// Variant.Threshold likely (threat.Options.AccuseAt): the threat is
	// the chance that one of them accuses and is right.
	AccuseThreatAt
)

// SecretRule is when a Deduce or Die seat makes its Secret
// Interrogation (the range and the player the advice's best; a seat asking
// random or greedy questions never makes one).
type SecretRule int

// The Secret Interrogation rules.
const (
	SecretNever  SecretRule = iota // never (the tournament's seats)
	SecretAdvice                   // when its gain beats the draw's best question (its score with leaks)
	SecretFirst                    // at the seat's first turn
)

// Variant is a seat's play with each decision chosen separately, for the
// experiments that measure what one decision is worth: two variants that
// differ in one decision play the same games (see [PairedVariants]).
type Variant struct {
	Name string
	// Ask is the policy whose question the seat asks.
	Ask Policy
	// Show: when the seat holds several asked cards, it shows the card the
	// show advice ranks first (clue.Game.AdviseShow, least leaking);
	// otherwise one uniformly at random.
	Show bool
	// Accuse is when the seat accuses before certainty; Threshold is
	// AccuseAt's probability, and the opponents' of AccuseThreatAt.
	Accuse    AccuseRule
	Threshold float64
	// Secret is when a Deduce or Die seat makes its Secret
	// Interrogation.
	Secret SecretRule
	// LeakSamples, when above 0, is the seat's worlds a Deduce or Die
	// seat asking Full questions samples for the leaks
	// (dod.LeakOptions.Samples; default 8).
	LeakSamples int
}

// PolicyVariant is the variant that plays as policy p does in the
// tournament: p's questions, full accusing on the threat rule, the others
// only when certain, and every seat showing a random card.
func PolicyVariant(p Policy) Variant {
	v := Variant{Name: p.String(), Ask: p}
	if p == Full {
		v.Accuse = AccuseThreat
	}
	return v
}

// String is the variant's name.
func (v Variant) String() string {
	if v.Name != "" {
		return v.Name
	}
	return fmt.Sprintf("%s questions, show advice %v, accuse rule %d at %.2f", v.Ask, v.Show, v.Accuse, v.Threshold)
}

// VariantSeats are the variants of game i of an experiment of n players
// between variants a (index 0) and b (index 1): they alternate round the
// table, starting from a in even games and from b in odd ones, so that
// each sits in every seat equally often.
func VariantSeats(n, i int) []int {
	seats := make([]int, n)
	for s := range seats {
		seats[s] = (i + s) % 2
	}
	return seats
}

// PairedVariants is [PairedGames] for an experiment's games: rs[g].Seats
// hold the variant index of each seat (0 for a, 1 for b) as a Policy
// value, so a − b is PairedGames(rs, 0, 1).
func PairedVariants(rs []Result) Paired {
	return PairedGames(rs, 0, 1)
}

// accuses is whether a seat playing v accuses now, when its best
// accusation is right with probability prob (certain says it is sure):
// always when certain; else by v's rule, the threat rules reading the
// seat's figures from threats (asked only then, with seed).
func (v Variant) accuses(ctx context.Context, prob *big.Rat, certain bool, seed uint64, threats func(context.Context, threat.Options) ([]threat.Figure, error)) (bool, error) {
	switch {
	case certain:
		return true, nil
	case v.Accuse == AccuseThreat || v.Accuse == AccuseNext || v.Accuse == AccuseThreatAt:
		opt := threat.Options{Seed: seed, Limit: 2}
		switch v.Accuse {
		case AccuseNext:
			opt.Turns = 1
		case AccuseThreatAt:
			opt.AccuseAt = v.Threshold
		}
		figs, err := threats(ctx, opt)
		if err != nil {
			return false, err
		}
		return threat.Decide(prob, figs, nil).Now, nil
	case v.Accuse == AccuseAt:
		f, _ := prob.Float64()
		return f >= v.Threshold, nil
	}
	return false, nil
}
