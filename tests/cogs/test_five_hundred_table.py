"""Five Hundred at the Discord table, situation by situation: the bids offered, the declarer's discard, card
play with the left bower and the joker led at no trump, the five-player partner call (with a hidden
partner kept out of every public message), the open-misère hand laid face up, the previous trick, the
score sheets, a restart in the middle of the auction, closed DMs and the turn timer.

Alice plays seat 0 against computers. Each situation is reached by a seed found before the bot starts:
the game is played offline with the same engine, the same computer players and Alice's policy, for each
settings seed in turn, until one reaches the situation (see `Situation`); the test then plays that game
through Discord, each of Alice's moves through the control that offers it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
import pytest

from tests.checks import must

from . import conftest
from .conftest import (
    World,
    add_computer,
    board,
    buttons_of,
    choose_options,
    close_dms,
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

GAME = "five-hundred"
SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
Policy = Callable[[Any], str]


# -- the bids, independently of the engine -------------------------------------------------------------
def ladder(options: dict[str, str]) -> list[str]:
    """Every bid in auction order (five-hundred.md §4) for these options."""
    bids = [f"{n}{d}" for n in range(6, 11) for d in ("S", "C", "D", "H", "NT")]
    misere = options.get("misere_rank", "parlett")
    if misere == "parlett":
        bids.insert(bids.index("7NT") + 1, "misere")
    elif misere == "uspc":
        bids.insert(bids.index("8S") + 1, "misere")
    if options.get("open_misere", "on") == "on":
        if options.get("open_misere_rank", "highest") == "pagat":
            bids.insert(bids.index("10D") + 1, "open-misere")
        else:
            bids.append("open-misere")
    return bids


def bid_label(bid: str) -> str:
    if bid == "misere":
        return "Misère"
    if bid == "open-misere":
        return "Open misère"
    if bid.endswith("NT"):
        return f"{bid[:-2]} No Trumps"
    return bid[:-1] + SYMBOLS[bid[-1]]


def card_label(card: str) -> str:
    return "Joker" if card == "JK" else card[:-1] + SYMBOLS[card[-1]]


# -- Alice's policies ------------------------------------------------------------------------------------
def policy(bid: str, keep: Iterable[str] = ("JK",), play: Callable[[Any], str | None] | None = None) -> Policy:
    """Bid `bid` when it is legal (else pass); discard the first cards of the hand but those in `keep`; call
    the first card offered; play what `play` says, else the first legal card."""
    kept = set(keep)

    def choose(view: Any) -> str:
        legal = [e.text for e in view.legal]
        if view.phase == "auction":
            return bid if bid in legal else "pass"
        if view.phase == "discard":
            cards = [c for c in view.hand if c not in kept] + [c for c in view.hand if c in kept]
            return "discard " + " ".join(cards[: view.discard_count])
        if view.phase == "call":
            return legal[0]
        chosen = play(view) if play is not None else None
        return chosen if chosen is not None else legal[0]

    return choose


def first_option(view: Any) -> str:
    """The first move the controls offer (what `conftest.move` plays)."""
    if view.phase == "discard":
        return "discard " + " ".join(view.hand[: view.discard_count])
    return view.legal[0].text


# -- finding a seed ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Situation(conftest.Situation):
    """A Five Hundred game to look for (see `conftest.Situation`)."""

    GAME: ClassVar[str] = GAME
    STEPS: ClassVar[int] = 2000
    seeds: range = range(1, 400)


def situation(players: int, options: dict[str, str], alice: Policy, check: Callable[[Any], bool | None]) -> Any:
    return pytest.mark.parametrize("seed", [Situation(players, options, alice, check)], indirect=True, ids=["seed"])


# -- playing through Discord ------------------------------------------------------------------------------
async def start(world: World, players: int = 4, options: dict[str, str] | None = None) -> int:
    """Alice opens a table of Five Hundred, adds computers, sets the options (paging the rules panel) and
    starts; the game's number."""
    alice = world.alice
    lobby = reply(await alice.slash(world.channel, "play", game=GAME))
    for _ in range(players - 1):
        await add_computer(alice, lobby)
    await choose_options(world, lobby, options or {})
    await alice.click(lobby, label="Start")
    [game] = world.bot.service.tables.games_of(alice.id)
    assert game.seat == 0
    return game.table.game_no


async def alice_view(world: World, game_no: int) -> Any:
    return (await world.bot.service.tables.private_view(game_no, world.alice.id)).view


async def act(world: World, action: str, message: discord.Message | None = None) -> None:
    """Alice plays `action` through the control of `message` (her DM with live controls) that offers it."""
    alice = world.alice
    message = message or playable(alice)
    assert message is not None, "Alice has no controls"
    actor: Any = alice if message.guild is not None else alice.user
    if action.startswith("discard "):
        cards = action.split()[1:]
        [select] = selects_of(message, "fives:discard:")
        assert select.min_values == select.max_values == len(cards)
        await actor.select(message, cards, custom_id=select.custom_id)
        return
    for b in buttons_of(message, "fives:do:"):
        if must(b.custom_id).endswith(f":{action}"):
            await actor.click(message, custom_id=b.custom_id)
            return
    for s in selects_of(message, "fives:act:"):
        if action in [o.value for o in s.options]:
            await actor.select(message, [action], custom_id=s.custom_id)
            return
    raise AssertionError(f"no control offers {action!r}")


async def play_until(
    world: World, game_no: int, alice: Policy, done: Callable[[Any], bool], on_turn: Callable[[Any], Awaitable[None]]
) -> Any:
    """Alice plays by `alice` until `done(public view)` or the end of the game (then None); `on_turn(her
    view)` looks at each of her turns."""
    for _ in range(400):
        if not world.bot.service.tables.games_of(world.alice.id):
            return None
        view = await public(world, game_no)
        if done(view):
            return view
        assert to_act(world, world.alice), "the game waits for nobody"
        mine = await alice_view(world, game_no)
        await on_turn(mine)
        await act(world, alice(mine))
    raise AssertionError("never done")


async def nothing(view: Any) -> None:
    return None


def selects(message: discord.Message) -> list[discord.SelectMenu]:
    return selects_of(message, "fives:act:")


def offered(message: discord.Message) -> list[tuple[str, str]]:
    """(value, label) of every entry of the message's move selects, in order."""
    return [(o.value, o.label) for s in selects(message) for o in s.options]


def buttons(message: discord.Message) -> list[str]:
    return [must(b.custom_id).rsplit(":", 1)[1] for b in buttons_of(message, "fives:do:")]


def seat_name(seat: int) -> str:
    return "alice" if seat == 0 else f"Computer {seat}"


# -- 1. bidding -----------------------------------------------------------------------------------------
UNUSUAL = {"misere_rank": "uspc", "open_misere_rank": "pagat"}


@pytest.mark.parametrize("options", [{}, UNUSUAL, {"open_misere": "off", "misere_rank": "off"}])
async def test_the_bid_selects_offer_exactly_the_legal_bids_in_order_and_the_hand_says_the_high_bid(
    world: World, options: dict[str, str]
) -> None:
    game_no = await start(world, options=options)
    full = ladder(options)
    turns = 0

    async def look(view: Any) -> None:
        nonlocal turns
        if view.phase != "auction":
            return
        turns += 1
        message = must(playable(world.alice))
        high = (await public(world, game_no)).high_bid
        expected = full[full.index(high) + 1 :] if high else full
        assert offered(message) == [(b, bid_label(b)) for b in expected]
        assert buttons(message) == ["pass"]
        sizes = [len(s.options) for s in selects(message)]
        assert max(sizes) <= 25 and max(sizes) - min(sizes) <= 1  # 27 bids: 14 and 13
        if len(sizes) > 1:
            assert must(selects(message)[0].placeholder).startswith("Bid… (")
        board_fields = {f.name: f.value for f in board(world).embeds[0].fields}
        if high is None:
            status = "No bid yet."
        else:
            status = f"Highest bid: **{bid_label(high)}** by **{seat_name(view.high_bidder)}**."
        assert status in must(message.embeds[0].description)
        assert board_fields["This hand"] == status

    # Alice bids the cheapest bid offered each time, so the auction climbs through the ladder.
    await play_until(world, game_no, first_option, lambda v: v.phase != "auction" and v.hand_no > 1, look)
    assert turns >= 2
    assert world.env.errors == []


# -- 2. the widow and the discard -------------------------------------------------------------------------
def alice_declares(phase: str) -> Callable[[Any], bool | None]:
    def check(state: Any) -> bool | None:
        if state.phase == "auction":
            return None
        if state.declarer != 0:
            return False
        return True if state.phase == phase else None

    return check


@pytest.mark.parametrize(
    ("players", "options", "size", "widow"),
    [
        (4, {}, 13, 3),
        (2, {"two_player_deck": "25_widow5"}, 15, 5),  # the largest hand there is with its widow
        (6, {}, 13, 3),
        (2, {"two_player_deck": "25_widow5", "joker": "off"}, 14, 4),
    ],
    ids=["4p", "2p-25", "6p", "2p-25-nojoker"],
)
async def test_the_declarer_discards_exactly_the_widow_count_from_one_multi_select(
    world: World, players: int, options: dict[str, str], size: int, widow: int
) -> None:
    game_no = await start(world, players, options)
    await play_until(world, game_no, policy("10NT"), lambda v: v.phase != "auction", nothing)
    view = await alice_view(world, game_no)
    assert view.declarer == 0, "a computer outbid 10NT: this test's seed no longer leaves Alice the contract"
    message = must(playable(world.alice))
    [select] = selects_of(message, "fives:discard:")
    assert select.min_values == select.max_values == widow == view.discard_count
    assert select.placeholder == f"Choose {widow} cards to lay away…"
    # The widow is in the hand now: the select lists the whole hand, the widow's cards marked.
    assert len(view.hand) == size and set(view.taken) <= set(view.hand) and len(view.taken) == widow
    assert [o.value for o in select.options] == list(view.hand)
    assert {o.value for o in select.options if o.description == "from the widow"} == set(view.taken)
    assert "Contract: **10 No Trumps** by **alice**." in must(message.embeds[0].description)
    assert "Choose a move" in must(message.embeds[0].description)

    laid = list(view.hand[-widow:])
    await act(world, "discard " + " ".join(laid))
    after = await alice_view(world, game_no)
    assert len(after.hand) == 10 and not set(laid) & set(after.hand) and set(after.discards) == set(laid)
    # Face down: the thread says that Alice discarded, never what.
    text = said(world)
    assert "**alice** took the widow and laid away the discards." in text
    assert "discard " not in text and "from the widow" not in text
    assert world.env.errors == []


# -- 3. card play: legal cards only, the left bower, the joker led at no trump -------------------------------
def leads_with(card: str, trump: str) -> Callable[[Any], bool | None]:
    def check(state: Any) -> bool | None:
        if state.phase == "auction":
            return None
        if state.declarer != 0:
            return False
        if state.phase == "play":
            view = state.view(0)
            return view.trump == (None if trump == "NT" else trump) and card in view.hand
        return None

    return check


@situation(4, {}, policy("10NT"), leads_with("JK", "NT"))
async def test_alice_leads_the_joker_at_no_trump_naming_its_suit(world: World) -> None:
    game_no = await start(world)
    await play_until(world, game_no, policy("10NT"), lambda v: v.phase == "play", nothing)
    message = must(playable(world.alice))
    values = dict(offered(message))
    assert [values[f"JK:{s}"] for s in "SCDH"] == ["Joker as ♠", "Joker as ♣", "Joker as ♦", "Joker as ♥"]
    assert "JK" not in values  # the joker is led only with a suit named
    view = await alice_view(world, game_no)
    assert list(values) == [e.text for e in view.legal]

    await act(world, "JK:H")
    assert "**alice** played Joker as ♥." in said(world)
    trick = (await public(world, game_no)).trick
    last = (await public(world, game_no)).last_trick
    assert (0, "JK:H") in trick + last
    assert world.env.errors == []


def holds_left_bower(state: Any) -> bool | None:
    if state.phase == "auction":
        return None
    if state.declarer != 0:
        return False
    if state.phase == "play":
        return "JD" in state.view(0).hand
    return None


@situation(4, {}, policy("10H", keep=("JK", "JD")), holds_left_bower)
async def test_cards_offered_are_the_legal_ones_and_the_left_bower_says_so(world: World) -> None:
    game_no = await start(world)
    alice = policy("10H", keep=("JK", "JD"))
    await play_until(world, game_no, alice, lambda v: v.phase == "play", nothing)
    plays = bowers = 0

    async def look(view: Any) -> None:
        nonlocal plays, bowers
        if view.phase != "play" or view.hand_no != 1:
            return
        plays += 1
        bowers += "JD" in [e.text for e in view.legal]
        message = must(playable(world.alice))
        legal = [e.text for e in view.legal]
        assert [v for v, _ in offered(message)] == legal
        for value, label in offered(message):
            assert label == ("J♦ (left bower)" if value == "JD" else card_label(value))
        if (await public(world, game_no)).trick:
            # following: the cards of her hand she may not play are not offered
            assert set(view.hand) - set(legal) == {c for c in view.hand if c not in legal}
            assert not set(legal) - set(view.hand)

    await play_until(world, game_no, alice, lambda v: v.hand_no > 1 or v.over, look)
    assert plays >= 5 and bowers >= 1
    assert world.env.errors == []


# -- 4. the five-player partner call ----------------------------------------------------------------------
def called_late(state: Any) -> bool | None:
    """Alice declares at five players, and her partner's card is not played in the first two tricks."""
    if state.phase == "auction":
        return None
    if state.declarer != 0 or (state.contract is not None and state.contract.misere):
        return False
    if state.called and len(state.trick_winners) >= 2:
        return not state.revealed
    return None


HIDDEN = {"five_player_partner_reveal": "hidden"}


@situation(5, HIDDEN, policy("10S"), called_late)
async def test_a_hidden_partner_is_named_nowhere_public_until_the_called_card_is_played(world: World) -> None:
    game_no = await start(world, 5, HIDDEN)
    alice = policy("10S")
    await play_until(world, game_no, alice, lambda v: v.phase == "call", nothing)
    message = must(playable(world.alice))
    view = await alice_view(world, game_no)
    calls = [e.text for e in view.legal if e.kind == "call"]
    assert [v for v, _ in offered(message)] == calls
    assert all(label == card_label(v.split()[1]) for v, label in offered(message))
    assert [must(s.placeholder).split(" (")[0] for s in selects(message)] == ["Call a partner card…"] * len(
        selects(message)
    )
    assert buttons(message) == ["solo"]
    hand = set(view.hand) | set(view.discards or ())
    assert not any(v.split()[1] in hand or v.split()[1][-1] == "S" for v in calls)  # not hers, not a trump

    # Until the partner plays the called card, every public message is scanned for their name as partner.
    before: list[str] = []

    async def scan(view: Any) -> None:
        if not (await public(world, game_no)).partners:
            before.append(said(world))

    await act(world, calls[0])
    assert f"**alice** called {card_label(calls[0].split()[1])}." in said(world)
    await play_until(world, game_no, alice, lambda v: v.hand_no > 1 or v.over, scan)
    result = (await public(world, game_no)).hands[0].detail
    [partner] = result["partners"]
    name = seat_name(partner)
    assert len(before) >= 2
    for text in before:
        assert f"Partner of **alice**: **{name}**" not in text and f"Partner: **{name}**" not in text
        assert f"played with **{name}**" not in text
    text = said(world)
    card = card_label(result["called"][0])
    assert f"**{name}** played {card}. Partner of **alice**: **{name}**." in text
    assert f"**alice** played with **{name}**." in text
    assert world.env.errors == []


@situation(5, {}, policy("10S"), alice_declares("call"))
async def test_a_partner_revealed_at_once_is_announced_with_the_call(world: World) -> None:
    game_no = await start(world, 5)
    alice = policy("10S")
    await play_until(world, game_no, alice, lambda v: v.phase == "call", nothing)
    view = await alice_view(world, game_no)
    call = view.legal[0].text
    await act(world, call)
    partners = (await public(world, game_no)).partners
    [partner] = partners
    text = said(world)
    assert f"**alice** called {card_label(call.split()[1])}. Partner of **alice**: **{seat_name(partner)}**." in text
    assert f"Partner: **{seat_name(partner)}**." in must(board(world).embeds[0].fields[1].value)
    assert world.env.errors == []


TWO = {"five_player_two_partners_at_8": "on"}


@situation(5, TWO, policy("10S"), alice_declares("call"))
async def test_two_partners_are_called_in_two_steps_instead_of_hundreds_of_pairs(world: World) -> None:
    game_no = await start(world, 5, TWO)
    await play_until(world, game_no, policy("10S"), lambda v: v.phase == "call", nothing)
    view = await alice_view(world, game_no)
    singles = [e.text for e in view.legal if e.kind == "call" and len(e.cards) == 1]
    assert len([e for e in view.legal if e.kind == "call"]) > 300  # every pair is legal too
    message = playable(world.alice)
    assert [v for v, _ in offered(must(message))] == singles  # the selects hold the single calls only
    [pairs] = buttons_of(must(message), "fives:pairs:")
    assert pairs.label == "Call two partners…"
    user = world.alice.user

    await user.click(message, custom_id=pairs.custom_id)
    message = next(m for m in dms(world.alice) if m.id == must(message).id)
    steps = selects_of(message, "fives:pair:")
    firsts = [o.value for c in steps for o in c.options]
    assert firsts == [t.split()[1] for t in singles]
    assert must(steps[0].placeholder).startswith("First partner card…")
    # Back returns to every move, without playing anything; the button leads to the first step again.
    [back] = [b for b in buttons_of(message) if b.label == "◀ Back"]
    await user.click(message, custom_id=back.custom_id)
    message = next(m for m in dms(world.alice) if m.id == message.id)
    assert [v for v, _ in offered(message)] == singles
    await user.click(message, custom_id=pairs.custom_id)
    message = next(m for m in dms(world.alice) if m.id == message.id)
    first = firsts[0]
    await user.select(message, [first], custom_id=steps[0].custom_id)
    message = next(m for m in dms(world.alice) if m.id == message.id)
    steps = selects_of(message, "fives:pair:")
    seconds = [o.value for c in steps for o in c.options]
    assert first not in seconds and set(seconds) == set(firsts) - {first}
    assert must(steps[0].placeholder).startswith(f"Second partner card, with {card_label(first)}…")
    turn = world.bot.service.tables.games_of(world.alice.id)[0].turn
    [holder] = [c for c in steps if seconds[-1] in [o.value for o in c.options]]
    await user.select(message, [seconds[-1]], custom_id=holder.custom_id)
    assert world.bot.service.tables.games_of(world.alice.id)[0].turn > turn
    view = await public(world, game_no)
    assert set(view.called) == {first, seconds[-1]} and view.partners
    assert f"**alice** called {card_label(first)} {card_label(seconds[-1])}." in said(world)
    assert world.env.errors == []


# -- 5. open misère -----------------------------------------------------------------------------------------
def alice_open_misere(state: Any) -> bool | None:
    if state.phase == "auction":
        return None
    return state.declarer == 0 and str(state.contract) == "open-misere"


def shown_cards(text: str, cards: Iterable[str]) -> set[str]:
    """The cards of `cards` that a public text shows, bids left out (a bid 7♥ reads like the card)."""
    lines = [line for line in text.splitlines() if " bid " not in line and "bid:" not in line.lower()]
    words = set(" ".join(lines).replace(".", " ").replace(",", " ").split())
    return {c for c in cards if card_label(c) in words}


AFTER_TRICK = {"open_misere_expose": "after_first_trick"}


@pytest.mark.parametrize(
    ("seed", "expose"),
    [
        (Situation(4, {}, policy("open-misere"), alice_open_misere), "before_first_lead"),
        (Situation(4, AFTER_TRICK, policy("open-misere"), alice_open_misere), "after_first_trick"),
    ],
    indirect=["seed"],
    ids=["before_first_lead", "after_first_trick"],
)
async def test_the_open_misere_hand_is_public_once_exposed_and_not_before(world: World, expose: str) -> None:
    options = {} if expose == "before_first_lead" else {"open_misere_expose": expose}
    game_no = await start(world, 4, options)
    alice = policy("open-misere")
    await play_until(world, game_no, alice, lambda v: v.phase == "discard", nothing)
    mine = await alice_view(world, game_no)
    assert mine.declarer == 0 and mine.contract == "open-misere"
    cards = set(mine.hand)
    assert (await public(world, game_no)).exposed is None
    assert shown_cards(said(world), cards) == set()
    assert not any("open hand" in text_of(m) for m in public_messages(world))
    await act(world, alice(mine))

    kept = set((await alice_view(world, game_no)).hand)
    if expose == "after_first_trick":
        view = await public(world, game_no)
        assert view.exposed is None and not any("open hand" in text_of(m) for m in public_messages(world))
        played = {c for _, c in view.trick}
        assert shown_cards(said(world), kept) <= played
        await act(world, alice(await alice_view(world, game_no)))
        view = await public(world, game_no)
        assert sum(view.tricks) >= 1
    view = await public(world, game_no)
    mine = await alice_view(world, game_no)
    assert view.exposed == mine.hand  # what is left of it, face up
    fields = {f.name: f.value for f in board(world).embeds[0].fields}
    assert fields["alice's open hand"] == " ".join(card_label(c) for c in view.exposed)
    assert "**alice** lays their hand face up (open misère)." in said(world)
    # Alice's partner sits out: only three play, and her partner is never asked to.
    assert 2 in view.out
    assert world.env.errors == []


# -- 6. the previous trick ---------------------------------------------------------------------------------
async def test_the_last_trick_button_before_and_after_the_first_trick(world: World) -> None:
    game_no = await start(world)
    shown = reply(await world.carol.click(board(world), label="Last trick"))
    assert shown.ephemeral and shown.content == "No trick has been completed yet in this hand."
    assert shown.attachments == [] and not shown.embeds
    await play_until(world, game_no, first_option, lambda v: v.phase == "play" and sum(v.tricks) >= 1, nothing)
    shown = reply(await world.carol.click(board(world), label="Last trick"))
    assert shown.ephemeral and shown.embeds[0].title == "Last trick"
    assert [a.filename for a in shown.attachments] == ["trick.png"]
    assert " takes the trick." in said(world)
    assert world.env.errors == []


# -- 7. score sheets and the end of the game ----------------------------------------------------------------
async def test_every_hand_has_its_score_sheet_and_the_game_ends_at_500(world: World) -> None:
    game_no = await start(world)
    for _ in range(600):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        await act(world, first_option(await alice_view(world, game_no)))
    else:
        raise AssertionError("the game did not end")
    messages = thread(world).history()
    sheets = [m for m in messages if m.embeds and (m.embeds[0].title or "").endswith(" is over")]
    [over] = [m for m in messages if m.embeds and m.embeds[0].title == "Five Hundred #1: game over"]
    sides = ["alice & Computer 2", "Computer 1 & Computer 3"]
    totals = [0, 0]

    def check_hand(description: str, scores: str) -> None:
        lines = description.splitlines()
        assert any(" made " in line or " was set on " in line or "passed" in line for line in lines)
        [tricks] = [line for line in lines if line.startswith("Tricks taken: ")]
        parts = tricks.removeprefix("Tricks taken: ").removesuffix(".").split(", ")
        assert [part.rsplit(": ", 1)[0] for part in parts] == sides
        assert sum(int(part.rsplit(": ", 1)[1]) for part in parts) == 10
        for k, line in enumerate(scores.splitlines()):
            points = int(line.removeprefix(f"{sides[k]}: ").split(" ")[0])
            totals[k] += points
            assert line == f"{sides[k]}: {points:+d} (total {totals[k]})"

    for n, message in enumerate(sheets, start=1):
        embed = message.embeds[0]
        assert embed.title == f"Five Hundred #1: hand {n} is over"
        assert [a.filename for a in message.attachments] == ["sheet.png"]
        [scores] = [f.value for f in embed.fields if f.name == "Scores"]
        check_hand(must(embed.description), must(scores))
    # The hand that ends the game is told in the game-over message, with the final sheet.
    embed = over.embeds[0]
    assert [a.filename for a in over.attachments] == ["sheet.png"]
    [last] = [f.value for f in embed.fields if f.name == f"Hand {len(sheets) + 1}"]
    check_hand(must(embed.description), must(last))
    assert max(totals) >= 500 or min(totals) <= -500
    standings = must(next(f.value for f in embed.fields if f.name == "Standings")).splitlines()
    assert {line.split(" ", 1)[1] for line in standings} == {f"{sides[k]}: {totals[k]}" for k in range(2)}
    winner = next(line.split(" ", 1)[1].rsplit(":", 1)[0] for line in standings if line.startswith("🥇"))
    assert f"🏆 {winner} win!" in must(embed.description)
    loser = sides[1 - sides.index(winner)]
    assert totals[sides.index(winner)] >= 500 or totals[sides.index(loser)] <= -500
    assert world.env.errors == []


# -- 8. a restart in the middle of the auction ---------------------------------------------------------------
async def test_a_restart_mid_auction_carries_on_with_the_controls_from_before(
    world: World, make_bot: Callable[[], Any]
) -> None:
    game_no = await start(world)
    view = await alice_view(world, game_no)
    assert view.phase == "auction" and to_act(world, world.alice)
    hand = playable(world.alice)  # the DM with the bid selects, sent before the restart
    old_board = board(world)
    bid = view.legal[0].text
    turn = world.bot.service.tables.games_of(world.alice.id)[0].turn

    await world.env.restart_bot(make_bot())  # a new bot over the same database

    assert world.bot.service.tables.games_of(world.alice.id)[0].turn == turn
    shown = reply(await world.alice.click(old_board, label="My hand"))
    assert shown.ephemeral and must(shown.embeds[0].description).startswith("**Your turn.**")
    high = (await public(world, game_no)).high_bid
    assert ("No bid yet." if high is None else f"Highest bid: **{bid_label(high)}**") in must(
        shown.embeds[0].description
    )
    assert [v for v, _ in offered(shown.message)] == [e.text for e in view.legal if e.kind == "bid"]
    await act(world, bid, hand)  # the old DM's select
    assert f"**alice** bid {bid_label(bid)}." in said(world)
    assert world.bot.service.tables.games_of(world.alice.id)[0].turn > turn
    assert (
        board(world).id != old_board.id
        and custom_ids(next(m for m in thread(world).history() if m.id == old_board.id)) == []
    )
    # ...and the game goes on to the next hand with the new bot's controls.
    await play_until(world, game_no, first_option, lambda v: v.hand_no > 1, nothing)
    assert world.env.errors == []


# -- DMs closed, the turn timer --------------------------------------------------------------------------------
@situation(4, {}, policy("10NT"), alice_declares("discard"))
async def test_closed_dms_play_through_my_hand_and_the_timer_discards_face_down(world: World) -> None:
    alice = world.alice
    close_dms(world.env, alice)
    await world.bot.service.settings.update(world.guild.id, turn_seconds=60)
    game_no = await start(world)
    assert dms(alice) == [] and "alice does not take direct messages from me" in said(world)
    for _ in range(10):
        view = await alice_view(world, game_no)
        if view.phase != "auction":
            break
        shown = reply(await alice.click(board(world), label="My hand"))
        assert shown.ephemeral and selects(shown.message)
        await act(world, policy("10NT")(view), shown.message)
    assert view.phase == "discard" and view.declarer == 0
    shown = reply(await alice.click(board(world), label="My hand"))
    [select] = selects_of(shown.message, "fives:discard:")
    assert select.min_values == select.max_values == 3 and len(select.options) == 13
    hand = set(view.hand)

    await world.env.advance_time(61)  # nobody discards: the computer does it for Alice, face down
    after = await alice_view(world, game_no)
    assert after.phase == "play" and len(after.hand) == 10 and set(after.discards or ()) <= hand
    newest = thread(world).history()[-1].embeds[0].description
    assert must(newest).startswith(
        "⏱ **alice**'s time ran out, so the computer played for them: **alice** took the widow and laid away the "
        "discards."
    )
    assert not shown_cards(said(world), after.discards or ())
    # Her next move still works from the ephemeral hand.
    shown = reply(await alice.click(board(world), label="My hand"))
    card = next(e.text for e in after.legal if not e.text.startswith("JK"))
    await act(world, card, shown.message)
    assert f"**alice** played {card_label(card)}." in said(world)
    assert world.env.errors == []


async def test_the_last_trick_button_shows_the_last_hands_tenth_trick_during_the_next_auction(world: World) -> None:
    game_no = await start(world)
    played_out = lambda v: v.phase == "auction" and v.hands and v.hands[-1].detail.get("last_trick")  # noqa: E731
    assert await play_until(world, game_no, first_option, played_out, nothing) is not None
    shown = reply(await world.carol.click(board(world), label="Last trick"))
    assert shown.ephemeral and shown.embeds[0].title == "Last trick"
    assert [a.filename for a in shown.attachments] == ["trick.png"]
    assert world.env.errors == []
