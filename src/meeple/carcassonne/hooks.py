"""The functions behind carcassonne's registry entry (`meeple.carcassonne.format`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.carcassonne import ascii
from meeple.carcassonne.model import Claim, Place, Record
from meeple.carcassonne.rules import BRIDGE, State, default_seed
from meeple.errors import RuleError

TEAMS = ("red", "blue", "green", "yellow")
"""The teams of a game started without a record, in seat order (quibbble names teams
after colours)."""


parse = BRIDGE.parse
dump = BRIDGE.dump
to_qgn = BRIDGE.to_qgn
from_qgn = BRIDGE.from_qgn
replay_document = BRIDGE.replay_document


def start(players: int | None = None, seed: int | None = None) -> State:
    """A new game of `players` teams (2 by default: red and blue), dealt from `seed`
    exactly as quibbble deals it; without a seed, from the clock as quibbble does (the
    seed is written in the record either way)."""
    count = 2 if players is None else players
    if not 2 <= count <= len(TEAMS):
        raise RuleError(f"carcassonne is for 2 to 4 teams, not {count}", rule="teams")
    return State.initial(TEAMS[:count], default_seed() if seed is None else seed)


def render(model: State | Record, color: bool = False) -> str:
    return ascii.render(_state(model), color)


def svg(model: State | Record) -> str:
    from meeple.carcassonne import svg as pictures

    return pictures.render(_state(model))


def _state(model: State | Record) -> State:
    if isinstance(model, State):
        return model
    return BRIDGE.final(model)


def marks(state: State) -> tuple[str, ...]:
    """The square the last move took: its tile or token, or for a pass the tile just
    placed (the viewer lights it)."""
    from meeple.carcassonne.svg import at

    last = state.history[-1] if state.history else None
    if isinstance(last, Place | Claim):
        return (at(last.x, last.y),)
    spot = state.last[last.team] if last is not None else None
    return () if spot is None else (at(*spot),)  # a pass: the tile the team placed


def state_json(state: State) -> Mapping[str, Any]:
    """The tiles in the order placed, the tokens, each team's tile, supply and points."""
    return {
        "board": [{"x": x, "y": y, "tile": state.board[(x, y)].text} for x, y in state.order],
        "tokens": [
            {"x": t.x, "y": t.y, "team": state.teams[t.team], "token": t.token_name, "side": t.side}
            for t in state.tokens
        ],
        "hands": {
            name: None if tile is None else tile.text
            for name, tile in zip(state.teams, state.hands, strict=True)
        },
        "supply": dict(zip(state.teams, state.supply, strict=True)),
        "scores": dict(zip(state.teams, state.scores, strict=True)),
        "deck": len(state.deck),
        "turn": None if state.is_over else state.teams[state.turn],
        "phase": None if state.is_over else ("tile" if state.placing else "token"),
    }


def result(state: State) -> str:
    return state.result_text
