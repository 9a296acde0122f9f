-- A rematch with new partners: `swap` is 1 when the player who asked for the rematch asked for it with the
-- partners swapped (bot/tables/seating.py `swapped_partners` says how the seats move); the others' answers
-- accept or decline that proposal as it is. A rematch asked before this migration kept its partners.
ALTER TABLE rematches ADD COLUMN swap {bool} NOT NULL DEFAULT {false};
