"""Each game's Python session in docs/python.md runs (doctest): they show the engine
protocol's names, so a renamed or removed name breaks them here first; and the names a
docstring puts in backticks exist."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import inspect
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import meeple
from meeple import registry

GAMES = tuple(name for name, _ in registry.GAMES)
PYTHON_MD = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def sessions(game: str) -> list[str]:
    """The Python sessions (```pycon blocks) of `game`'s section of docs/python.md."""
    sections = re.split(r"^## ", PYTHON_MD.read_text(encoding="utf-8"), flags=re.M)
    (section,) = [s for s in sections if s.startswith(f"`meeple.{game}`\n")]
    return re.findall(r"```pycon\n(.*?)```", section, flags=re.S)


@pytest.mark.parametrize("game", GAMES)
def test_the_python_session_of_each_game_runs(game: str) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    found = sessions(game)
    assert found, f"docs/python.md shows {game} from Python"
    for number, session in enumerate(found):
        name = f"docs/python.md {game} session {number + 1}"
        runner.run(parser.get_doctest(session, {}, name, str(PYTHON_MD), 0))
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


# -- names in backticks that no longer exist ------------------------------------------

DOTTED = re.compile(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\))?`")
"""A dotted name in backticks: `module.function`, `Class.method`, `meeple.x.y`."""
FILE_NAME = re.compile(r"\.(py|md|json|parquet)$")


def _modules() -> list[ModuleType]:
    names = pkgutil.walk_packages(meeple.__path__, "meeple.")
    return [importlib.import_module(m.name) for m in names if not m.name.endswith("__main__")]


def _start(module: ModuleType, first: str) -> object | None:
    """What the first part of a dotted name is, seen from `module`: one of its names, or a
    meeple module (its own package's, its game's, or the package's); None if neither
    (a local variable, a Go function, a file name: nothing to check)."""
    if first in vars(module):
        found: object = vars(module)[first]
        return found
    package = module.__name__ if hasattr(module, "__path__") else module.__package__ or ""
    for base in (package, package.rpartition(".")[0], "meeple"):
        if base.startswith("meeple") and importlib.util.find_spec(f"{base}.{first}"):
            return importlib.import_module(f"{base}.{first}")
    return None


def _has(owner: object, name: str) -> object | None:
    """`owner.name`, or `owner` itself where `name` is an instance's attribute (set on
    `self` in the class, or annotated) or is None; None where it has no such attribute."""
    if hasattr(owner, name):
        return owner if getattr(owner, name) is None else getattr(owner, name)
    if isinstance(owner, ModuleType) and hasattr(owner, "__path__"):
        spec = importlib.util.find_spec(f"{owner.__name__}.{name}")
        return importlib.import_module(spec.name) if spec else None
    if isinstance(owner, type):
        source = inspect.getsource(owner)
        if f"self.{name}" in source or name in getattr(owner, "__annotations__", {}):
            return owner
    return None


def _dangling(module: ModuleType) -> list[str]:
    tree = ast.parse(inspect.getsource(module))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
            continue
        for name in DOTTED.findall(ast.get_docstring(node) or ""):
            if FILE_NAME.search(name):
                continue
            first, *rest = name.split(".")
            owner = _start(module, first)
            for part in rest:
                owner = None if owner is None else _has(owner, part)
            if _start(module, first) is not None and owner is None:
                found.append(f"{module.__name__}: `{name}`")
    return found


def test_every_dotted_name_a_docstring_names_exists() -> None:
    """`raft.rules` once named `State.apply`, gone: a name in backticks whose first part
    is a name or a module meeple has must resolve, attribute by attribute."""
    assert [name for module in _modules() for name in _dangling(module)] == []
