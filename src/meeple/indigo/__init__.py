"""Indigo as quibbble records it: QGN games with `[key "indigo"]`, dealt from `[seed]`.

>>> from meeple import indigo
>>> text = '[key "indigo"]\\n[teams "red, blue"]\\n[seed "1"]\\n[variant "classic"]\\n\\n'
>>> *_, state = indigo.replay(indigo.parse(text))
>>> state.hands, state.result_text
((('abcedf',), ('abcedf',)), 'red must place a tile')
>>> state.move_to_text(state.legal_moves()[0])  # unturned, a-b would block the top gateway
'0p&bcdfea.0.1'

Layers: `model` (board, tiles, gems, gateways, the placement and the record), `notation`
(QGN details <-> placements), `rules` (`State`, the engine protocol, meeple.engine, and
quibbble's deal), `ascii` and `svg` (pictures), and `game` (its `Game`:
meeple.quibbble.game). What quibbble's games share is `meeple.quibbble`.
"""

from __future__ import annotations

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
