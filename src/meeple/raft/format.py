"""The registry entries for Race to the Raft: game records (`raft`) and game states
(`raft-state`).

Light on purpose: the hooks live in `meeple.raft.hooks` and are imported when first
called. The notation itself is `meeple.raft.notation`, the rules `meeple.raft.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.registry import COLOR, Format, lazy, starts_like

if TYPE_CHECKING:
    from meeple.commands import Command

QGN_KEY = "race-to-the-raft"
HOOKS = "meeple.raft.hooks"
NOTATION = "meeple.raft.notation"

_LOOKS_LIKE_RECORD = starts_like(r"\A(?:\s*#[^\n]*\n)*\s*[LS][NESWA][LS][NESWA]")
_LOOKS_LIKE_STATE = starts_like(r"\A[bBfgGnopPrRwWyY]{9}(?:[bBfgGnopPrRwWyY]{9})?\n")


def _commands() -> Command:
    """`meeple solve`, imported (with the solver) when it is used."""
    from meeple.raft.commands import SOLVE

    return SOLVE


RAFT = Format(
    name="raft",
    title="Race to the Raft game record: a challenge, then one move per line",
    model="meeple.raft.model:Record",
    parse=lazy(f"{NOTATION}:parse_record"),
    dump=lazy(f"{NOTATION}:format_record"),
    sniff=_LOOKS_LIKE_RECORD,
    extensions=(".raft",),
    options=(COLOR,),
    replay=lazy(f"{HOOKS}:replay_document"),
    diagnose=lazy(f"{HOOKS}:diagnose"),
    render=lazy(f"{HOOKS}:render"),
    svg=lazy(f"{HOOKS}:svg"),
    state_json=lazy(f"{HOOKS}:state_json"),
    marks=lazy(f"{HOOKS}:marks"),
    result=lazy(f"{HOOKS}:result"),
    start=lazy(f"{HOOKS}:start"),
    step_noun="action",
    move_help=(
        "an action is a draw request A3B1D2 (decks A-D, six cards), a pathway card Ab1208S"
        " (deck, card, row, column, orientation), a fire tile l0003TW, or a cat move"
        " R01040410Ac (colour, from row/column, to row/column, discarded cards)"
    ),
    to_qgn=lazy("meeple.raft.qgn:to_qgn"),
    from_qgn=lazy("meeple.raft.qgn:from_qgn"),
    qgn_key=QGN_KEY,
    commands=(("solve", _commands),),
)

FORMATS = (
    RAFT,
    Format(
        name="raft-state",
        title="Race to the Raft game state: board, decks, hand, exhausted cats, fire bag",
        model="meeple.raft.model:Position",
        parse=lazy(f"{NOTATION}:parse_state"),
        dump=lazy(f"{NOTATION}:format_state"),
        sniff=_LOOKS_LIKE_STATE,
        extensions=(".raftstate",),
        options=(COLOR,),
        check=lazy(f"{HOOKS}:state_findings"),
        render=lazy(f"{HOOKS}:render"),
        svg=lazy(f"{HOOKS}:svg"),
    ),
)
