-- The first schema: server settings, lobbies, games with their seats, the action log, results, ratings.
-- Discord ids and numbers are 64-bit ({bigint}); times are Unix seconds ({real}); flags are {bool}; structured
-- values are JSON text ({json}: on PostgreSQL `json`, which keeps the text as written, key order included, so a
-- row reads back exactly as on SQLite, and still refuses anything that is not JSON).

CREATE TABLE guild_settings (
    guild_id        {bigint} PRIMARY KEY,
    turn_seconds    {bigint} NOT NULL,
    auto_play       {bool}   NOT NULL,
    language        TEXT,
    default_options {json}   NOT NULL DEFAULT '{}'
);

CREATE TABLE lobbies (
    lobby_id   {serial},
    guild_id   {bigint} NOT NULL,
    channel_id {bigint} NOT NULL,
    message_id {bigint},
    host_id    {bigint} NOT NULL,
    game_id    TEXT     NOT NULL,
    options    {json}   NOT NULL,
    seats      {json}   NOT NULL,
    status     TEXT     NOT NULL CHECK (status IN ('open', 'started', 'cancelled')),
    created_at {real}   NOT NULL,
    game_no    {bigint}
);
CREATE INDEX lobbies_open ON lobbies (status) WHERE status = 'open';

CREATE TABLE games (
    game_no          {serial},
    lobby_id         {bigint} REFERENCES lobbies (lobby_id),
    guild_id         {bigint} NOT NULL,
    channel_id       {bigint} NOT NULL,
    thread_id        {bigint},
    board_message_id {bigint},
    host_id          {bigint} NOT NULL,
    game_id          TEXT     NOT NULL,
    players          {bigint} NOT NULL,
    options          {json}   NOT NULL,
    seed             {bigint} NOT NULL,
    deals            {json},
    seating          {json},
    status           TEXT     NOT NULL CHECK (status IN ('active', 'finished', 'abandoned')),
    deadline         {real},
    reminder_at      {real},
    created_at       {real}   NOT NULL,
    ended_at         {real}
);
CREATE INDEX games_active ON games (status) WHERE status = 'active';
-- [postgres]
CREATE INDEX games_guild ON games (guild_id, game_id);
-- [both]

CREATE TABLE game_seats (
    game_no          {bigint} NOT NULL REFERENCES games (game_no),
    seat             {bigint} NOT NULL,
    user_id          {bigint},
    name             TEXT,
    computer         {bool}   NOT NULL,
    replaced_user_id {bigint},
    PRIMARY KEY (game_no, seat)
) {without_rowid};
CREATE INDEX game_seats_user ON game_seats (user_id);

-- The action log is the game: a restart replays it. (game_no, turn) as the key means that the same turn
-- can never be written twice, whatever races above, in one process or several.
CREATE TABLE actions (
    game_no {bigint} NOT NULL REFERENCES games (game_no),
    turn    {bigint} NOT NULL,
    seat    {bigint} NOT NULL,
    action  TEXT     NOT NULL,
    kind    TEXT     NOT NULL CHECK (kind IN ('player', 'computer', 'auto', 'timeout')),
    at      {real}   NOT NULL,
    PRIMARY KEY (game_no, turn)
) {without_rowid};

CREATE TABLE hand_results (
    game_no {bigint} NOT NULL REFERENCES games (game_no),
    hand_no {bigint} NOT NULL,
    turn    {bigint} NOT NULL,
    reason  TEXT     NOT NULL,
    points  {json}   NOT NULL,
    detail  {json}   NOT NULL,
    PRIMARY KEY (game_no, hand_no)
) {without_rowid};

-- One row per seat of a finished game: who was rated for it, the side's place and the rating change.
CREATE TABLE game_results (
    game_no       {bigint} NOT NULL REFERENCES games (game_no),
    seat          {bigint} NOT NULL,
    user_id       {bigint},
    side          {bigint} NOT NULL,
    place         {bigint} NOT NULL,
    won           {bool}   NOT NULL,
    score         {bigint} NOT NULL,
    rating_before {real},
    rating_after  {real},
    PRIMARY KEY (game_no, seat)
) {without_rowid};
CREATE INDEX game_results_user ON game_results (user_id);

-- user_id 0 is the computer pseudo-player of that server and game (rated, never listed). `games` counts
-- every update, so it is also the row's version: a writer updates only the version it read.
CREATE TABLE ratings (
    guild_id {bigint} NOT NULL,
    game_id  TEXT     NOT NULL,
    user_id  {bigint} NOT NULL,
    mu       {real}   NOT NULL,
    sigma    {real}   NOT NULL,
    games    {bigint} NOT NULL,
    wins     {bigint} NOT NULL,
    PRIMARY KEY (guild_id, game_id, user_id)
) {without_rowid};
CREATE INDEX ratings_user ON ratings (user_id);
