"""The engine's modules import one another without a cycle (issue 47): every import is read,
those inside functions and under ``TYPE_CHECKING`` too, so that a reader can take the modules
in an order where each needs only those before it."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import ramino.engine

pytestmark = pytest.mark.once

ENGINE = Path(ramino.engine.__file__).resolve().parent


def engine_imports() -> dict[str, set[str]]:
    """Each engine module (by name, ``__init__`` for the package) and the engine modules it
    imports, anywhere in its source."""
    modules = {path.stem for path in ENGINE.glob("*.py")}
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        needs: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module is None:
                    needs.update(alias.name for alias in node.names if alias.name in modules)
                elif node.level == 1 and node.module is not None:
                    needs.add(node.module.split(".")[0])
                elif node.module is not None and node.module.startswith("ramino.engine."):
                    needs.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("ramino.engine."):
                        needs.add(alias.name.split(".")[2])
        needs.discard(path.stem)
        found[path.stem] = needs & modules
    return found


def test_the_engine_imports_form_no_cycle() -> None:
    graph = engine_imports()
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"an import cycle among engine modules: {error.args[1]}") from None
    assert set(order) == set(graph)


def test_no_rule_module_imports_the_round() -> None:
    graph = engine_imports()
    # Only the modules that play whole rounds (records, matches, the package's face) use it.
    users = {name for name, needs in graph.items() if "round" in needs}
    assert users <= {"__init__", "play", "record", "rebuild", "match", "analysis"}, users


def test_the_engine_chooses_no_words_by_language() -> None:
    # Words live in ramino.words (issue 47, point 6): an engine module may pass a language on
    # to the catalogue, never test it or keep words keyed by it.
    languages = {"it", "en"}
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
            elif isinstance(node, ast.Dict):
                operands = [key for key in node.keys if key is not None]
            else:
                continue
            if any(isinstance(o, ast.Constant) and o.value in languages for o in operands):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found
