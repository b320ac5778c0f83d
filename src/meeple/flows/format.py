"""The registry entry for Flows records (`.flows`).

Light on purpose: the hooks live in `meeple.flows.hooks` and are imported when first
called. Parsing lives in `notation`, the rules in `rules`, pictures in `ascii`.
"""

from __future__ import annotations

from meeple.registry import COLOR, Format, Option, lazy

QGN_KEY = "flows"
HOOKS = "meeple.flows.hooks"

_READERS = ("check", "fmt", "show", "replay", "moves", "html")
DIALECT = Option(
    "dialect",
    "Flows labels: seed (seed 002's frames) or quortextt (quortextt's, from the player's"
    " seat); how to read the record, and for fmt and convert how to write it"
    " (default: the header's `dialect:`, or detected).",
    commands=(*_READERS, "convert"),
    choices=("seed", "quortextt"),
    reads=_READERS,
)
"""`--dialect`: which labels a Flows record is read (or written) in (docs/formats/flows.md)."""
FRAME = Option(
    "frame",
    "Label the hexes as this player writes them (default: the player to move).",
    commands=("show",),
    choices=("P1", "P2", "P3", "P4", "P5", "P6"),
    pictures=("text", "svg"),
)
"""`show --frame P3`: every move names its hex in its player's frame; the board says which."""

FLOWS = Format(
    name="flows",
    title="Flows (Quortex) game records: P1A1T0N moves, one per line",
    model="meeple.flows.model:Record",
    parse=lazy("meeple.flows.notation:parse"),
    dump=lazy("meeple.flows.notation:dump"),
    sniff=lazy("meeple.flows.notation:sniff"),
    extensions=(".flows",),
    check=lazy(f"{HOOKS}:check"),
    replay=lazy(f"{HOOKS}:replay_document"),
    render=lazy(f"{HOOKS}:render"),
    options=(COLOR, DIALECT, FRAME),
    svg=lazy(f"{HOOKS}:svg"),
    diagnose=lazy(f"{HOOKS}:diagnose"),
    notes=lazy(f"{HOOKS}:notes"),
    state_json=lazy(f"{HOOKS}:state_json"),
    marks=lazy(f"{HOOKS}:marks"),
    result=lazy(f"{HOOKS}:result"),
    start=lazy(f"{HOOKS}:start"),
    step_noun="move",
    move_help=(
        "a move is P1A2T1N: you, the hex (row letter A-G from your own edge, then the"
        " column), the tile you drew (T0-T3) and its orientation (N NE SE S SW NW);"
        " `a2 t1 n` is enough"
    ),
    to_qgn=lazy("meeple.flows.qgn:to_qgn"),
    from_qgn=lazy("meeple.flows.qgn:from_qgn"),
    qgn_key=QGN_KEY,
)

FORMATS = (FLOWS,)
