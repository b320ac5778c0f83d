"""The registry entry for Flows records (`.flows`).

Light on purpose: the hooks live in `meeple.flows.hooks` and are imported when first
called. Parsing lives in `notation`, the rules in `rules`, pictures in `ascii`.
"""

from __future__ import annotations

from meeple.registry import COLOR, Format, lazy

QGN_KEY = "flows"
HOOKS = "meeple.flows.hooks"

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
    options=(COLOR,),
    svg=lazy(f"{HOOKS}:svg"),
    diagnose=lazy(f"{HOOKS}:diagnose"),
    state_json=lazy(f"{HOOKS}:state_json"),
    result=lazy(f"{HOOKS}:result"),
    start=lazy(f"{HOOKS}:start"),
    step_noun="move",
    to_qgn=lazy("meeple.flows.qgn:to_qgn"),
    from_qgn=lazy("meeple.flows.qgn:from_qgn"),
    qgn_key=QGN_KEY,
)

FORMATS = (FLOWS,)
