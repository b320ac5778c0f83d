"""Tsuro as quibbble records it: QGN games with `[key "tsuro"]`, dealt from `[seed]`."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.tsuro import svg as svg  # the submodule
    from meeple.tsuro.game import GAME as GAME
    from meeple.tsuro.game import Tsuro as Tsuro
    from meeple.tsuro.game import dump as dump
    from meeple.tsuro.game import parse as parse
    from meeple.tsuro.game import render as render
    from meeple.tsuro.model import Move as Move
    from meeple.tsuro.model import Place as Place
    from meeple.tsuro.model import Record as Record
    from meeple.tsuro.model import Token as Token
    from meeple.tsuro.rules import State as State
    from meeple.tsuro.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
