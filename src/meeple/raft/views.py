"""A Race to the Raft record, position or game as `meeple show --svg` and the viewer draw it.

The pictures themselves are `ascii` and `svg`; this module only chooses what to draw.
"""

from __future__ import annotations

from typing import Any

from meeple.raft import svg as pictures
from meeple.raft.model import Position, Record
from meeple.raft.rules import State, final


def svg(thing: Any) -> str:
    """An SVG picture of a game, of a record's final position, or of a five-part state."""
    if isinstance(thing, Record):
        thing = final(thing)
    if isinstance(thing, Position):
        thing = State(thing)
    return pictures.render(thing)


def marks(state: State) -> tuple[str, ...]:
    """The squares the last action covered or the cat crossed (the viewer highlights them)."""
    last = state.history[-1] if state.history else None
    return tuple(pictures.data_at(row, column) for row, column in pictures.covered(last))
