"""Connect Four as quibbble records it: QGN with `[key "connect4"]`, a disk dropped
as `{team}p&{column}`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.connect4.model import Place, Record
    from meeple.connect4.rules import State


class ConnectFour(QuibbbleGame["Place", "Record", "State"]):
    name = "connect4"
    title = "Connect Four (quibbble's QGN records): 0p&3 drops a disk into column 3"
    move_help = (
        "a place is {team}p&{column}, columns 0 to 6 from the left; the disk falls to the"
        " lowest empty row (type just 3 for the team to move)"
    )
    teams = ("red", "blue", "green")
    deals = False

    def layers(self) -> Layers[Place, Record, State]:
        from meeple.connect4 import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = ConnectFour()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
