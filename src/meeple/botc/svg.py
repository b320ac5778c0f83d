"""The grimoire as a town square: SVG pictures and HTML fragments.

`render(grimoire)` seats the players around a circle in seat order (the first at the
top, clockwise), each as a token in their role's team colour (townsfolk blue, outsider
teal, minion orange, demon red, by what the seat really is: the Drunk is an outsider; a
role no bundled script knows grey), with the name
just outside it, the role's name inside (on two lines where one would need a small font),
and the reminder tokens as pills naming the character they come from (`Poisoner:
poisoned`), in a column beside the seat toward the centre; the circle widens until no
seat's labels meet another's or the count in the centre. A dead player is plain at a
glance: the token faded to grey under a dark shroud with the ghost vote on it (crossed
out once spent), the name grey and marked with a cross. `html(grimoire)` is the grimoire as an HTML
fragment (the seed's third format): a list of seats with the same facts, every name
escaped. Both are strings; the same grimoire gives the same bytes. No I/O.
"""

from __future__ import annotations

import html as markup
import math
from typing import NamedTuple

from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
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
PILL_GAP = 3.0  # px between a seat's reminder tokens
NAME_CHAR = 8.0  # px per character of a 13 px name, generously
CENTRE_CHAR = 8.6  # px per character of the 14 px count in the centre, generously


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


class _Box(NamedTuple):
    """The room a label takes on the picture, px."""

    left: float
    top: float
    right: float
    bottom: float

    def meets(self, other: _Box) -> bool:
        return not (
            self.right <= other.left
            or other.right <= self.left
            or self.bottom <= other.top
            or other.bottom <= self.top
        )


class _Pill(NamedTuple):
    """A reminder token as drawn: its words, centre and width."""

    words: str
    x: float
    y: float
    width: float

    def box(self) -> _Box:
        return _Box(
            self.x - self.width / 2 - 1,
            self.y - REMINDER - 1,
            self.x + self.width / 2 + 1,
            self.y + REMINDER + 1,
        )


def _words(token: ReminderToken) -> str:
    words = token.name.replace("_", " ")
    return words if token.role is None else f"{_title(token.role)}: {words}"


def _pills(seat: Seat, x: float, y: float, angle: float) -> list[_Pill]:
    """The seat's reminder tokens, stacked in one column beside its token toward the
    centre (as the online grimoire lays them by their seat), the nearest first."""
    words = [_words(token) for token in seat.tokens]
    if not words:
        return []
    widths = [max(2 * REMINDER, REMINDER_CHAR * len(w) + 10) for w in words]
    step = 2 * REMINDER + PILL_GAP
    wide, high = max(widths), len(words) * step - PILL_GAP
    in_x, in_y = -math.cos(angle), -math.sin(angle)
    reach = TOKEN + 4 + abs(in_x) * wide / 2 + abs(in_y) * high / 2
    cx, cy = x + in_x * reach, y + in_y * reach
    rows = [cy - high / 2 + REMINDER + row * step for row in range(len(words))]
    if in_y < 0:  # a seat below the centre: its nearest token is the lowest
        rows.reverse()
    return [_Pill(w, cx, row, width) for w, row, width in zip(words, rows, widths, strict=True)]


def _name_box(player: str, x: float, y: float, angle: float, dead: bool) -> _Box:
    lx, ly, anchor = _name_place(x, y, angle)
    wide = NAME_CHAR * (len(player) + (2 if dead else 0))
    left = {"start": lx, "end": lx - wide, "middle": lx - wide / 2}[anchor]
    return _Box(left, ly - 13, left + wide, ly + 4)


def _crowded(grimoire: Grimoire, ring: float) -> bool:
    """Whether, on a circle of radius `ring`, a seat's token, name or reminder tokens
    meet another seat's or the count in the centre."""
    count = max(1, len(grimoire.seats))
    alive = _alive(grimoire)
    groups = [[_Box(-CENTRE_CHAR * len(alive) / 2, -15, CENTRE_CHAR * len(alive) / 2, 5)]]
    for number, seat in enumerate(grimoire.seats):
        angle = 2 * math.pi * number / count - math.pi / 2
        x, y = ring * math.cos(angle), ring * math.sin(angle)
        token = _Box(x - TOKEN, y - TOKEN, x + TOKEN, y + TOKEN)
        pills = [pill.box() for pill in _pills(seat, x, y, angle)]
        groups.append([token, _name_box(seat.player, x, y, angle, seat.life.dead), *pills])
    boxes = [(group, box) for group, boxes in enumerate(groups) for box in boxes]
    return any(a.meets(b) for i, (g, a) in enumerate(boxes) for h, b in boxes[i + 1 :] if g != h)


def _ring(grimoire: Grimoire) -> float:
    """The radius the seats sit on: room for each token and its gaps, widened until no
    seat's labels meet another's (reminder tokens may need more room than the seats)."""
    count = max(1, len(grimoire.seats))
    ring = max(160.0, count * (2 * TOKEN + 36) / (2 * math.pi))
    for _ in range(60):  # each pass widens by a tenth: 60 passes are 300 times as wide
        if not _crowded(grimoire, ring):
            break
        ring *= 1.1
    return ring


def _alive(grimoire: Grimoire) -> str:
    alive = sum(1 for seat in grimoire.seats if not seat.life.dead)
    return f"{alive} of {len(grimoire.seats)} alive"


def render(grimoire: Grimoire) -> str:
    """The town square as an SVG picture (see the module's description)."""
    seats = grimoire.seats
    count = max(1, len(seats))
    ring = _ring(grimoire)
    size = 2 * (ring + TOKEN + 70)
    middle = size / 2
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
        f"{_alive(grimoire)}</text>",
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
    for pill in _pills(seat, x, y, angle):
        parts.append(
            f'<rect x="{pill.x - pill.width / 2:.1f}" y="{pill.y - REMINDER:.1f}"'
            f' width="{pill.width:.1f}" height="{2 * REMINDER:.0f}" rx="{REMINDER:.0f}"'
            ' fill="#fffdf6" stroke="#6b5a3a"/>'
            f'<text x="{pill.x:.1f}" y="{pill.y + 3:.1f}" font-size="8" fill="#3a2f1d">'
            f"{xml_text(pill.words)}</text>"
        )
    return parts


def _name(player: str, x: float, y: float, angle: float, dead: bool = False) -> str:
    """The player's name just outside their token, away from the centre, where the
    reminder tokens (which lie toward the centre) never cover it; a dead player's grey,
    after a cross."""
    lx, ly, anchor = _name_place(x, y, angle)
    shown, colour = (f"\u271d {player}", "#777") if dead else (player, "#222")
    return (
        f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="13" fill="{colour}" text-anchor="{anchor}">'
        f"{xml_text(shown)}</text>"
    )


def _name_place(x: float, y: float, angle: float) -> tuple[float, float, str]:
    """Where a seat's name is written: its anchor point and `text-anchor`."""
    out_x, out_y = math.cos(angle), math.sin(angle)
    anchor = "start" if out_x > 0.3 else "end" if out_x < -0.3 else "middle"
    gap = TOKEN + 6
    lx, ly = x + out_x * gap, y + out_y * gap + 4
    if anchor == "middle":
        ly += out_y * 8  # clear of the token above or below it
    return lx, ly, anchor


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
