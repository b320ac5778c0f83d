"""The functions behind onitama's registry entry (`meeple.onitama.format`)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from meeple.errors import RuleError
from meeple.onitama import ascii
from meeple.onitama.model import SIZE, Record
from meeple.onitama.rules import BRIDGE, State

TEAMS = ("red", "blue")
"""The teams of a game started without a record (quibbble names teams after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game between red and blue, its cards dealt from `seed` exactly as quibbble
    deals them; without a seed, from the clock (quibbble's own default), and the record
    keeps the seed either way."""
    if players not in (None, 2):
        raise RuleError(f"onitama is for 2 teams, not {players}", rule="teams")
    return State.initial(TEAMS, int(time.time()) if seed is None else seed)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.onitama import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The squares the last move left and reached (the viewer lights them)."""
    from meeple.onitama.svg import at

    if not state.history:
        return ()
    last = state.history[-1]
    return (at(last.start_row, last.start_column), at(last.end_row, last.end_column))


def state_json(state: State) -> Mapping[str, Any]:
    """quibbble's snapshot details: the board as rows of pawns (`{"type", "team"}`, null
    for an empty square), each team's hand, the spare card, and who moves."""
    board = [
        [
            None if (pawn := state.at(r, c)) is None
            else {"type": pawn.kind, "team": state.teams[pawn.team]}
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]  # fmt: skip
    return {
        "board": board,
        "hands": {name: list(state.hands[seat]) for seat, name in enumerate(state.teams)},
        "spare": state.spare,
        "turn": None if state.is_over else state.teams[state.turn],
    }


def result(state: State) -> str:
    return state.result_text
