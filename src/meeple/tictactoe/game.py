"""Tic-tac-toe as quibbble records it: QGN with `[key "tictactoe"]`, marks
`{team}m&{row}.{column}`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.tictactoe.model import Mark, Record
    from meeple.tictactoe.rules import State


class TicTacToe(QuibbbleGame["Mark", "Record", "State"]):
    name = "tictactoe"
    noun = "tic-tac-toe"
    title = "Tic-tac-toe (quibbble's QGN records): 0m&1.2 marks row 1, column 2"
    move_help = (
        "a mark is {team}m&{row}.{column}, rows and columns 0 to 2 from the top left"
        " (type just 1.2 for the team to move)"
    )
    deals = False

    def layers(self) -> Layers[Mark, Record, State]:
        from meeple.tictactoe import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = TicTacToe()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
