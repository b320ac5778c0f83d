"""Tic-tac-toe as quibbble records it: QGN games with `[key "tictactoe"]`."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.tictactoe import svg as svg  # the submodule
    from meeple.tictactoe.game import GAME as GAME
    from meeple.tictactoe.game import TicTacToe as TicTacToe
    from meeple.tictactoe.game import dump as dump
    from meeple.tictactoe.game import parse as parse
    from meeple.tictactoe.game import render as render
    from meeple.tictactoe.model import Mark as Mark
    from meeple.tictactoe.model import Move as Move
    from meeple.tictactoe.model import Record as Record
    from meeple.tictactoe.rules import State as State
    from meeple.tictactoe.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
