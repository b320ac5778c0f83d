"""Quibbble Game Notation (QGN): the container every game converts to and from.

>>> from meeple import qgn
>>> game = qgn.parse('[key "carcassonne"][teams "a, b"] 0a&1.2 1b')
>>> game.teams, game.actions[0]
(['a', 'b'], Action(team=0, action='a', details=('1', '2'), comments=()))
"""

from typing import TYPE_CHECKING

from meeple.registry import package_exports

if TYPE_CHECKING:
    from meeple.qgn.model import Action, Games, Snapshot, split_teams
    from meeple.qgn.notation import (
        diagnose,
        dump,
        dump_many,
        format_action,
        iter_games,
        parse,
        parse_many,
        team_findings,
    )
else:  # imported on first use (the registry imports `meeple.qgn.format` alone)
    __getattr__ = package_exports(
        __name__,
        {
            "meeple.qgn.model": ("Action", "Games", "Snapshot", "split_teams"),
            "meeple.qgn.notation": (
                "diagnose",
                "dump",
                "dump_many",
                "format_action",
                "iter_games",
                "parse",
                "parse_many",
                "team_findings",
            ),
        },
    )

__all__ = [
    "Action",
    "Games",
    "Snapshot",
    "diagnose",
    "dump",
    "dump_many",
    "format_action",
    "iter_games",
    "parse",
    "parse_many",
    "split_teams",
    "team_findings",
]
