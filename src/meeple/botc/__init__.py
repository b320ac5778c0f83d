r"""Blood on the Clocktower: the storyteller's grimoire as one line of text, as a bag of
roles, and as ASCII art, with checks against a script's setup; game traces replayed.

>>> from meeple import botc
>>> text = "[Alice:baron *Bob:imp* *~~Carol~~:chef(poisoner:poisoned)*]"
>>> grimoire = botc.parse(text)
>>> grimoire.seats[1].life
<Life.DEAD: 'dead'>
>>> botc.dump(grimoire) == text + "\n"           # the canonical single line
True
>>> art = botc.render(grimoire, layout="compact", columns=True)   # ASCII art
>>> botc.parse_art(art) == grimoire              # the art reads back
True
>>> bag = botc.parse_bag("{imp baron chef}")     # a multiset of roles, kept sorted
>>> botc.bag_difference(bag, grimoire).same
True
>>> script = botc.load_script("trouble-brewing")
>>> placed = botc.read_grimoire(text)            # the grimoire and where each seat was written
>>> [finding.severity for finding in botc.script_findings(placed, script, text)]
['warning', 'warning']
>>> trace = botc.parse_trace("[Alice:imp Bob:chef Carol:monk Dave:saint]\n<N1> st!kills->Bob")
>>> *_, state = botc.replay(trace)               # the table before, then after each event
>>> state.result_text
'night 1: 3 of 4 players alive'
>>> *_, state = botc.replay(botc.parse_trace("[Alice:imp Bob:chef Carol:monk]\n<N1> st!kills->Bob"))
>>> state.status, state.winner_names                # two alive, the Demon among them
('won', ('Alice',))
>>> botc.svg.render(state.grimoire).startswith("<svg")   # the town square
True

There is no `Move`: a trace records events at the table, it offers no moves to choose
from, so `State` (`meeple.botc.rules`) is an engine `Timeline` (`history`,
`result_text`, `play(event)`), not a `GameState`; the events it plays are `Event`s.
`parse`, `dump` and `render` are for grimoires (`parse_trace`, `dump_trace` for traces).
Layers: `model`, `notation` (grimoire and bag lines), `trace` (trace text), `rules`
(`State`, `replay`), `script` and `setup` (scripts, bags), `checks` (what `meeple check`
says of a grimoire or bag), `qgn` (the QGN bridge), `ascii`, `layout`, `svg`, and `game`
(the `Game` the registry holds: the notations, pictures, JSON).
"""

from __future__ import annotations

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
