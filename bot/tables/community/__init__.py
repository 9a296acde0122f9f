"""Community: spectators, players' own data (privacy), rematches, tournaments and their pairing."""
