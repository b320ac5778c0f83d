"""The registry entries of quibbble's games (`quibbble_format`), until each moves onto
`meeple.game.Game` (the registry's adapter holds them; QGN itself is `meeple.qgn.game`)."""

from __future__ import annotations

from meeple.registry import COLOR, Format, lazy, starts_like


def quibbble_format(name: str, title: str, move_help: str, step_noun: str = "action") -> Format:
    """The registry entry of one of quibbble's games (`meeple.quibbble`), whose records
    are QGN with `[key "<name>"]`: its hooks live in `meeple.<name>.hooks` (parse, dump,
    to_qgn, from_qgn, replay_document, render, svg, state_json, marks, result, start).

    A QGN file is detected as `qgn` (first in detection order) and played as the game its
    key names; these entries sniff only texts that name them (`--format` reads one
    directly).
    """
    hooks = f"meeple.{name}.hooks"
    assert name.isalnum(), name  # a pattern of its own, needing no escapes
    names_me = starts_like(rf'(?s).*?\[\s*key\s+"{name}"\s*\]')
    return Format(
        name=name,
        title=title,
        model=f"meeple.{name}.model:Record",
        parse=lazy(f"{hooks}:parse"),
        dump=lazy(f"{hooks}:dump"),
        sniff=names_me,
        extensions=(".qgn",),
        options=(COLOR,),
        replay=lazy(f"{hooks}:replay_document"),
        render=lazy(f"{hooks}:render"),
        svg=lazy(f"{hooks}:svg"),
        state_json=lazy(f"{hooks}:state_json"),
        marks=lazy(f"{hooks}:marks"),
        result=lazy(f"{hooks}:result"),
        start=lazy(f"{hooks}:start"),
        step_noun=step_noun,
        move_help=move_help,
        to_qgn=lazy(f"{hooks}:to_qgn"),
        from_qgn=lazy(f"{hooks}:from_qgn"),
        qgn_key=name,
    )
