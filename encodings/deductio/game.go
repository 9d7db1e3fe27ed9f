package deductio

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Game is a game of Deductio as seen from one seat (or from no seat at
// all): the lines accepted so far and the solver problem they make. Build
// one with [NewGame] and feed it lines with [Game.Apply], or read a whole log
// with [Load].
type Game struct {
	entries []entry
	lines   []string
	p       parser
	st      *state // the game from the seat, for the current lines
	tal     tally
	whys    map[solver.Fact][]int // explanations found by the SAT engine
}

var _ table.Game = (*Game)(nil)

// NewGame returns an empty game awaiting its setup lines.
func NewGame() *Game {
	g := &Game{p: parser{seat: -1}}
	st, _ := compile(nil, false)
	g.st = st
	g.tal = tally{total: 1, count: make([][MaxNumber + 1]int64, 1)}
	for n := 1; n <= MaxNumber; n++ {
		g.tal.count[0][n] = 1 // the deck alone: one deal
	}
	return g
}

// Load reads a whole log of Deductio (its header "game deductio") and
// replays it; see [table.Replay] for the errors.
func Load(r io.Reader) (*Game, error) { return table.LoadAs[*Game](Definition, r) }

// Name is the game's name in a log header.
const Name = "deductio"

// Name is "deductio".
func (g *Game) Name() string { return Name }

// Lines are the accepted lines, in order.
func (g *Game) Lines() []string { return g.lines }

// Players are the players in seat order, empty before the players line.
func (g *Game) Players() []string { return g.p.players }

// Seat is the seat's player, "" when no seat line was given.
func (g *Game) Seat() string {
	if g.p.seat < 0 {
		return ""
	}
	return g.p.players[g.p.seat]
}

// Problem is the solver problem of the game from the seat: observation i is
// the line numbered by its label (1-based, in [Game.Lines] order).
func (g *Game) Problem() *solver.Problem { return g.st.prob }

// Words are the player names, the keywords of the grammar and the clue
// words, for completion at the prompt.
func (g *Game) Words() []string {
	w := slices.Clone(g.p.players)
	w = append(w, "players", "seat", "secret", "faceup", "row", "plays", "rejects", "denies", "guesses", "looks", "right", "wrong", "not")
	w = append(w, "even", "odd", "single", "double", "faceup+1", "faceup-1", "not:", ">=", "<=")
	return w
}

// Apply parses one line and adds it. A malformed line returns a
// *table.LineError; a line that contradicts earlier ones returns a
// *table.ConflictError naming a minimal set of them. On any error the game
// is unchanged. Comments and blank lines are accepted and kept.
func (g *Game) Apply(line string) error {
	return table.CharColumns(g.applyLine(line), line)
}

// applyLine is Apply with the columns of its errors in bytes.
func (g *Game) applyLine(line string) error {
	if len(line) > table.MaxLineLen {
		return &table.LineError{Msg: fmt.Sprintf("the line has %d bytes, more than %d", len(line), table.MaxLineLen)}
	}
	e, err := g.p.parse(line)
	if err != nil {
		return err
	}
	if w := g.st.winner(); w >= 0 && e.kind != kComment {
		return &table.LineError{Col: firstCol(line), Msg: fmt.Sprintf("the game is over: %s won", g.p.players[w]), Want: "a comment"}
	}
	if e.kind == kComment {
		g.entries = append(g.entries, e)
		g.lines = append(g.lines, line)
		g.st.lineObs = append(g.st.lineObs, -1)
		return nil
	}
	entries := append(slices.Clip(g.entries), e)
	st, err := compile(entries, false)
	if le, ok := err.(*table.LineError); ok && le.Col == 0 {
		// What the whole line does is wrong (the deck has too few cards
		// for it): the column of its action, after the player's name.
		le.Col = actionCol(line)
	}
	if err != nil {
		return err
	}
	tal, err := st.countWorlds(context.Background())
	if err != nil {
		return err
	}
	if tal.total == 0 {
		return g.conflict(st, len(entries)-1, e)
	}
	g.entries, g.st, g.tal = entries, st, tal
	g.lines = append(g.lines, line)
	switch e.kind {
	case kPlayers:
		g.p.players = e.names
	case kSeat:
		g.p.seat = e.player
	case kFaceUp:
		g.p.faceUp = true
	}
	return nil
}

// conflict explains why entry last (e) cannot be added to st.
func (g *Game) conflict(st *state, last int, e entry) error {
	sat := solver.NewSAT(st.prob)
	ids, err := sat.Conflict(context.Background())
	if err != nil {
		return err
	}
	if ids == nil {
		return errors.New("deductio: internal error: the count found no deal but the SAT engine found one")
	}
	var nums []int
	for _, id := range ids {
		if ln := st.obsLine[id]; ln != last {
			nums = append(nums, ln+1)
		}
	}
	slices.Sort(nums)
	ce := table.NewConflict(g.lines, slices.Compact(nums))
	if len(ce.Lines) == 0 {
		ce.Rule = g.ruleBroken(e)
	}
	return ce
}

// ruleBroken says in words why entry e is impossible on its own.
func (g *Game) ruleBroken(e entry) string {
	var cards []string
	for _, c := range e.clues {
		cards = append(cards, c.String())
	}
	switch e.kind {
	case kPlays:
		return fmt.Sprintf("no Secret Number from 1 to %d is true of %s, judged against the face-up numbers; a card played vertically is true of the player's number", MaxNumber, strings.Join(cards, " "))
	case kRejects, kDenies:
		return fmt.Sprintf("every Secret Number from 1 to %d is true of one of %s, judged against the face-up numbers; a card taken horizontally is false of the player's number", MaxNumber, strings.Join(cards, " "))
	}
	return fmt.Sprintf("no way to deal the %d Secret Numbers fits it", MaxNumber)
}

// publicState is the game compiled from public information only: what
// every player at the table knows.
func (g *Game) publicState() (*state, error) {
	// The public game has the same draws as the seat's and fewer facts, so
	// it compiles whenever the seat's game does.
	return compile(g.entries, true)
}

// Ready reports whether the lines make a game that can be reported on:
// the players given ([table.Ready]).
func (g *Game) Ready() error {
	if len(g.p.players) == 0 {
		return lineErr(0, "a players line first, such as \"players alice bob carol\"", "no players yet")
	}
	return nil
}

// firstCol is the column of the first word of line (1 for a blank line).
func firstCol(line string) int {
	if ws := splitWords(table.StripComment(line)); len(ws) > 0 {
		return ws[0].col
	}
	return 1
}

// actionCol is the column of the action of a player's line (its second
// word), or of the first word of another line.
func actionCol(line string) int {
	ws := splitWords(table.StripComment(line))
	switch {
	case len(ws) > 1:
		return ws[1].col
	case len(ws) == 1:
		return ws[0].col
	}
	return 1
}
