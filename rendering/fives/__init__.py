"""Images of the fives family: the board (`board`), a private hand (`hand`) and the score sheet (`sheet`)."""
