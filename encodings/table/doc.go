// Package table is the contract every game implements, and everything that
// is the same for every game: the game log and its line numbers, comments,
// errors with line and column, conflicts, explanations, the deduction sheet
// and its JSON, the undo history of a game at the table, and the game
// table through which the command-line tool, the table session and the
// JSON output reach a game.
//
// # Game logs
//
// A game log is plain UTF-8 text, one line an entry. A byte-order mark at
// its start is ignored and a carriage return before a newline is dropped.
// Its first entry is the header "game <name>"; every later line, setup
// included (players, seat, hand), is in that game's grammar and goes
// through [Game.Apply].
//
// # Line numbers
//
// The header is line 0; the first line after it is line 1, and so on.
// Comment and blank lines count: a line's number is its place after the
// header. Comment lines before the header (a preamble) are not numbered.
// Every command, error, explanation, edit and JSON field uses these
// numbers, so "line 11" means the same line everywhere. In a log with no
// preamble, line N is the file's line N+1.
//
// # Comments
//
// A '#' at the start of a line, or after white space, starts a comment that
// runs to the end of the line ([StripComment]). A line holding only a
// comment or white space is a comment line: every game accepts and keeps it
// as it is, and it constrains nothing. A '#' inside a word ("C#") is not a
// comment.
//
// # Errors
//
// [Game.Apply] returns a *[LineError] (with a 1-based column counted in
// characters as a player sees them, [Column]) for a malformed line and a
// *[ConflictError] (naming a minimal set of earlier lines) for a line that
// contradicts earlier ones; on any error the game is unchanged. Reading a
// whole log returns a *[LogError] naming the line.
//
// # Drawing the sheet
//
// [Grid.Layout] lays a sheet out for a terminal ([Screen]): panels side by
// side when the rows are many, narrower columns or cut card names when the
// width is short, the column heads kept as words that [MatchName] reads
// back as their holder, and the headlines wrapped at word boundaries
// ([Wrap]). [Grid.Changes] is the difference from the sheet drawn before,
// and [SettledLines] sums up the facts it settles. A game reads the holder
// of a fact with [MatchName], so that every column head is a holder its
// explanations accept.
//
// # The table session
//
// A [Session] is a game at the table with its undo history. What a player
// types in one is a [Command], parsed by [ParseCommand]: a line of the
// game, or one of the session's commands (undo, redo, edit, delete, help,
// why, odds, advise, sheet, log, save, quit). [CommandHelp] is the help of
// those commands for one game, built from its [Definition.Help], so that
// every front end (the terminal session, a browser sheet) speaks the same
// language. A game whose estimates can improve with more time implements
// [Refiner]; the sessions call it while they wait for the next line.
//
// # Adding a game
//
// A game is one package that implements [Game] and exports a [Definition];
// the command-line tool lists the definitions in one table ([Games]). The
// conformance tests in package tabletest check every game against this
// specification.
//
// Beyond the contract, every game package uses the same names for the same
// things: Advice is the whole answer of the game's advice (what [Game.Advise]
// and [Game.AdviseJSON] write), computed by the game's Advice method; a
// thing the seat may do, weighed, is an Option (clue.QuestionOption,
// clue.ShowOption, deductio.ClueOption) and one decision among options a
// Choice (clue.ShowChoice, deductio.ClueChoice); the simulator of random
// legal games is Simulate(SimOptions) (*Simulation, error), SimOptions
// holding at least Players and Seed, and the same options play the same
// game.
//
// # JSON
//
// Every JSON document has "schema" ([Schema]) and "game" at top level,
// snake_case keys, and writes an exact probability as the pair "p" (a
// fraction string in lowest terms, [Probability]) and "p_float", an
// estimate as "p_float", its standard error "se" and "exact": false, never
// a fraction ([Chance]); floats always with a decimal point ([Real]);
// counts of worlds are decimal strings under "worlds" ([Odds]). Every
// report starts with the same fields ([ReportHead]), the seat's best move
// among them ([BestMove]). docs/json.md is the schema; [WriteJSON] writes a
// document, [Grid.MarshalJSON] and [SheetJSON] the sheet (one shape in
// every game), [SolveJSON] the sheet and the report in one document,
// [WhyJSON] an explanation.
package table
