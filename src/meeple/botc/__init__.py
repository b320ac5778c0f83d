"""Blood on the Clocktower: the storyteller's grimoire as one line of text, as a bag of
roles, and as ASCII art, with checks against a script's setup.

Usage:

    from meeple import botc
    text = "[Alice:baron *Bob:imp* *~~Carol~~:chef(poisoner:poisoned)*]"
    grimoire = botc.parse_grimoire(text)
    grimoire.seats[1].life                       # Life.DEAD
    botc.format_grimoire(grimoire) == text       # the canonical single line
    art = botc.render_grimoire(grimoire, layout="compact", columns=True)
    botc.parse_art(art) == grimoire              # the art reads back
    bag = botc.parse_bag("{imp baron chef}")     # a multiset of roles, kept sorted
    botc.bag_difference(bag, grimoire).same      # True
    script = botc.load_script("trouble-brewing")
    placed = botc.read_grimoire(text)            # the grimoire and where each seat was written
    for finding in botc.script_findings(placed, script, text):
        print(finding)                           # "seat ..." warnings with line and column
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.registry import package_exports

if TYPE_CHECKING:
    from meeple.botc.ascii import parse_art, read_art, render_grimoire
    from meeple.botc.ascii import render_grimoire as render
    from meeple.botc.layout import LAYOUTS, Sides, choose_sides
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
        dump,
        format_bag,
        format_grimoire,
        format_seat,
        parse,
        parse_bag,
        parse_grimoire,
        read_bag,
        read_grimoire,
    )
    from meeple.botc.qgn import from_qgn, to_qgn
    from meeple.botc.script import (
        SCRIPTS,
        Role,
        Script,
        bag_difference,
        bag_findings,
        convention_findings,
        effective_role,
        load_script,
        script_findings,
    )
else:  # imported on first use (the registry imports `meeple.botc.format` alone)
    __getattr__ = package_exports(
        __name__,
        {
            # `render` is the name every game package shares for its ASCII picture.
            "meeple.botc.ascii": (
                "parse_art",
                "read_art",
                "render_grimoire",
                "render=render_grimoire",
            ),
            "meeple.botc.layout": ("LAYOUTS", "Sides", "choose_sides"),
            "meeple.botc.model": (
                "Bag",
                "BagDifference",
                "Grimoire",
                "Life",
                "Placed",
                "ReminderToken",
                "Seat",
                "SeatPlaces",
            ),
            "meeple.botc.notation": (
                "dump",
                "format_bag",
                "format_grimoire",
                "format_seat",
                "parse",
                "parse_bag",
                "parse_grimoire",
                "read_bag",
                "read_grimoire",
            ),
            "meeple.botc.qgn": ("from_qgn", "to_qgn"),
            "meeple.botc.script": (
                "SCRIPTS",
                "Role",
                "Script",
                "bag_difference",
                "bag_findings",
                "convention_findings",
                "effective_role",
                "load_script",
                "script_findings",
            ),
        },
    )

__all__ = [
    "LAYOUTS",
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
    "Sides",
    "bag_difference",
    "bag_findings",
    "choose_sides",
    "convention_findings",
    "dump",
    "effective_role",
    "format_bag",
    "format_grimoire",
    "format_seat",
    "from_qgn",
    "load_script",
    "parse",
    "parse_art",
    "parse_bag",
    "parse_grimoire",
    "read_art",
    "read_bag",
    "read_grimoire",
    "render",
    "render_grimoire",
    "script_findings",
    "to_qgn",
]
