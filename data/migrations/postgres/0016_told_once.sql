-- A season's announcement claims, counted (see the SQLite 0016).
ALTER TABLE seasons ADD COLUMN announce_claims INTEGER NOT NULL DEFAULT 0;
