"""The Domineren computer player: always legal from its own view, sensible declarations, and a Block
only when it cannot be wrong."""

from __future__ import annotations

import json
import random

from bot.ai import choose_action
from bot.ai.domineren import choose
from bot.engine.domineren.state import DominerenState
from tests.checks import is_a, must
from tests.engine.replaying import RECORDS, played
from tests.engine.test_domineren_support import Script, full_deal
from tests.games import new_domineren


def test_always_legal_and_every_block_holds() -> None:
    blocks = broken = 0
    for seed in range(240):
        players = 3 + seed % 3
        options = {
            "hands": 3,
            "auto_claim": "off" if seed % 2 else "on",
            "billitonnen": "on" if seed % 5 == 0 else "off",
        }
        state = new_domineren("domineren", players, options, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.actors[-1]  # a seat owed a payment claims it out of turn first
            action = choose_action(state.view(seat), rng)
            assert action in [str(a) for a in state.legal_actions(seat)], (seed, action)
            blocks += action.endswith(" block")
            finished = len(state.hands)
            events = state.apply(seat, action)
            broken += sum(1 for e in events if e.kind == "block_broken")
            if action.endswith(" block"):
                # sure, not lucky: no tile off the table (any hand, the talon) fits any end now
                if len(state.hands) > finished:
                    assert state.hands[finished].reason == "block-upheld"
                else:
                    off_table = [t for hand in state.in_hand for t in hand] + state.talon
                    assert not any(must(state.layout).can_play([t]) for t in off_table), (seed, action)
    assert broken == 0
    assert blocks > 0


def test_it_blocks_when_it_is_sure() -> None:
    record = json.loads((RECORDS / "domineren" / "ai-sure-block.json").read_text(encoding="utf-8"))
    state = is_a(DominerenState, played(record))
    seat = must(state.current_seat)
    # after 1-0 both ends show a blank and every tile with a blank, and every matador, is on the table
    assert {choose(state.view(seat), random.Random(k)) for k in range(10)} == {"1-0@2-1 block"}
    events = state.apply(seat, "1-0@2-1 block")
    while len(state.hands) == 0:
        events = state.apply(must(state.current_seat), choose_action(state.view(state.current_seat), random.Random(0)))
    assert state.hands[0].reason == "block-upheld" and not [e for e in events if e.kind == "block_broken"]


def test_it_declares_a_type_its_hand_can_use() -> None:
    hands = [["4-4", "3-1", "3-2", "3-5"], ["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script = Script(4, [full_deal(hands)])
    assert choose(script.state.view(0), random.Random(0)) == "4-4"
    script.act(0, "4-4")
    assert choose(script.state.view(0), random.Random(0)) == "type 4"  # every 3 fits under the Russian rule


def test_it_declares_its_doubles_and_plays_them_on_the_set() -> None:
    hands = [["6-6", "0-1", "0-2", "0-3"], ["5-5", "4-4", "3-3", "0-4"], ["1-1", "0-6", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "6-6"), (0, "type 4"))
    assert choose(script.state.view(1), random.Random(0)) == "declare"
    script.act(1, "declare")
    assert script.state.current_seat == 2  # 1-1 fits the 6-6 set under the Russian rule
    assert choose(script.state.view(2), random.Random(0)) == "1-1@6-6"
