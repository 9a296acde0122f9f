-- Where a table the bot opened itself comes from (see the SQLite 0009): unique, so it is opened once.
ALTER TABLE lobbies ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX lobbies_origin ON lobbies (origin);

-- Cancellations before this migration count as told (see the SQLite 0009).
UPDATE tournaments SET told_round = 1000000 WHERE status = 'cancelled';
