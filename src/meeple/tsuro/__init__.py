"""Tsuro as quibbble records it: QGN games with `[key "tsuro"]`, dealt from `[seed]`.

>>> from meeple import tsuro
>>> tags = '[key "tsuro"] [teams "red, blue"] [variant "classic"] [seed "1696036843787"]'
>>> text = tags + '\\n\\n0p&4.5.CHDAEBFG\\n'
>>> *_, state = tsuro.replay(tsuro.parse(text))
>>> state.result_text, state.tokens[0]
('blue must place a tile', Token(row=4, column=5, notch='A'))
>>> [state.move_to_text(m) for m in state.legal_moves()][:2]
['1p&0.4.ACBHDGEF', '1p&0.4.CEDBFAGH']

Layers: `model` (tiles, tokens, the placement, the record), `notation` (QGN details <->
placements), `rules` (`State`, the engine protocol, meeple.engine, with quibbble's
deal), `ascii` and `svg` (pictures), and `game` (its `Game`: meeple.quibbble.game). What
quibbble's games share is `meeple.quibbble`.
"""

from __future__ import annotations

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
