"""The registry entry for QGN (light on purpose: the hooks are imported when first called)."""

from __future__ import annotations

from meeple.registry import COLOR, Format, Option, lazy, starts_like

HOOKS = "meeple.qgn.hooks"

DROP_LOST = Option(
    "drop_lost",
    "Convert to QGN even what QGN cannot hold (an Atlantis transcript's unknown keys or"
    " events), leaving it out; without it the conversion is refused, naming what is lost.",
    commands=("convert",),
    flag=True,
)

_LOOKS_LIKE_QGN = starts_like(r'\A(?:\s|\{[^}]*\})*\[\s*[A-Za-z_][\w-]*\s+"')

FORMATS = (
    Format(
        name="qgn",
        title="Quibbble Game Notation: tags and actions for any game",
        model=("meeple.qgn.model:Snapshot", "meeple.qgn.model:Games"),
        parse=lazy(f"{HOOKS}:parse_file"),
        dump=lazy(f"{HOOKS}:dump_file"),
        sniff=_LOOKS_LIKE_QGN,
        extensions=(".qgn",),
        check=lazy(f"{HOOKS}:check"),
        diagnose=lazy(f"{HOOKS}:diagnose"),
        render=lazy("meeple.qgn.ascii:render"),
        svg=lazy("meeple.qgn.svg:render"),
        options=(COLOR, DROP_LOST),
    ),
)
