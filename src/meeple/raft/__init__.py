"""Race to the Raft (solo): the strings of seed 001, challenge set-up, and the rules.

Usage:

    from meeple.raft import Game, parse_challenge, parse_move, format_board

    challenge = parse_challenge("LNSNLASAF000300060012001506030903C000093030341203R11215")
    game = Game.start(challenge, seed=1)
    game = game.apply(parse_move("A3B1D2"))          # draw six cards
    print(format_board(game.state.board), game.result_text)
    for move in game.pathway_placements()[:3]:       # the move generator
        print(move)

Layers: `model` (plain values), `notation` (strings <-> model), `components`
(the packaged card and board data), `setup` (challenge -> starting state),
`rules` (the engine), `strings` (the standard string interface), `ascii`
(pictures) and `format` (the registry entries `raft` and `raft-state`).
"""

from __future__ import annotations

from collections.abc import Iterator

from meeple.raft.model import Board, Challenge, GameState, Move, Record
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
from meeple.raft.rules import Game
from meeple.raft.setup import initial_state

# The names every game package shares (docs/architecture.md).
State = Game
parse = parse_record
dump = format_record


def replay(record: Record) -> Iterator[Game]:
    """Every state of a record, the start first; RuleError at the first illegal move."""
    from meeple.raft.format import replay as replay_record

    return replay_record(record)


def render(subject: Game | Record | GameState | Board, color: bool = False) -> str:
    """An ASCII picture of a game, a record's start, a state or a board."""
    from meeple.raft.format import render as draw

    return draw(subject, color)


__all__ = [
    "Board",
    "Challenge",
    "Game",
    "GameState",
    "Move",
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
