"""The registry entry for QGN (light on purpose: the hooks are imported when first called)."""

from __future__ import annotations

import re

from meeple.registry import COLOR, Format, lazy

HOOKS = "meeple.qgn.hooks"

_LOOKS_LIKE_QGN = re.compile(r'\A(?:\s|\{[^}]*\})*\[\s*[A-Za-z_][\w-]*\s+"')

FORMATS = (
    Format(
        name="qgn",
        title="Quibbble Game Notation: tags and actions for any game",
        model=("meeple.qgn.model:Snapshot", "meeple.qgn.model:Games"),
        parse=lazy(f"{HOOKS}:parse_file"),
        dump=lazy(f"{HOOKS}:dump_file"),
        sniff=lambda text: _LOOKS_LIKE_QGN.match(text) is not None,
        extensions=(".qgn",),
        check=lazy(f"{HOOKS}:check"),
        diagnose=lazy(f"{HOOKS}:diagnose"),
        render=lazy("meeple.qgn.ascii:render"),
        svg=lazy("meeple.qgn.svg:render"),
        options=(COLOR,),
    ),
)
