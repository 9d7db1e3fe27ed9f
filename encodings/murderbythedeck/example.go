package murderbythedeck

// ExampleLog is the built-in example: the first turns of a simulated round
// (seed 2) from bob's seat. bob drew the 4 of Spades on his second turn and
// went on death row; a second death card on his fifth turn was a lucky
// break. It is dave's turn, after his draw.
const ExampleLog = `game mbtd
players alice bob carol dave
seat bob
hand 2S 6S AC 3C QD 4H 3D
alice draws
alice down
alice discards QS
bob draws 8D
bob discards AC
carol draws
carol discards AH
dave draws
dave discards AD
alice draws
alice discards 8C
bob draws 4S
bob down
bob discards 2S
carol draws
carol discards 6D
dave draws
dave discards 4C
alice draws
alice lucky 2S 3S
bob draws QS
bob discards 3D
carol draws
carol discards 6C
dave draws
dave discards JC
alice draws
alice discards 2C
bob draws 8C
bob discards 6S
carol draws
carol discards JS
dave draws
dave discards AD
alice draws
alice down
alice discards 2H
bob draws 3S
bob lucky 3S 4S
carol draws
carol discards KH
dave draws
`
