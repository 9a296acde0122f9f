"""Prints how the house stands to the layer test (tests/architecture/test_layers.py, docs/architecture.md):
its modules, its import circles (type hints counted, and at run time only) and its arrows up.

    python scripts/layers.py        # the figures
    python scripts/layers.py -v     # and each arrow up, with its file and line
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.architecture import test_layers as layers  # the checkout's own test, read from its root


def at_run_time() -> dict[str, set[str]]:
    """The house's imports without those under `if TYPE_CHECKING:` (the test's walk, narrowed)."""
    walk = ast.walk

    def runtime_walk(tree: ast.AST) -> Iterator[ast.AST]:
        yield tree
        yield from layers._runtime_nodes(tree)

    ast.walk = runtime_walk  # type: ignore[assignment]
    try:
        return {module: {name for _, name in found} for module, found in layers.house().items()}
    finally:
        ast.walk = walk


def main() -> None:
    graph = layers.house()
    circles = layers.cycles({module: {name for _, name in found} for module, found in graph.items()})
    running = layers.cycles(at_run_time())
    up = layers.arrows_up(graph)
    print(
        f"modules {len(graph)}; import circles {len(circles)} (of {[len(c) for c in circles]} modules), "
        f"{len(running)} at run time (of {[len(c) for c in running]}); arrows up {len(up)} imports, "
        f"from {len({arrow.split(':')[0] for arrow in up})} modules"
    )
    if "-v" in sys.argv:
        print("\n".join(up))


if __name__ == "__main__":
    main()
