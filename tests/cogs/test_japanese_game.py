"""A Japanese server and Japanese players, from the first command to the last score sheet: every word the
bot shows them (messages, embeds, thread names, DMs, ephemeral answers, buttons, selects, modals,
autocomplete choices, and the words drawn in the images) is Japanese.

What they see is read from every REST call the bot made (so a message edited later is checked as it was
first shown too), and the images' words from the text drawing function itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord

from app.client import FivesBot
from bot.i18n import tr
from bot.tables import TableService
from cogs.hands import typed_move
from tests.checks import is_a, must

from ..i18n.english import CARD, english_in, record_drawn_text
from .conftest import add_computer, close_dms, custom_ids, dms, move, playable, reply, selects_of
from .test_language import speaks_japanese

JA = "ja"


def test_the_checker_tells_english_from_japanese() -> None:
    assert english_in("Your turn") == ["Your", "turn"]
    assert english_in("<@123> あなたの番です。期限は<t:1700000000:R>") == []
    assert english_in("7NTより高く8♠より低い（パーレット）") == []
    assert english_in("記法で入力（例：5-3@5-5、draw、8NT）") == ["draw"]
    assert english_in("記法で入力（例：5-3@5-5、draw、8NT）", notation=True) == []
    assert english_in("AC") == ["AC"] and english_in("AC", notation=True) == []
    assert english_in("Domino club https://discord.com/channels/1/2/3") == ["Domino", "club"]


# -- what the players saw --------------------------------------------------------------------------------
def _shown(node: Any, where: str) -> Iterator[tuple[str, str, bool]]:
    """(where, text, notation allowed) for every string of a REST payload that Discord shows a user."""
    if isinstance(node, list):
        for item in node:
            yield from _shown(item, where)
        return
    if not isinstance(node, dict):
        return
    text_input = node.get("type") == 4 and "label" in node  # a modal's field: its placeholder shows notation
    if "inline" in node and "name" in node and "value" in node:  # an embed field
        yield f"{where} field", str(node["name"]), False
        yield f"{where} field", str(node["value"]), False
    for key in ("content", "title", "description", "label", "placeholder", "text"):
        if isinstance(node.get(key), str):
            yield f"{where} {key}", node[key], text_input and key == "placeholder"
    if isinstance(node.get("author"), dict) and node["author"].get("name"):
        yield f"{where} author", node["author"]["name"], False
    for choice in node.get("choices") or ():  # autocomplete
        if isinstance(choice, dict):
            yield f"{where} choice", str(choice.get("name", "")), False
    for key, value in node.items():
        if key not in ("author", "choices", "emoji", "attachments", "allowed_mentions", "message_reference"):
            yield from _shown(value, where)


def shown_texts(env: simcord.Env) -> list[tuple[str, str, bool]]:
    """Every text the bot sent to Discord to show someone, with where it was sent; not the slash command
    definitions (Discord shows each client their translations, checked separately)."""
    out = []
    for request in env.http_requests:
        if "/commands" in request.path or request.json is None:
            continue
        where = f"{request.method} {request.path}"
        if request.path.endswith("/threads") and isinstance(request.json, dict) and request.json.get("name"):
            out.append((f"{where} thread name", request.json["name"], False))
        out += list(_shown(request.json, where))
    return out


def assert_all_japanese(env: simcord.Env, drawn: list[str]) -> None:
    texts = shown_texts(env) + [("image", text, bool(CARD.fullmatch(text))) for text in drawn]
    assert len(texts) > 100
    leaks = sorted({(where, text) for where, text, notation in texts if english_in(text, notation=notation)})
    report = "\n".join(f"{where}: {text!r}" for where, text in leaks[:40])
    assert not leaks, f"{len(leaks)} texts shown to Japanese players have English words:\n{report}"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return record_drawn_text(monkeypatch)


# -- a Japanese server -------------------------------------------------------------------------------------
class Club:
    """A server whose preferred language is Japanese, and three members whose Discord speaks Japanese:
    あいこ and けん play, さくら watches."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.guild = env.create_guild("ドミノ部", preferred_locale="ja")
        self.channel = self.guild.create_text_channel("対局")
        self.aiko, self.ken, self.sakura = (
            self.guild.add_member(env.create_user(name, global_name=shown))
            for name, shown in (("aiko", "あいこ"), ("ken", "けん"), ("sakura", "さくら"))
        )
        speaks_japanese(env, self.aiko, self.ken, self.sakura)
        self.errors_seen = 0

    @property
    def service(self) -> TableService:
        return is_a(FivesBot, self.env.bot).service

    def thread(self) -> simcord.ChannelHandle:
        [table] = self.channel.threads
        return table

    def board(self) -> discord.Message:
        live = [m for m in self.thread().history() if any(i.startswith("fives:hand:") for i in custom_ids(m))]
        assert len(live) == 1, f"{len(live)} boards have live controls"
        return live[0]

    def whose_turn(self) -> simcord.MemberActor | None:
        return next(
            (m for m in (self.aiko, self.ken) if any(g.your_turn for g in self.service.tables.games_of(m.id))), None
        )

    def refusals(self) -> list[str]:
        errors = self.env.errors
        new, self.errors_seen = errors[self.errors_seen :], len(errors)
        return [getattr(getattr(e, "original", e), "key", repr(e)) for e in new]

    async def open(self, game: str, *, humans: int, computers: int) -> discord.Message:
        """あいこ opens a table, けん joins if asked, she adds computers, looks at every page of the rules
        and starts; the lobby message."""
        lobby = reply(await self.aiko.slash(self.channel, "play", game=game))
        assert lobby is not None and lobby.embeds[0].title == tr("lobby.title", JA, game=tr(f"game.{game}.name", JA))
        if humans > 1:
            await self.ken.click(lobby, label=tr("lobby.button.join", JA))
        for _ in range(computers):
            await add_computer(self.aiko, lobby)  # the level it offers as the default, in Japanese
        shown = reply(await self.aiko.click(lobby, label=tr("lobby.button.options", JA)))
        assert shown is not None and shown.ephemeral
        [first, *_] = selects_of(shown.message, "fives:lopt:")
        # Choosing the rules' default again redraws the options message and the lobby, changing nothing.
        shown = reply(await self.aiko.select(shown, [first.options[0].value], custom_id=first.custom_id))
        page = 0
        while later := [i for i in custom_ids(shown.message) if re.fullmatch(rf"fives:lopts:\d+:{page + 1}", i)]:
            shown = reply(await self.aiko.click(shown, custom_id=later[0]))
            page += 1
        await self.aiko.click(lobby, label=tr("lobby.button.start", JA))
        return lobby.message


@pytest.fixture
def club(simcord_env: simcord.Env) -> Club:
    return Club(simcord_env)


def game_over(club: Club, game: str) -> discord.Message:
    title = tr("result.over.title", JA, table=tr("table.title", JA, game=tr(f"game.{game}.name", JA), number=1))
    [over] = [m for m in club.thread().history() if m.embeds and m.embeds[0].title == title]
    assert [a.filename for a in over.attachments] == ["sheet.png"]
    return over


# -- the games ---------------------------------------------------------------------------------------------
async def test_a_japanese_table_plays_five_up_to_the_final_score_sheet_in_japanese(
    club: Club, drawn: list[str]
) -> None:
    """Two Japanese players and two computers play Five Up, with a turn that runs out, refusals, the
    private views, the Type a move modal and `/games`, `/hand`, `/resign`."""
    aiko, ken, sakura = club.aiko, club.ken, club.sakura
    await club.service.settings.update(club.guild.id, turn_seconds=120)
    await club.open("five-up", humans=2, computers=2)
    thread = club.thread()
    assert must(thread.name).startswith("ファイブアップ #1")

    # Someone who does not play, and a player out of turn.
    refused = reply(await sakura.click(club.board(), label=tr("controls.my_hand", JA)))
    assert refused.content == tr("error.not_a_player", JA)
    player = club.whose_turn()
    assert player is not None
    waiting = ken if player is aiko else aiko
    shown = reply(await waiting.click(club.board(), label=tr("controls.my_hand", JA)))
    assert shown.embeds[0].description == tr("hand.waiting", JA, player=player.user.global_name)
    typed = reply(await waiting.slash(thread, "move", action="draw"))
    assert typed.content == tr("error.not_your_turn", JA)
    assert club.refusals() == ["not_a_player", "not_your_turn"]

    # Half the time gone: a reminder by DM; all of it: the computer plays.
    await club.env.advance_time(65)
    title = tr("table.title", JA, game="ファイブアップ", number=1)
    assert dms(player)[-1].embeds[0].title == tr("reminder.title", JA, table=title)
    await club.env.advance_time(60)
    assert "持ち時間が切れた" in must(club.thread().history()[-1].embeds[0].description)

    # The commands of a player, the autocomplete of a game and of a move, a stale control, and the modal.
    player = club.whose_turn()
    assert player is not None
    await player.slash(club.channel, "games")
    await player.autocomplete(thread, "hand", "game", "")
    await player.autocomplete(thread, "move", "action", "")
    asked = await player.slash(thread, "resign")
    await player.click(reply(asked), label=tr("confirm.no", JA))
    ephemeral = reply(await player.slash(thread, "hand"))
    hand = playable(player)
    assert hand is not None
    [type_button] = [i for i in custom_ids(hand) if i.startswith("fives:type:")]
    modal = await player.user.click(hand, custom_id=type_button)
    assert modal.modal is not None and modal.modal["title"] == tr("controls.type.title", JA)
    select = selects_of(hand, "fives:act:")[0]
    await player.user.submit_modal(modal, {"move": select.options[0].value})
    late = await player.select(ephemeral, [select.options[0].value], custom_id=select.custom_id)
    assert late.followups[0].content == tr("error.stale_control", JA)
    assert club.refusals() == ["stale_control"]

    plays = 0
    while club.service.tables.games_of(aiko.id):
        player = club.whose_turn()
        assert player is not None
        message = playable(player)
        assert message is not None, f"{player.name} has no controls on their turn"
        await move(player, message)
        plays += 1
        assert plays < 300, "the game did not end"

    over = game_over(club, "five-up")
    assert "🏆" in must(over.embeds[0].description)
    assert [f.name for f in over.embeds[0].fields][:1] == [tr("result.over.standings", JA)]
    await aiko.slash(club.channel, "games")  # nothing left: how to start one
    assert club.refusals() == []
    assert drawn
    assert_all_japanese(club.env, drawn)


async def test_a_japanese_player_plays_draw_dominoes_against_computers_in_japanese(
    club: Club, drawn: list[str]
) -> None:
    await club.open("draw", humans=1, computers=3)
    plays = 0
    while club.service.tables.games_of(club.aiko.id):
        message = playable(club.aiko)
        assert message is not None
        await move(club.aiko, message)
        plays += 1
        assert plays < 200, "the game did not end"
    game_over(club, "draw")
    assert club.refusals() == []
    assert_all_japanese(club.env, drawn)


async def test_a_japanese_player_plays_five_hundred_against_three_computers_in_japanese(
    club: Club, drawn: list[str]
) -> None:
    aiko = club.aiko
    await club.open("five-hundred", humans=1, computers=3)
    # The autocomplete of /move names the bids whose notation is English words by their Japanese names.
    # Typing the Japanese name finds a move, and so does typing its notation. (The value carries the turn
    # the list was made for, #0: see cogs.hands.typed_move.)
    found = await aiko.autocomplete(club.thread(), "move", "action", "パス")
    assert found == [{"name": tr("move.word.pass", JA), "value": "pass #0"}]
    found = await aiko.autocomplete(club.thread(), "move", "action", "mis")
    assert {typed_move(c["value"])[0]: c["name"] for c in found} == {
        "misere": tr("bid.misere", JA),
        "open-misere": tr("bid.open_misere", JA),
    }
    found = await aiko.autocomplete(club.thread(), "move", "action", "8nt")
    assert found == [{"name": tr("bid.no_trumps", JA, number=8), "value": "8NT #0"}]
    discarded = False
    for n in range(300):
        if not club.service.tables.games_of(aiko.id):
            break
        if n == 12:  # someone looks back at the last trick
            shown = reply(await club.sakura.click(club.board(), label=tr("controls.last_trick", JA)))
            assert shown.embeds[0].title == tr("controls.last_trick", JA)
        message = playable(aiko)
        assert message is not None
        discarded |= any(i.startswith("fives:discard:") for i in custom_ids(message))
        await move(aiko, message)
    else:
        raise AssertionError("the game did not end")
    assert discarded, "あいこ never won an auction (the seed decides)"
    game_over(club, "five-hundred")
    assert club.refusals() == []
    assert_all_japanese(club.env, drawn)


async def test_closed_dms_are_explained_in_japanese(club: Club, drawn: list[str]) -> None:
    ken = club.ken
    close_dms(club.env, ken)
    await club.open("draw", humans=2, computers=0)
    notice = tr("table.dms_closed", JA, player="けん")
    assert any(m.embeds and m.embeds[0].description == notice for m in club.thread().history())
    assert_all_japanese(club.env, drawn)


async def test_every_slash_command_has_its_japanese_name_description_options_and_choices(club: Club) -> None:
    def localised(item: Any, where: str) -> Iterator[str]:
        for attr in ("name", "description"):
            text = getattr(item, f"{attr}_localizations", {}).get(discord.Locale.japanese)
            assert text, f"{where} has no Japanese {attr}"
            yield text
        for option in getattr(item, "options", ()):
            yield from localised(option, f"{where} {option.name}")
        for choice in getattr(item, "choices", ()):
            text = choice.name_localizations.get(discord.Locale.japanese)
            assert text, f"{where} choice {choice.value} has no Japanese name"
            yield text

    commands = await is_a(FivesBot, club.env.bot).tree.fetch_commands()
    assert commands
    for command in commands:
        for text in localised(command, f"/{command.name}"):
            assert not english_in(text, notation=True), f"/{command.name}: {text!r}"
