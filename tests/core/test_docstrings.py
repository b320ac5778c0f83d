"""Each game package's docstring examples run (doctest): they show the engine protocol's
names, so a renamed or removed name breaks them here first."""

from __future__ import annotations

import doctest
import importlib

import pytest

from meeple import registry

GAMES = tuple(module.split(".")[1] for module in registry.FORMAT_MODULES)


@pytest.mark.parametrize("game", GAMES)
def test_the_package_docstring_examples_run(game: str) -> None:
    package = importlib.import_module(f"meeple.{game}")
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(package, package.__name__)
    assert tests and tests[0].examples, "the package docstring shows how to use it"
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"
