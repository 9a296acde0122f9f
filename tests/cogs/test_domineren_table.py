"""Domineren at the Discord table: a whole session to Billitonnen and the final score sheet, the type
select and its parameters (in English and Japanese), the double declaration, the double played on the set
out of turn with its deadline, the **Block…** button and what becomes of a Block, Billitonnen's choices,
the chips on every hand's sheet, and no public message ever showing a hidden tile.

Alice plays seat 0 (Bob seat 1 when he joins). A situation is reached by a seed found before the bot
starts: the game is played offline with the same engine, the same computer players and Alice's policy,
for each settings seed in turn, until one reaches it (see `Situation`); the test then plays that game
through Discord, each of Alice's moves through the control that offers it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
import pytest
import simcord

from app.client import FivesBot
from bot.ai import choose_action
from bot.engine.domineren.state import DominerenState
from bot.engine.records import load
from bot.engine.tiles import HI, LO
from bot.i18n import tr
from rendering.domineren.board import end_sides
from tests.checks import matches, must

from ..i18n.english import english_in, record_drawn_text
from . import conftest
from .conftest import (
    World,
    add_computer,
    board,
    buttons_of,
    choose_options,
    components,
    custom_ids,
    dms,
    playable,
    public,
    public_messages,
    reply,
    said,
    selects_of,
    text_of,
    thread,
    to_act,
)
from .test_japanese_game import JA, Club, assert_all_japanese
from .test_language import speaks_japanese

GAME = "domineren"
Policy = Callable[[Any], str]
TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")
ALL_TYPES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13a", "13b", "14", "15", "16", "17", "18")
# The type select's entries, as the rules (docs/rules/domineren.md §18) name and explain them.
TYPES_EN = {
    "1": ("1. Normal dominoes", "Any set. Normal rule: equal numbers touch; one straight line."),
    "4": ("4. Russian dominoes", "Any set. Russian rule: touching numbers add to 7; one line."),
    "11": (
        "11. Directed opening",
        "Type 1 or 4 with a condition: you name the end played first (and how many tiles go there).",
    ),
    "12": ("12. Volapük", "Any set. One line: normal rule one way, Russian the other."),
    "14": ("14. Triangle", "0-0 set. Russian rule: the three other matadors go on it, then 3 arms."),
}


def legal_types(set_tile: tuple[int, int]) -> list[str]:
    """The types a set allows (§18's table): any set 1, 4, 11, 12; a double the crosses; 0-0 the
    triangles but not 5, 6, 9, 10."""
    if set_tile[0] != set_tile[1]:
        return ["1", "4", "11", "12"]
    if set_tile == (0, 0):
        return [t for t in ALL_TYPES if t not in ("5", "6", "9", "10")]
    return [t for t in ALL_TYPES if t not in ("14", "15", "16", "17")]


# -- Alice's policies ------------------------------------------------------------------------------------
def first_option(view: Any) -> str:
    """What `conftest.move` plays: the first select's first entry (the first type, then its first
    parameters), else the first button."""
    kinds = [e.kind for e in view.legal]
    if "type" in kinds:
        first = view.legal[0].game_type
        return next(e.text for e in view.legal if e.game_type == first)
    for kind in ("set", "special", "play"):
        for entry in view.legal:
            if entry.kind == kind and entry.text != "draw":
                return entry.text
    return view.legal[0].text


def computer(view: Any) -> str:
    """What the computer player would do in Alice's place (seeded like the table seeds its own)."""
    return choose_action(view, random.Random(view.turn))


def alice_plays(*overrides: Callable[[Any], str | None]) -> Policy:
    """The first override with an answer, else the first option; in Billitonnen the computer's choice
    (which ends the game: always turning one end may never)."""

    def choose(view: Any) -> str:
        for override in overrides:
            chosen = override(view)
            if chosen is not None:
                return chosen
        return computer(view) if view.phase == "billitonnen" else first_option(view)

    return choose


# -- finding a seed ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Situation(conftest.Situation):
    """A Domineren game to look for (see `conftest.Situation`)."""

    GAME: ClassVar[str] = GAME
    STEPS: ClassVar[int] = 3000
    seeds: range = range(1, 600)


def situation(options: dict[str, str], alice: Policy, check: Callable[[Any], bool | None], players: int = 4) -> Any:
    return pytest.mark.parametrize("seed", [Situation(players, options, alice, check)], indirect=True, ids=["seed"])


def alice_to(phase: str, also: Callable[[Any], bool] = lambda view: True) -> Callable[[Any], bool | None]:
    """Found when Alice is asked in `phase` (and `also` holds of her view)."""

    def check(state: Any) -> bool | None:
        if state.current_seat == 0 and state.phase == phase and also(state.view(0)):
            return True
        return None

    return check


# -- playing through Discord ------------------------------------------------------------------------------
async def start(
    world: World, options: dict[str, str], *, humans: tuple[simcord.MemberActor, ...] = (), players: int = 4
) -> int:
    """Alice opens a table of Domineren, the `humans` join, she adds computers, sets the options (paging the
    rules panel) and starts; the game's number."""
    alice = world.alice
    lobby = reply(await alice.slash(world.channel, "play", game=GAME))
    for member in humans:
        await member.click(lobby, label="Join")
    for _ in range(players - 1 - len(humans)):
        await add_computer(alice, lobby)
    await choose_options(world, lobby, options)
    await alice.click(lobby, label="Start")
    [game] = world.bot.service.tables.games_of(alice.id)
    assert game.seat == 0
    return game.table.game_no


async def mine(world: World, game_no: int, member: simcord.MemberActor | None = None) -> Any:
    return (await world.bot.service.tables.private_view(game_no, (member or world.alice).id)).view


def fresh(member: simcord.MemberActor, message: discord.Message) -> discord.Message:
    """The DM as it is now (an answer that edits it leaves the old object behind)."""
    return next(m for m in dms(member) if m.id == message.id)


def selects(message: discord.Message, prefix: str = "fives:act:") -> list[discord.SelectMenu]:
    return selects_of(message, prefix)


def offered(message: discord.Message) -> list[str]:
    """The values of every entry of the message's move selects, in order."""
    return [o.value for s in selects(message) for o in s.options]


def buttons(message: discord.Message) -> dict[str, Any]:
    """The move buttons by what they play (`turn w`, `declare`)."""
    out = {}
    for b in buttons_of(message, "fives:do:"):
        out[must(b.custom_id).rsplit(":", 1)[1].replace("-", " ")] = b
    return out


def labelled(message: discord.Message, label: str) -> Any:
    [found] = [c for c in components(message) if getattr(c, "label", None) == label]
    return found


async def act(world: World, action: str, member: simcord.MemberActor | None = None) -> None:
    """The player (Alice by default) plays `action` (see `play_as`)."""
    await play_as(member or world.alice, action)


async def play_as(member: simcord.MemberActor, action: str) -> None:
    """`member` plays `action` through the control of their DM that offers it: a move button, a select, the
    type select and its parameter step, or Block… and its select."""
    message = playable(member)
    assert message is not None, f"{member.name} has no controls"
    user = member.user
    if action.startswith("type "):
        [types] = [s for s in selects(message) if s.custom_id.endswith(":type")]
        await user.select(message, [action.split()[1]], custom_id=types.custom_id)
        message = fresh(member, message)  # the parameter step, or the hand after the declaration
        params = [s for s in selects(message) if any(o.value.startswith("type ") for o in s.options)]
        if params:
            [holder] = [s for s in params if action in [o.value for o in s.options]]
            await user.select(message, [action], custom_id=holder.custom_id)
        return
    if action.endswith(" block"):
        [block] = [i for i in custom_ids(message) if i.startswith("fives:block:")]
        await user.click(message, custom_id=block)
        message = fresh(member, message)
    found = buttons(message)
    if action.lower() in found:
        await user.click(message, custom_id=found[action.lower()].custom_id)
        return
    for select in selects(message):
        if action in [o.value for o in select.options]:
            await user.select(message, [action], custom_id=select.custom_id)
            return
    raise AssertionError(f"no control offers {action!r}")


async def reach(
    world: World,
    game_no: int,
    alice: Policy,
    phase: str,
    also: Callable[[Any], bool] = lambda view: True,
    checked: set[tuple[int, str]] | None = None,
) -> Any:
    """Alice plays by `alice` until she is asked in `phase` (and `also` holds of her view): her view then.
    With `checked`, every public message is scanned for hidden tiles as it appears."""
    for _ in range(1500):
        if checked is not None:
            await assert_nothing_hidden_shown(world, game_no, checked)
        view = await mine(world, game_no)
        if view.phase == phase and view.current_seat == 0 and also(view):
            return view
        await act(world, alice(view))
    raise AssertionError(f"Alice was never asked in {phase}")


async def play_until(world: World, game_no: int, alice: Policy, done: Callable[[Any], bool]) -> Any:
    """Alice plays by `alice` until `done(public view)`; that view, or None when the game ended first."""
    for _ in range(1500):
        if not world.bot.service.tables.games_of(world.alice.id):
            return None
        view = await public(world, game_no)
        if done(view):
            return view
        assert to_act(world, world.alice), "the game waits for nobody"
        await act(world, alice(await mine(world, game_no)))
    raise AssertionError("never done")


def lines_of(world: World) -> list[str]:
    return said(world).splitlines()


# -- what must stay hidden ----------------------------------------------------------------------------------
def both_ways(tiles: Any) -> set[str]:
    out = set()
    for a, b in tiles:
        out |= {f"{a}-{b}", f"{b}-{a}"}
    return out


async def secrets(world: World, game_no: int) -> tuple[set[str], dict[int, set[str]]]:
    """The tiles hidden now (hands less the doubles declared face up, the talon, Billitonnen's face-down
    tiles and a tile peeked at), and per finished hand the tiles still in its talon at its end (the only
    ones its result may not show: the hands left are shown by the rules)."""
    state, steps = load(await world.bot.service.tables.export(game_no))
    assert isinstance(state, DominerenState)
    talons: dict[int, set[str]] = {}
    for seat, action in steps:
        talon = [_pair(t) for t in state.talon]
        finished = len(state.hands)
        state.apply(seat, action)
        if len(state.hands) > finished and state.hands[finished].reason not in ("pool", "billitonnen"):
            if action == "draw":  # the hand ended on a draw: its tile went to a hand, shown at the end
                talon = talon[:-1]
            talons[finished + 1] = both_ways(talon)
    hidden: set[str] = set()
    if state.is_over:
        return hidden, talons
    if state.billitonnen is not None:
        game = state.billitonnen
        hidden |= both_ways(_pair(t) for row in game.rows for t in row if t not in game.face_up)
        return hidden, talons
    for seat in range(state.players):
        hidden |= both_ways(_pair(t) for t in state.in_hand[seat] if t not in state.declared[seat])
    return hidden | both_ways(_pair(t) for t in state.talon), talons


def _pair(t: int) -> tuple[int, int]:
    return HI[t], LO[t]


async def assert_nothing_hidden_shown(world: World, game_no: int, checked: set[tuple[int, str]]) -> int:
    """Every public message not seen yet shows no hidden tile; the number of messages checked."""
    hidden, talons = await secrets(world, game_no)
    count = 0
    for message in public_messages(world):
        text = text_of(message)
        if (message.id, text) in checked:
            continue
        checked.add((message.id, text))
        count += 1
        title = message.embeds[0].title or "" if message.embeds else ""
        ended = re.search(r": hand (\d+) is over$", title)
        secret = talons[int(ended[1])] if ended else hidden
        shown = {f"{a}-{b}" for a, b in TILE.findall(text)}
        assert not shown & secret, f"message {message.id} shows hidden tiles {shown & secret}:\n{text}"
        assert all(a.filename in ("board.png", "sheet.png") for a in message.attachments)
    return count


# -- 1. a whole session ------------------------------------------------------------------------------------
CHIPS = re.compile(r"^(.+): \*\*(-?\d+)\*\* chips \(settlement ([+-]\d+), this hand ([+-]\d+)\)$")
POOL = re.compile(r"^(.+): \*\*(-?\d+)\*\* chips \((\d+) into the pool\)$")
FINAL = re.compile(r"^(.+): \*\*(-?\d+)\*\* chips \(([+-]\d+)\)$")
STANDING = re.compile(r"^(🥇|🥈|🥉|\d\.) (.+): (-?\d+) chips \(([+-]\d+)\)$")
NAMES = ["alice", "bob", "Computer 1", "Computer 2"]
NAMES_C = ["alice", "Computer 1", "Computer 2", "Computer 3"]  # Alice and three computers


def field_lines(message: discord.Message, name: str) -> list[str]:
    """The lines of an embed field, by its name."""
    [value] = [f.value for f in message.embeds[0].fields if f.name == name]
    return must(value).splitlines()


def check_billitonnen_controls(message: discord.Message, view: Any) -> None:
    """Billitonnen's choices are buttons named by the end as the table image shows it, exactly the legal
    ones."""
    sides = end_sides(view)
    labels = {
        f"{kind.lower()} {end.lower()}": f"{kind} at the {sides[end]} end" for kind in ("Turn", "Place") for end in "WE"
    }
    labels["peek"] = "Look at my next tile"
    found = buttons(message)
    assert sorted(found) == sorted(e.text.lower() for e in view.legal)
    assert {word: b.label for word, b in found.items()} == {word: labels[word] for word in found}
    assert selects(message) == []


async def test_two_players_and_two_computers_play_a_session_to_billitonnen_and_the_final_sheet(world: World) -> None:
    game_no = await start(world, {"hands": "2"}, humans=(world.bob,))
    policy = alice_plays()
    checked: set[tuple[int, str]] = set()
    billitonnen_turns = 0
    for _ in range(1500):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        await assert_nothing_hidden_shown(world, game_no, checked)
        [member] = [m for m in (world.alice, world.bob) if to_act(world, m)]
        assert board(world).content == f"{member.mention}, it's your turn."
        view = await mine(world, game_no, member)
        if view.phase == "billitonnen":
            billitonnen_turns += 1
            check_billitonnen_controls(must(playable(member)), view)
        await act(world, policy(view), member)
    else:
        raise AssertionError("the session did not end")
    assert await assert_nothing_hidden_shown(world, game_no, checked) > 0
    assert billitonnen_turns > 0

    messages = thread(world).history()
    titles = [m.embeds[0].title for m in messages if m.embeds]
    results = [m for m in messages if m.embeds and m.embeds[0].title != "Domineren #1"]
    assert [m.embeds[0].title for m in results] == [
        "Domineren #1: hand 1 is over",
        "Domineren #1: hand 2 is over",
        "Domineren #1: the pool",
        "Domineren #1: game over",
    ], titles
    assert all([a.filename for a in m.attachments] == ["sheet.png"] for m in results)
    record, steps = load(await world.bot.service.tables.export(game_no))  # the engine's own account, to compare with
    for seat, action in steps:
        record.apply(seat, action)
    hands = record.hands

    # Every hand: how it opened and ended, and each player's chips after it, its settlement and the change.
    before = [500] * 4
    for n, message in enumerate(results[:2]):
        detail = hands[n].detail
        description = must(message.embeds[0].description)
        set_line = f"**{NAMES[detail['set_player']]}** set {detail['set']}: "
        assert set_line in description
        rows = matches(CHIPS, field_lines(message, "Chips"))
        assert [r[1] for r in rows] == NAMES
        chips = [int(r[2]) for r in rows]
        settlement = [int(r[3]) for r in rows]
        change = [int(r[4]) for r in rows]
        assert chips == detail["chips"] and settlement == list(hands[n].points)
        assert change == [c - b for c, b in zip(chips, before, strict=True)]
        assert sum(chips) == 2000 and sum(settlement) == 0
        for seat, held in enumerate(detail["hands"]):
            if held:
                assert f"{NAMES[seat]} held {' '.join(held)}: count {detail['totals'][seat]}." in description
        before = chips

    # The pool: chips rounded down to twenties, the rest in the pool.
    pool = hands[2].detail["pool"]
    pooled = matches(POOL, field_lines(results[2], "Chips"))
    assert [int(r[3]) for r in pooled] == [b % 20 for b in before]
    assert [int(r[2]) for r in pooled] == [b - b % 20 for b in before]
    assert f"the **{pool}** chips left over go into the pool" in must(results[2].embeds[0].description)
    assert sum(int(r[3]) for r in pooled) == pool

    # Billitonnen and the end: the winner takes the pool; places by final chips.
    over = must(results[3].embeds[0].description)
    winner = hands[3].detail["winner"]
    assert f"**{NAMES[winner]}** won Billitonnen and takes the pool of **{pool}** chips." in over
    finals = matches(FINAL, field_lines(results[3], "Billitonnen"))
    final = [int(r[2]) for r in finals]
    assert final == list(record.scores) and sum(final) == 2000
    assert [int(r[3]) for r in finals] == [pool if s == winner else 0 for s in range(4)]
    standings = matches(STANDING, field_lines(results[3], "Standings"))
    assert [int(r[3]) for r in standings] == sorted(final, reverse=True)
    assert all(int(r[4]) == int(r[3]) - 500 for r in standings)
    assert standings[0][1] == "🥇" and f"🏆 {standings[0][2]} win" in over
    text = said(world)
    assert re.search(r" at the (left|right|top|bottom) end", text)  # Billitonnen's turns, told as drawn
    assert "turn W" not in text and "turn E" not in text
    # Nothing is left to play: the end offers only its replay and a rematch.
    assert [i for m in messages for i in custom_ids(m)] == [
        f"fives:replay:{game_no}",
        f"fives:analyse:{game_no}",
        f"fives:rematch:{game_no}",
    ]
    assert world.env.errors == []


# -- 2. the game type -----------------------------------------------------------------------------------------
def set_is(kind: str) -> Callable[[Any], bool]:
    def check(view: Any) -> bool:
        a, b = view.layout[0].tile
        return {"single": a != b, "double": a == b and a != 0}[kind]

    return check


def type_select(message: discord.Message) -> Any:
    [found] = [s for s in selects(message) if s.custom_id.endswith(":type")]
    return found


@situation({"hands": "1"}, alice_plays(), alice_to("type", set_is("double")))
@pytest.mark.parametrize(
    ("declaration", "said_as"),
    [
        ("type 11 russian b:W:2", "**11. Directed opening (Russian rule · the next 2 tiles to the west)**"),
        ("type 2", "**2. Normal cross**"),
    ],
    ids=["with-parameters", "without"],
)
async def test_the_set_player_picks_a_legal_type_explained_in_a_line_then_its_parameters(
    world: World, declaration: str, said_as: str
) -> None:
    game_no = await start(world, {"hands": "1"})
    view = await reach(world, game_no, alice_plays(), "type", set_is("double"))
    set_tile = view.layout[0].tile
    message = playable(world.alice)
    select = type_select(must(message))
    # Exactly the types the set allows, in order, each with its line of explanation; nothing else to choose.
    assert [o.value for o in select.options] == legal_types(set_tile)
    assert select.placeholder == "Declare the type…"
    for option in select.options:
        if option.value in TYPES_EN:
            assert (option.label, option.description) == TYPES_EN[option.value]
        assert option.label.startswith(f"{option.value}. ") and 20 < len(option.description) <= 100
    assert len(selects(must(message))) == 1 and set(buttons(must(message))) == set()
    assert must(must(message).embeds[0].description).startswith(
        f"**Your turn: declare the game type** for this hand (the set is {set_tile[0]}-{set_tile[1]})."
    )
    assert "**alice** to declare the game type." in field_lines(board(world), "Turn")[0]

    # Type 11: its forty parameter choices in words, one select per rule of the line; Back returns.
    await world.alice.user.select(message, ["11"], custom_id=select.custom_id)
    message = fresh(world.alice, must(message))
    normal, russian = selects(message)
    assert normal.placeholder == "11. Directed opening, normal rule: choose…"
    assert russian.placeholder == "11. Directed opening, Russian rule: choose…"
    eleven = [e.text for e in view.legal if e.game_type == "11"]
    assert offered(message) == eleven and len(eleven) == 40
    labels = {o.value: o.label for s in (normal, russian) for o in s.options}
    assert labels["type 11 normal a:W"] == "the west end first, then the east end"
    assert labels["type 11 russian b:E:3 switch"] == "the next 3 tiles to the east · then the rule switches"
    assert labels["type 11 normal b:W:1"] == "the next tile to the west"
    assert (await public(world, game_no)).game_type is None  # nothing declared yet
    await world.alice.user.click(message, custom_id=labelled(message, "◀ Back").custom_id)
    message = fresh(world.alice, message)
    assert [o.value for o in type_select(message).options] == legal_types(set_tile)

    if declaration == "type 2":  # no parameters: choosing the type declares it
        await world.alice.user.select(message, ["2"], custom_id=type_select(message).custom_id)
    else:
        await act(world, declaration)
    assert (await public(world, game_no)).game_type.declaration == declaration
    assert f"**alice** declared the game: {said_as}." in said(world)
    assert world.env.errors == []


@situation({"hands": "4"}, alice_plays(), alice_to("type", set_is("single")))
async def test_after_a_single_drawn_from_the_talon_only_the_four_line_types_are_offered(world: World) -> None:
    game_no = await start(world, {"hands": "4"})
    view = await reach(world, game_no, alice_plays(), "type", set_is("single"))
    a, b = view.layout[0].tile
    message = playable(world.alice)
    assert [o.value for o in type_select(must(message)).options] == ["1", "4", "11", "12"]
    # Alice held no double: the table drew the set for her, and she paid its pips to each player.
    text = said(world)
    assert f"**alice** holds no double and drew the set from the talon: {a}-{b}. (−{3 * (a + b)} chips)" in text
    assert f"Set: {a}-{b}, drawn from the talon" in field_lines(board(world), "This hand")

    await world.alice.user.select(message, ["12"], custom_id=type_select(must(message)).custom_id)
    message = fresh(world.alice, must(message))
    [params] = selects(message)
    assert params.placeholder == "12. Volapük: choose its parameters…"
    labels = {o.value: o.label for o in params.options}
    assert list(labels) == [e.text for e in view.legal if e.game_type == "12"]
    assert labels["type 12 normal:W"] == "normal to the west, Russian to the east"
    assert labels["type 12 normal:E b:W:2"] == "normal to the east, Russian to the west · the next 2 tiles to the west"
    await world.alice.user.select(message, ["type 12 normal:E b:W:2"], custom_id=params.custom_id)
    expected = "**12. Volapük (normal to the east, Russian to the west · the next 2 tiles to the west)**"
    assert f"**alice** declared the game: {expected}." in said(world)
    assert world.env.errors == []


@situation({"hands": "1"}, alice_plays(), alice_to("type", set_is("double")))
async def test_a_japanese_player_reads_the_types_and_their_parameters_in_japanese(world: World) -> None:
    speaks_japanese(world.env, world.alice)
    game_no = await start(world, {"hands": "1"})
    view = await reach(world, game_no, alice_plays(), "type", set_is("double"))
    message = playable(world.alice)
    select = type_select(must(message))
    assert select.placeholder == tr("controls.kind.type", "ja")
    assert [(o.label, o.description) for o in select.options] == [
        (tr(f"option.allowed_types.value.{t}", "ja"), tr(f"domineren.type.{t}.help", "ja"))
        for t in legal_types(view.layout[0].tile)
    ]
    shown = [text_of(must(message)), *(o.label + (o.description or "") for o in select.options)]
    await world.alice.user.select(message, ["13b"], custom_id=select.custom_id)
    message = fresh(world.alice, must(message))
    [params] = selects(message)
    assert [o.label for o in params.options] == [
        "東西の軸はノーマル、南北の軸はロシア",
        "南北の軸はノーマル、東西の軸はロシア",
    ]
    shown += [must(params.placeholder), *(b.label for b in buttons_of(message) if b.label)]
    assert [text for text in shown if english_in(text.replace("alice", ""))] == []
    await world.alice.user.select(message, ["type 13b normal:NS"], custom_id=params.custom_id)
    assert (await public(world, game_no)).game_type.declaration == "type 13b normal:NS"
    assert world.env.errors == []


# -- 3. the double declaration -------------------------------------------------------------------------------
@situation({"hands": "3"}, alice_plays(), alice_to("declare"))
@pytest.mark.parametrize("answer", ["declare", "decline", "decline after a restart"])
async def test_a_holder_of_enough_doubles_is_offered_the_declaration_and_may_decline_it(
    world: World, answer: str, make_bot: Callable[[], FivesBot]
) -> None:
    game_no = await start(world, {"hands": "3"})
    view = await reach(world, game_no, alice_plays(), "declare")
    doubles = [t for t in view.hand if t[0] == t[1]]
    bonus = {3: 25, 4: 250}[len(doubles)]  # pagat's table for four players (§7)
    message = must(playable(world.alice))
    assert must(message.embeds[0].description).startswith(
        f"**You hold {len(doubles)} doubles.** Declare them to receive **{bonus}** chips from each player"
    )
    assert {word: b.label for word, b in buttons(message).items()} == {
        "declare": "Declare my doubles",
        "decline": "Don't declare",
    }
    assert selects(message) == []
    assert "**alice** may declare doubles." in field_lines(board(world), "Turn")[0]

    if answer == "decline after a restart":  # the board still knows what the decline refused
        await world.env.restart_bot(make_bot())
        answer = "decline"
    await act(world, answer)
    shown = " ".join(f"{a}-{b}" for a, b in sorted(doubles, reverse=True))
    lines = lines_of(world)
    if answer == "declare":  # face up for all to see, and paid for by everyone
        assert (
            f"**alice** declared {len(doubles)} doubles and lays them face up: {shown}. (+{3 * bonus} chips)" in lines
        )
        assert f"**alice** shows {shown}" in lines
    else:  # nothing paid, nothing shown
        assert "**alice** does not declare their doubles." in lines
        assert not any(line.startswith("**alice** shows") for line in lines)
    assert world.env.errors == []


# -- 4. a double on the set, out of turn -----------------------------------------------------------------------
@situation({"hands": "3"}, alice_plays(), alice_to("special"))
@pytest.mark.parametrize("answer", ["play", "decline", "timeout"])
async def test_a_player_able_to_play_a_double_on_the_set_is_asked_in_time_with_a_deadline(
    world: World, answer: str
) -> None:
    await world.bot.service.settings.update(world.guild.id, turn_seconds=600)
    game_no = await start(world, {"hands": "3"})
    view = await reach(world, game_no, alice_plays(), "special")
    table = await public(world, game_no)
    set_tile = "{}-{}".format(*view.layout[0].tile)
    setter = NAMES_C[view.set_player]
    # Asked before anyone plays in turn: nothing but the set (and doubles put on it) lies on the table.
    assert table.phase == "special" and all(t.special for t in table.layout[1:]) and not any(table.turns)
    message = must(playable(world.alice))
    description = message.embeds[0].description
    assert must(description).startswith(
        f"**Out of turn: you may play a double on the set {set_tile} now.** **{setter}**, the set player, pays you"
    )
    assert re.search(
        r"Answer before the time runs out <t:\d+:R>; then the computer answers for you\.", must(description)
    )
    [select] = selects(message)
    specials = [e for e in view.legal if e.kind == "special"]
    assert select.placeholder == "Play a double on the set…"
    assert [o.value for o in select.options] == [e.text for e in specials]
    for option, entry in zip(select.options, specials, strict=True):
        tile, target = entry.text.split("@")
        assert option.label.startswith(f"{tile} on {target.split(':')[0]}")
        assert option.description == f"earns {entry.gain} chip{'s' if entry.gain != 1 else ''}"
    assert {word: b.label for word, b in buttons(message).items()} == {"decline": "Don't play a double"}
    turn = field_lines(board(world), "Turn")
    assert turn[0] == "**alice** may play a double on the set out of turn."
    assert re.fullmatch(r"The answer is due <t:\d+:R>; play goes on after it\.", turn[1])

    first = specials[0]
    if answer == "play":
        await act(world, first.text)
    elif answer == "decline":
        await act(world, "decline")
    else:
        await world.env.advance_time(601)
    text = said(world)
    tile, target = first.text.split("@")
    played = f"**alice** played {tile} on {target.split(':')[0]} out of turn, and passes a turn for it."
    if answer == "decline":
        assert "**alice** does not play a double on the set." in text and played not in text
    else:
        if answer == "timeout":
            assert "⏱ **alice**'s time ran out, so the computer played for them: **alice** played " in text
        assert " out of turn, and passes a turn for it. (+" in text
        # ...and at her first turn the table passes for her, saying why.
        await play_until(world, game_no, alice_plays(), lambda v: v.turns[0] >= 1 or v.hand_no > 1)
        reason = (
            "**alice** passes, for the double played on the set out of turn. *(automatic: nothing else was possible)*"
        )
        assert reason in said(world)
    assert world.env.errors == []


# -- 5. Block ------------------------------------------------------------------------------------------------
def block_first(view: Any) -> str | None:
    """Alice says Block with her first play of the first hand that may."""
    if view.phase == "play" and view.block is None and view.hand_no == 1:
        return next((e.text for e in view.legal if e.kind == "block"), None)
    return None


def alice_blocked(state: Any) -> bool:
    return any(s.seat == 0 and getattr(s.action, "block", False) for s in state.steps)


def broken(state: Any) -> bool | None:
    """Alice's Block stood and a play broke it, in the first hand."""
    if state.hands:
        return False
    return True if alice_blocked(state) and state.block == -1 else None


def held(state: Any) -> bool | None:
    """The first hand ended on Alice's Block, upheld or conceded."""
    if not state.hands:
        return None
    return alice_blocked(state) and state.hands[0].reason in ("block-upheld", "block-conceded")


def sure_block(view: Any) -> str | None:
    """Alice blocks as the computer does: only when sure."""
    return computer(view) if view.phase == "play" else None


@pytest.mark.parametrize(
    ("seed", "alice", "outcome"),
    [
        (Situation(4, {"hands": "1"}, alice_plays(block_first), broken), alice_plays(block_first), "broken"),
        (
            Situation(4, {"hands": "1"}, alice_plays(sure_block), held, seeds=range(1, 3000)),
            alice_plays(sure_block),
            "held",
        ),
    ],
    indirect=["seed"],
    ids=["broken", "held"],
)
async def test_block_is_a_button_after_the_plays_and_the_table_says_what_became_of_it(
    world: World, alice: Policy, outcome: str
) -> None:
    game_no = await start(world, {"hands": "1"})
    for _ in range(300):  # to the turn where Alice says Block
        view = await mine(world, game_no)
        if alice(view).endswith(" block"):
            break
        await act(world, alice(view))
    else:
        raise AssertionError("Alice never said Block")
    choice = alice(view)
    plays = [e.text for e in view.legal if e.kind == "play"]
    blocks = [e.text for e in view.legal if e.kind == "block"]
    assert blocks == [f"{p} block" for p in plays]
    message = playable(world.alice)
    # Each tile once, and the Block button; the plays that say Block behind it.
    assert offered(must(message)) == plays
    assert (
        "To say **Block** with your tile, press **Block…**: if nobody can play after it, you receive 20 chips from "
        "each player; if anyone plays a tile, you pay 40 to each." in must(must(message).embeds[0].description)
    )
    await world.alice.user.click(message, custom_id=labelled(must(message), "Block…").custom_id)
    message = fresh(world.alice, must(message))
    assert offered(message) == blocks
    assert {must(s.placeholder).split(" (")[0] for s in selects(message)} == {"Play and say Block…"}
    assert all(o.label.endswith(" · Block") for s in selects(message) for o in s.options)
    assert labelled(message, "Type a move")
    await world.alice.user.click(message, custom_id=labelled(message, "◀ Back").custom_id)
    message = fresh(world.alice, message)
    assert offered(message) == plays and labelled(message, "Block…")
    assert (await public(world, game_no)).block is None  # looking played nothing

    await act(world, choice)
    tile, target = choice.split()[0].split("@")
    assert f"**alice** played {tile} on {target.split(':')[0]}. Block!" in said(world)
    table = await public(world, game_no)
    if table.block == 0:
        assert (
            "**alice** declared Block: if nobody can play, they receive 20 chips from each player; if anyone plays a "
            "tile, they pay 40 to each." in field_lines(board(world), "This hand")
        )
        await play_until(world, game_no, alice, lambda v: v.block is None)
    text = said(world)
    if outcome == "broken":
        assert "**alice**'s Block is broken: they pay 40 chips to each player." in text
    else:
        assert (
            "Nobody can play any more: the Block held (20 chips to its declarer from each player)." in text
            or "The Block was conceded (20 chips to its declarer from each player)." in text
        )
        assert "Block is broken" not in text
    assert world.env.errors == []


# -- 6. Billitonnen's choices --------------------------------------------------------------------------------
def fits_both(view: Any) -> bool:
    return any(e.kind == "place" for e in view.legal)


@situation({"hands": "1"}, alice_plays(), alice_to("billitonnen", fits_both))
async def test_billitonnen_offers_the_ends_a_look_at_the_next_tile_and_keeps_the_rows_face_down(world: World) -> None:
    game_no = await start(world, {"hands": "1"})
    checked: set[tuple[int, str]] = set()
    await reach(world, game_no, alice_plays(), "billitonnen", checked=checked)
    turned = False
    for _ in range(1500):
        view = await mine(world, game_no)
        if any(e.kind == "place" for e in view.legal):
            break
        if view.phase == "billitonnen":
            message = must(playable(world.alice))
            assert must(message.embeds[0].description).startswith(
                "**Your turn (Billitonnen).** Choose the end where you turn your rightmost tile"
            )
            check_billitonnen_controls(message, view)
            turned = True
        await act(world, alice_plays()(view))
        await assert_nothing_hidden_shown(world, game_no, checked)
    else:
        raise AssertionError("no tile of Alice's fitted both ends")
    assert turned  # her turns before this one offered the two ends
    tile = "{}-{}".format(*view.billitonnen.turned)
    message = must(playable(world.alice))
    check_billitonnen_controls(message, view)
    assert sorted(buttons(message)) == ["peek", "place e", "place w"]
    assert must(message.embeds[0].description).startswith(f"**Your turn: {tile} fits both ends.**")
    assert f"{tile} fits both ends: **alice** chooses where it goes." in field_lines(board(world), "Billitonnen")

    await act(world, "peek")
    peeked = (await mine(world, game_no)).billitonnen.peeked
    message = must(playable(world.alice))
    assert f"Your next tile: {peeked[0]}-{peeked[1]}." in must(message.embeds[0].description)
    assert sorted(buttons(message)) == ["place e", "place w"]  # one look only
    assert "**alice** looks at their next tile first." in said(world)
    await assert_nothing_hidden_shown(world, game_no, checked)  # the tile she saw is still face down to others

    await act(world, "place W")
    side = end_sides(await mine(world, game_no))["W"]
    assert f"**alice** placed {tile} at the {side} end." in said(world)
    await assert_nothing_hidden_shown(world, game_no, checked)
    assert world.env.errors == []


# -- 7. in Japanese, from the lobby to the last sheet --------------------------------------------------------
async def test_a_japanese_table_plays_a_session_to_billitonnen_in_japanese(
    simcord_env: simcord.Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = record_drawn_text(monkeypatch)
    club = Club(simcord_env)
    aiko = club.aiko
    lobby = reply(await aiko.slash(club.channel, "play", game=GAME))
    for _ in range(3):
        await add_computer(aiko, lobby)
    shown = reply(await aiko.click(lobby, label=tr("lobby.button.options", JA)))
    for page in range(1, 10):  # to the page with the number of hands
        ids = [i for i in custom_ids(shown.message) if i.endswith(":hands")]
        if ids:
            break
        [forward] = [i for i in custom_ids(shown.message) if re.fullmatch(rf"fives:lopts:\d+:{page}", i)]
        shown = reply(await aiko.click(shown, custom_id=forward))
    await aiko.select(shown, ["1"], custom_id=ids[0])
    await aiko.click(lobby, label=tr("lobby.button.start", JA))
    [game] = club.service.tables.games_of(aiko.id)
    policy = alice_plays()
    for _ in range(1500):
        if not club.service.tables.games_of(aiko.id):
            break
        view = (await club.service.tables.private_view(game.table.game_no, aiko.id)).view
        await play_as(aiko, policy(view))
    else:
        raise AssertionError("the session did not end")
    titles = [m.embeds[0].title for m in club.thread().history() if m.embeds]
    table = tr("table.title", JA, game=tr("game.domineren.name", JA), number=1)
    assert tr("hand.dom.title.pool", JA, table=table) in titles
    assert titles[-1] == tr("result.over.title", JA, table=table)
    assert club.refusals() == []
    assert_all_japanese(club.env, drawn)
