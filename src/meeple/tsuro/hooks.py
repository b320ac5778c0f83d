"""The functions behind tsuro's registry entry (`meeple.tsuro.format`)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from meeple.errors import RuleError
from meeple.tsuro import ascii
from meeple.tsuro.model import SIZE, Record
from meeple.tsuro.rules import BRIDGE, CLASSIC, MAX_TEAMS, MIN_TEAMS, State

TEAMS = ("red", "blue", "green", "yellow", "orange", "pink", "purple", "sky")
"""The teams of a game started without a record, in seat order (quibbble names teams
after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new classic game dealt as quibbble deals it from `seed` (without one, from the
    clock in milliseconds, as quibbble's seeds are; the record keeps the seed)."""
    count = 2 if players is None else players
    if not MIN_TEAMS <= count <= MAX_TEAMS:
        raise RuleError(f"tsuro is for 2 to 8 teams, not {players}", rule="teams")
    if seed is None:
        seed = time.time_ns() // 1_000_000
    return State.initial(TEAMS[:count], seed, CLASSIC)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.tsuro import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The square the last tile was laid on (the viewer lights it)."""
    from meeple.tsuro.svg import at

    last = state.history[-1] if state.history else None
    return () if last is None else (at(last.row, last.column),)


def state_json(state: State) -> Mapping[str, Any]:
    """The board as rows of tiles (their paths, or null), each team's token, hand and
    whether it is in, the tiles left, the dragon, points in scored variants, and who
    moves."""
    teams = state.teams
    return {
        "variant": state.variant,
        "board": [
            [None if (laid := state.at(r, c)) is None else laid.paths for c in range(SIZE)]
            for r in range(SIZE)
        ],
        "tokens": {
            teams[t]: {"row": token.row, "column": token.column, "notch": token.notch}
            for t, token in enumerate(state.tokens)
        },
        "hands": {teams[t]: list(hand) for t, hand in enumerate(state.hands)},
        "alive": [teams[t] for t in range(len(teams)) if state.alive[t]],
        "tiles_remaining": len(state.deck),
        "dragon": None if state.dragon is None else teams[state.dragon],
        "points": dict(zip(teams, state.points, strict=True)),
        "turn": None if state.is_over else teams[state.turn],
    }


def result(state: State) -> str:
    return state.result_text
