-- Computer levels: a computer seat's level, a server's default level (see the SQLite 0004).
ALTER TABLE game_seats ADD COLUMN level TEXT;
ALTER TABLE guild_settings ADD COLUMN computer_level TEXT;
