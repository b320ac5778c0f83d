r"""Race to the Raft (solo): the strings of seed 001, challenge set-up, and the rules.

Read a record, replay it through the rules (the engine protocol, `meeple.engine`), and
ask a state what may follow:

>>> from meeple import raft
>>> record = raft.parse("LNSNLASAF000300060012001506030903C000093030341203R11215\nA3B1D2\n")
>>> raft.dump(record).splitlines()[1]
'A3B1D2'
>>> *_, state = raft.replay(record)        # the initial state, then one per move
>>> state.result_text, state.to_move, state.is_over
('playing (next: play)', 1, False)
>>> move = state.legal_moves()[0]
>>> state.move_to_text(move), state.is_legal(move)
('Aj0306N', True)
>>> state.violation(state.move_from_text("A3B1D2")).rule
'draw-when-empty'
>>> print(raft.render(state).splitlines()[0])   # ASCII; raft.svg.render(state) is SVG
     0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17

`State.initial(challenge, seed)` starts a game without a record; `state.position` is the
seed's five-part `Position` (board, decks, hand, exhausted cats, fire bag), and a
`Square` is a (row, column) on the board. Layers: `model` (plain values), `notation`
(strings <-> model, `diagnose`), `components` (the packaged card and board data),
`setup` (challenge -> starting position), `rules` (`State`, the engine), `strings` (the
standard string interface), `qgn` (the QGN bridge), `ascii` and `svg` (pictures),
and `game` (the `Game` the registry holds, with its notations `raft` and `raft-state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.raft import svg as svg  # the submodule
    from meeple.raft.game import render as render
    from meeple.raft.game import replay as replay
    from meeple.raft.model import Board as Board
    from meeple.raft.model import Challenge as Challenge
    from meeple.raft.model import Move as Move
    from meeple.raft.model import Position as Position
    from meeple.raft.model import Record as Record
    from meeple.raft.model import Square as Square
    from meeple.raft.notation import diagnose as diagnose
    from meeple.raft.notation import format_board as format_board
    from meeple.raft.notation import format_challenge as format_challenge
    from meeple.raft.notation import format_move as format_move
    from meeple.raft.notation import format_record as dump  # noqa: F401
    from meeple.raft.notation import format_record as format_record
    from meeple.raft.notation import format_state as format_state
    from meeple.raft.notation import parse_board as parse_board
    from meeple.raft.notation import parse_challenge as parse_challenge
    from meeple.raft.notation import parse_move as parse_move
    from meeple.raft.notation import parse_record as parse  # noqa: F401
    from meeple.raft.notation import parse_record as parse_record
    from meeple.raft.notation import parse_state as parse_state
    from meeple.raft.qgn import from_qgn as from_qgn
    from meeple.raft.qgn import to_qgn as to_qgn
    from meeple.raft.rules import State as State
    from meeple.raft.setup import initial_state as initial_state
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
