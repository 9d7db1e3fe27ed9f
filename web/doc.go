// Package web is the deduction sheet in a web page: the server behind
// "gumshoe serve", its page, and printable puzzles.
//
// A [Server] is an [net/http.Handler] that keeps games open, each a
// [table.Session] of a game of the game table, saved to a game log in the
// format and folder of the table session after every change, and serves:
// the page (the sheet, the entry line, the session's commands as buttons,
// the list of lines), JSON endpoints built on the game contract (the state
// of a game, a typed line or command, the sheet, report, advice and
// explanation documents of docs/json.md), and the live updates of every
// page open on a game, as server-sent events. No game is known here by
// name: everything comes through [table.Definition] and [table.Game].
//
// Security (docs/web.md): without a token only requests addressed to a
// loopback name are served; with [Options.Token] every request must carry
// it (compared in constant time); requests that change something must
// come from the server's own pages and send JSON; bodies and lines are
// size-limited; no request names a file; the changes to a game are
// serialised, and each is answered only once its log is saved.
//
// [WritePuzzleHTML] lays out a puzzle page for print, and [WriteQR] draws
// an address as a QR code in a terminal.
//
// docs/web.md is the manual: the page, the endpoints and their JSON, the
// choices made, and how the browser tests run.
package web
