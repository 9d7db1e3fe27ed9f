// Package tabletest is the conformance test every game runs: it checks a
// game's [table.Definition] and its [table.Game] against the contract that
// package table specifies — logs with a byte-order mark, carriage returns
// and comments; the header that is not a line; line numbers in errors;
// conflicts that change nothing and name lines that exist; explanations
// that name lines that exist; JSON that parses; setup with the names
// players write; and a fuzz target for lines.
//
// A game package runs it from one test file:
//
//	func TestConformance(t *testing.T) {
//		tabletest.Run(t, mygame.Definition, tabletest.Options{...})
//	}
//
//	func FuzzLine(f *testing.F) { tabletest.Fuzz(f, mygame.Definition) }
package tabletest
