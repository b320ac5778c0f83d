"""The functions behind connect four's registry entry (`meeple.connect4.format`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.connect4 import ascii
from meeple.connect4.model import COLUMNS, ROWS, Record
from meeple.connect4.rules import BRIDGE, MAX_TEAMS, MIN_TEAMS, State
from meeple.errors import RuleError

TEAMS = ("red", "blue", "green")
"""The teams of a game started without a record (quibbble names teams after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game between red and blue (and green, for 3 teams); connect four deals
    nothing, so `seed` is unused."""
    count = 2 if players is None else players
    if not MIN_TEAMS <= count <= MAX_TEAMS:
        raise RuleError(f"connect4 is for 2 or 3 teams, not {players}", rule="teams")
    return State.initial(TEAMS[:count])


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.connect4 import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The cell the last disk landed in (the viewer lights it)."""
    from meeple.connect4.svg import at

    if not state.history:
        return ()
    column = state.history[-1].column
    row = next(r for r in range(ROWS) if state.at(r, column) is not None)
    return (at(row, column),)


def state_json(state: State) -> Mapping[str, Any]:
    """The grid as rows of team names from the top (null for an empty cell), as
    quibbble's snapshot holds it, and who moves."""
    return {
        "board": [
            [None if (t := state.at(r, c)) is None else state.teams[t] for c in range(COLUMNS)]
            for r in range(ROWS)
        ],
        "turn": None if state.is_over else state.teams[state.turn],
    }


def result(state: State) -> str:
    return state.result_text
