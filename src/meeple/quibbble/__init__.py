"""What quibbble's games share: records that are QGN, and the turn-taking every one keeps.

One module per job, every name importable from here (docs/architecture.md, Go's random
numbers, says what each holds).
"""

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
    from meeple.quibbble.record import TeamAction as TeamAction
    from meeple.quibbble.record import TeamMove as TeamMove
    from meeple.quibbble.state import DealtState as DealtState
    from meeple.quibbble.state import TeamsState as TeamsState
    from meeple.quibbble.state import Turn as Turn
    from meeple.quibbble.state import distinct_teams as distinct_teams
    from meeple.quibbble.state import team_span as team_span
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
