"""`python -m bot` runs the Discord bot; `python -m bot --demo GAME` plays a whole game among computer
players without Discord, through the real table service and a temporary SQLite store, printing every play
and result and writing the board images and score sheets to a folder."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from app.settings import Settings, SettingsError, check_shards, parse_shard_ids
from bot.ai import DEFAULT_LEVEL, LEVELS, choose_action
from bot.engine import GAMES, View, game_info
from bot.i18n import LOCALES, tr
from bot.tables import (
    BoardChanged,
    GameEnded,
    HandChanged,
    HandEnded,
    LobbyChanged,
    Notification,
    Player,
    PlayersInvited,
    TableOpened,
    TableService,
)
from bot.tables.play.thinking import Thinking
from bot.version import bot_version
from data import Store, StoreError, hold_database, open_store
from presenters import presenter
from presenters.common import game_name, seat_names, table_title, winners
from rendering import NoRenderer, end_names, render_board, render_score_sheet

NO_TOKEN = (
    "No bot token: create an application at https://discord.com/developers/applications, copy its token "
    "(Bot > Reset Token) into a .env file as DISCORD_TOKEN=... (see .env.example), then run python -m bot again "
    "(or try python -m bot --demo five-up, which needs no Discord)."
)
BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: copy a fresh one from the developer portal (Bot > Reset Token)."
)
AGAIN = "check the network, then run python -m bot again"
DEMO_USER = 1

log = logging.getLogger(__name__)


DEMO_FILE = re.compile(r"board-\d{4,}\.png|sheet-(\d{2,}|final)\.png")  # what a demo writes, and only that
DEMO_FLAGS = ("--players", "--seed", "--out", "--lang", "--level", "--web", "--port", "--option")


def games_list() -> str:
    """The games `--demo` takes, one a line with its players and English name, for `--help`."""
    lines = ["games (GAME):"]
    for game_id in sorted(GAMES):
        players = game_info(game_id).players
        count = str(players[0]) if len(players) == 1 else f"{min(players)}-{max(players)}"
        lines.append(f"  {game_id:<16} {game_name(game_id, 'en')}, {count} players")
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="The fives Discord bot: with DISCORD_TOKEN set (.env or the environment), it runs the bot;\n"
        "with --demo GAME it plays a whole game among computer players without Discord.",
        epilog=games_list(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {bot_version()}")
    parser.add_argument(
        "--check-database",
        action="store_true",
        help="open FIVES_DATABASE as the bot would (its migrations applied), replay every game in play, say so and "
        "stop, without Discord: the check that a restored or upgraded database starts",
    )
    parser.add_argument("--demo", metavar="GAME", choices=sorted(GAMES), help="play a game among computer players")
    parser.add_argument("--players", type=int, help="number of players in the demo (the game's usual number)")
    parser.add_argument("--seed", type=int, help="seed of the demo game (random when left out)")
    parser.add_argument(
        "--out",
        help="folder for the demo's images (demo-out); images of an earlier demo there are replaced",
    )
    parser.add_argument("--lang", choices=LOCALES, help="language of the demo (en)")
    parser.add_argument("--level", choices=LEVELS, help="how strong the demo's computers play (easy)")
    parser.add_argument(
        "--web",
        action="store_true",
        default=None,
        help="play the demo yourself in a browser against computers: serves the live table on 127.0.0.1 and "
        "prints its address (builds the front end first if needed: Node and npm)",
    )
    parser.add_argument("--port", type=int, help="the --web demo's port (0, the default: any free port)")
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a game option of the --web demo, e.g. --option target=50 (repeatable)",
    )
    parser.add_argument(
        "--shards", metavar="IDS", help="the shards this process runs, e.g. 0-3 (FIVES_SHARD_IDS; needs --shard-count)"
    )
    parser.add_argument(
        "--shard-count", metavar="N", type=int, help="how many shards the bot has in all (FIVES_SHARD_COUNT)"
    )
    args = parser.parse_args(argv)
    if args.demo is not None and args.check_database:
        parser.error("--check-database and --demo do not go together")
    if args.demo is None:
        given = [flag for flag in DEMO_FLAGS if vars(args)[flag[2:]] is not None]
        if given:
            verb = "goes" if len(given) == 1 else "go"
            parser.error(
                f"{', '.join(given)} only {verb} with --demo GAME (the bot itself takes --shards, --shard-count)"
            )
        try:
            args.shards = parse_shard_ids(args.shards, "--shards") if args.shards is not None else None
        except SettingsError as exc:
            parser.error(str(exc))
        return args
    if args.shards is not None or args.shard_count is not None:
        parser.error("--shards and --shard-count are for the bot, not a demo")
    if args.players is not None and args.players not in game_info(args.demo).players:
        allowed = ", ".join(map(str, game_info(args.demo).players))
        parser.error(f"{args.demo} is played by {allowed} players, not {args.players}")
    if args.web:
        if args.out is not None:
            parser.error("--out is for the demo's images; the --web demo draws in the browser")
        if args.port is not None and not 0 <= args.port < 65536:
            parser.error(f"--port must be a port number (0: any free one), not {args.port}")
        from app.web_demo import parse_options  # aiohttp and the web shell only for a --web demo

        try:
            args.options = parse_options(args.option)
        except ValueError as exc:
            parser.error(str(exc))
        args.level = args.level or DEFAULT_LEVEL
        return args
    if args.port is not None or args.option is not None:
        parser.error("--port and --option go with --demo GAME --web")
    if args.out is not None and not args.out.strip():  # Path("") is "." and would write into the current folder
        parser.error("--out needs a folder name (an empty one would write into the current folder)")
    args.out = Path(args.out if args.out is not None else "demo-out")
    args.lang = args.lang or "en"
    args.level = args.level or DEFAULT_LEVEL
    problem = prepare_out(args.out)
    if problem:
        parser.error(problem)
    return args


def with_shards(settings: Settings, shard_ids: tuple[int, ...] | None, shard_count: int | None) -> Settings:
    """The settings with the command line's shards, which win over FIVES_SHARD_IDS / FIVES_SHARD_COUNT."""
    if shard_ids is None and shard_count is None:
        return settings
    count = shard_count if shard_count is not None else settings.shard_count
    ids = shard_ids if shard_ids is not None else settings.shard_ids
    check_shards(ids, count)
    return replace(settings, shard_count=count, shard_ids=ids)


def prepare_out(out: Path) -> str | None:
    """Make the demo's folder ready: new, empty, or holding only an earlier demo's images (removed, so that
    the new demo's images are not mixed with old ones). The problem in words when it cannot be used."""
    if out.exists() and not out.is_dir():
        return f"--out {out} is a file, not a folder"
    try:
        out.mkdir(parents=True, exist_ok=True)
        others = sorted(p.name for p in out.iterdir() if not (p.is_file() and DEMO_FILE.fullmatch(p.name)))
        if others:
            return (
                f"--out {out} holds other files than a demo's images ({', '.join(others[:3])}"
                f"{', …' if len(others) > 3 else ''}): name a new or empty folder"
            )
        for old in out.iterdir():
            old.unlink()
        probe = out / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        return f"cannot write the demo's images to {out}: {exc.strerror or exc}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.demo is not None and args.web:
        from app.web_demo import serve_demo

        demo_table = serve_demo(
            args.demo, args.players, args.seed, args.level, port=args.port or 0, options=args.options, lang=args.lang
        )
        return asyncio.run(demo_table)
    if args.demo is not None:
        try:
            return asyncio.run(demo(args.demo, args.players, args.seed, args.out, args.lang, args.level))
        except DemoWriteError as exc:
            print(f"python -m bot: error: {exc}", file=sys.stderr)
            return 1
    try:
        settings = with_shards(Settings.from_env(), args.shards, args.shard_count)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check_database:
        return asyncio.run(database_starts(settings.database))
    if settings.token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    return run(settings)


def redact(url: str) -> str:
    """A database URL without its password."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


async def database_starts(database: Path | str) -> int:
    """Open the database as the bot's start does and replay every game in play; one line either way."""
    from bot.engine import EngineError
    from bot.tables.play.table import replay

    shown = redact(str(database))
    if isinstance(database, Path) and (not database.is_file() or database.stat().st_size == 0):
        # A restored file that is not there (or is empty) would be made into a new, empty database.
        print(
            f"{database} {'is empty' if database.is_file() else 'does not exist'}: no database to check",
            file=sys.stderr,
        )
        return 1
    try:
        store = await open_store(database)
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        games = await store.active_games()
        broken = []
        for stored in games:
            try:
                replay(stored.row, stored.actions)
            except EngineError as exc:
                broken.append(f"game {stored.row.game_no} ({exc})")
        version = await store.schema_version()
    finally:
        await store.close()
    if broken:
        print(f"{shown}: {len(broken)} of {len(games)} games in play do not replay: {'; '.join(broken[:5])}")
        return 1
    print(f"{shown}: schema {version}, {len(games)} games in play, every one replays: the bot can start on it")
    return 0


def run(settings: Settings) -> int:
    import aiohttp
    import discord

    from app.client import create_bot

    settings.configure_logging()
    try:
        # Before logging in: a second process on the same SQLite file stops here, with one line.
        claim = hold_database(settings.database)
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    # The log's first line (after the one-line refusals above, which start nothing).
    log.info("fives %s starting (Python %s, discord.py %s)", bot_version(), sys.version.split()[0], discord.__version__)
    try:
        bot = create_bot(settings)
        bot.handle_signals = True
        bot.run(settings.token or "", log_handler=None)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError, TimeoutError, discord.GatewayNotFound) as exc:
        # Only the first connection can fail this way: once connected, discord.py reconnects by itself.
        print(f"cannot reach Discord: {exc or type(exc).__name__} ({AGAIN})", file=sys.stderr)
        return 1
    except discord.HTTPException as exc:  # Discord up but answering 5xx at login
        print(f"cannot reach Discord: it answered {exc.status} {exc.text or ''} ({AGAIN})", file=sys.stderr)
        return 1
    except StoreError as exc:  # the database cannot be opened (a PostgreSQL server down, a bad URL)
        print(exc, file=sys.stderr)
        return 1
    finally:
        if claim is not None:
            claim.release()
    return 0


# -- the demo ------------------------------------------------------------------------------------------
class DemoWriteError(Exception):
    """An image of the demo could not be written."""


def plain(text: str) -> str:
    """Discord markdown off, for a terminal."""
    return re.sub(r"\*+", "", text)


class DemoPrinter:
    """Prints a game's notifications as the bot would post them, and writes its images."""

    def __init__(self, game_id: str, out: Path, locale: str) -> None:
        self.game_id, self.out, self.locale = game_id, out, locale
        self.boards = self.sheets = 0
        self.view: View | None = None  # the last board's, for the score sheet of a hand
        self.said_no_pictures = False

    def save(
        self, render: Callable[[View, list[str], str], bytes], view: View | None, names: list[str], name: str
    ) -> bool:
        if view is None:
            return False
        try:
            image = render(view, names, self.locale)
        except NoRenderer:  # a game the renderer does not draw yet
            if not self.said_no_pictures:
                print(tr("demo.no_images", self.locale, game=game_name(self.game_id, self.locale)))
                self.said_no_pictures = True
            return False
        except Exception:  # a bug in a drawing: said with its traceback, and the demo goes on in text
            log.exception("could not draw %s", name)
            return False
        try:
            (self.out / name).write_bytes(image)
        except OSError as exc:  # the folder was writable when the demo began (disk full, removed, ...)
            raise DemoWriteError(f"cannot write {self.out / name}: {exc.strerror or exc}") from None
        return True

    def show(self, note: Notification, seed: int) -> None:
        locale = self.locale
        if isinstance(note, LobbyChanged | PlayersInvited | HandChanged):
            return
        names = seat_names(note.table.seats, locale)
        words = presenter(self.game_id)
        if isinstance(note, TableOpened):
            title = table_title(note.table, locale)
            print(tr("demo.title", locale, table=title, players=tr("list.join", locale).join(names), seed=seed))
            self.boards += self.save(render_board, note.view, names, "board-0000.png")
        elif isinstance(note, BoardChanged):
            print("  " + plain(words.board_line(note, names, locale, ends=end_names(note.view))))
            self.view = note.view
            self.boards += self.save(render_board, note.view, names, f"board-{note.turn:04d}.png")
        elif isinstance(note, HandEnded):
            print(plain(words.hand_title(note, locale)))
            lines = words.hand_summary(note, names, locale) + words.hand_scores(note, names, locale)
            for line in lines:
                print("  " + plain(line))
            self.sheets += self.save(render_score_sheet, self.view, names, f"sheet-{note.hand_no:02d}.png")
        elif isinstance(note, GameEnded):
            print(plain(tr("result.over.title", locale, table=table_title(note.table, locale))))
            for line in [winners(note.sides, names, locale), *words.standings(note.sides, names, locale)]:
                print("  " + plain(line))
            self.sheets += self.save(render_score_sheet, note.view, names, "sheet-final.png")
            print(tr("demo.written", locale, boards=self.boards, sheets=self.sheets, folder=self.out))


async def demo(
    game_id: str, players: int | None, seed: int | None, out: Path, locale: str, level: str = DEFAULT_LEVEL
) -> int:
    """A whole game: the demo's own seat (the host) is played by the computer player too, every seat at
    `level` (thinking in this process: the demo has nothing else to answer)."""
    players = players or game_info(game_id).default_players
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    printer = DemoPrinter(game_id, out, locale)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "demo.sqlite3")
        try:
            service = TableService(store, rng=random.Random(seed), thinking=Thinking(0, level))
            await service.resume()
            [opened] = await service.lobbies.open(0, 0, Player(DEMO_USER, tr("demo.player", locale)), game_id)
            assert isinstance(opened, LobbyChanged)
            lobby = opened.lobby.lobby_id
            for _ in range(players - 1):
                await service.lobbies.add_computer(lobby, DEMO_USER)
            notes = await service.games.start(lobby, DEMO_USER)
            rng = random.Random(seed)
            while True:
                for note in notes:
                    printer.show(note, seed)
                if any(isinstance(n, GameEnded) for n in notes):
                    return 0
                turn = next((n for n in notes if isinstance(n, HandChanged) and n.your_turn), None)
                if turn is None:
                    print(tr("demo.stuck", locale), file=sys.stderr)
                    return 1
                notes = await service.act(
                    turn.table.game_no, DEMO_USER, choose_action(turn.view, rng, level), turn.turn
                )
        finally:
            await store.close()


def entry_point(argv: Sequence[str] | None = None) -> int:
    """`main`, where a reader that stops reading (`| head -3`) ends the output quietly, as the tools it is
    piped between do, instead of with a BrokenPipeError traceback."""
    try:
        code = main(argv)
        sys.stdout.flush()  # inside the try: the last lines may be still buffered
        return code
    except BrokenPipeError:
        # Python flushes stdout again at exit, and would say so: point it at nothing first.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1  # what Python itself returns on a broken pipe


if __name__ == "__main__":
    sys.exit(entry_point())
