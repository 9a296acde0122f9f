"""Domineren's lines, prompts and labels, told from the engine's events and views: a decline says which
question it answers, a pass owed for a double on the set says so, a broken Block names its declarer and
the chips of the rules, Nos is told on the play that made it (with the hand's result when the play dealt
the next hand), and the chips a set or a declaration earns are the engine's."""

from __future__ import annotations

import itertools

from bot.engine import new_game
from bot.engine.domineren import LegalMove
from bot.engine.domineren.rules import BLOCK_BROKEN, NOS
from presenters import presenter
from tests.checks import must
from tests.games import new_domineren

from .playing import NAMES, act, playout


def sessions() -> itertools.chain:
    """Random sessions that meet every question, a forced pass, a Block broken and conceded, Nos."""
    return itertools.chain.from_iterable(
        playout("domineren", players, seed) for players, seed in ((3, 1), (4, 2), (5, 3), (4, 4))
    )


def test_what_each_action_did_is_told_from_its_events() -> None:
    seen = set()
    for told in sessions():
        player, events = f"**{NAMES[told.note.seat]}**", told.note.events
        for event in events:
            if event.kind == "decline":
                question = event.data["question"]
                said = {"declare": "does not declare their doubles.", "special": "does not play a double on the set."}
                assert told.line.startswith(f"{player} {said[question]}"), told.line
                seen.add(f"decline {question}")
            elif event.kind == "pass" and event.data["forced"]:
                assert told.line.startswith(f"{player} passes, for the double played on the set out of turn.")
                seen.add("forced pass")
            elif event.kind == "pass":
                assert told.line.startswith(f"{player} passed."), told.line
            elif event.kind == "block_broken":
                declarer = NAMES[event.seat]
                assert f"**{declarer}**'s Block is broken: they pay {BLOCK_BROKEN} chips to each player." in told.line
                seen.add("block broken")
            elif event.kind == "concede":
                assert told.line.startswith(f"{player} concedes **{NAMES[event.data['block']]}**'s Block.")
                seen.add("concede")
            elif event.kind == "special":
                assert "out of turn, and passes a turn for it." in told.line
                seen.add("special")
    assert {"decline declare", "decline special", "forced pass", "block broken", "concede", "special"} <= seen


def test_nos_is_told_on_its_play_unless_the_play_dealt_the_next_hand() -> None:
    told_on_play = told_with_hand = 0
    for told in sessions():
        kinds = told.kinds()
        said = f"**{NAMES[told.note.seat]}** is out first: Nos! (+{NOS} chips from each player)"
        if "nos" in kinds and "deal" not in kinds:
            assert said in told.line
            told_on_play += 1
        else:
            assert "Nos!" not in told.line
            if "nos" in kinds:
                told_with_hand += 1
                [hand] = told.hands
                summary = presenter("domineren").hand_summary(hand, NAMES, "en")
                went_out = f"**{NAMES[told.note.seat]}** went out first and said Nos (+{NOS} chips from each player)."
                assert went_out in summary
    assert told_on_play and told_with_hand


def test_a_set_says_what_each_player_pays_for_it() -> None:
    """§4: one half of the double's pips from each other player, 0-0 seven."""
    for seed in range(40):
        state = new_game("domineren", 4, {"hands": 1}, seed=seed)
        view = state.view(state.current_seat)
        sets = [e for e in view.legal if isinstance(e, LegalMove) and e.kind == "set"]
        if any(e.tile == (0, 0) for e in sets):
            break
    else:
        raise AssertionError("no deal gives the set player 0-0")
    words = presenter("domineren")
    described = {e.tile: words.move_label(e, "en", view=view) for e in sets}
    assert described[(0, 0)] == ("Set 0-0", "7 chips from each player (21 in all)")
    for tile, (_, description) in described.items():
        if tile != (0, 0):
            pips = must(tile)[0]
            assert description == f"{pips} chips from each player ({3 * pips} in all)"


def test_the_declaration_prompt_offers_the_chips_the_declaration_then_pays() -> None:
    """The bonus table is the game's option (pagat or leeflang): what the prompt says is what is paid."""
    checked = set()
    for table, seed in itertools.product(("pagat", "leeflang"), range(30)):
        state = new_domineren("domineren", 4, {"hands": 1, "double_bonus_table": table}, seed=seed)
        while state.view(None).phase in ("set", "type"):
            act(state, state.current, state.legal_actions()[0])
        if state.view(None).phase != "declare":
            continue
        seat = state.current
        prompt = presenter("domineren").prompt(state.view(seat), NAMES, "en")
        [event] = [e for e in act(state, seat, "declare").note.events if e.kind == "declare"]
        assert f"receive **{event.data['chips']}** chips from each player" in prompt[0]
        checked.add(table)
        if checked == {"pagat", "leeflang"}:
            return
    raise AssertionError(f"no declaration met with {checked}")
