"""Race to the Raft (solo): the strings of seed 001, challenge set-up, and the rules.

Usage:

    from meeple.raft import State, parse_challenge, parse_move, format_board

    challenge = parse_challenge("LNSNLASAF000300060012001506030903C000093030341203R11215")
    game = State.initial(challenge, seed=1)
    game = game.play(parse_move("A3B1D2"))          # draw six cards
    print(format_board(game.position.board), game.result_text)
    for move in game.pathway_placements()[:3]:       # the move generator
        print(move)

Layers: `model` (plain values), `notation` (strings <-> model), `components`
(the packaged card and board data), `setup` (challenge -> starting state),
`rules` (the engine), `strings` (the standard string interface), `ascii`
(pictures), `format` (the registry entries `raft` and `raft-state`) and `hooks` (their
functions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.registry import package_exports

if TYPE_CHECKING:
    from meeple.raft.hooks import render, replay
    from meeple.raft.model import Board, Challenge, Move, Position, Record
    from meeple.raft.notation import (
        format_board,
        format_challenge,
        format_move,
        format_record,
        format_state,
        parse_board,
        parse_challenge,
        parse_move,
        parse_record,
        parse_state,
    )
    from meeple.raft.notation import format_record as dump
    from meeple.raft.notation import parse_record as parse
    from meeple.raft.rules import State
    from meeple.raft.setup import initial_state
else:  # imported on first use (the registry imports `meeple.raft.format` alone)
    __getattr__ = package_exports(
        __name__,
        {
            "meeple.raft.hooks": ("render", "replay"),
            "meeple.raft.model": ("Board", "Challenge", "Position", "Move", "Record"),
            "meeple.raft.notation": (
                "format_board",
                "format_challenge",
                "format_move",
                "format_record",
                "format_state",
                "parse_board",
                "parse_challenge",
                "parse_move",
                "parse_record",
                "parse_state",
                "dump=format_record",
                "parse=parse_record",
            ),
            "meeple.raft.rules": ("State",),
            "meeple.raft.setup": ("initial_state",),
        },
    )

__all__ = [
    "Board",
    "Challenge",
    "Move",
    "Position",
    "Record",
    "State",
    "dump",
    "format_board",
    "format_challenge",
    "format_move",
    "format_record",
    "format_state",
    "initial_state",
    "parse",
    "parse_board",
    "parse_challenge",
    "parse_move",
    "parse_record",
    "parse_state",
    "render",
    "replay",
]
