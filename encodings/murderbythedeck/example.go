package murderbythedeck

// ExampleLog is the built-in example: the first turns of a simulated round
// (seed 2) from bob's seat. bob drew the 4 of Spades on his second turn and
// is on death row; it is dave's turn, after his draw.
const ExampleLog = `game mbtd
players alice bob carol dave
seat bob
hand 2S 6S AC 3C QD 4H 3D
alice draws
alice discards 2H
bob draws 8D
bob discards 4H
carol draws
carol discards AH
dave draws
dave discards JD
alice draws
alice discards 8C
bob draws 4S
bob down
bob discards AC
carol draws
carol discards 6D
dave draws
dave discards 8H
alice draws
alice discards 2D
bob draws 2H
bob discards QD
carol draws
carol discards 6C
dave draws
dave discards 4C
alice draws
alice discards QC
bob draws 8C
bob discards 2H
carol draws
carol discards 3H
dave draws
dave discards QH
alice draws
alice discards 2C
bob draws QC
bob discards 8C
carol draws
carol discards 8H
dave draws
`
