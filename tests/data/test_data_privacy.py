"""A player's own data in the store, on both backends: all of it exported, and after forgetting, their id and
names in no cell of any table, while the games they played still replay (the log untouched, their seats an
anonymous player's), the others keep their ratings and the tournament its entrants. A server the bot left:
its games in play end unrated with one DM each for their players, its live things go at once, the rest after
its grace period (unless it comes back)."""

from __future__ import annotations

from data import (
    ActionWrite,
    GameFinish,
    GameRow,
    HandMessage,
    LobbyOutboxEntry,
    LobbyRow,
    OutboxEntry,
    RatingHistoryRow,
    RatingRow,
    RematchRow,
    ResultRow,
    SeasonRow,
    SeasonScheduleRow,
    SeatRow,
    SettingsRow,
    StoreInterface,
    TableAccessRow,
    TournamentRow,
    UndoRow,
    WatcherRow,
    anonymous_id,
    open_store,
)
from tests.conftest import Databases
from tests.database_dump import every_cell, mentions

GUILD, OTHER_GUILD = 5, 6
ANN, BOB, CAT = 912345678901234567, 222222222222222222, 333333333333333333
ANN_NAMES = ("Annabel Quux", "annabel-old")


async def _history(store: StoreInterface) -> dict[str, int]:
    """A realistic past of Ann's: a finished rated game, one she resigned, one in play, an open lobby she hosts
    and one she sits in, watching, invitations, a rematch, a request to take back an action, a season and a
    schedule she set, a tournament she organised and entered."""
    seats = (SeatRow(ANN, ANN_NAMES[0]), SeatRow(BOB, "Bob"))
    lobby = await store.create_lobby(LobbyRow(None, GUILD, 7, ANN, "draw", {}, seats, "started", 1.0))
    finished = await store.create_game(
        GameRow(None, lobby, GUILD, 7, ANN, "draw", 2, {}, 1, None, None, seats, "active", 1.0)
    )
    results = (ResultRow(0, ANN, 0, 1, True, 100, 0.0, 1.5), ResultRow(1, BOB, 1, 2, False, 50, 0.0, -1.0))
    ratings = (RatingRow(ANN, 27.0, 8.0, 1, 1), RatingRow(BOB, 23.0, 8.0, 1, 0))
    history = (
        RatingHistoryRow("draw", ANN, finished, 20.0, 0.0, 1.5),
        RatingHistoryRow("draw", BOB, finished, 20.0, 0.0, -1.0),
    )
    await store.append_action(
        ActionWrite(
            finished, 0, 0, "6-6", "player", 20.0, None, None, finish=GameFinish(results, ratings, history=history)
        )
    )
    await store.create_rematch(RematchRow(finished, GUILD, 7, ANN, 21.0, 99.0, {ANN: True, BOB: False}))
    # Ann resigned her seat in a second game (a computer finished it; she kept her old name on it).
    seats2 = (SeatRow(BOB, "Bob"), SeatRow(ANN, ANN_NAMES[1]))
    resigned = await store.create_game(
        GameRow(None, None, GUILD, 7, BOB, "draw", 2, {}, 2, None, None, seats2, "active", 2.0)
    )
    await store.set_seat(
        resigned,
        1,
        SeatRow(None, ANN_NAMES[1], computer=True, replaced_user_id=ANN),
        tell=[OutboxEntry(resigned, "resigned", 0, ANN, 2.0, 2.0)],
    )
    # A game in play, with her hand DM remembered, a reminder for her, and a request to take back an action.
    seats3 = (SeatRow(ANN, ANN_NAMES[0]), SeatRow(CAT, "Cat"))
    lobby3 = await store.create_lobby(LobbyRow(None, GUILD, 7, CAT, "draw", {}, seats3, "started", 3.0))
    playing = await store.create_game(
        GameRow(None, lobby3, GUILD, 7, CAT, "draw", 2, {}, 3, None, None, seats3, "active", 3.0)
    )
    await store.append_action(
        ActionWrite(
            playing, 0, 0, "6-6", "player", 4.0, None, None, tell=(OutboxEntry(playing, "reminder", 1, ANN, 4.0, 4.0),)
        )
    )
    await store.told(playing, hand_messages=[HandMessage(playing, ANN, 70, 71)])
    await store.save_undo_request(UndoRow(playing, 1, 1, CAT, "6-6", 5.0, 50.0, (ANN,)))
    await store.watch(WatcherRow(lobby3, BOB, "dm", 5.0))
    # Open lobbies: one she hosts (private, Bob invited), one of Bob's she sits in (and watches another).
    hosted = await store.create_lobby(
        LobbyRow(None, GUILD, 7, ANN, "draw", {}, (SeatRow(ANN, ANN_NAMES[0]),), "open", 6.0)
    )
    await store.invite_to_table(
        TableAccessRow(hosted, True, (BOB,), True), LobbyOutboxEntry(hosted, "invited", 0, ANN, (BOB,), 6.0, 6.0)
    )
    joined = await store.create_lobby(
        LobbyRow(None, GUILD, 7, BOB, "draw", {}, (SeatRow(BOB, "Bob"), SeatRow(ANN, ANN_NAMES[0])), "open", 7.0)
    )
    await store.invite_to_table(
        TableAccessRow(joined, True, (ANN, CAT), True),
        LobbyOutboxEntry(joined, "invited", 0, BOB, (ANN, CAT), 7.0, 7.0),
    )
    await store.watch(WatcherRow(joined, ANN, "thread", 7.0))
    await store.create_season(SeasonRow(None, GUILD, "Spring", "spring", 7, ANN, 8.0))
    await store.set_season_schedule(SeasonScheduleRow(GUILD, "weekly", "Week {n}", 7, ANN, 8.0))
    state = {
        "entrants": [
            {"users": [ANN], "names": [ANN_NAMES[0]], "rating": 1.5},
            {"users": [BOB], "names": ["Bob"], "rating": 0.0},
        ],
        "withdrawn": [],
        "rounds": [[{"a": 0, "b": 1, "lobby": lobby, "game": finished, "result": 0}]],
        "winner": 0,
    }
    tournament = await store.create_tournament(
        TournamentRow(None, GUILD, 7, ANN, 9.0, "draw", "swiss", 1, {}, "finished", state)
    )
    return {
        "finished": finished,
        "resigned": resigned,
        "playing": playing,
        "hosted": hosted,
        "joined": joined,
        "tournament": tournament,
    }


async def test_everything_of_a_player_is_exported_and_then_forgotten(databases: Databases) -> None:
    target = await databases.target()
    store = await open_store(target)
    try:
        made = await _history(store)
        before = mentions(await every_cell(target), ANN, ANN_NAMES)
        assert {t for t, _, _ in before} >= {
            "games",
            "game_seats",
            "game_results",
            "ratings",
            "rating_history",
            "lobbies",
            "watchers",
            "hand_messages",
            "outbox",
            "lobby_outbox",
            "table_access",
            "rematches",
            "undo_requests",
            "seasons",
            "season_schedules",
            "tournaments",
        }
        exported = await store.export_user(ANN)
        assert [g["game"] for g in exported["games"]] == [made["finished"], made["resigned"], made["playing"]]
        assert [g["resigned"] for g in exported["games"]] == [False, True, False]
        assert exported["ratings"][0]["pool"] == "draw" and len(exported["rating_history"]) == 1
        assert {x["lobby"] for x in exported["lobbies"]} >= {made["hosted"], made["joined"]}
        assert [w["mode"] for w in exported["watching"]] == ["thread"]
        assert [h["game"] for h in exported["hand_dms_remembered"]] == [made["playing"]]
        assert {d["kind"] for d in exported["dms_to_send"]} == {"reminder", "resigned"}
        assert len(exported["invitations"]) == 3  # the private table, the ping she sent and the one she got
        assert exported["rematches"][0]["your_answer"] is True
        assert exported["undo_requests"][0]["waiting_on_you"] is True
        assert exported["seasons"][0]["started_by_you"] and exported["season_schedules"][0]["every"] == "weekly"
        assert exported["tournaments"][0]["entered_as"] == [ANN_NAMES[0]]
        assert str(BOB) not in str(exported) and str(CAT) not in str(exported)  # nobody else's id

        forgotten = await store.forget_user(ANN)
        assert forgotten.total > 0
        assert mentions(await every_cell(target), ANN, ANN_NAMES) == []
        assert await store.export_user(ANN) == {k: [] for k in exported}
        assert await store.forget_user(ANN) == type(forgotten)()  # twice: nothing more

        # The games are whole: their logs as they were, her seats an anonymous player's.
        game = await store.load_game(made["finished"])
        assert game is not None and game.actions == [(0, "6-6")]
        assert game.row.seats[0] == SeatRow(anonymous_id(0), None) and game.row.seats[1] == SeatRow(BOB, "Bob")
        game = await store.load_game(made["resigned"])
        assert game is not None and game.row.seats[1] == SeatRow(None, None, True, anonymous_id(1))
        assert [(r.user_id, r.rating_after) for r in await store.result_rows(made["finished"])] == [
            (anonymous_id(0), None),
            (BOB, -1.0),
        ]
        # Leaderboards drop her, Bob stays; her outbox entry of a resignation is still told, of nobody named.
        assert [r.user_id for r in await store.leaderboard(GUILD, "draw")] == [BOB]
        assert {(e.kind, e.user_id) for e in await store.outbox(made["resigned"])} == {("resigned", anonymous_id(1))}
        assert await store.outbox(made["playing"]) == []
        # An open lobby she hosted is cancelled; her seat in Bob's is freed; the invitations go on without her.
        lobbies = {row.lobby_id: row for row in await store.open_lobbies()}
        assert made["hosted"] not in lobbies and lobbies[made["joined"]].seats == (SeatRow(BOB, "Bob"),)
        access = await store.table_access(made["joined"])
        assert access is not None and access.invited == (CAT,)
        assert [e.invited for e in await store.lobby_outbox()] == [(CAT,)]
        rematch = await store.rematch(made["finished"])
        assert rematch is not None and rematch.answers == {anonymous_id(0): True, BOB: False}
        tournament = await store.tournament(made["tournament"])
        assert tournament is not None and tournament.state["entrants"][0] == {
            "users": [anonymous_id(0)],
            "names": [""],
            "rating": 1.5,
        }
    finally:
        await store.close()


async def test_a_server_left_ends_its_games_at_once_and_goes_after_its_grace_period(databases: Databases) -> None:
    target = await databases.target()
    store = await open_store(target)
    try:
        made = await _history(store)
        await store.save_settings(SettingsRow(GUILD, 60, False, "ja"))
        elsewhere = await store.create_game(
            GameRow(
                None,
                None,
                OTHER_GUILD,
                8,
                BOB,
                "draw",
                2,
                {},
                1,
                None,
                None,
                (SeatRow(BOB, "Bob"), SeatRow(CAT, "Cat")),
                "active",
                1.0,
            )
        )
        left = await store.leave_guild(GUILD, 100.0)
        assert set(left.games) == {made["playing"], made["resigned"]}
        assert sorted((e.game_no, e.user_id) for e in left.tell) == sorted(
            [(made["playing"], ANN), (made["playing"], CAT), (made["resigned"], BOB)]
        )
        assert {(e.kind, e.user_id) for e in await store.outbox(made["playing"])} == {("left", ANN), ("left", CAT)}
        game = await store.load_game(made["playing"])
        assert game is not None and game.row.status == "abandoned" and game.row.ended_at == 100.0
        assert [g.row.game_no for g in await store.active_games()] == [elsewhere]
        assert await store.open_lobbies() == [] and await store.load_settings(GUILD) is not None
        assert await store.season_schedule(GUILD) is None and await store.running_season(GUILD) is None
        assert await store.watchers(made["joined"]) == []
        # Kept for the grace period: the finished game and the ratings.
        assert await store.purge_left_guilds(99.0) == []
        assert await store.load_game(made["finished"]) is not None
        assert len(await store.leaderboard(GUILD, "draw")) == 2
        # Back before the end of it: nothing is purged; gone again and past it: everything of the server goes.
        assert await store.guild_rejoined(GUILD) is True and await store.guild_rejoined(GUILD) is False
        assert await store.purge_left_guilds(10_000.0) == []
        await store.leave_guild(GUILD, 200.0)
        assert await store.purge_left_guilds(10_000.0) == [GUILD]
        cells = await every_cell(target)
        assert [c for c in cells if c[1] == "guild_id" and c[2] == GUILD] == []
        assert [c for c in cells if c[0] == "games"] and await store.load_game(elsewhere) is not None
        assert await store.load_game(made["finished"]) is None
    finally:
        await store.close()
