-- What the players of a lobby must be told before it has a game goes through an outbox of its own (the game's
-- outbox is keyed by a game, and a lobby has none yet): for now, the players a host invited to a private
-- table (the Invite list, `/play invite:`), mentioned in the lobby's channel with a link to it. The entry is
-- written in the same transaction as the invitation (table_access) and deleted once Discord took the post;
-- a post that failed is tried again later (`due_at`, `attempts`), and a sweep takes over what a crashed
-- writer left (the writer has until `due_at` first; a sweep claims an entry by moving `due_at` a lease on,
-- so two processes never post the same ping).
--
-- kind     what is told                                   seq                          invited
-- invited  `by_user_id` invited these players: they are   the lobby's invitations,     JSON list of the
--          mentioned with a link to the lobby              numbered from 1              user ids told
CREATE TABLE lobby_outbox (
    lobby_id   {bigint} NOT NULL REFERENCES lobbies (lobby_id),
    kind       TEXT     NOT NULL CHECK (kind IN ('invited')),
    seq        {bigint} NOT NULL,
    by_user_id {bigint} NOT NULL,
    invited    {json}   NOT NULL,
    created_at {real}   NOT NULL,
    due_at     {real}   NOT NULL,
    attempts   {bigint} NOT NULL DEFAULT 0,
    PRIMARY KEY (lobby_id, kind, seq)
) {without_rowid};
CREATE INDEX lobby_outbox_due ON lobby_outbox (due_at);
