"""Carcassonne as quibbble records it: QGN games with `[key "carcassonne"]`, dealt from
`[seed]`.

>>> from meeple import carcassonne
>>> text = '[key "carcassonne"]\\n[teams "red, blue"]\\n[seed "1"]\\n\\n'
>>> (state,) = carcassonne.replay(carcassonne.parse(text))
>>> state.hands[0].text, state.result_text
('ffrrnff', 'red must place a tile')
>>> state.move_to_text(state.legal_moves()[0])
'0i&1.0.f.f.r.r.n.f.f'

Layers: `model` (tiles, tokens, the three moves, the record), `notation` (QGN details
<-> moves), `rules` (`State`, the engine protocol, meeple.engine, with quibbble's deal
and scoring), `ascii` and `svg` (pictures), and `game` (its `Game`:
meeple.quibbble.game). What quibbble's games share is `meeple.quibbble`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.carcassonne import svg as svg  # the submodule
    from meeple.carcassonne.game import GAME as GAME
    from meeple.carcassonne.game import Carcassonne as Carcassonne
    from meeple.carcassonne.game import dump as dump
    from meeple.carcassonne.game import parse as parse
    from meeple.carcassonne.game import render as render
    from meeple.carcassonne.model import Claim as Claim
    from meeple.carcassonne.model import Move as Move
    from meeple.carcassonne.model import Place as Place
    from meeple.carcassonne.model import Record as Record
    from meeple.carcassonne.model import Skip as Skip
    from meeple.carcassonne.model import Tile as Tile
    from meeple.carcassonne.rules import State as State
    from meeple.carcassonne.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
