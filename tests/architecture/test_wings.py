"""Every feature of the table service is reached one way, through its wing (issue #25 item 2,
docs/architecture.md): `service.lobbies.join(...)`, never a `service.join(...)` that passes the call on.
`TableService` keeps its wiring and the few calls that belong to the whole service; its wings are typed
and documented; and the cogs, the web shell and the application call nothing else of it, read from the
source so that a failure names the file and the line."""

from __future__ import annotations

import ast
import inspect
import typing
from pathlib import Path

from bot.tables import TableService

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "bot" / "tables" / "service.py"
CALLERS = ("app", "cogs", "web")

# What belongs to the whole service: its graceful stop, its start, its clock, and a player's move (where
# playing and telling meet). A new feature is a wing's call; a new wing is a line of WINGS (and of the
# class's annotations).
OWN = frozenset({"stopping", "stop_taking", "quiesce", "resume", "tick", "act"})
WINGS = frozenset(
    {
        "settings",
        "lobbies",
        "games",
        "tables",
        "undos",
        "hints",
        "replays",
        "analyses",
        "seasons",
        "standings",
        "rematches",
        "tournaments",
        "watchers",
        "telling",
        "privacy",
    }
)


def public_members(tree: ast.Module) -> set[str]:
    """The public names `class TableService` defines in its body: its methods and properties, and the
    wings it annotates."""
    [service] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableService"]
    names: set[str] = set()
    for node in service.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return {n for n in names if not n.startswith("_")}


def assigned_in_init(tree: ast.Module) -> set[str]:
    """The public attributes `TableService.__init__` sets on `self`."""
    [service] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableService"]
    [init] = [n for n in service.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"]
    return {
        t.attr
        for node in ast.walk(init)
        if isinstance(node, ast.Assign)
        for t in node.targets
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        if not t.attr.startswith("_")
    }


def test_the_service_keeps_only_its_own_calls_and_its_wings() -> None:
    """A pass-through method added to `TableService` (a `join` handing on to the lobbies) fails here: it
    belongs to its wing."""
    tree = ast.parse(SERVICE.read_text(encoding="utf-8"))
    assert public_members(tree) - WINGS == OWN
    assert public_members(tree) & WINGS == WINGS  # each wing annotated, with its type
    assert assigned_in_init(tree) == WINGS  # and built in `__init__`, nothing else public beside them


def test_each_wing_is_typed_and_documented() -> None:
    hints = typing.get_type_hints(TableService)
    undocumented = [f"{wing}: {hints[wing].__name__}" for wing in sorted(WINGS) if not inspect.getdoc(hints[wing])]
    assert undocumented == []
    # none of them is the service again, or a stand-in for everything (`Any`)
    assert all(inspect.isclass(hints[wing]) and hints[wing] is not TableService for wing in WINGS)


# -- the callers: the cogs, the web shell, the application ------------------------------------------------------
def _annotated_service(annotation: ast.expr | None) -> bool:
    return annotation is not None and ast.unparse(annotation).strip("'\"").endswith("TableService")


class Calls(ast.NodeVisitor):
    """Each `<service>.<name>` of a module, where `<service>` is a table service as the callers write one:
    `<x>.service`, `service(...)` (cogs.common), `<app>[SERVICE]` (the web shell), or a name annotated as a
    `TableService` or assigned one of those."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.found: list[tuple[int, str]] = []

    def is_service(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.Attribute):
            return node.attr == "service"
        if isinstance(node, ast.Call):
            return isinstance(node.func, ast.Name) and node.func.id in ("service", "TableService")
        if isinstance(node, ast.Subscript):
            return isinstance(node.slice, ast.Name) and node.slice.id == "SERVICE"
        return False

    def read(self, source: str) -> list[tuple[int, str]]:
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and _annotated_service(node.annotation):
                self.names.add(node.arg)
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and _annotated_service(node.annotation)
            ):
                self.names.add(node.target.id)
        for _ in range(3):  # a name assigned from a name assigned from a service
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign) and self.is_service(node.value):
                    self.names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        self.visit(tree)
        return self.found

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if self.is_service(node.value):
            self.found.append((node.lineno, node.attr))
        self.generic_visit(node)


def reached(source: str) -> list[tuple[int, str]]:
    return Calls().read(source)


def test_the_cogs_the_web_shell_and_the_app_reach_every_feature_through_its_wing() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} calls service.{name}"
        for top in CALLERS
        for path in sorted((ROOT / top).rglob("*.py"))
        for line, name in reached(path.read_text(encoding="utf-8"))
        if name not in OWN | WINGS
    ]
    assert bad == []


def test_a_pass_through_call_is_found() -> None:
    """The checker itself: the ways the callers name the service, each calling a facade method as the cogs
    did before the wings, are found; a wing's call is not."""
    found = reached(
        "async def f(interaction, bot, request, tables: TableService):\n"
        "    await service(interaction.client).join(1, player)\n"
        "    await bot.service.leaderboard(1, 'draw')\n"
        "    await request.app[SERVICE].public_view(3)\n"
        "    await tables.update_settings(1, auto_play=True)\n"
        "    svc = bot.service\n"
        "    svc.lobby(1)\n"
        "    await bot.service.lobbies.join(1, player)\n"
        "    await service(interaction.client).standings.leaderboard(1, 'draw')\n"
    )
    assert [name for _, name in found if name not in OWN | WINGS] == [
        "join",
        "leaderboard",
        "public_view",
        "update_settings",
        "lobby",
    ]
    assert sorted(name for _, name in found if name in WINGS) == ["lobbies", "standings"]
