"""Quibbble Game Notation (QGN): the container every game converts to and from."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.qgn import svg as svg  # the submodule
    from meeple.qgn.ascii import render as render
    from meeple.qgn.game import replay as replay
    from meeple.qgn.model import Action as Action
    from meeple.qgn.model import ActionColumns as ActionColumns
    from meeple.qgn.model import Actions as Actions
    from meeple.qgn.model import Games as Games
    from meeple.qgn.model import Snapshot as Snapshot
    from meeple.qgn.model import split_teams as split_teams
    from meeple.qgn.notation import diagnose as diagnose
    from meeple.qgn.notation import dump as dump
    from meeple.qgn.notation import dump_many as dump_many
    from meeple.qgn.notation import format_action as format_action
    from meeple.qgn.notation import iter_games as iter_games
    from meeple.qgn.notation import parse as parse
    from meeple.qgn.notation import parse_many as parse_many
    from meeple.qgn.notation import team_findings as team_findings
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
