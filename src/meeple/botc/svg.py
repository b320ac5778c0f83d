"""The grimoire as a town square: SVG pictures and HTML fragments.

`render(grimoire)` seats the players around a circle in seat order (the first at the
top, clockwise), each as a token in their role's team colour (townsfolk blue, outsider
teal, minion orange, demon red, by what the seat really is: the Drunk is an outsider; a
role no bundled script knows grey), with the name
just outside it, the role's name inside (on two lines where one would need a small font),
and the reminder tokens as pills toward the centre naming the character they come from
(`Poisoner: poisoned`). A dead player is plain at a glance: the token faded to grey under
a dark shroud with the ghost vote on it (crossed out once spent), the name grey and
marked with a cross. `html(grimoire)` is the grimoire as an HTML
fragment (the seed's third format): a list of seats with the same facts, every name
escaped. Both are strings; the same grimoire gives the same bytes. No I/O.
"""

from __future__ import annotations

import html as markup
import math

from meeple.botc.model import Grimoire, Life, Seat
from meeple.botc.script import effective_role, team_of
from meeple.pictures import xml_text

TEAM_COLOURS = {
    "townsfolk": "#2f6fbf",
    "outsider": "#1f9e9a",
    "minion": "#e0812b",
    "demon": "#c62828",
    "": "#8a8a8a",
}
TOKEN = 34.0  # a seat's token radius, px
REMINDER = 10.0  # half a reminder token's height, px
REMINDER_CHAR = 4.6  # px per character of a reminder's 8 px words, roughly


def _title(role: str) -> str:
    """A character's name as printed: the official one, else the id's words capitalised."""
    from meeple.botc.characters import official, official_id

    known = official_id(role)
    if known is not None:
        return official()[known].name
    return " ".join(word.capitalize() for word in role.replace("-", "_").split("_"))


def _role_lines(title: str) -> tuple[list[str], float]:
    """The role's name in one line or two, and the font size that fits the token."""
    room = 2 * TOKEN * 0.85
    one = min(11.0, room / (0.6 * max(1, len(title))))
    words = title.split()
    if one >= 9.0 or len(words) < 2:
        return [title], one
    # Two lines, split where the longer line is shortest.
    split = min(
        range(1, len(words)),
        key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:]))),
    )
    lines = [" ".join(words[:split]), " ".join(words[split:])]
    return lines, min(11.0, room / (0.6 * max(len(line) for line in lines)))


def render(grimoire: Grimoire) -> str:
    """The town square as an SVG picture (see the module's description)."""
    seats = grimoire.seats
    count = max(1, len(seats))
    ring = max(160.0, count * (2 * TOKEN + 36) / (2 * math.pi))
    size = 2 * (ring + TOKEN + 70)
    middle = size / 2
    alive = sum(1 for seat in seats if not seat.life.dead)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1"'
        f' viewBox="0 0 {size:.0f} {size:.0f}" width="{size:.0f}" height="{size:.0f}"'
        ' font-family="sans-serif" font-size="11" text-anchor="middle">',
        f"<title>Grimoire of {len(seats)} players</title>",
        f"<desc>{xml_text(_description(grimoire))}</desc>",
        f'<rect width="{size:.0f}" height="{size:.0f}" fill="#f7f3ea"/>',
        f'<circle cx="{middle:.0f}" cy="{middle:.0f}" r="{ring:.0f}" fill="none"'
        ' stroke="#d8ccb4" stroke-dasharray="4 6"/>',
        f'<text x="{middle:.0f}" y="{middle:.0f}" font-size="14" fill="#6b5a3a">'
        f"{alive} of {len(seats)} alive</text>",
    ]
    for number, seat in enumerate(seats):
        angle = 2 * math.pi * number / count - math.pi / 2
        x, y = middle + ring * math.cos(angle), middle + ring * math.sin(angle)
        parts += _seat(seat, x, y, angle)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _seat(seat: Seat, x: float, y: float, angle: float) -> list[str]:
    # The storyteller sees the truth: the Drunk's token is coloured as the outsider it is.
    colour = TEAM_COLOURS[team_of(effective_role(seat))]
    dead = seat.life.dead
    lines, font = _role_lines(_title(seat.role))
    faded = ' fill-opacity="0.35"' if dead else ""
    parts = [
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN:.0f}" fill="#6d6d6d"/>' if dead else "",
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOKEN:.0f}" fill="{colour}"{faded}'
        f' stroke="{"#1b1b1b" if dead else "#fff"}" stroke-width="3"'
        f' data-at="{xml_text(seat.player)}"/>',
    ]
    first = y + 4 - (len(lines) - 1) * font * 0.55
    for number, line in enumerate(lines):
        parts.append(
            f'<text x="{x:.1f}" y="{first + number * font * 1.1:.1f}" fill="#fff"'
            f' font-weight="bold" font-size="{font:.1f}">{xml_text(line)}</text>'
        )
    parts.append(_name(seat.player, x, y, angle, dead))
    if dead:
        parts.append(
            f'<path d="M {x - TOKEN:.1f} {y - 8:.1f} A {TOKEN:.0f} {TOKEN:.0f} 0 0 1'
            f' {x + TOKEN:.1f} {y - 8:.1f} Z" fill="#1b1b1b" fill-opacity="0.75"/>'
        )
        # The ghost vote sits on the shroud, inside the token, clear of the name outside.
        vx, vy = x, y - TOKEN + 13
        vote = f'<circle cx="{vx:.1f}" cy="{vy:.1f}" r="6" fill="#fff"'
        parts.append(vote + ' stroke="#1b1b1b" stroke-width="2"/>')
        if seat.life is Life.VOTE_USED:
            parts.append(
                f'<path d="M {vx - 5:.1f} {vy - 5:.1f} L {vx + 5:.1f} {vy + 5:.1f}"'
                ' stroke="#c62828" stroke-width="2.5"/>'
            )
    # Reminder tokens in a row toward the centre, each as wide as its words, so none
    # covers the seat's token or the one before it.
    in_x, in_y = -math.cos(angle), -math.sin(angle)
    reach = TOKEN + 4.0
    for token in seat.tokens:
        words = token.name.replace("_", " ")
        if token.role is not None:
            words = f"{_title(token.role)}: {words}"
        width = max(2 * REMINDER, REMINDER_CHAR * len(words) + 10)
        half = abs(in_x) * width / 2 + abs(in_y) * REMINDER
        tx, ty = x + in_x * (reach + half), y + in_y * (reach + half)
        reach += 2 * half + 3
        parts.append(
            f'<rect x="{tx - width / 2:.1f}" y="{ty - REMINDER:.1f}" width="{width:.1f}"'
            f' height="{2 * REMINDER:.0f}" rx="{REMINDER:.0f}" fill="#fffdf6" stroke="#6b5a3a"/>'
            f'<text x="{tx:.1f}" y="{ty + 3:.1f}" font-size="8" fill="#3a2f1d">'
            f"{xml_text(words)}</text>"
        )
    return parts


def _name(player: str, x: float, y: float, angle: float, dead: bool = False) -> str:
    """The player's name just outside their token, away from the centre, where the
    reminder tokens (which lie toward the centre) never cover it; a dead player's grey,
    after a cross."""
    out_x, out_y = math.cos(angle), math.sin(angle)
    anchor = "start" if out_x > 0.3 else "end" if out_x < -0.3 else "middle"
    gap = TOKEN + 6
    lx, ly = x + out_x * gap, y + out_y * gap + 4
    if anchor == "middle":
        ly += out_y * 8  # clear of the token above or below it
    shown, colour = (f"\u271d {player}", "#777") if dead else (player, "#222")
    return (
        f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="13" fill="{colour}" text-anchor="{anchor}">'
        f"{xml_text(shown)}</text>"
    )


def _description(grimoire: Grimoire) -> str:
    seats = [
        f"{seat.player} the {_title(seat.role)}" + (" (dead)" if seat.life.dead else "")
        for seat in grimoire.seats
    ]
    return "Seats in order: " + (", ".join(seats) or "none")


def html(grimoire: Grimoire) -> str:
    """The grimoire as an HTML fragment: an ordered list of seats, everything escaped."""
    lines = ['<ol class="grimoire">']
    for seat in grimoire.seats:
        role = effective_role(seat)
        team = team_of(role) or "unknown"
        life = {Life.ALIVE: "alive", Life.DEAD: "dead", Life.VOTE_USED: "dead, vote spent"}
        tokens = "".join(
            f'<li class="reminder">{markup.escape(str(token))}</li>' for token in seat.tokens
        )
        reminders = f'<ul class="reminders">{tokens}</ul>' if tokens else ""
        lines.append(
            f'  <li class="seat {team} {life[seat.life].split(",")[0]}">'
            f'<span class="player">{markup.escape(seat.player)}</span> '
            f'<span class="role">{markup.escape(seat.role)}</span> '
            f'<span class="life">{life[seat.life]}</span>{reminders}</li>'
        )
    lines.append("</ol>")
    return "\n".join(lines) + "\n"
