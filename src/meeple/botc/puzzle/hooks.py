"""What the registry calls for the two puzzle formats, imported on first use."""

from __future__ import annotations

from typing import Any

from meeple.botc.puzzle import jsonform, notation
from meeple.botc.puzzle.model import Puzzle


def dump_text(model: Puzzle, **_: Any) -> str:
    """The puzzle in canonical botc-puzzle text."""
    return notation.dump(model)


def dump_json(model: Puzzle, **_: Any) -> str:
    """The puzzle as jthemphill/botc-solvers' JSON."""
    return jsonform.dump(model)
