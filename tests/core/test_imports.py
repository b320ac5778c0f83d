"""One way up: the graph of meeple's imports of its own modules has no cycle.

Every module of the package is read with `ast`: imports at module level, under
`TYPE_CHECKING` and inside functions all count (an import put off until first use still
makes the two modules know each other), and relative imports are resolved. Imports by
name at run time (`importlib`, the registry's "module:attribute" strings) are not
statements and are left out.

The graph has no cycle at all. What meeple imports only where it is used is named too:
a module that needs an optional extra (`EXTRAS`: Starlette for `serve`, pyarrow for
`data`, Dask for `dask`) is imported by the rest of meeple only inside the function that
needs it, so meeple without the extra still works, and docs/architecture.md names each.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import meeple
from meeple import registry

Graph = dict[str, set[str]]

EXTRAS: Mapping[str, tuple[str, ...]] = {
    "meeple.viewer.app": ("serve",),
    "meeple.export": ("dask", "data"),
}
"""Each module that imports an optional extra's packages, and the extras it needs."""
EXTRA_PACKAGES = {"starlette": "serve", "uvicorn": "serve", "pyarrow": "data", "dask": "dask"}
"""Packages only an optional extra installs, each by a top-level name."""


def modules(package: Path) -> dict[str, Path]:
    """Each module of the package in directory `package`, by dotted name (a package by
    the name of the directory its `__init__.py` is in)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: Mapping[str, Path], lazy: bool = True) -> set[str]:
    """The modules of `known` that module `name` (read from `path`) imports, anywhere
    (`lazy`: inside functions too)."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inside = (
        set()
        if lazy
        else {
            id(node)
            for function in ast.walk(tree)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)
        }
    )
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.Import):
            found.update(_known(alias.name, known) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _source(node, here)
            for alias in node.names:
                found.add(_known(f"{source}.{alias.name}", known))  # a submodule or a name
    return found - {"", name}


def _source(node: ast.ImportFrom, here: str) -> str:
    """The module `from ... import` reads, relative levels resolved against package `here`."""
    if not node.level:
        return node.module or ""
    parts = here.split(".")
    base = parts[: len(parts) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _known(dotted: str, known: Mapping[str, Path]) -> str:
    """The longest prefix of `dotted` that is a module of `known` ("" for none)."""
    while dotted and dotted not in known:
        dotted = dotted.rpartition(".")[0]
    return dotted


def import_graph(package: Path) -> Graph:
    known = modules(package)
    return {name: imported(name, path, known) for name, path in known.items()}


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected parts of `graph` with more than one module (Tarjan's
    algorithm, iterative), each sorted: every cycle lies within one of them."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in graph:
        if root in order:
            continue
        order[root] = low[root] = len(order)
        stack.append(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == order[node]:
                    part = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(part) > 1:
                        found.append(sorted(part))
            elif target not in order:
                order[target] = low[target] = len(order)
                stack.append(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in stack:
                low[node] = min(low[node], order[target])
    return found


def edges_within(graph: Graph, part: list[str]) -> Iterator[str]:
    for source in part:
        for target in sorted(graph[source] & set(part)):
            yield f"{source} -> {target}"


MEEPLE = import_graph(Path(meeple.__file__).parent)


def test_no_import_cycle() -> None:
    left = cycles(MEEPLE)
    report = "\n\n".join("\n".join(edges_within(MEEPLE, part)) for part in left)
    assert not left, f"import cycles (break them):\n{report}"


def test_an_optional_extra_is_loaded_only_where_it_is_used() -> None:
    """Only `EXTRAS` import an extra's packages, and the rest of meeple imports them only
    inside functions; docs/architecture.md names each."""
    known = modules(Path(meeple.__file__).parent)
    needing = {
        name: sorted({EXTRA_PACKAGES[p] for p in outside_imports(path) if p in EXTRA_PACKAGES})
        for name, path in known.items()
    }
    assert {name: tuple(extras) for name, extras in needing.items() if extras} == EXTRAS
    eager = [
        f"{name} -> {target}"
        for name, path in known.items()
        for target in imported(name, path, known, lazy=False) & set(EXTRAS)
    ]
    assert not eager, f"import these only inside the function that needs them: {eager}"
    architecture = (Path(__file__).parents[2] / "docs" / "architecture.md").read_text()
    for module, extras in EXTRAS.items():
        for extra in extras:
            assert f"`{module}`" in architecture and f"extra `{extra}`" in architecture


def test_the_raft_solver_sits_above_the_raft_rules_and_botc_setup_above_its_script() -> None:
    assert "meeple.raft.rules" in MEEPLE["meeple.raft.solver"]
    assert "meeple.raft.solver" not in MEEPLE["meeple.raft.rules"]
    assert "meeple.botc.script" in MEEPLE["meeple.botc.setup"]
    assert "meeple.botc.setup" not in MEEPLE["meeple.botc.script"]


GAMES = sorted(f"meeple.{name}" for name, _ in registry.GAMES)
"""Every game package the registry lists."""


def outside_imports(path: Path) -> set[str]:
    """The top-level names of the packages the module at `path` imports, anywhere."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_no_game_imports_the_command_line_or_click() -> None:
    """A game declares its commands as data (`meeple.commands`); `meeple.cli` builds them."""
    known = modules(Path(meeple.__file__).parent)
    offending = [
        name
        for name, path in known.items()
        if name.startswith(tuple(f"{game}." for game in GAMES)) or name in GAMES
        if "click" in outside_imports(path)
        or any(target.startswith("meeple.cli") for target in MEEPLE[name])
    ]
    assert GAMES and not offending


def test_the_graph_holds_imports_inside_functions_and_relative_ones(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .sub import low\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "low.py").write_text("def f():\n    from .. import top\n")
    (package / "top.py").write_text("if True:\n    import pkg.sub.low as low\n")
    graph = import_graph(package)
    assert graph == {
        "pkg": {"pkg.sub.low"},
        "pkg.sub": set(),
        "pkg.sub.low": {"pkg.top"},
        "pkg.top": {"pkg.sub.low"},
    }
    low = package / "sub" / "low.py"
    assert imported("pkg.sub.low", low, modules(package), lazy=False) == set()  # in `f`
    assert cycles(graph) == [["pkg.sub.low", "pkg.top"]]
    assert list(edges_within(graph, ["pkg.sub.low", "pkg.top"])) == [
        "pkg.sub.low -> pkg.top",
        "pkg.top -> pkg.sub.low",
    ]
