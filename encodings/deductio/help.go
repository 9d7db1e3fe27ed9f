package deductio

// Help is the log grammar in brief, for the table session's "help lines".
const Help = `Deductio lines (player and clue words are case-insensitive):
  players NAME NAME [NAME [NAME]]   2-4 players in seat order, first
  seat NAME                         whose log it is
  secret NAME N                     the seat's own number (again after each correct guess of it)
  faceup N [N ...]                  numbers turned face up (3 at setup, then one per Reveal card)
  row CLUE [CLUE [CLUE]]            the face-up clue cards, for advice
  NAME plays CLUE                   a card placed vertically: true of NAME's number
  NAME rejects CLUE [CLUE [CLUE]]   cards taken horizontally: all false of NAME's number
  NAME denies CLUE                  a card said to be false of NAME's number
  NAME guesses NAME N right|wrong   a guess and its answer
  NAME looks 1|2                    another player looked at the top of the Secret Number deck
  SEAT looks N [N]                  the seat saw N [N] on top (top first) and put them at the bottom
Clues: 5-12  even  odd  not:9,19  not:5-12  single  double  >=7  <=7  faceup+1  faceup-1
       an ability may follow a slash: even/look2, >=7/free, 5-12/look1
Facts for why: "alice 7", "not alice 7". Advice arguments: [free] [CLUE CLUE CLUE].`

// ExampleLog is a short complete log, header included: a three-player game
// from carol's seat.
const ExampleLog = `game deductio
# A three-player game from carol's seat.
players alice bob carol
seat carol
secret carol 12
faceup 3 11 17
row even >=7 not:9,19
alice plays >=7
bob rejects even single faceup+1
carol plays not:9,19
alice plays odd
bob guesses alice 13 wrong
carol looks 5 15
bob plays 10-20
bob plays <=15
alice plays 5-15
`
