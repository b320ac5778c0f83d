r"""Flows (Quortex): game records, the rules of play, and pictures of the board.

Read a record, replay it through the rules (the engine protocol, `meeple.engine`), and
ask a state what may follow:

>>> from meeple import flows
>>> record = flows.parse("Game: 2-player\nP1A1T0N ; opening\nP2A4T1NE\n")
>>> flows.dump(record) == "Game: 2-player\nP1A1T0N ; opening\nP2A4T1NE\n"
True
>>> *_, state = flows.replay(record)       # the initial state, then one per move
>>> state.result_text, state.to_move, state.is_over
('in play: P1 to move', 1, False)
>>> [tile for tile, chance in state.draws()]   # the player to move draws a tile first
['T0', 'T1', 'T2', 'T3']
>>> move = state.legal_moves_after("T2")[0]
>>> state.move_to_text(move), state.is_legal(move)
('P1A2T2N', True)
>>> state.violation(state.move_from_text("P1A1T0N")).rule
'occupied-hex'
>>> print(flows.render(state).splitlines()[-1])   # ASCII; flows.svg.render(state) is SVG
result: in play: P1 to move

Coordinates are the seed's internal (row, col) as `meeple.hexgrid.Hex(row, col)`;
`hex_of_label(player, "D4")` and `label_of_hex(player, hex)` convert player frames.
Layers: `model`, `notation` (parse, dump, diagnose), `rules` (`State`; the legal
placement rule itself in `routes`, `links`, `reach`, `sweep`), `qgn` (the QGN bridge),
`ascii`, `svg`, and `game` (the `Game` the registry holds: checks, JSON, pictures).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.flows import svg as svg  # the submodule
    from meeple.flows.board import CELLS as CELLS
    from meeple.flows.board import hex_of_label as hex_of_label
    from meeple.flows.board import label_of_hex as label_of_hex
    from meeple.flows.game import render as render
    from meeple.flows.game import state_json as state_json
    from meeple.flows.model import ORIENTATIONS as ORIENTATIONS
    from meeple.flows.model import TILE_PATHS as TILE_PATHS
    from meeple.flows.model import Entry as Entry
    from meeple.flows.model import Move as Move
    from meeple.flows.model import Record as Record
    from meeple.flows.model import tile_paths as tile_paths
    from meeple.flows.notation import diagnose as diagnose
    from meeple.flows.notation import dump as dump
    from meeple.flows.notation import format_move as format_move
    from meeple.flows.notation import parse as parse
    from meeple.flows.notation import parse_move as parse_move
    from meeple.flows.qgn import from_qgn as from_qgn
    from meeple.flows.qgn import to_qgn as to_qgn
    from meeple.flows.rules import State as State
    from meeple.flows.rules import players_of as players_of
    from meeple.flows.rules import replay as replay
    from meeple.flows.rules import replay_text as replay_text
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
