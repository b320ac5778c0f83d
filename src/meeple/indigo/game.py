"""Indigo as quibbble records it: QGN with `[key "indigo"]`, the `seed` its tiles are
dealt from, and its `variant`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.indigo.model import Place, Record
    from meeple.indigo.rules import State


class Indigo(QuibbbleGame["Place", "Record", "State"]):
    name = "indigo"
    title = "Indigo (quibbble's QGN records): 0p&afbcde.4.5 places a tile on row 4, column 5"
    move_help = (
        "a placement is {team}p&{paths}.{row}.{column}: the paths of a tile you hold, turned"
        " as you lay it (afbcde joins edges a-f, b-c, d-e; each turn moves every letter on"
        " one, a to b ... f to a), then an empty hex, rows 0 to 8 from the top, columns from"
        " 0 at each row's left (type just afbcde 4 5 for the team to move)"
    )
    teams = ("red", "blue", "green", "orange")

    def layers(self) -> Layers[Place, Record, State]:
        from meeple.indigo import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = Indigo()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
