"""Blood on the Clocktower: the storyteller's grimoire as one line of text, as a bag of
roles, and as ASCII art, with checks against a script's setup.

Usage:

    from meeple import botc
    grimoire = botc.parse_grimoire("[Alice:baron *Bob:imp* *~~Carol~~:chef(poisoner:poisoned)*]")
    grimoire.seats[1].life                     # Life.DEAD
    botc.format_grimoire(grimoire)             # the canonical single line
    bag = botc.parse_bag("{imp baron chef}")   # a multiset of roles, kept sorted
    bag.compare(grimoire.roles).missing        # Bag(roles=())
    script = botc.load_script("trouble-brewing")
    placed = botc.read_grimoire(text)          # the grimoire and where each seat was written
    findings = list(botc.script_findings(placed, script, text))
"""

from __future__ import annotations

from meeple.botc.model import (
    Bag,
    BagDifference,
    Grimoire,
    Life,
    Placed,
    ReminderToken,
    Seat,
    SeatPlaces,
)
from meeple.botc.notation import (
    format_bag,
    format_grimoire,
    format_seat,
    parse,
    parse_bag,
    parse_grimoire,
    read_bag,
    read_grimoire,
)
from meeple.botc.script import (
    SCRIPTS,
    Role,
    Script,
    bag_difference,
    convention_findings,
    effective_role,
    load_script,
    script_findings,
)

__all__ = [
    "SCRIPTS",
    "Bag",
    "BagDifference",
    "Grimoire",
    "Life",
    "Placed",
    "ReminderToken",
    "Role",
    "Script",
    "Seat",
    "SeatPlaces",
    "bag_difference",
    "convention_findings",
    "effective_role",
    "format_bag",
    "format_grimoire",
    "format_seat",
    "load_script",
    "parse",
    "parse_bag",
    "parse_grimoire",
    "read_bag",
    "read_grimoire",
    "script_findings",
]
