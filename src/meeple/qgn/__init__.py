"""Quibbble Game Notation (QGN): the container every game converts to and from.

>>> from meeple import qgn
>>> game = qgn.parse('[key "carcassonne"][teams "a, b"] 0a&1.2 1b')
>>> game.teams, game.actions[0]
(['a', 'b'], Action(team=0, action='a', details=('1', '2'), comments=()))
>>> columns = game.action_columns()              # every action, one field at a time
>>> columns.seats, columns.letters, columns.details
((0, 1), 'ab', ('1.2', ''))
>>> print(qgn.render(game))                      # ASCII; qgn.svg.render(game) is SVG
carcassonne (a, b)
  [key 'carcassonne']
  [teams 'a, b']
     1. 0a&1.2                   a
     2. 1b                       b
>>> flows_game = qgn.parse('[key "flows"][teams "P1, P2"] 0p&0.0.T0.N 1p&6.3.T1.NE')
>>> *_, state = qgn.replay(flows_game)           # played by the game's own rules
>>> state.result_text
'in play: P1 to move'

There is no `State` and no `Move`: QGN records the actions of any game and knows no
game's rules. A record of a game meeple knows replays as that game (`replay` yields
that game's `State`s, whose moves are that game's `Move`s); for any other game `replay`
raises NotationError. Layers: `model`, `notation` (parse, dump, diagnose), `ascii`,
`svg`, and `game` (the `Game` the registry holds).
"""

from __future__ import annotations

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
