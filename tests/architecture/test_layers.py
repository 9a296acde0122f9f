"""Every layer imports only what its place in the house allows (docs/architecture.md), read from the source
so that a failure names the file and the line:

| layer          | may not import                                                        |
|----------------|-----------------------------------------------------------------------|
| `bot/engine`   | anything but the standard library and itself                          |
| `bot/ai`       | anything but the standard library, the engine and itself              |
| `bot/tables`   | discord, SQL drivers, Pillow, rendering, presenters, cogs             |
| `data`         | discord, Pillow, rendering, presenters, cogs, the table service, ai   |
| `rendering`    | discord, SQL drivers, data, presenters, cogs, the table service       |
| `presenters`   | discord, SQL drivers, data, Pillow, rendering, cogs                   |
| `cogs`         | SQL drivers, Pillow                                                   |
| `app`          | SQL drivers, Pillow (and nothing imports it)                          |

SQL drivers are imported in `data/` only and Pillow in `rendering/` only. And the whole house, every module
of `app`, `bot`, `cogs`, `data`, `presenters`, `rendering` and `web`, forms no import circle and has no
arrow running back up the floors of `FLOORS` (docs/architecture.md draws them). Counted are all imports:
those inside functions (a circle broken by a late import is still a circle) and those under
`if TYPE_CHECKING:` (a circle of type hints is still two modules that cannot be read one without the
other). Among the cogs, their lookups of a cog by name count too (`get_cog("Table")` depends on the module
of `class Table`)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STDLIB = frozenset(sys.stdlib_module_names)
SQL = ("sqlite3", "aiosqlite", "asyncpg")
PILLOW = ("PIL",)

# layer folder -> the modules (or packages) it may not import
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "bot/tables": ("discord", *SQL, *PILLOW, "rendering", "presenters", "cogs"),
    "data": ("discord", *PILLOW, "rendering", "presenters", "cogs", "bot.tables", "bot.ai"),
    "rendering": ("discord", *SQL, "data", "presenters", "cogs", "bot.tables"),
    "presenters": ("discord", *SQL, "data", *PILLOW, "rendering", "cogs"),
    "cogs": (*SQL, *PILLOW),
    "web": ("discord", *SQL, *PILLOW, "data", "cogs"),  # the web shell: table service and views only
    "app": (*SQL, *PILLOW),
    "bot/__main__.py": ("app", "discord", *SQL, *PILLOW),  # runs the app by name (runpy), imports none
    "app/settings.py": ("discord", *SQL, *PILLOW),
    "bot/i18n": ("discord", *SQL, *PILLOW, "data", "rendering", "cogs"),
}
# layer folder -> the only modules it may import besides the standard library
ONLY: dict[str, tuple[str, ...]] = {
    "bot/engine": ("bot.engine",),
    "bot/ai": ("bot.engine", "bot.ai"),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(layer: str) -> list[Path]:
    place = ROOT / layer
    return [place] if place.is_file() else sorted(place.rglob("*.py"))


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that runs (an `if TYPE_CHECKING:` block does not, so it names types without a cycle)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            for other in node.orelse:
                yield other
                yield from _runtime_nodes(other)
            continue
        yield node
        yield from _runtime_nodes(node)


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, absolute module name) of each import the file makes at run time, wherever it stands."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            if stem == "__future__":
                continue
            yield node.lineno, stem
            for alias in node.names:  # `from . import words` imports the module cogs.words
                yield node.lineno, f"{stem}.{alias.name}"


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _is_module(name: str) -> bool:
    """Whether `name` is a module or package of this repository (not a name imported from one)."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_nothing_it_may_not(layer: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(layer)
        for line, name in imports(path)
        if _within(name, FORBIDDEN[layer])
    ]
    assert bad == []


@pytest.mark.parametrize("layer", sorted(ONLY))
def test_the_pure_layers_import_only_the_standard_library_and_what_is_below_them(layer: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sources(layer)
        for line, name in imports(path)
        if name.split(".")[0] not in STDLIB and not _within(name, ONLY[layer])
    ]
    assert bad == []


def test_sql_drivers_are_imported_in_data_only_and_pillow_in_rendering_only() -> None:
    bad = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for top in ("app", "bot", "cogs", "data", "rendering", "presenters", "web")
        for path in sources(top)
        for line, name in imports(path)
        if (_within(name, SQL) and top != "data") or (_within(name, PILLOW) and top != "rendering")
    ]
    assert bad == []


def test_every_layer_is_checked() -> None:
    """A new top-level package or `bot/` subpackage needs its row in the tables above."""
    checked = {*FORBIDDEN, *ONLY}
    packages = {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("*/__init__.py")}
    packages |= {p.parent.relative_to(ROOT).as_posix() for p in ROOT.glob("bot/*/__init__.py")}
    unchecked = packages - checked - {"bot", "tests", "benchmarks", "scripts"}
    assert unchecked == set()


# -- no cycle between the modules of cogs/ ------------------------------------------------------------------
def cog_dependencies() -> dict[str, set[str]]:
    """cogs module -> the cogs modules it needs: those it imports, and those whose cog it looks up by name."""
    paths = sources("cogs")
    trees = {module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in paths}
    defines = {
        node.name: module for module, tree in trees.items() for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
    }
    needs: dict[str, set[str]] = {}
    for path in paths:
        module = module_name(path)
        found = {name for _, name in imports(path) if name.startswith("cogs.") and _is_module(name)}
        for node in ast.walk(trees[module]):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get_cog"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value in defines
            ):
                found.add(defines[node.args[0].value])
        # A module needs its own package's __init__ to be importable; that is no dependency on its caller.
        needs[module] = {n for n in found if n != module and not module.startswith(n + ".")}
    return needs


def cycles(needs: dict[str, set[str]]) -> list[list[str]]:
    """Each cycle once, as the path of modules that leads back to its first (Tarjan's strongly connected
    components, then a path through each)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(needs.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(needs):
        if node not in index:
            visit(node)
    return components


def test_the_modules_of_cogs_form_no_cycle() -> None:
    found = cycles(cog_dependencies())
    assert found == [], "modules that need each other: " + "; ".join(" <-> ".join(c) for c in found)


def test_a_cycle_through_a_late_import_or_a_cog_looked_up_by_name_is_found() -> None:
    """The checker itself: what main had before the announcer (cogs.table imported cogs.hands, which looked
    the Table cog up by name) is a cycle, and so is a cycle made of imports inside functions."""
    sample = ROOT / "cogs" / "hands.py"
    assert any(name == "cogs.common" for _, name in imports(sample))
    assert cycles({"cogs.table": {"cogs.hands"}, "cogs.hands": {"cogs.table"}}) == [["cogs.hands", "cogs.table"]]
    late = ast.parse("def f():\n    from .hands import ActionSelect\n")
    assert any(isinstance(n, ast.ImportFrom) and n.module == "hands" for n in _runtime_nodes(late))


# -- no family ladders in the shell ---------------------------------------------------------------------------
def test_the_cogs_compare_no_game_family_by_name() -> None:
    """What differs between the game families is their presenter's (`presenters/`), their renderer's and
    their controls' registered steps: a cog asks none of them which family a game is."""
    from bot.engine import GAMES

    families = {info.family for info in GAMES.values()}
    bad = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sources("cogs")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Compare)
        and any(isinstance(c, ast.Constant) and c.value in families for c in [node.left, *node.comparators])
    ]
    assert bad == []


# -- the whole house: no import circle, no arrow up (docs/architecture.md) -------------------------------------
HOUSE = ("app", "bot", "cogs", "data", "presenters", "rendering", "web")
# The floors, from the ground up: each holds parts (a package, or a module where it says so); a module may
# import its own part and the parts of the floors below its own, nothing beside it and nothing above. A
# module belongs to the part with the longest name that is its own or a package of it.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("bot", "bot.engine", "bot.i18n", "bot.logs", "bot.metrics", "bot.version"),  # bot/__main__: runpy only
    ("bot.ai", "data"),
    # the table service's wings, from its vocabulary up to the facade
    ("bot.tables.errors", "bot.tables.models"),
    ("bot.tables.seating", "bot.tables.work"),  # the draw for seats; the changes a graceful stop waits for
    ("bot.tables.telling",),
    ("bot.tables.standings",),
    ("bot.tables.lobby",),
    ("bot.tables.play",),
    ("bot.tables.community",),
    ("bot.tables.telling.teller",),  # the outbox's protocol: it retells from the log and the rematches
    ("bot.tables",),  # its __init__ and the facade, `service`
    ("presenters", "rendering"),
    ("web",),
    # the cogs: what they share, what a posted message carries, the announcer, the feature cogs
    ("cogs.host", "cogs.translator"),
    ("cogs.common",),
    ("cogs.errors", "cogs.posted"),
    ("cogs.controls",),
    ("cogs.announcer",),
    ("cogs",),
    ("app",),
)
FLOOR = {part: n for n, parts in enumerate(FLOORS) for part in parts}


def every_import(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module of this house) of each import the file makes, at run time or for type hints: `from a
    import b` names the module a.b where there is one, else a."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_module(alias.name):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            if node.level:
                base = package.split(".")
                stem = ".".join([*base[: len(base) - node.level + 1], *([node.module] if node.module else [])])
            else:
                stem = node.module or ""
            for alias in node.names:
                if _is_module(f"{stem}.{alias.name}"):
                    yield node.lineno, f"{stem}.{alias.name}"
                elif _is_module(stem):
                    yield node.lineno, stem


def house() -> dict[str, list[tuple[int, str]]]:
    """module -> (line, module) of each of its imports within the house, itself left out."""
    return {
        module_name(path): sorted({(line, name) for line, name in every_import(path) if name != module_name(path)})
        for top in HOUSE
        for path in sources(top)
    }


def part_of(module: str) -> str:
    parts = [p for p in FLOOR if module == p or module.startswith(p + ".")]
    assert parts, f"{module} stands on no floor: give its package a place in FLOORS"
    return max(parts, key=len)


def arrows_up(graph: dict[str, list[tuple[int, str]]]) -> list[str]:
    """Each import of a part on its own floor or above, but not of its own part."""
    return [
        f"{module}:{line} imports {name} ({part_of(name)} is not below {part_of(module)})"
        for module, found in sorted(graph.items())
        for line, name in found
        if part_of(name) != part_of(module) and FLOOR[part_of(name)] >= FLOOR[part_of(module)]
    ]


def test_the_whole_house_has_no_import_circle() -> None:
    found = cycles({module: {name for _, name in names} for module, names in house().items()})
    assert found == [], f"{len(found)} import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_in_the_whole_house_runs_back_up() -> None:
    bad = arrows_up(house())
    assert bad == [], f"{len(bad)} arrows up:\n" + "\n".join(bad)


def test_an_arrow_up_and_a_circle_of_type_hints_are_found() -> None:
    """The checker itself: the cogs' old way of typing their bot (a hint naming the bot class on top) is an
    arrow up, and two modules naming each other's types only under TYPE_CHECKING are a circle."""
    assert arrows_up({"cogs.common": [(20, "app.client")]}) == [
        "cogs.common:20 imports app.client (app is not below cogs.common)"
    ]
    assert arrows_up({"cogs.announcer.boards": [(26, "cogs.lobby")]}) != []  # the announcer, a feature cog
    assert arrows_up({"cogs.lobby": [(16, "cogs.controls.lobby")]}) == []
    hinted = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import S\n")
    assert [n for n in ast.walk(hinted) if isinstance(n, ast.ImportFrom) and n.module == "state"]
    assert cycles({"a.state": {"a.view"}, "a.view": {"a.state"}}) == [["a.state", "a.view"]]
    assert all(part_of(module) for module in house())  # every module of the house stands on a floor
