"""Atlantis: JSON transcripts of the hex-board game, read, checked, replayed and drawn.

A transcript lists the board's segments, the players' starting stacks and the
events (chats and turns) that followed. Hand-written JSON5 is accepted; what is
written back is canonical JSON. Usage:

    from meeple.atlantis import parse, dump, replay, render

    transcript = parse(open("game.json").read(), "game.json")
    for state in replay(transcript):       # the start, then after every turn
        pass
    print(render(state))                   # the board in ASCII
    print(state.scores, state.ranking)
    print(dump(transcript))                # canonical JSON
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.registry import package_exports

if TYPE_CHECKING:
    from meeple.atlantis.ascii import render
    from meeple.atlantis.model import (
        Chat,
        FieldRef,
        Move,
        OtherEvent,
        Player,
        Segment,
        Transcript,
        Turn,
        field_name,
    )
    from meeple.atlantis.notation import dump, parse, parse_field_ref
    from meeple.atlantis.qgn import from_qgn, to_qgn
    from meeple.atlantis.rules import Area, Field, State, replay
else:  # imported on first use (the registry imports `meeple.atlantis.format` alone)
    __getattr__ = package_exports(
        __name__,
        {
            "meeple.atlantis.ascii": ("render",),
            "meeple.atlantis.model": (
                "Chat",
                "FieldRef",
                "Move",
                "OtherEvent",
                "Player",
                "Segment",
                "Transcript",
                "Turn",
                "field_name",
            ),
            "meeple.atlantis.notation": ("dump", "parse", "parse_field_ref"),
            "meeple.atlantis.qgn": ("from_qgn", "to_qgn"),
            "meeple.atlantis.rules": ("Area", "Field", "State", "replay"),
        },
    )

__all__ = [
    "Area",
    "Chat",
    "Field",
    "FieldRef",
    "Move",
    "OtherEvent",
    "Player",
    "Segment",
    "State",
    "Transcript",
    "Turn",
    "dump",
    "field_name",
    "from_qgn",
    "parse",
    "parse_field_ref",
    "render",
    "replay",
    "to_qgn",
]
