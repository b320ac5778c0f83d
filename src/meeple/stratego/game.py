"""Stratego as quibbble records it: QGN with `[key "stratego"]`, the `seed` its units
are set up from, and its `variant`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.stratego.model import Action, Record
    from meeple.stratego.rules import State


class Stratego(QuibbbleGame["Action", "Record", "State"]):
    name = "stratego"
    title = "Stratego (quibbble's QGN records): 0m&3.1.4.1 moves a unit, 0s&0.0.1.0 switches two"
    move_help = (
        "a move is {team}m&{row}.{column}.{to row}.{to column} (one square straight; a"
        " scout further; onto an enemy unit attacks it), a switch before the first move is"
        " {team}s&{row}.{column}.{with row}.{with column} within the team's side; rows and"
        " columns from 0 at the first team's back row (type just 3.1.4.1, or s 0 0 1 0,"
        " for the team to move)"
    )

    def layers(self) -> Layers[Action, Record, State]:
        from meeple.stratego import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = Stratego()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
