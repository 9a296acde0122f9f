"""Domineren images: the table (`board`), a seat's hand (`hand`) and the score sheet (`sheet`), with
Billitonnen's face-down rows; `pieces` holds the sprites they add to the shared tiles and text."""
