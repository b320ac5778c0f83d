r"""Flows (Quortex): game records, the rules of play, and pictures of the board."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.flows import svg as svg  # the submodule
    from meeple.flows.board import CELLS as CELLS
    from meeple.flows.board import hex_of_label as hex_of_label
    from meeple.flows.board import label_of_hex as label_of_hex
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
    from meeple.flows.views import render as render
    from meeple.flows.views import state_json as state_json
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
