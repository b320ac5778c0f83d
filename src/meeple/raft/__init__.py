r"""Race to the Raft (solo): the strings of seed 001, challenge set-up, and the rules."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.raft import svg as svg  # the submodule
    from meeple.raft.ascii import render as render
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
    from meeple.raft.rules import replay as replay
    from meeple.raft.setup import initial_state as initial_state
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
