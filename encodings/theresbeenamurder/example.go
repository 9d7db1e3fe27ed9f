package theresbeenamurder

// ExampleLog is a built-in game: a simulated three-player game (seed 5)
// seen from bob's seat, won when alice's Detective makes bob discard the
// Murderer that alice's Gossip had passed him. Carol's Swain is written
// in the shorthand a table may use once the turn is over (the player
// chosen on the play's line).
const ExampleLog = `game tbam
players alice bob carol
seat bob
hand socialite doctor
alice plays swain
alice draws
bob takes from alice
alice gives gossip to bob
bob plays doctor swain
carol plays witness
alice draws
alice announces drunk
alice plays drunk
bob plays gossip
alice gives murderer to bob
bob gives socialite to carol
carol draws
carol plays swain alice
carol draws
alice plays secretary imposter
bob draws butler
bob plays butler stranger
carol draws
carol plays stranger
alice draws
alice plays detective bob
bob discards murderer
`
