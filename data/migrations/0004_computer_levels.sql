-- Computer levels: each computer seat keeps the level it plays (easy, normal, strong), and a server may
-- choose the level of the computers added at its tables.
--
-- A seat written before this migration has no level (NULL) and plays easy, as every computer did then. A
-- lobby's seats are JSON text (`lobbies.seats`): a computer's level is the fifth item of its seat there,
-- and a seat of four items (an older lobby) has none. No CHECK on the levels: the service checks them, and
-- a new level should not need SQLite's table rebuild.
ALTER TABLE game_seats ADD COLUMN level TEXT;
ALTER TABLE guild_settings ADD COLUMN computer_level TEXT;
