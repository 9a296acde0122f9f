"""Rewrites the calls of `TableService`'s old pass-through methods to the wing that holds each feature
(issue #25 item 2): `service.join(...)` becomes `service.lobbies.join(...)`, `bot.service.settings(g)`
becomes `bot.service.settings.get(g)`, `monkeypatch.setattr(service, "told", f)` becomes
`monkeypatch.setattr(service.telling, "told", f)`. Kept for merging: run it again on code merged after
the wings (it changes nothing already rewritten), then `mypy` names any call it could not see.

    python scripts/wings_rename.py [paths...]      # default: app benchmarks cogs scripts tests web

A call is rewritten where its receiver is a table service as written in this repository: a name `service`
or `svc`, any `<x>.service` or `<x>.svc`, a call of `service(...)` (cogs.common) or
`TableService(...)`, `<app>[SERVICE]` (the web shell), or a
name the same file annotates as `TableService` or assigns from one of those. To be removed after the merge.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ("app", "benchmarks", "cogs", "scripts", "tests", "web")

# old method -> wing.method
RENAMES: dict[str, str] = {
    # settings
    "settings": "settings.get",
    "update_settings": "settings.update",
    "computer_level": "settings.computer_level",
    "set_default_option": "settings.set_default_option",
    # lobbies
    "open_lobby": "lobbies.open",
    "invite": "lobbies.invite",
    "invitation_to_tell": "lobbies.invitation_to_tell",
    "invitation_told": "lobbies.invitation_told",
    "lobby": "lobbies.info",
    "lobbies": "lobbies.of_guild",
    "join": "lobbies.join",
    "leave": "lobbies.leave",
    "add_computer": "lobbies.add_computer",
    "set_computer_level": "lobbies.set_computer_level",
    "remove_computer": "lobbies.remove_computer",
    "set_option": "lobbies.set_option",
    "set_hints": "lobbies.set_hints",
    "cancel": "lobbies.cancel",
    "set_lobby_message": "lobbies.set_message",
    # games: started, left, abandoned
    "start": "games.start",
    "resign": "games.resign",
    "abandon": "games.abandon",
    # the games held: tables, views, lists, records
    "games_in_play": "tables.in_play",
    "table": "tables.info",
    "set_table_channel": "tables.set_channel",
    "public_view": "tables.public_view",
    "private_view": "tables.private_view",
    "snapshot": "tables.snapshot",
    "user_games": "tables.user_games",
    "games_of": "tables.games_of",
    "channel_games": "tables.channel_games",
    "export": "tables.export",
    # undo, hints, ended games
    "ask_undo": "undos.ask",
    "answer_undo": "undos.answer",
    "set_undo_message": "undos.set_message",
    "hint": "hints.ask",
    "history": "replays.history",
    "replay": "replays.open",
    "analysis": "analyses.open",
    # standings
    "rating_pool": "standings.rating_pool",
    "leaderboard": "standings.leaderboard",
    "leaderboard_size": "standings.leaderboard_size",
    "stats": "standings.stats",
    "profile": "standings.profile",
    # telling
    "untold": "telling.untold",
    "told": "telling.told",
    "telling": "telling.receipt",
    "backlog": "telling.backlog",
    "hold_telling": "telling.hold",
    "hand_messages": "telling.hand_messages",
    "urgent": "telling.urgent",
    "shared": "telling.shared",
    "outbox_stats": "telling.stats",
    # the old private names of wings, which some tests read
    "_games": "tables",
    "_starts": "games",
    "_undos": "undos",
    "_teller": "telling",
    "_settings": "settings",
    "_hints": "hints",
    "_replays": "replays",
    "_analyses": "analyses",
}
# old methods whose name is now a wing's: rewritten only where they are called (`service.settings(g)`)
CALLED_ONLY = frozenset({"settings", "lobbies", "telling"})
SERVICE_NAMES = frozenset({"service", "svc"})
SETATTR = frozenset({"setattr", "getattr", "delattr", "hasattr"})


def _annotated_service(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation)
    return text.strip("'\"") in ("TableService", "bot.tables.TableService")


class Finder(ast.NodeVisitor):
    def __init__(self) -> None:
        self.names = set(SERVICE_NAMES)
        self.edits: list[tuple[int, int, int, int, str]] = []  # (line, col, end line, end col, text)
        self.called: set[int] = set()  # ids of Attribute nodes that are called

    # -- what is a table service ------------------------------------------------------------------------
    def is_service(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.Attribute):
            return node.attr in ("service", "svc")
        if isinstance(node, ast.Call):
            func = node.func
            return (isinstance(func, ast.Name) and func.id in ("service", "TableService")) or (
                isinstance(func, ast.Attribute) and func.attr == "service" and not node.keywords
            )
        if isinstance(node, ast.Subscript):
            key = node.slice
            return isinstance(key, ast.Name) and key.id == "SERVICE"
        return False

    def collect_names(self, tree: ast.AST) -> None:
        """Names the file annotates as a TableService or assigns from one, until nothing new is found."""
        while True:
            before = len(self.names)
            for node in ast.walk(tree):
                if isinstance(node, ast.arg) and _annotated_service(node.annotation):
                    self.names.add(node.arg)
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    if _annotated_service(node.annotation) or (node.value is not None and self.is_service(node.value)):
                        self.names.add(node.target.id)
                elif isinstance(node, ast.Assign) and self.is_service(node.value):
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            self.names.add(target.id)
            if len(self.names) == before:
                return

    # -- the rewrites -----------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Attribute):
            self.called.add(id(node.func))
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in SETATTR and len(node.args) >= 2 and self.is_service(node.args[0]):
            target, attr = node.args[0], node.args[1]
            if isinstance(attr, ast.Constant) and isinstance(attr.value, str) and attr.value in RENAMES:
                wing, _, method = RENAMES[attr.value].rpartition(".")
                if wing and attr.value not in CALLED_ONLY:  # (a wing's old private name is no method)
                    assert target.end_lineno is not None and target.end_col_offset is not None
                    self.edits.append(
                        (target.end_lineno, target.end_col_offset, target.end_lineno, target.end_col_offset, f".{wing}")
                    )
                    assert attr.end_lineno is not None and attr.end_col_offset is not None
                    quote = "'" if ast.get_source_segment(self.source, attr, padded=False) == f"'{attr.value}'" else '"'
                    self.edits.append(
                        (attr.lineno, attr.col_offset, attr.end_lineno, attr.end_col_offset, f"{quote}{method}{quote}")
                    )
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        called = node.attr not in CALLED_ONLY or id(node) in self.called
        if node.attr in RENAMES and called and self.is_service(node.value):
            assert node.end_lineno is not None and node.end_col_offset is not None
            start = node.end_col_offset - len(node.attr)
            line = self.lines[node.end_lineno - 1].encode("utf-8")  # ast columns count UTF-8 bytes
            if line[start : node.end_col_offset] == node.attr.encode():  # `x.\n  name`: left to mypy to name
                self.edits.append((node.end_lineno, start, node.end_lineno, node.end_col_offset, RENAMES[node.attr]))
        self.generic_visit(node)

    def run(self, source: str) -> str:
        self.source = source
        self.lines = source.splitlines(keepends=True)
        tree = ast.parse(source)
        self.collect_names(tree)
        # calls first, so that `visit_Attribute` knows which attributes are called
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                self.called.add(id(node.func))
        self.visit(tree)
        return apply(source, self.edits)


def apply(source: str, edits: list[tuple[int, int, int, int, str]]) -> str:
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for text in lines:
        offsets.append(offsets[-1] + len(text))

    def at(line: int, col: int) -> int:  # ast columns count UTF-8 bytes
        text = lines[line - 1]
        return offsets[line - 1] + len(text.encode("utf-8")[:col].decode("utf-8"))

    out = source
    for line, col, end_line, end_col, text in sorted(set(edits), reverse=True):
        out = out[: at(line, col)] + text + out[at(end_line, end_col) :]
    return out


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [ROOT / d for d in DEFAULT]
    changed: list[Path] = []
    for top in paths:
        for path in [top] if top.is_file() else sorted(top.rglob("*.py")):
            if path.resolve() == Path(__file__).resolve() or ".venv" in path.parts or "node_modules" in path.parts:
                continue
            source = path.read_text(encoding="utf-8")
            new = Finder().run(source)
            if new != source:
                path.write_text(new, encoding="utf-8")
                changed.append(path)
                print(f"rewrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    print(f"{len(changed)} files rewritten")
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if changed and Path(ruff).exists():  # the longer calls laid out again as the project formats them
        subprocess.run([ruff, "format", "--quiet", *map(str, changed)], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
