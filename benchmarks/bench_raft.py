"""Race to the Raft: the move generator, the reach-the-raft check, parsing and replay.

The engine caches per-board work (the flat grid, the free card positions); every
case here clears those caches first so it times the full cost on a fresh board.
"""

from __future__ import annotations

import re
from pathlib import Path

from harness import Case

from meeple.game import Notation
from meeple.raft.components import components
from meeple.raft.notation import (
    format_state,
    parse_challenge,
    parse_move,
    parse_record,
    parse_state,
)
from meeple.raft.rules import State, card_positions, cats_cut_off, grid_of, replay
from meeple.records import text_findings
from meeple.registry import get

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "raft"
_SQUARES = re.compile(r"[bgpry]")
_CATS = re.compile(r"[BGPRY]")
_ANY = re.compile(r"[^\n]+")


def _fresh() -> None:
    card_positions.cache_clear()
    grid_of.cache_clear()


def _game_with_full_hand() -> State:
    crossed = next(c for c in components().challenges if c.name == "Crossed paths")
    return State.initial(parse_challenge(crossed.challenge), seed=1).play(parse_move("A3B1D2"))


def cases() -> list[Case]:
    game = _game_with_full_hand()
    board = game.position.board
    board_text = "".join(row + "\n" for row in board.rows)
    state_text = format_state(game.position)
    record_text = (EXAMPLES / "crossed-paths.raft").read_text()
    raft = get("raft")

    def placements() -> object:
        _fresh()
        return game.pathway_placements()

    def reach() -> object:
        _fresh()
        return cats_cut_off(board)

    def replay_record() -> object:
        _fresh()
        return list(replay(raft.read(record_text, "crossed-paths.raft").model))

    return [
        Case(
            "raft: every pathway placement, 6-card hand",
            placements,
            "regex over the board",
            lambda: _SQUARES.findall(board_text),
            goal="< 5 ms",
        ),
        Case(
            "raft: can every cat reach the raft",
            reach,
            "regex over the board",
            lambda: _CATS.findall(board_text),
            goal="< 0.5 ms",
        ),
        Case(
            "raft: parse a five-part state",
            lambda: parse_state(state_text),
            "regex over the state",
            lambda: _ANY.findall(state_text),
        ),
        Case(
            "raft: parse and replay a 10-move record",
            replay_record,
            "regex over the record",
            lambda: _ANY.findall(record_text),
        ),
        Case(
            "raft: parse a record",
            lambda: parse_record(record_text),
            "regex over the record",
            lambda: _ANY.findall(record_text),
        ),
        _malformed_case(raft),
    ]


MALFORMED = 20000
"""Lines of the record `check` reads with a problem on each (128,000 took 7.5 s when each
problem was located from the start of the text)."""


def _malformed_case(raft: Notation) -> Case:
    """`meeple check` of a record whose every move is malformed (no deck Z)."""
    text = "LNSNLASAFC30912R11212 seed=3\n" + "Z6\n" * MALFORMED
    return Case(
        f"raft: check a record of {MALFORMED} malformed lines",
        lambda: text_findings(text, "bad.raft", raft),
        "regex over the record",
        lambda: _ANY.findall(text),
        repeat=5,
    )
