"""Tsuro as quibbble records it: QGN with `[key "tsuro"]`, the `seed` its tiles and
tokens are dealt from, and its `variant`.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.tsuro.model import Place, Record
    from meeple.tsuro.rules import State


class Tsuro(QuibbbleGame["Place", "Record", "State"]):
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

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)

    def clock_seed(self) -> int:
        """quibbble's seed for a game started without one: the clock in milliseconds."""
        return time.time_ns() // 1_000_000


GAME = Tsuro()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
