"""Connect Four as quibbble records it: QGN games with `[key "connect4"]`.

>>> from meeple import connect4
>>> record = connect4.parse('[key "connect4"]\\n[teams "red, blue"]\\n\\n0p&3 1p&3 0p&4\\n')
>>> *_, state = connect4.replay(record)
>>> state.result_text, [state.move_to_text(m) for m in state.legal_moves()][:2]
('blue must place a disk', ['1p&0', '1p&1'])
>>> print(connect4.render(state).splitlines()[6])
5   . . . X X . .

Layers: `model` (the place and the record), `notation` (QGN details <-> places), `rules`
(`State`, the engine protocol, meeple.engine), `ascii` and `svg` (pictures), and `game`
(its `Game`: meeple.quibbble.game). What quibbble's games share is `meeple.quibbble`.
"""

from __future__ import annotations

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
