"""What quibbble's games share: records that are QGN, and the turn-taking every one keeps.

quibbble (quibbble/quibbble-controller) writes its games only as QGN: tags (`key`,
`teams`, `seed`, `variant`) and actions `{team}{letter}&{detail}.{detail}`. meeple reads
such a game as a `Record` of the game's own moves, so a rule it breaks is found at the
QGN action that broke it. Each game (`meeple.tictactoe`, `meeple.connect4`, ...) keeps the
layers every game has: `model` (its moves and a `Record` subclass), `notation` (a QGN
action's details <-> a move), `rules` (a `TeamsState` subclass), `ascii`, `svg`, and a
`format` built by `meeple.qgn.format.quibbble_format`. A `Bridge` ties them together for
the hooks.

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
- `state`: `TeamsState`, quibbble's turn, team and game-over rules, winners, typed moves;
- `palette`: each team's colour in the pictures (`team_shade`).

This package knows no game; it reads and writes text only through `meeple.qgn`.
"""

from __future__ import annotations

from meeple.quibbble.actions import (
    action_text,
    detail_error,
    expect_details,
    read_action,
    whole_number,
)
from meeple.quibbble.bridge import Bridge, Plays, RecordT, StateT
from meeple.quibbble.located import ErrorT, at_tag, locate, tag_location
from meeple.quibbble.numbers import INT64_DIGITS, go_int, read_seed
from meeple.quibbble.palette import NAMED_SHADES, SEAT_SHADES, SPARE_SHADES, team_shade, team_shades
from meeple.quibbble.record import SEED_TAG, VARIANT_TAG, MoveT, Record, TeamMove
from meeple.quibbble.state import TeamsState

__all__ = [
    "INT64_DIGITS",
    "NAMED_SHADES",
    "SEAT_SHADES",
    "SEED_TAG",
    "SPARE_SHADES",
    "VARIANT_TAG",
    "Bridge",
    "ErrorT",
    "MoveT",
    "Plays",
    "Record",
    "RecordT",
    "StateT",
    "TeamMove",
    "TeamsState",
    "action_text",
    "at_tag",
    "detail_error",
    "expect_details",
    "go_int",
    "locate",
    "read_action",
    "read_seed",
    "tag_location",
    "team_shade",
    "team_shades",
    "whole_number",
]
