"""Indigo as quibbble records it: QGN games with `[key "indigo"]`, dealt from `[seed]`."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.indigo import svg as svg  # the submodule
    from meeple.indigo.game import GAME as GAME
    from meeple.indigo.game import Indigo as Indigo
    from meeple.indigo.game import dump as dump
    from meeple.indigo.game import parse as parse
    from meeple.indigo.game import render as render
    from meeple.indigo.model import Gem as Gem
    from meeple.indigo.model import Move as Move
    from meeple.indigo.model import Place as Place
    from meeple.indigo.model import Record as Record
    from meeple.indigo.rules import State as State
    from meeple.indigo.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
