"""Carcassonne as quibbble records it: QGN games with `[key "carcassonne"]`, dealt from
`[seed]`."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.carcassonne import svg as svg  # the submodule
    from meeple.carcassonne.game import GAME as GAME
    from meeple.carcassonne.game import Carcassonne as Carcassonne
    from meeple.carcassonne.game import dump as dump
    from meeple.carcassonne.game import parse as parse
    from meeple.carcassonne.game import render as render
    from meeple.carcassonne.model import Claim as Claim
    from meeple.carcassonne.model import Move as Move
    from meeple.carcassonne.model import Place as Place
    from meeple.carcassonne.model import Record as Record
    from meeple.carcassonne.model import Skip as Skip
    from meeple.carcassonne.model import Tile as Tile
    from meeple.carcassonne.rules import State as State
    from meeple.carcassonne.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
