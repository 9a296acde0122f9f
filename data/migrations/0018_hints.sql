-- Hints for learners and stored analyses (issue 28, items 4 and 5).
--
-- A table may be opened with hints (the host's choice in the lobby's options; a row: on since `at`; none:
-- off, the default). A player at such a table may ask for the search's move on their turn; each hint given
-- is a row of `hint_uses`, written before it is shown, so a game where one was used stays unrated after a
-- restart (no rating changes for anyone at its end).
CREATE TABLE hint_tables (
    lobby_id {bigint} PRIMARY KEY REFERENCES lobbies (lobby_id),
    at       {real}   NOT NULL
) {without_rowid};

CREATE TABLE hint_uses (
    game_no {bigint} NOT NULL REFERENCES games (game_no),
    seat    INTEGER  NOT NULL,
    turn    INTEGER  NOT NULL,  -- the length of the log when it was asked
    at      {real}   NOT NULL,
    PRIMARY KEY (game_no, seat, turn)
) {without_rowid};

-- A post-game analysis, once computed, by game and seat: `/analysis` and the Analysis button answer from it
-- (after a restart too) instead of searching again. `budget` names what it was computed with: an analysis
-- of another budget is computed anew. `body` is JSON (bot.tables.analyses writes and reads it).
CREATE TABLE analyses (
    game_no {bigint} NOT NULL REFERENCES games (game_no),
    seat    INTEGER  NOT NULL,
    budget  TEXT     NOT NULL,
    body    TEXT     NOT NULL,
    at      {real}   NOT NULL,
    PRIMARY KEY (game_no, seat)
) {without_rowid};
