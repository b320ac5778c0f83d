"""Connect Four as quibbble records it: QGN games with `[key "connect4"]`."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.connect4 import svg as svg  # the submodule
    from meeple.connect4.game import GAME as GAME
    from meeple.connect4.game import ConnectFour as ConnectFour
    from meeple.connect4.game import dump as dump
    from meeple.connect4.game import parse as parse
    from meeple.connect4.game import render as render
    from meeple.connect4.model import Move as Move
    from meeple.connect4.model import Place as Place
    from meeple.connect4.model import Record as Record
    from meeple.connect4.rules import State as State
    from meeple.connect4.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
