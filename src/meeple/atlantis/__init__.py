"""Atlantis: JSON transcripts of the hex-board game, read, checked, replayed and drawn.

A transcript lists the board's segments, the players' starting stacks and the events
(chats and turns) that followed. Hand-written JSON5 is accepted; what is written back
is canonical JSON. An engine move (`meeple.engine`) is one move of stones or `end`:

>>> from meeple import atlantis
>>> transcript = atlantis.parse(
...     '{"segments": [["a1", "a2", "b1", "b2", "b3", "c2"], ["c3", "d4", "d5", "c4", "c5"]],'
...     ' "players": [{"name": "John", "stacks": {"a1": 1, "a2": 0, "b1": -2}},'
...     ' {"name": "Mary", "stacks": {"c3": 2, "d4": 2}}],'
...      ' "events": [{"type": "turn", "moves": [["a1", "b2"]]}]}'
... )
>>> atlantis.dump(transcript).splitlines()[1]     # canonical JSON
'  "format": "Atlantis transcript",'
>>> *_, state = atlantis.replay(transcript)      # the start, then one per engine move
>>> state.result_text, state.to_move, state.is_over
('after 1 turn: Mary (B) to move', 2, False)
>>> [state.move_to_text(move) for move in state.legal_moves()][:3]
['c3-d4', 'c3-c4', 'c3-c5']
>>> state.violation(state.move_from_text("a1-c1")).rule
'own-stones'
>>> print(atlantis.render(transcript).splitlines()[0])   # its final position, as ASCII
after 1 turn: Mary (B) to move

Players are numbered from 1 in the engine protocol (`to_move`, `winners`, `player_name`)
as in every game; the rules' own 0-based seat numbers (`State.seat`,
`Field.owner`, `scores`, `ranking`) index `State.players`. Layers: `model`, `notation`
(parse, dump, diagnose), `rules` (`State`, `replay`), `qgn` (the QGN bridge), `ascii`,
`svg`, `generate` (random set-ups) and `game` (the `Game` the registry holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.atlantis import svg as svg  # the submodule
    from meeple.atlantis.game import render as render
    from meeple.atlantis.model import Chat as Chat
    from meeple.atlantis.model import FieldRef as FieldRef
    from meeple.atlantis.model import Move as Move
    from meeple.atlantis.model import OtherEvent as OtherEvent
    from meeple.atlantis.model import Player as Player
    from meeple.atlantis.model import Segment as Segment
    from meeple.atlantis.model import Transcript as Transcript
    from meeple.atlantis.model import Turn as Turn
    from meeple.atlantis.model import field_name as field_name
    from meeple.atlantis.notation import diagnose as diagnose
    from meeple.atlantis.notation import dump as dump
    from meeple.atlantis.notation import parse as parse
    from meeple.atlantis.notation import parse_field_ref as parse_field_ref
    from meeple.atlantis.qgn import from_qgn as from_qgn
    from meeple.atlantis.qgn import to_qgn as to_qgn
    from meeple.atlantis.rules import Area as Area
    from meeple.atlantis.rules import Field as Field
    from meeple.atlantis.rules import State as State
    from meeple.atlantis.rules import replay as replay
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
