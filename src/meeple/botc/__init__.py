r"""Blood on the Clocktower: the storyteller's grimoire as one line of text, as a bag of
roles, and as ASCII art, with checks against a script's setup; game traces replayed."""

from typing import TYPE_CHECKING

from meeple.exports import names

if TYPE_CHECKING:
    from meeple.botc import svg as svg  # the submodule
    from meeple.botc.ascii import parse_art as parse_art
    from meeple.botc.ascii import read_art as read_art
    from meeple.botc.ascii import render_grimoire as render  # noqa: F401
    from meeple.botc.ascii import render_grimoire as render_grimoire
    from meeple.botc.layout import LAYOUTS as LAYOUTS
    from meeple.botc.layout import Sides as Sides
    from meeple.botc.layout import choose_sides as choose_sides
    from meeple.botc.model import Bag as Bag
    from meeple.botc.model import BagDifference as BagDifference
    from meeple.botc.model import Grimoire as Grimoire
    from meeple.botc.model import Life as Life
    from meeple.botc.model import Placed as Placed
    from meeple.botc.model import ReminderToken as ReminderToken
    from meeple.botc.model import Seat as Seat
    from meeple.botc.model import SeatPlaces as SeatPlaces
    from meeple.botc.notation import dump as dump
    from meeple.botc.notation import format_bag as format_bag
    from meeple.botc.notation import format_grimoire as format_grimoire
    from meeple.botc.notation import format_seat as format_seat
    from meeple.botc.notation import parse as parse
    from meeple.botc.notation import parse_bag as parse_bag
    from meeple.botc.notation import parse_grimoire as parse_grimoire
    from meeple.botc.notation import read_bag as read_bag
    from meeple.botc.notation import read_grimoire as read_grimoire
    from meeple.botc.qgn import from_qgn as from_qgn
    from meeple.botc.qgn import to_qgn as to_qgn
    from meeple.botc.rules import State as State
    from meeple.botc.rules import replay as replay
    from meeple.botc.script import SCRIPTS as SCRIPTS
    from meeple.botc.script import Role as Role
    from meeple.botc.script import Script as Script
    from meeple.botc.script import bag_difference as bag_difference
    from meeple.botc.script import bag_findings as bag_findings
    from meeple.botc.script import convention_findings as convention_findings
    from meeple.botc.script import effective_role as effective_role
    from meeple.botc.script import load_script as load_script
    from meeple.botc.script import script_findings as script_findings
    from meeple.botc.trace import Event as Event
    from meeple.botc.trace import Trace as Trace
    from meeple.botc.trace import dump as dump_trace  # noqa: F401
    from meeple.botc.trace import parse as parse_trace  # noqa: F401
else:  # each imported on first use (meeple.exports)
    __getattr__ = names(__name__)
