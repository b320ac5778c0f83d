"""ANSI colour for the ASCII pictures (`meeple show --color`), the same way for every game.

A game lays its picture out as plain text first, then `paint` colours the pieces a
compiled pattern finds (or, where no pattern can tell whose a character is, as for the
lines of a Flows board, the game `wrap`s each character it laid out in its own colour).
Escape codes take no room on a terminal, so the layout never shifts, and the plain
picture stays the one tests and records see. This module knows no game: each game says
what to colour and how (see its ascii.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

RESET = "\x1b[0m"
DIM = "2"
BOLD = "1"
# Players in seat order, as far apart on a terminal as eight colours allow.
PLAYER_CODES = ("31", "34", "32", "33", "35", "36", "91", "94")
# SVG colour names (and their nearest terminal colour) a record may give its players.
NAMED = {
    "red": "31", "darkred": "31", "crimson": "31", "firebrick": "31", "orange": "33",
    "gold": "33", "yellow": "93", "green": "32", "darkgreen": "32", "lime": "92",
    "olive": "33", "teal": "36", "cyan": "96", "aqua": "96", "blue": "34", "navy": "34",
    "royalblue": "94", "purple": "35", "magenta": "95", "fuchsia": "95", "violet": "95",
    "pink": "95", "brown": "33", "black": "90", "grey": "37", "gray": "37", "white": "97",
}  # fmt: skip


def player_code(player: int) -> str:
    """The colour of the player in seat `player` (1-based)."""
    return PLAYER_CODES[(player - 1) % len(PLAYER_CODES)]


def named_code(colour: str | None, player: int) -> str:
    """A record's colour name as a terminal colour; the seat's colour if it has none."""
    return NAMED.get((colour or "").strip().lower(), player_code(player))


def wrap(text: str, code: str) -> str:
    """`text` in the SGR colour `code` (plain when the code is empty)."""
    return f"\x1b[{code}m{text}{RESET}" if code else text


def paint(text: str, pattern: re.Pattern[str], code_of: Callable[[re.Match[str]], str]) -> str:
    """`text` with every match of `pattern` wrapped in the SGR code `code_of` gives it
    (an empty code leaves the match plain)."""

    return pattern.sub(lambda match: wrap(match[0], code_of(match)), text)


def strip(text: str) -> str:
    """`text` without colour: what a picture is under its escape codes."""
    return _SGR.sub("", text)


_SGR = re.compile(r"\x1b\[[0-9;]*m")
