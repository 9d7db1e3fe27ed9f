package engine

import (
	"slices"
	"testing"
)

func TestLegalPlays(t *testing.T) {
	tests := []struct {
		why  string
		hand []Card
		want []Card
	}{
		{"any card of two", []Card{Cad, Butler}, []Card{Cad, Butler}},
		{"the Murderer is not played beside another card", []Card{Murderer, Butler}, []Card{Butler}},
		{"the Murderer alone is played", []Card{Murderer}, []Card{Murderer}},
		{"the Monkey must be played", []Card{Monkey, Detective}, []Card{Monkey}},
		{"the Drunk must be played", []Card{Drunk, Detective}, []Card{Drunk}},
		{"the Monkey wins over the Drunk (lower number)", []Card{Drunk, Monkey}, []Card{Monkey}},
		{"the Imposter gives way to a higher card", []Card{Imposter, Cad}, []Card{Cad}},
		{"the Imposter beside a lower card: either", []Card{Imposter, Confidant}, []Card{Confidant, Imposter}},
		{"the Imposter beside the Murderer is played", []Card{Imposter, Murderer}, []Card{Imposter}},
		{"the Socialite needs another card", []Card{Socialite}, []Card{Socialite}},
		{"the Socialite with another card", []Card{Socialite, Witness}, []Card{Witness, Socialite}},
		{"the Nun needs another card", []Card{Nun, Butler}, []Card{Butler, Nun}},
		{"three cards, the Murderer among them", []Card{Murderer, Stranger, Gossip}, []Card{Stranger, Gossip}},
	}
	for _, tt := range tests {
		if got := LegalPlays(tt.hand); !slices.Equal(got, tt.want) {
			t.Errorf("%s: LegalPlays(%v) = %v, want %v", tt.why, tt.hand, got, tt.want)
		}
	}
}

func TestChoosable(t *testing.T) {
	tests := []struct {
		why  string
		hand []Card
		want []Card
	}{
		{"a free choice", []Card{Cad, Butler}, []Card{Cad, Butler}},
		{"the Stranger must be chosen", []Card{Stranger, Butler}, []Card{Stranger}},
		{"the Stranger before the Murderer", []Card{Murderer, Stranger}, []Card{Stranger}},
		{"the Murderer is kept back", []Card{Murderer, Witness}, []Card{Witness}},
		{"the Murderer alone goes", []Card{Murderer}, []Card{Murderer}},
		{"nothing to choose", nil, nil},
	}
	for _, tt := range tests {
		if got := Choosable(tt.hand); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Choosable(%v) = %v, want %v", tt.why, tt.hand, got, tt.want)
		}
	}
}
