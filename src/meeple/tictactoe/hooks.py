"""The functions behind tic-tac-toe's registry entry (`meeple.tictactoe.format`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.errors import RuleError
from meeple.tictactoe import ascii
from meeple.tictactoe.model import SIZE, Record
from meeple.tictactoe.rules import BRIDGE, State

TEAMS = ("red", "blue")
"""The teams of a game started without a record (quibbble names teams after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game between red and blue (tic-tac-toe deals nothing: `seed` is unused)."""
    if players not in (None, 2):
        raise RuleError(f"tic-tac-toe is for 2 teams, not {players}", rule="teams")
    return State.initial(TEAMS)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.tictactoe import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The square the last mark took (the viewer lights it)."""
    from meeple.tictactoe.svg import at

    last = state.history[-1] if state.history else None
    return () if last is None else (at(last.row, last.column),)


def state_json(state: State) -> Mapping[str, Any]:
    """The board as rows of team names (null for an empty square), and who moves."""
    return {
        "board": [
            [None if (t := state.at(r, c)) is None else state.teams[t] for c in range(SIZE)]
            for r in range(SIZE)
        ],
        "turn": None if state.is_over else state.teams[state.turn],
    }


def result(state: State) -> str:
    return state.result_text
