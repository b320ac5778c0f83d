"""Onitama as quibbble records it: QGN with `[key "onitama"]` and the `seed` its
cards are dealt from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.onitama.model import Move, Record
    from meeple.onitama.rules import State


class Onitama(QuibbbleGame["Move", "Record", "State"]):
    name = "onitama"
    title = "Onitama (quibbble's QGN records): 0m&0.1.1.1.ox moves a pawn with a card"
    move_help = (
        "a move is {team}m&{start row}.{start column}.{end row}.{end column}.{card},"
        " rows and columns 0 to 4 from the first team's side, the card one of the"
        " mover's two (type just 0.1.1.1.ox, or 0 1 1 1 ox, for the team to move)"
    )

    def layers(self) -> Layers[Move, Record, State]:
        from meeple.onitama import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = Onitama()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
