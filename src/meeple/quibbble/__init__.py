"""What quibbble's games share: records that are QGN, and the turn-taking every one keeps.

quibbble (quibbble/quibbble-controller) writes its games only as QGN: tags (`key`,
`teams`, `seed`, `variant`) and actions `{team}{letter}&{detail}.{detail}`. meeple reads
such a game as a `Record` of the game's own moves, so a rule it breaks is found at the
QGN action that broke it. Each game (`meeple.tictactoe`, `meeple.connect4`, ...) keeps the
layers every game has: `model` (its moves and a `Record` subclass), `notation` (a QGN
action's details <-> a move), `rules` (a `TeamsState` subclass and its `Bridge`), `ascii`,
`svg`, and `game` (a `QuibbbleGame` subclass: what meeple does with the game, all but
the game's own part written once in `meeple.quibbble.game`).

Conventions kept from quibbble, for every game (docs/formats/qgn.md):
- a team acts only on its turn, and nothing may follow the end of the game ("game
  already over");
- the winners are a list of team names: one is a win, every team a tie (quibbble's
  draw);
- QGN action i is engine move i.

One module per job, every name importable from here:
- `record`: `Record` (QGN tags and typed moves), `TeamMove`, the tag names;
- `numbers`: whole numbers as quibbble's Go reads them (`read_seed`, `go_int`);
- `actions`: one QGN action typed alone, and the details a game's notation reads;
- `located`: where an error shows in the QGN text (`locate`, `at_tag`);
- `bridge`: `Bridge`, a game's QGN actions <-> its moves, its records read and replayed;
- `game`: `QuibbbleGame` (meeple.game.Game) and its notation, written once for all seven;
- `state`: `TeamsState`, quibbble's turn, team and game-over rules, winners, typed moves,
  and `distinct_teams`, the check of a game's teams;
- `palette`: each team's colour in the pictures (`team_shade`);
- `canvas`: the page each game's SVG picture is drawn on.

This package knows no game; it reads and writes text only through `meeple.qgn`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.quibbble.actions import action_text as action_text
    from meeple.quibbble.actions import detail_error as detail_error
    from meeple.quibbble.actions import expect_details as expect_details
    from meeple.quibbble.actions import read_action as read_action
    from meeple.quibbble.actions import whole_number as whole_number
    from meeple.quibbble.bridge import Bridge as Bridge
    from meeple.quibbble.bridge import Plays as Plays
    from meeple.quibbble.bridge import RecordT as RecordT
    from meeple.quibbble.bridge import StateT as StateT
    from meeple.quibbble.canvas import canvas as canvas
    from meeple.quibbble.game import Layers as Layers
    from meeple.quibbble.game import QuibbbleGame as QuibbbleGame
    from meeple.quibbble.game import QuibbbleNotation as QuibbbleNotation
    from meeple.quibbble.located import ErrorT as ErrorT
    from meeple.quibbble.located import at_tag as at_tag
    from meeple.quibbble.located import locate as locate
    from meeple.quibbble.located import tag_location as tag_location
    from meeple.quibbble.numbers import INT64_DIGITS as INT64_DIGITS
    from meeple.quibbble.numbers import go_int as go_int
    from meeple.quibbble.numbers import read_seed as read_seed
    from meeple.quibbble.palette import NAMED_SHADES as NAMED_SHADES
    from meeple.quibbble.palette import SEAT_SHADES as SEAT_SHADES
    from meeple.quibbble.palette import SPARE_SHADES as SPARE_SHADES
    from meeple.quibbble.palette import team_shade as team_shade
    from meeple.quibbble.palette import team_shades as team_shades
    from meeple.quibbble.record import SEED_TAG as SEED_TAG
    from meeple.quibbble.record import VARIANT_TAG as VARIANT_TAG
    from meeple.quibbble.record import MoveT as MoveT
    from meeple.quibbble.record import Record as Record
    from meeple.quibbble.record import TeamMove as TeamMove
    from meeple.quibbble.state import TeamsState as TeamsState
    from meeple.quibbble.state import distinct_teams as distinct_teams
    from meeple.quibbble.state import team_span as team_span
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
