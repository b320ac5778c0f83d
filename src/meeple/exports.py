"""A game package's public names, written once as imports and imported on first use.

A package lists what it offers as the plain imports of an `if TYPE_CHECKING:` block,
which type checkers and editors follow; at run time those imports are not made, and
`names(__name__)` (the package's `__getattr__`, PEP 562) makes each on first use. So
importing a game's `game` module, as the registry does for every game when it lists
the notations, imports none of the game's layers: importing every package's names
takes about 385 ms, thirty times a bare `python -c pass` (docs/architecture.md).
docs/python.md shows each game package's names at work, in a session a game.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any


def names(package: str) -> Callable[[str], Any]:
    """The `__getattr__` of `package`: each name its `TYPE_CHECKING` block imports,
    imported when first asked (then an ordinary attribute); `__all__` is those names."""
    where: dict[str, tuple[str, str]] = {}

    def __getattr__(name: str) -> Any:
        if name not in where and _is_submodule(package, name):
            # `from meeple.flows import checks` asks the package first: no need to read
            # the block for it (with ast, about 2 ms; issue 39).
            return importlib.import_module(f"{package}.{name}")
        if not where:
            where.update(_imports(package))
        if name == "__all__":
            return sorted(where)
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attribute = where[name]
        if module == package:  # a submodule (`svg`): the module itself
            value = importlib.import_module(f"{package}.{attribute}")
        else:
            value = getattr(importlib.import_module(module), attribute)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def _is_submodule(package: str, name: str) -> bool:
    """Whether `package` has a module called `name` (a file beside its `__init__`)."""
    path = sys.modules[package].__file__
    return path is not None and os.path.isfile(os.path.join(os.path.dirname(path), name + ".py"))


def _imports(package: str) -> dict[str, tuple[str, str]]:
    """Each name the package's `if TYPE_CHECKING:` block imports: (module, attribute)."""
    import ast

    path = sys.modules[package].__file__
    assert path is not None
    with open(path, encoding="utf-8") as file:
        tree = ast.parse(file.read(), path)
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    )
    return {
        alias.asname or alias.name: (node.module or "", alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
