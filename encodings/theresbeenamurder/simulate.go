package theresbeenamurder

import "github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"

// The rules engine's names that callers of the game use most, so that a
// program that simulates games and reads their logs needs one import.
// Everything else of the engine is in package engine.

// MinPlayers and MaxPlayers bound the player count.
const (
	MinPlayers = engine.MinPlayers
	MaxPlayers = engine.MaxPlayers
)

// Level is a difficulty level (see [engine.Level]).
type Level = engine.Level

// ParseLevel reads a level's name (see [engine.ParseLevel]).
func ParseLevel(s string) (Level, error) { return engine.ParseLevel(s) }

// SimOptions are the options of [Simulate] (see [engine.SimOptions]).
type SimOptions = engine.SimOptions

// Simulation is a game played by [Simulate] (see [engine.Simulation]).
type Simulation = engine.Simulation

// Simulate plays a seeded random legal game and writes every seat's log
// (see [engine.Simulate]).
func Simulate(o SimOptions) (*Simulation, error) { return engine.Simulate(o) }
