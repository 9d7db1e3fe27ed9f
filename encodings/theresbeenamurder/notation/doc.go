// Package notation reads the lines of There's Been A Murder's logs: a
// [Parser] turns a line into an [Entry] (a set-up line or an event of
// package engine), with the column of any error. The text form of an
// event is its own ([engine.Event.Text]); the rules' checks of a line
// (whose turn it is, what the seat may know) are the game's, in package
// theresbeenamurder.
package notation
