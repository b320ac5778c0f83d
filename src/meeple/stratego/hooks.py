"""The functions behind stratego's registry entry (`meeple.stratego.format`)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from meeple.errors import RuleError
from meeple.stratego import ascii
from meeple.stratego.model import Record
from meeple.stratego.rules import BRIDGE, State, state_details

TEAMS = ("red", "blue")
"""The teams of a game started without a record (quibbble names teams after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new classic game between red and blue, its units set up from `seed` exactly as
    quibbble sets them up; without a seed, from the clock (quibbble's own default), and
    the record keeps the seed either way."""
    if players not in (None, 2):
        raise RuleError(f"stratego is for 2 teams, not {players}", rule="teams")
    return State.initial(TEAMS, int(time.time()) if seed is None else seed)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.stratego import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The squares the last action left and reached (the viewer lights them)."""
    from meeple.stratego.svg import at

    if not state.history:
        return ()
    last = state.history[-1]
    return (at(*last.start), at(*last.end))


def state_json(state: State) -> Mapping[str, Any]:
    """quibbble's snapshot details, every rank shown (`rules.state_details`)."""
    return state_details(state)


def result(state: State) -> str:
    return state.result_text
