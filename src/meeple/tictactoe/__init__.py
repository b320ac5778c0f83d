"""Tic-tac-toe as quibbble records it: QGN games with `[key "tictactoe"]`.

>>> from meeple import tictactoe
>>> record = tictactoe.parse('[key "tictactoe"]\\n[teams "red, blue"]\\n\\n0m&1.1 1m&0.0 0m&2.2\\n')
>>> *_, state = tictactoe.replay(record)
>>> state.result_text, [state.move_to_text(m) for m in state.legal_moves()][:2]
('blue must mark a location', ['1m&0.1', '1m&0.2'])
>>> print(tictactoe.render(state).splitlines()[1])
0   O |   |

Layers: `model` (the mark and the record), `notation` (QGN details <-> marks), `rules`
(`State`, the engine protocol, meeple.engine), `ascii` and `svg` (pictures), and `game`
(its `Game`: meeple.quibbble.game). What quibbble's games share is `meeple.quibbble`.
"""

from __future__ import annotations

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
