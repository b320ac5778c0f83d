"""Onitama as quibbble records it: QGN games with `[key "onitama"]` and a `[seed]` that
deals the five cards.

>>> from meeple import onitama
>>> text = '[key "onitama"]\\n[teams "red, blue"]\\n[seed "123"]\\n\\n0m&0.2.1.3.mantis\\n'
>>> *_, state = onitama.replay(onitama.parse(text))
>>> state.hands, state.spare
((('ox', 'cobra'), ('rabbit', 'rooster')), 'mantis')
>>> state.result_text, str(state.legal_moves()[0])
('blue must move a pawn', '1m&4.1.3.0.rabbit')

Layers: `model` (cards, pawns, the move and the record), `notation` (QGN details <->
moves), `rules` (the deal and `State`, the engine protocol, meeple.engine), `ascii` and
`svg` (pictures), and `game` (its `Game`: meeple.quibbble.game). What quibbble's games
share is `meeple.quibbble`.
"""

from __future__ import annotations

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
