"""`python -m rendering.gallery OUTDIR`: write a sample of every kind of image, from seeded games, for a
person to look at (the current set is kept in docs/gallery/ for the README).

Unlike the renderers, this module plays games, so it starts them with `bot.engine.new_game`; the moves
are chosen from each seat's own view, the way a greedy player would (most points, heaviest tile).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from bot.ai import choose_action
from bot.engine import new_game
from bot.engine.domineren import DominerenView
from bot.engine.fives import FivesView

from . import render_board, render_hand, render_score_sheet
from .domineren import board as dom_board
from .five_hundred.board import closing_trick
from .gallery_community import NAMES_JA as JAPANESE_NAMES
from .gallery_community import write_community

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
NAMES_JA = ("さくら", "Łukasz", "たけし・山本", "Dave with a very long display name", "エミ")


def greedy(view: FivesView, rng: random.Random) -> str:
    """Most points now, then the heaviest tile, then at random: games that look like real ones."""
    best = max((m.points, sum(m.tile) if m.tile else -1) for m in view.legal)
    return rng.choice([m.text for m in view.legal if (m.points, sum(m.tile) if m.tile else -1) == best])


def play(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """The state after each action of one seeded game (the same object, changed in place)."""
    state = new_game(game_id, players, options or {}, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        seat = state.current_seat
        view = state.view(seat)
        if not isinstance(view, FivesView):
            raise TypeError(f"{game_id} is not a game of the fives family")
        state.apply(seat, greedy(view, rng))
        yield state


def hand_boards(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> list[list[Any]]:
    """Every public view of one game, grouped by hand, each hand's views in play order."""
    hands: list[list[Any]] = []
    for state in play(game_id, players, seed, options):
        view = state.view(None)
        if not hands or view.hand_no != hands[-1][-1].hand_no:
            hands.append([])
        hands[-1].append(view)
    return hands


def longest_board(game_id: str, players: int, seeds: Sequence[int], options: dict[str, Any] | None = None) -> Any:
    """The public view with the most tiles on the table over the games of `seeds`."""
    best = None
    for seed in seeds:
        for hand in hand_boards(game_id, players, seed, options):
            view = max(hand, key=lambda v: len(v.layout))
            if best is None or len(view.layout) > len(best.layout):
                best = view
    return best


def sample_views(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Early, middle and late boards of the longest hand of one game, a hand on its turn, the final
    score sheet."""
    hands = hand_boards(game_id, players, seed, options)
    hand = max(hands, key=lambda h: max(len(v.layout) for v in h))
    played = [v for v in hand if v.layout]
    late = max(played, key=lambda v: len(v.layout))
    views = {"early": played[min(2, len(played) - 1)], "middle": played[len(played) // 2], "late": late}
    for state in play(game_id, players, seed, options):
        view = state.view(state.current_seat) if state.current_seat is not None else None
        if view is not None and len(view.layout) >= 5 and any(m.points for m in view.legal):
            views["hand"] = view
            break
    views["sheet"] = hands[-1][-1]
    return views


def write_gallery(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = out / f"{name}.png"
        path.write_bytes(data)
        written.append(path)

    plan = [
        ("five-up", 4, 3, None),
        ("five-up", 3, 7, None),
        ("horse-race", 2, 5, None),
        ("all-fives", 4, 2, None),
        ("muggins", 2, 4, None),
        ("draw", 5, 1, None),
        ("seven-rocks", 4, 6, None),
        ("le-quantette", 4, 8, None),
    ]
    for game_id, players, seed, options in plan:
        views = sample_views(game_id, players, seed, options)
        stem = f"{game_id}-{players}p"
        for stage in ("early", "middle", "late"):
            save(f"{stem}-board-{stage}", render_board(views[stage], NAMES))
        if "hand" in views:
            save(f"{stem}-hand", render_hand(views["hand"], NAMES))
        save(f"{stem}-sheet", render_score_sheet(views["sheet"], NAMES))
    _five_hundred(save)
    _domineren(save)
    d9 = {"tile_set": "d9"}
    save("all-fives-d9-3p-board-late", render_board(longest_board("all-fives", 3, range(6), d9), NAMES))
    views = sample_views("five-up", 4, 11)
    save("five-up-4p-board-ja", render_board(views["middle"], NAMES_JA, "ja"))
    save("five-up-4p-hand-ja", render_hand(views["hand"], NAMES_JA, "ja"))
    save("five-up-4p-sheet-ja", render_score_sheet(views["sheet"], NAMES_JA, "ja"))
    save("names-computers-five-up-4p-board-ja", render_board(views["middle"], COMPUTERS_JA, "ja"))
    save("names-computers-five-up-4p-sheet-ja", render_score_sheet(views["sheet"], COMPUTERS_JA, "ja"))
    save("names-computers-five-up-4p-board-over", render_board(views["sheet"], COMPUTERS))
    # four numbered computers' heads do not fit side by side on a Japanese sheet: every other one a line up
    draw4 = hand_boards("draw", 4, 1)[-1][-1]
    save("names-computers-draw-4p-sheet-ja", render_score_sheet(draw4, COMPUTERS_JA[:4], "ja"))
    animated = [
        ("five-up-4p", lambda: play("five-up", 4, 3), NAMES, "en"),
        ("five-hundred-4p", lambda: play_500(4, 2), NAMES_500, "en"),
        ("domineren-4p", lambda: play_domineren(4, 5, options={"hands": 2}), JAPANESE_NAMES, "ja"),
    ]
    written += write_community(out, animated)
    (out / "README.md").write_text(_index([p.name for p in written]), encoding="utf-8")
    return written


NAMES_500 = (*NAMES, "Frank")
NAMES_ALIKE = tuple(f"Computer player {k}" for k in range(1, 7))  # names that differ only at their end
NAMES_500_JA = (*NAMES_JA, "ゆうき")
# the demo's and a lobby's names: a player among numbered computers, the names images most often cut
COMPUTERS = ("Player", *(f"Computer {k}" for k in range(1, 6)))
COMPUTERS_JA = ("プレイヤー", *(f"コンピューター{k}" for k in range(1, 6)))


def play_500(players: int, seed: int, options: dict[str, Any] | None = None, bold: bool = False) -> Iterator[Any]:
    """The state after each action of one seeded Five Hundred game of the computer player; `bold` makes it
    bid open misère whenever it may, to show the exposed hand."""
    state = new_game("five-hundred", players, options or {}, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        view = state.view(state.current_seat)
        wanted = "open-misere" if bold and any(a.text == "open-misere" for a in view.legal) else None
        state.apply(state.current_seat, wanted or choose_action(view, rng))
        yield state


def first_500(players: int, seed: int, wanted: Any, options: dict[str, Any] | None = None, bold: bool = False) -> Any:
    """The first state of a seeded game for which `wanted(state)` holds."""
    return next(s for s in play_500(players, seed, options, bold) if wanted(s))


def _five_hundred(save: Any) -> None:
    """Five Hundred: the auction, a trick in play, the previous trick, the partner call's outcome with
    five players, six players, an exposed open misère, hands on their turn and score sheets."""
    mid_trick = lambda s: s.phase == "play" and len(s.trick) == s.players - 1 and len(s.trick_winners) >= 3  # noqa: E731
    auction = first_500(4, 2, lambda s: s.phase == "auction" and sum(str(b) != "pass" for _, b in s.auction) >= 2)
    save("five-hundred-4p-board-auction", render_board(auction.view(None), NAMES_500))
    save("five-hundred-4p-hand-auction", render_hand(auction.view(auction.current_seat), NAMES_500))
    state = first_500(4, 2, mid_trick)
    save("five-hundred-4p-board-trick", render_board(state.view(None), NAMES_500))
    save("five-hundred-4p-board-previous", render_board(state.view(None), NAMES_500, show_previous=True))
    save("five-hundred-4p-hand", render_hand(state.view(state.current_seat), NAMES_500))
    state = first_500(4, 2, lambda s: s.phase == "discard")
    save("five-hundred-4p-hand-discard", render_hand(state.view(state.current_seat), NAMES_500))
    state = first_500(5, 3, lambda s: mid_trick(s) and bool(s.called))
    save("five-hundred-5p-board-trick", render_board(state.view(None), NAMES_500))
    state = first_500(6, 1, mid_trick)
    save("five-hundred-6p-board-trick", render_board(state.view(None), NAMES_500))
    save("names-alike-500-6p-table", render_board(state.view(None), NAMES_ALIKE))
    save("names-computers-500-6p-table", render_board(state.view(None), COMPUTERS))
    save("names-computers-500-6p-table-ja", render_board(state.view(None), COMPUTERS_JA, "ja"))
    closing = next(v for v in (s.view(None) for s in play_500(6, 1)) if closing_trick(v) is not None)
    save("names-computers-500-6p-board-last-trick", render_board(closing, COMPUTERS))  # its lines in two
    final = list(play_500(6, 1, bold=True))[-1].view(None)
    save("names-computers-500-6p-sheet", render_score_sheet(final, COMPUTERS))
    save("names-computers-500-6p-sheet-ja", render_score_sheet(final, COMPUTERS_JA, "ja"))
    state = first_500(3, 4, lambda s: s.exposed and len(s.trick) == 1, bold=True)
    save("five-hundred-3p-board-open-misere", render_board(state.view(None), NAMES_500))
    new_deal = next(s.view(None) for s in play_500(4, 2) if s.hand_no == 2)
    save("five-hundred-4p-board-last-trick", render_board(new_deal, NAMES_500))
    final = list(play_500(4, 2))[-1].view(None)
    save("five-hundred-4p-sheet", render_score_sheet(final, NAMES_500))
    final = list(play_500(5, 3))[-1].view(None)
    save("five-hundred-5p-sheet", render_score_sheet(final, NAMES_500))
    state = first_500(4, 5, mid_trick)
    save("five-hundred-4p-board-ja", render_board(state.view(None), NAMES_500_JA, "ja"))
    save("five-hundred-4p-hand-ja", render_hand(state.view(state.current_seat), NAMES_500_JA, "ja"))
    final = list(play_500(4, 5))[-1].view(None)
    save("five-hundred-4p-sheet-ja", render_score_sheet(final, NAMES_500_JA, "ja"))


def play_domineren(
    players: int, seed: int, type_id: str | None = None, options: dict[str, Any] | None = None
) -> Iterator[Any]:
    """The state after each action of one seeded Domineren session of the computer player; with `type_id`
    the set player declares that type whenever his set allows it (and sets 0-0 for a triangle if he can)."""
    state = new_game("domineren", players, options or {}, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        view = state.view(state.current_seat)
        assert isinstance(view, DominerenView)  # (new_game("domineren") above)
        legal = [m.text for m in view.legal]
        wanted = [m.text for m in view.legal if type_id is not None and m.game_type == type_id]
        if type_id in ("14", "15", "16", "17") and view.phase == "set" and "0-0" in legal:
            wanted = ["0-0"]
        state.apply(state.current_seat, rng.choice(wanted) if wanted else choose_action(view, rng))
        yield state


def domineren_views(players: int, seed: int, type_id: str, options: dict[str, Any] | None = None) -> list[Any]:
    """The public views of a session while `type_id` is the declared type."""
    views = (s.view(None) for s in play_domineren(players, seed, type_id, options or {"hands": 2}))
    return [v for v in views if v.game_type is not None and v.game_type.id == type_id and v.layout]


def first_domineren(players: int, seed: int, wanted: Any, type_id: str | None = None, options: Any = None) -> Any:
    """The first state of a seeded session for which `wanted(state)` holds."""
    return next(s for s in play_domineren(players, seed, type_id, options) if wanted(s))


def _domineren(save: Any) -> None:
    """Domineren: the layouts of the game types (a cross, a Russian double cross waiting for its doubles,
    the Volapük cross with its Russian arms on the band, a triangle, a directed opening, a Russian line),
    a finished hand, Billitonnen's face-down rows, hands on their turn and score sheets."""
    longest = lambda views: max(views, key=lambda v: len(v.layout))  # noqa: E731
    # the hand's settlement beside what was drawn for the set player, the demo's names: every one whole
    summary = next(
        v
        for v in (s.view(None) for s in play_domineren(4, 6, options={"hands": 4}))
        if v.set_draw and dom_board.panel_kind(v) == "summary"
    )
    save("names-computers-domineren-4p-board-settlement-ja", render_board(summary, COMPUTERS_JA[:4], "ja"))
    needs = lambda v: any(e.open and e.need != "any" for e in v.ends)  # noqa: E731
    save("domineren-4p-board-cross", render_board(longest(domineren_views(4, 0, "2")), NAMES))
    save("domineren-4p-board-double-cross", render_board(next(filter(needs, domineren_views(4, 0, "6"))), NAMES))
    save("domineren-4p-board-volapuk-cross", render_board(longest(domineren_views(4, 0, "13a")), NAMES))
    save("domineren-3p-board-triangle", render_board(longest(domineren_views(3, 2, "17")), NAMES))
    directed = [v for v in domineren_views(5, 0, "11") if any(e.directed for e in v.ends)]
    save("domineren-5p-board-directed", render_board(directed[-1], NAMES))
    save("domineren-4p-board-russian-line", render_board(longest(domineren_views(4, 0, "4")), NAMES))
    session = {"hands": 3}
    state = first_domineren(4, 5, lambda s: s.phase == "set" and s.hand_no == 2, options=session)
    save("domineren-4p-board-settlement", render_board(state.view(None), NAMES))
    state = first_domineren(4, 5, lambda s: s.phase == "play" and s.hand_no == 2, options=session)
    save("domineren-4p-hand", render_hand(state.view(state.current_seat), NAMES))
    russian = lambda s: s.phase == "play" and any(t in ((6, 1), (5, 2), (4, 3)) for t in s.view(s.current_seat).hand)  # noqa: E731
    state = first_domineren(4, 1, lambda s: russian(s) and len(s.view(None).layout) > 4, "5", {"hands": 1})
    save("domineren-4p-hand-russian", render_hand(state.view(state.current_seat), NAMES))
    turned = lambda s: s.phase == "billitonnen" and s.view(None).billitonnen.turned is not None  # noqa: E731
    state = first_domineren(4, 5, turned, options=session)
    save("domineren-4p-board-billitonnen", render_board(state.view(None), NAMES))
    save("domineren-4p-hand-billitonnen", render_hand(state.view(state.current_seat), NAMES))
    final = list(play_domineren(4, 5, options=session))[-1].view(None)
    save("domineren-4p-board-over", render_board(final, NAMES))
    save("domineren-4p-sheet", render_score_sheet(final, NAMES))
    final = list(play_domineren(5, 2, options={"hands": 5}))[-1].view(None)
    save("domineren-5p-sheet", render_score_sheet(final, NAMES))
    save("names-alike-domineren-5p-scores", render_score_sheet(final, NAMES_ALIKE))
    wound = max(
        (s.view(None) for s in play_domineren(4, 3, options={"hands": 1}) if s.phase == "billitonnen"),
        key=lambda v: len(v.billitonnen.line),
    )
    save("domineren-4p-board-billitonnen-wound", render_board(wound, NAMES))
    save("domineren-4p-board-ja", render_board(longest(domineren_views(4, 0, "13b")), NAMES_JA, "ja"))
    state = first_domineren(4, 1, lambda s: russian(s) and len(s.view(None).layout) > 4, "5", {"hands": 1})
    save("domineren-4p-hand-ja", render_hand(state.view(state.current_seat), NAMES_JA, "ja"))
    final = list(play_domineren(4, 5, options=session))[-1].view(None)
    save("domineren-4p-sheet-ja", render_score_sheet(final, NAMES_JA, "ja"))


def _index(files: list[str]) -> str:
    """A page showing every image, grouped by kind, for the README to link to."""
    sections = [
        (
            "Boards: early, middle and late in the longest hand of a game",
            lambda f: "-board-" in f and "-d9-" not in f and not f.endswith("-ja.png") and not _500(f) and not _dom(f),
        ),
        ("A double-nine board (All Fives, the longest layout of six games)", lambda f: "-d9-" in f),
        ("Private hands, on the seat's turn", lambda f: f.endswith("-hand.png") and not _500(f) and not _dom(f)),
        ("Score sheets at the end of a game", lambda f: f.endswith("-sheet.png") and not _500(f) and not _dom(f)),
        (
            "In Japanese, with Japanese, Polish and long names",
            lambda f: f.endswith("-ja.png") and not _500(f) and not _dom(f) and not _community(f),
        ),
        (
            "Five Hundred: the auction, a trick (the card winning it ringed), the previous trick on request, a"
            " hand's last trick and result under the next deal, five and six players, an exposed open misère",
            lambda f: _500(f) and "-board-" in f and not f.endswith("-ja.png"),
        ),
        ("Five Hundred hands: bidding, playing, discarding", lambda f: _500(f) and "-hand" in f and "-ja" not in f),
        ("Five Hundred score sheets", lambda f: _500(f) and f.endswith("-sheet.png")),
        ("Five Hundred in Japanese", lambda f: _500(f) and f.endswith("-ja.png")),
        (
            "Names that differ only at their end, cut so that each still tells its player apart",
            lambda f: f.startswith("names-"),
        ),
        (
            "Domineren: a cross, a Russian double cross waiting for its doubles (D/M), the Volapük cross with its"
            " Russian arms on the band, a triangle cross, a directed opening, a Russian line, a finished hand,"
            " Billitonnen's face-down rows, its line wound round (its ends named as drawn) and the end, beside"
            " the chip ledger",
            lambda f: _dom(f) and "-board-" in f and not f.endswith("-ja.png"),
        ),
        (
            "Domineren hands: on turn, matadors under the Russian rule, Billitonnen's own row face down",
            lambda f: _dom(f) and "-hand" in f and not f.endswith("-ja.png"),
        ),
        ("Domineren score sheets", lambda f: _dom(f) and f.endswith("-sheet.png")),
        ("Domineren in Japanese", lambda f: _dom(f) and f.endswith("-ja.png")),
        (
            "Replays: animated summaries of a hand (GIF, as attached on request), one frame a move, ending on"
            " the score sheet",
            lambda f: f.startswith("replay-"),
        ),
        (
            "Profiles: a rating over time, seasons marked; several games; a first game",
            lambda f: f.startswith("rating-"),
        ),
        (
            "Tournaments: knockout brackets (byes, winners in gold, long names cut) and Swiss standings",
            lambda f: f.startswith(("bracket-", "swiss-")),
        ),
    ]
    lines = [
        "# Image gallery",
        "",
        "Made from seeded games by `python -m rendering.gallery docs/gallery`; run it again after changing",
        "`rendering/`. Boards are 960 pixels wide, hands 600 to 820 (Five Hundred 780, Domineren 600 to 720),",
        "score sheets 720.",
        "",
    ]
    for title, wanted in sections:
        lines += [f"## {title}", "", *(f"![{f[:-4]}]({f})" for f in files if wanted(f)), ""]
    return "\n".join(lines)


def _community(name: str) -> bool:
    return name.startswith(("replay-", "rating-", "bracket-", "swiss-"))


def _500(name: str) -> bool:
    return name.startswith("five-hundred-")


def _dom(name: str) -> bool:
    return name.startswith("domineren-")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering.gallery", description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path, help="folder to write the PNG files to")
    args = parser.parse_args(argv)
    if args.outdir.exists() and not args.outdir.is_dir():
        parser.error(f"{args.outdir} is a file, not a folder")
    try:
        written = write_gallery(args.outdir)
    except OSError as exc:  # a folder that cannot be made or written to
        parser.error(f"cannot write the gallery to {args.outdir}: {exc.strerror or exc}")
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} images ({total // 1024} KB) to {args.outdir}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
