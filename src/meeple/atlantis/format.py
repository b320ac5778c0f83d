"""The registry entry for Atlantis transcripts (`.atlantis`, `.json`, `.json5`).

Light on purpose: the hooks live in `meeple.atlantis.hooks` and are imported when first
called. Reading and writing are `notation`, playing is `rules`, drawing is `ascii`, QGN
is `qgn`.
"""

from __future__ import annotations

from meeple.registry import COLOR, Format, Option, lazy

QGN_KEY = "atlantis"
HOOKS = "meeple.atlantis.hooks"

DROP_COMMENTS = Option(
    "drop_comments",
    "Rewrite a hand-written transcript even though its // and /* */ comments are lost.",
    commands=("fmt", "convert"),
    flag=True,
)

ATLANTIS = Format(
    name="atlantis",
    title="Atlantis transcripts (JSON, hand-written JSON5 accepted) with the full rules",
    model="meeple.atlantis.model:Transcript",
    parse=lazy("meeple.atlantis.notation:parse"),
    dump=lazy("meeple.atlantis.notation:dump"),
    sniff=lazy("meeple.atlantis.notation:looks_like_transcript"),
    extensions=(".atlantis", ".json", ".json5"),
    options=(DROP_COMMENTS, COLOR),
    check=lazy(f"{HOOKS}:check"),
    replay=lazy(f"{HOOKS}:replay_document"),
    diagnose=lazy(f"{HOOKS}:diagnose"),
    render=lazy(f"{HOOKS}:render"),
    svg=lazy(f"{HOOKS}:svg"),
    state_json=lazy(f"{HOOKS}:state_json"),
    marks=lazy(f"{HOOKS}:marks"),
    result=lazy(f"{HOOKS}:result"),
    start=lazy(f"{HOOKS}:start"),
    step_noun="move",
    move_help=(
        "a move is b2-c3: stones from field b2 to field c3 (fields named as the board"
        " labels them); `end` ends your turn; `b2 c3` is enough"
    ),
    to_qgn=lazy("meeple.atlantis.qgn:to_qgn"),
    from_qgn=lazy("meeple.atlantis.qgn:from_qgn"),
    qgn_key=QGN_KEY,
    qgn_exact=True,  # from_qgn reads a JSON text of the same values (see meeple.atlantis.qgn)
)

FORMATS = (ATLANTIS,)
