-- A rematch with new partners (see the SQLite 0011).
ALTER TABLE rematches ADD COLUMN swap BOOLEAN NOT NULL DEFAULT FALSE;
