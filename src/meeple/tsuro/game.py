"""Tsuro as quibbble records it: QGN with `[key "tsuro"]`, the `seed` its tiles and
tokens are dealt from, and its `variant`.

Its `Game` (meeple.quibbble.game): all but its rules and pictures is written once there.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.tsuro.model import Place, Record
    from meeple.tsuro.rules import State


class Tsuro(QuibbbleGame["Place", "Record", "State"]):
    """Tsuro, quibbble's `tsuro`."""

    name = "tsuro"
    title = "Tsuro (quibbble's QGN records): 0p&4.5.CHDAEBFG lays a tile on row 4, column 5"
    move_help = (
        "a placement is {team}p&{row}.{column}.{tile}: the square your token faces (your"
        " token's own square for your first tile), rows and columns 0 to 5 from the top"
        " left, and a tile from your hand turned any way, its notches A-H (clockwise from"
        " the top left) paired as paths, e.g. CHDAEBFG; type just 4.5.CHDAEBFG"
    )
    teams = ("red", "blue", "green", "yellow", "orange", "pink", "purple", "sky")

    def layers(self) -> Layers[Place, Record, State]:
        from meeple.tsuro import ascii, rules, svg

        return Layers(rules.BRIDGE, ascii.render, svg.render, svg.marks)

    def clock_seed(self) -> int:
        """quibbble's seed for a game started without one: the clock in milliseconds."""
        return time.time_ns() // 1_000_000

    def state_json(self, state: State) -> Mapping[str, Any]:
        """The board as rows of tiles (their paths, or null), each team's token, hand and
        whether it is in, the tiles left, the dragon, points in scored variants, and who
        moves."""
        from meeple.tsuro.model import SIZE

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
            "turn": None if state.is_over else teams[state.seat],
        }


GAME = Tsuro()
"""The game, for `meeple.tsuro`'s own functions (the registry holds another instance
of the class, and either will do: a game keeps no state of its own)."""
parse, dump, render = GAME.parse, GAME.dump, GAME.render
