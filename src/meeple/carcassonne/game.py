"""Carcassonne as quibbble records it: QGN with `[key "carcassonne"]` and the `seed`
its tiles are dealt from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.quibbble.game import Layers, QuibbbleGame

if TYPE_CHECKING:
    from meeple.carcassonne.model import Move, Record
    from meeple.carcassonne.rules import State


class Carcassonne(QuibbbleGame["Move", "Record", "State"]):
    name = "carcassonne"
    title = (
        "Carcassonne (quibbble's QGN records): 0i&1.0.c.r.f.r.n.f.f places a tile right of"
        " the start, 0o&f.1.0.k.t puts a knight in its city, 0o&t passes"
    )
    move_help = (
        "a turn is two actions. First {team}i&{x}.{y}.{top}.{right}.{bottom}.{left}.{centre}"
        ".{connected}.{shield}: the square (x right, y up from the start tile at 0,0) and"
        " the tile you hold turned as you lay it, each side c (city), r (road) or f (farm),"
        " the centre m (cloister) or n, then t/f for connected cities and for a shield"
        " (type i 1 0 c r f r n f f). Then {team}o&f.{x}.{y}.{token}.{side} on that tile: k"
        " knight (city side t r b l), t thief (road side), f farmer (half side ta tb ra rb"
        " ba bb la lb, clockwise), m monk (no side); or {team}o&t to pass (type f 1 0 k t,"
        " or t to pass)"
    )
    teams = ("red", "blue", "green", "yellow")

    def layers(self) -> Layers[Move, Record, State]:
        from meeple.carcassonne import ascii, rules, svg

        return Layers(ascii.render, svg.render, svg.marks, rules.state_json, rules.BRIDGE)


GAME = Carcassonne()
parse, dump, render = GAME.parse, GAME.dump, GAME.render
