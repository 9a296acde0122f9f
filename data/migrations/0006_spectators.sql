-- Spectators and private tables.
--
-- Who may sit at and watch a table, as its host chose when opening it (a row only for a table opened private
-- or closed to watchers; none: anyone joins, anyone watches). `invited` is a JSON list of the user ids who may
-- join a private table (the host always may).
CREATE TABLE table_access (
    lobby_id {bigint} PRIMARY KEY REFERENCES lobbies (lobby_id),
    private  {bool}   NOT NULL,
    invited  {json}   NOT NULL,
    watching {bool}   NOT NULL  -- 1: anyone who does not play may watch
) {without_rowid};

-- Who watches a table, by its lobby (a table is watched from its lobby message, before its game exists).
-- `mode`: 'thread' (added to the table's thread, where the boards are) or 'dm' (a digest of the public board
-- by DM). A digest is due when the game moved past `told_turn` and `told_at` is at least the digest interval
-- ago, or at once when a hand ended (more than `told_hands` hand results) or the game did; the process that
-- sends it claims it until `claimed_until` in the same statement, so two processes never both send it, and a
-- crash sends it again after the lease.
CREATE TABLE watchers (
    lobby_id      {bigint} NOT NULL REFERENCES lobbies (lobby_id),
    user_id       {bigint} NOT NULL,
    mode          TEXT     NOT NULL CHECK (mode IN ('thread', 'dm')),
    since         {real}   NOT NULL,
    told_turn     {bigint} NOT NULL DEFAULT 0,
    told_hands    {bigint} NOT NULL DEFAULT 0,
    told_at       {real}   NOT NULL DEFAULT 0,
    claimed_until {real},
    PRIMARY KEY (lobby_id, user_id)
) {without_rowid};
CREATE INDEX watchers_user ON watchers (user_id);
CREATE INDEX watchers_digest ON watchers (lobby_id) WHERE mode = 'dm';
