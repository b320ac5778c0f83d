"""The functions behind indigo's registry entry (`meeple.indigo.format`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.errors import RuleError
from meeple.indigo import ascii
from meeple.indigo.model import HEXES, Record
from meeple.indigo.rules import BRIDGE, State, default_seed

TEAMS = ("red", "blue", "green", "orange")
"""The teams of a game started without a record, in seat order (quibbble names teams
after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new classic game of `players` teams (2 by default: red and blue), dealt from
    `seed` exactly as quibbble deals it; without a seed, from the clock as quibbble
    does (the seed is written in the record either way)."""
    count = 2 if players is None else players
    if not 2 <= count <= len(TEAMS):
        raise RuleError(f"indigo is for 2 to 4 teams, not {count}", rule="teams")
    return State.initial(TEAMS[:count], default_seed() if seed is None else seed)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.indigo import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The hex the last tile went to (the viewer lights it)."""
    from meeple.indigo.svg import at

    last = state.history[-1] if state.history else None
    return () if last is None else (at(last.row, last.column),)


def state_json(state: State) -> Mapping[str, Any]:
    """The tiles (treasures as their edges), the gems, hands, points and who moves."""
    return {
        "tiles": {f"{r},{c}": state.tile_at(r, c) for r, c in HEXES if state.tile_at(r, c)},
        "gems": [
            {
                "colour": gem.colour,
                "row": gem.row,
                "column": gem.column,
                "edge": gem.edge,
                "collided": gem.collided,
                "gateway": gem.gateway or None,
            }
            for gem in state.gems
        ],
        "hands": dict(zip(state.teams, (list(hand) for hand in state.hands), strict=True)),
        "points": dict(zip(state.teams, state.points, strict=True)),
        "gem_counts": dict(zip(state.teams, state.gem_counts, strict=True)),
        "deck": len(state.deck),
        "round": state.round,
        "turn": None if state.is_over else state.teams[state.turn],
    }


def result(state: State) -> str:
    return state.result_text
