"""The 18 game types (domineren.md §16-§18): where each tile may go, phase by phase, and one example
record per type (tests/records/domineren/type-*.json, also printed in docs/domineren.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine.domineren.gametypes import TYPE_IDS, declarations, parse_declaration, plan_for
from bot.engine.domineren.layout import Layout
from bot.engine.domineren.matching import FIT, MATADORS
from bot.engine.fives.layout import COMPASS
from bot.engine.records import replay
from bot.engine.tiles import label, parse_halves, parse_tile
from tests.checks import must

from .replaying import RECORDS
from .test_domineren_support import Script, full_deal, second_hand

DOCS = Path(__file__).resolve().parents[2] / "docs" / "domineren.md"


def table(set_tile: str, declaration: str, type9_double_cross: bool = False) -> Layout:
    layout = Layout(parse_tile(set_tile), 0)
    layout.declare(plan_for(parse_declaration(declaration), type9_double_cross))
    return layout


def where(layout: Layout, tile: str, special: bool = False) -> set[str]:
    """Every placement of `tile`: touching half first, the target, the compass side of the end."""
    t = parse_tile(tile)
    out = set()
    for _, value, key, node, side, _ in layout.options(special):
        for touch in FIT[key][value][t]:
            target = layout.nodes[node]
            out.add(f"{label(t, touch)}@{label(target.tile, target.touch if node else None)}:{COMPASS[side]}")
    return out


def put(layout: Layout, play: str) -> None:
    """Place `play` (written with its side) on the layout, checking it is one of the placements."""
    assert play in where(layout, play.split("@")[0]), (play, where(layout, play.split("@")[0]))
    tile_text, target_text = play.split("@")
    target_text, side = target_text.split(":")
    a, _ = parse_halves(tile_text)
    node = layout.node_of_tile[parse_tile(target_text)]
    index = next(i for i, e in enumerate(layout.ends) if e[1] == node and COMPASS[e[2]] == side)
    layout.place(parse_tile(tile_text), index, a, False, 0)


def fill_sides(layout: Layout, *plays: str) -> None:
    for play in plays:
        put(layout, play)


# -- crosses ---------------------------------------------------------------------------------------------
def test_normal_cross_sides_first_then_straight_arms() -> None:
    layout = table("4-4", "type 2")
    assert where(layout, "4-1") == {"4-1@4-4:W", "4-1@4-4:E", "4-1@4-4:N", "4-1@4-4:S"}
    put(layout, "4-1@4-4:W")
    assert where(layout, "1-6") == set()  # the W arm waits for the other three sides
    fill_sides(layout, "4-2@4-4:E", "4-3@4-4:N", "4-5@4-4:S")
    assert where(layout, "1-6") == {"1-6@4-1:W"}
    assert where(layout, "4-6") == set()  # no fifth side: the set is closed
    put(layout, "1-1@4-1:W")
    assert where(layout, "1-6") == {"1-6@1-1:W"}  # a later double does not branch
    assert where(layout, "1-0") == {"1-0@1-1:W"}


def test_russian_cross_sums_to_seven_and_takes_matadors() -> None:
    layout = table("4-4", "type 5")
    assert where(layout, "3-6") == {f"3-6@4-4:{s}" for s in "WENS"}
    assert where(layout, "4-6") == set()
    assert len(where(layout, "5-2")) == 8  # a matador, either half touching, on any side
    fill_sides(layout, "3-1@4-4:W", "3-2@4-4:E", "3-5@4-4:N", "3-6@4-4:S")
    assert where(layout, "6-0") == {"6-0@3-1:W"}  # 6 + 1 = 7; a blank never touches
    assert where(layout, "1-2") == {"1-2@3-6:S", "2-1@3-5:N"}


def test_russian_double_cross_arm_needs_a_double_or_a_matador() -> None:
    layout = table("4-4", "type 6")
    fill_sides(layout, "3-1@4-4:W", "3-2@4-4:E", "3-5@4-4:N", "3-6@4-4:S")
    assert where(layout, "6-6") == {"6-6@3-1:W"}
    assert where(layout, "6-0") == set()
    assert len(where(layout, "5-2")) == 8
    put(layout, "6-6@3-1:W")
    assert where(layout, "1-0") == {"1-0@6-6:W"}  # that arm is free now; the others still wait for theirs


def test_normal_cross_then_russian() -> None:
    layout = table("4-4", "type 7")
    assert where(layout, "3-6") == set()  # the first five tiles are normal
    fill_sides(layout, "4-2@4-4:W", "4-1@4-4:E", "4-0@4-4:N", "4-5@4-4:S")
    assert where(layout, "5-3") == {"5-3@4-2:W"}
    assert where(layout, "2-6") == {"2-6@4-5:S", "6-2@4-1:E"}
    assert where(layout, "0-3") == set()  # the N arm shows a blank: only a matador
    assert "6-1@4-0:N" in where(layout, "6-1")


def test_normal_cross_then_russian_double_cross() -> None:
    layout = table("4-4", "type 8")
    fill_sides(layout, "4-2@4-4:W", "4-1@4-4:E", "4-0@4-4:N", "4-5@4-4:S")
    assert where(layout, "5-3") == set()
    assert where(layout, "5-5") == {"5-5@4-2:W"}
    assert where(layout, "6-6") == {"6-6@4-1:E"}
    assert "6-1@4-0:N" in where(layout, "6-1")


@pytest.mark.parametrize("double_cross", [False, True])
def test_russian_cross_then_normal(double_cross: bool) -> None:
    layout = table("4-4", "type 9", type9_double_cross=double_cross)
    assert where(layout, "4-1") == set()
    fill_sides(layout, "3-1@4-4:W", "3-2@4-4:E", "3-5@4-4:N", "3-6@4-4:S")
    assert where(layout, "1-0") == (set() if double_cross else {"1-0@3-1:W"})
    assert where(layout, "1-1") == {"1-1@3-1:W"}


# -- directed opening and Volapük ------------------------------------------------------------------------
def test_directed_opening_a_names_the_order_of_the_ends() -> None:
    layout = table("6-2", "type 11 normal a:E")
    assert where(layout, "2-5") == {"2-5@6-2:E"}
    assert where(layout, "6-5") == set()  # the W end only after the E end
    assert where(layout, "6-6", special=True) == {"6-6@6-2:W"}  # a special double goes on either end
    put(layout, "2-5@6-2:E")
    assert where(layout, "5-1") == set()  # now the other end of the set
    assert where(layout, "6-1") == {"6-1@6-2:W"}
    put(layout, "6-1@6-2:W")
    assert where(layout, "5-3") == {"5-3@2-5:E"}  # free from here on
    assert where(layout, "1-3") == {"1-3@6-1:W"}


def test_directed_opening_b_with_the_switch() -> None:
    layout = table("4-4", "type 11 russian b:W:2 switch")
    assert where(layout, "3-1") == {"3-1@4-4:W"}
    put(layout, "3-1@4-4:W")
    assert where(layout, "6-5") == {"6-5@3-1:W"}  # still towards the W, still Russian
    put(layout, "6-5@3-1:W")
    assert where(layout, "5-0") == {"5-0@6-5:W"}  # condition c: the normal rule from now on
    assert where(layout, "4-0") == {"4-0@4-4:E"}
    assert where(layout, "2-0") == set()


def test_volapuk_one_direction_normal_the_other_russian() -> None:
    layout = table("6-2", "type 12 normal:W")
    assert where(layout, "6-3") == {"6-3@6-2:W"}
    assert where(layout, "5-3") == {"5-3@6-2:E"}
    assert where(layout, "2-3") == set()
    assert where(layout, "4-3") == {"4-3@6-2:E", "3-4@6-2:E"}
    layout = table("6-2", "type 12 normal:W b:E:1")
    assert where(layout, "6-3") == set()


def test_volapuk_cross_axes() -> None:
    layout = table("4-4", "type 13a normal:NS")
    assert where(layout, "4-1") == {"4-1@4-4:N", "4-1@4-4:S"}
    assert where(layout, "3-1") == {"3-1@4-4:W", "3-1@4-4:E"}
    assert where(layout, "4-3") == {"4-3@4-4:N", "4-3@4-4:S", "4-3@4-4:W", "4-3@4-4:E", "3-4@4-4:W", "3-4@4-4:E"}


def test_volapuk_double_cross_needs_per_axis() -> None:
    layout = table("4-4", "type 13b normal:WE")
    fill_sides(layout, "4-1@4-4:W", "4-2@4-4:E", "3-5@4-4:N", "3-6@4-4:S")
    assert where(layout, "1-1") == {"1-1@4-1:W", "1-1@3-6:S"}
    assert where(layout, "2-2") == {"2-2@4-2:E", "2-2@3-5:N"}
    assert where(layout, "1-5") == set()
    assert len(where(layout, "6-1")) == 4  # a matador on the Russian arms only


# -- triangles -------------------------------------------------------------------------------------------
def triangle(type_id: str) -> Layout:
    layout = table("0-0", f"type {type_id}")
    assert len(where(layout, "6-1")) == 8 and where(layout, "3-0") == set()
    put(layout, "6-1@0-0:W")
    put(layout, "5-2@0-0:E")
    assert where(layout, "6-2") == set()  # the arms wait for the third matador
    put(layout, "4-3@0-0:N")
    return layout


def test_triangle_russian_arms_and_the_fourth_side_closed() -> None:
    layout = triangle("14")
    assert [e for e in layout.ends if e[1] == 0] == []
    assert where(layout, "6-2") == {"6-2@6-1:W"}
    assert where(layout, "0-5") == {"5-0@5-2:E"}


def test_triangle_with_doubles() -> None:
    layout = triangle("15")
    assert where(layout, "6-6") == {"6-6@6-1:W"}
    assert where(layout, "6-2") == set()


def test_triangle_then_normal() -> None:
    layout = triangle("16")
    assert where(layout, "1-4") == {"1-4@6-1:W"}
    assert where(layout, "3-5") == {"3-5@4-3:N"}
    assert where(layout, "6-5") == set()


def test_triangle_cross() -> None:
    layout = triangle("17")
    assert where(layout, "0-5") == {"0-5@0-0:S"}  # the fourth side first, by the normal rule
    assert where(layout, "1-4") == set()
    put(layout, "0-5@0-0:S")
    assert where(layout, "1-4") == {"1-4@6-1:W"}
    assert where(layout, "5-6") == {"5-6@0-5:S"}


@pytest.mark.parametrize("double_cross", [False, True])
def test_split_cross(double_cross: bool) -> None:
    layout = table("4-4", "type 18 double-cross" if double_cross else "type 18 cross")
    assert len(where(layout, "3-1")) == 4 and where(layout, "4-1") == set()
    fill_sides(layout, "3-1@4-4:W", "3-2@4-4:E")
    assert where(layout, "4-5") == {"4-5@4-4:N", "4-5@4-4:S"}  # the last two sides are normal
    assert where(layout, "3-5") == set()
    fill_sides(layout, "4-5@4-4:N", "4-6@4-4:S")
    assert where(layout, "1-0") == (set() if double_cross else {"1-0@3-1:W"})
    assert where(layout, "1-1") == {"1-1@3-1:W"}


# -- which types a set allows ----------------------------------------------------------------------------
def test_the_set_decides_which_types_may_be_declared() -> None:
    def types(set_tile: str) -> set[str]:
        return {d.type_id for d in declarations(parse_tile(set_tile), TYPE_IDS)}

    assert types("6-2") == {"1", "4", "11", "12"}
    assert types("0-0") == set(TYPE_IDS) - {"5", "6", "9", "10"}
    assert types("3-3") == set(TYPE_IDS) - {"14", "15", "16", "17"}
    assert len(declarations(parse_tile("6-2"), TYPE_IDS)) == 2 + 40 + 18


def test_allowed_types_limit_the_declarations() -> None:
    hands = [["4-4", "0-1", "0-2", "1-2"], ["3-5", "4-5", "4-3", "1-6"], ["0-5", "0-6", "2-5", "2-6"]]
    hands.append(["1-3", "1-4", "1-5", "2-4"])
    script = Script(4, [full_deal(hands)], {"allowed_types": ["2", "4", "13b"]})
    script.act(0, "4-4")
    assert [str(a) for a in script.state.legal_actions()] == [
        "type 2",
        "type 4",
        "type 13b normal:WE",
        "type 13b normal:NS",
    ]


# -- special double plays by type ------------------------------------------------------------------------
VOLAPUK_HANDS = [["4-4", "0-1", "0-2", "1-2"], ["3-3", "3-5", "5-6", "0-6"], ["2-4", "2-3", "2-5", "1-3"]]
VOLAPUK_HANDS.append(["1-4", "1-5", "1-6", "4-6"])


@pytest.mark.parametrize(("declaration", "asked"), [("type 4", True), ("type 12 normal:E", False)])
def test_no_special_double_plays_in_volapuk(declaration: str, asked: bool) -> None:
    script = Script(4, [full_deal(VOLAPUK_HANDS)])
    script.acts((0, "4-4"), (0, declaration))
    state = script.state
    assert (state.phase, state.current_seat) == (("special", 1) if asked else ("play", 1))


def test_directed_b_special_double_on_the_other_end_passes_at_the_second_turn() -> None:
    script = Script(4, [full_deal(VOLAPUK_HANDS)])
    script.acts((0, "4-4"), (0, "type 11 russian b:W:1"))
    assert {str(a) for a in script.state.legal_actions(1)} == {"3-3@4-4:W", "3-3@4-4:E", "decline"}
    script.act(1, "3-3@4-4:E")
    assert script.state.view(None).forced_passes[1] == (2,)
    assert "pass" not in {str(a) for a in script.state.legal_actions(1)}  # his first turn is normal
    script.act(1, "3-5@4-4")
    while script.state.current_seat != 1:
        seat = must(script.state.current_seat)
        script.act(seat, str(script.state.legal_actions(seat)[0]))
    assert [str(a) for a in script.state.legal_actions(1)] == ["pass"]


# -- one example record per type -------------------------------------------------------------------------
RECORD_FILES = sorted((RECORDS / "domineren").glob("type-*.json"))


def test_there_is_a_record_for_every_type() -> None:
    assert sorted(p.stem[len("type-") :] for p in RECORD_FILES) == sorted(TYPE_IDS)


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.stem)
def test_type_record_replays(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    out = replay(record)
    declared = record["actions"][1]["action"]
    type_id = path.stem[len("type-") :]
    assert declared.split()[:2] == ["type", type_id]
    assert out["over"] and len(out["hands"]) == 1
    assert sum(out["scores"]) == 500 * record["players"]
    placed = [a["action"].split("@")[0] for a in record["actions"] if "@" in a["action"]]
    if type_id in ("14", "15", "16", "17"):
        assert {label(parse_tile(t)) for t in placed[:3]} <= {label(t) for t in MATADORS}


@pytest.mark.parametrize("path", RECORD_FILES, ids=lambda p: p.stem)
def test_type_record_is_in_the_docs(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    line = "; ".join(f"{a['seat']}: {a['action']}" for a in record["actions"])
    assert line in " ".join(DOCS.read_text(encoding="utf-8").split())  # the docs wrap it over lines


# -- directed opening a with special doubles (§18.11 a, §8) ---------------------------------------------
DIRECTED_HANDS = [["0-1", "0-3", "0-4", "0-5"], ["2-1", "0-6", "1-5", "3-4"], ["6-6", "1-6", "3-6", "4-6"]]
DIRECTED_HANDS.append(["2-2", "2-4", "3-5", "4-5"])


@pytest.mark.parametrize("six_first", [True, False])
def test_directed_a_two_special_doubles_fulfil_the_order_whoever_is_asked_first(six_first: bool) -> None:
    """A special double may go on either end (§18.11 a) and counts for the end it lies on, so with both
    ends of the single set covered out of turn play is free, whichever player was asked first."""
    hands = [list(h) for h in DIRECTED_HANDS]
    if not six_first:
        hands[2][0], hands[3][0] = hands[3][0], hands[2][0]
    script, sp = second_hand(4, hands, talon=["6-2"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 11 normal a:W"))
    first, second = ("6-6@6-2", "2-2@6-2") if six_first else ("2-2@6-2", "6-6@6-2")
    script.acts((p2, first), (p3, second))
    view = script.state.view(None)
    assert must(view.game_type).directed == "" and not any(e.directed for e in view.ends)
    plays = {str(a) for a in script.state.legal_actions(p1) if not str(a).endswith("block")}
    assert plays == {"2-1@2-2", "6-0@6-6"}  # either end


def test_directed_a_a_special_double_on_the_other_end_leaves_the_named_end_first() -> None:
    script, sp = second_hand(4, DIRECTED_HANDS, talon=["6-2"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 11 normal a:W"), (p2, "decline"), (p3, "2-2@6-2"))
    assert must(script.state.view(None).game_type).directed == "W"  # the W end first, then free
    assert {str(a) for a in script.state.legal_actions(p1) if not str(a).endswith("block")} == {"6-0@6-2"}
    script.act(p1, "6-0@6-2")
    assert must(script.state.view(None).game_type).directed == ""
