"""Onitama as quibbble records it: QGN games with `[key "onitama"]` and a `[seed]` that
deals the five cards."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.onitama import svg as svg  # the submodule
    from meeple.onitama.game import GAME as GAME
    from meeple.onitama.game import Onitama as Onitama
    from meeple.onitama.game import dump as dump
    from meeple.onitama.game import parse as parse
    from meeple.onitama.game import render as render
    from meeple.onitama.model import CARDS as CARDS
    from meeple.onitama.model import Deal as Deal
    from meeple.onitama.model import Move as Move
    from meeple.onitama.model import Pawn as Pawn
    from meeple.onitama.model import Record as Record
    from meeple.onitama.rules import State as State
    from meeple.onitama.rules import deal as deal
    from meeple.onitama.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
