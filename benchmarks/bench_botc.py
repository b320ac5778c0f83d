"""Blood on the Clocktower: the single line and the ASCII-art grimoire of a 20-seat game."""

from __future__ import annotations

import re
import sys
from functools import partial
from pathlib import Path

from harness import Case

import meeple
from meeple.botc.ascii import parse_art, render_grimoire
from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.notation import format_grimoire, parse_grimoire
from meeple.botc.script import load_script

SCRIPT = load_script("trouble-brewing")
ROLES = tuple(SCRIPT.roles)
TOKENS = (
    ReminderToken("poisoned", "poisoner"),
    ReminderToken("townsfolk", "washerwoman"),
    ReminderToken("safe", "monk"),
    ReminderToken("red_herring", "fortune_teller"),
)
# The floor for the single line: one pass of a compiled regex over the same text.
_FLOOR = re.compile(r"\*?(?:~~)?\w+(?:~~)?:\w+(?:\([\w:,]*\))?\*?")


def twenty_seats() -> Grimoire:
    """A 20-seat grimoire with every life state and up to three tokens a seat."""
    lives = (Life.ALIVE, Life.DEAD, Life.VOTE_USED, Life.ALIVE)
    return Grimoire(
        tuple(Seat(f"Player{n:02}", ROLES[n], TOKENS[: n % 4], lives[n % 4]) for n in range(20))
    )


SEED_LINE = (Path(__file__).resolve().parents[1] / "examples" / "botc" / "twelve.botc").read_text()
# Issue 13's second line: twenty seats, one reminder token each.
TOKEN_LINE = "[" + " ".join(f"Player{n:02}:chef(poisoner:poisoned)" for n in range(20)) + "]"


def area_goal(players: int) -> int:
    """Issue 13's box area goal: the peer's 2,000 characters up to 12 seats, rising
    linearly to its 3,000 at 20 (docs/formats/botc.md)."""
    return 2000 + max(0, players - 12) * 125


NAMES = "Alice Bob Charlie David Eve Frank Grace Hannah Ian Julia Kate Leo Mark Nina Oscar"
TABLE_NAMES = (NAMES + " Priya Quentin Rosa Sam Tom").split()
PAIRS = [f"{role}:{token}" for role in sorted(SCRIPT.roles) for token in SCRIPT.roles[role].tokens]


def table_line(players: int) -> str:
    """A realistic table: real roles and one real reminder token at every seat."""
    roles = sorted(SCRIPT.roles)
    seats = (
        f"{TABLE_NAMES[n]}:{roles[n * 7 % len(roles)]}({PAIRS[n * 5 % len(PAIRS)]})"
        for n in range(players)
    )
    return "[" + " ".join(seats) + "]"


def art_areas() -> list[tuple[str, int, int, int]]:
    """(what, width, height, goal) of the auto layout's box: the seed's 12 seats, then 5
    to 20 seats of issue 13's 20-seat line and of a realistic table (a token each)."""
    seats = TOKEN_LINE[1:-1].split(" ")
    lines = [("the seed's 12 seats", SEED_LINE.strip(), 12)]
    for n in range(5, 21):
        lines.append((f"{n} seats, issue line", "[" + " ".join(seats[:n]) + "]", n))
        lines.append((f"{n} seats, real roles", table_line(n), n))
    found = []
    for label, line, players in lines:
        art = render_grimoire(meeple.loads(line, format="botc")).splitlines()
        found.append((label, len(art[0]), len(art), area_goal(players)))
    return found


def _art_report() -> str:
    rows = []
    for label, width, height, goal in art_areas():
        verdict = "ok" if width * height <= goal else "OVER"
        rows.append(f"    {label}: {width}x{height} = {width * height} (goal <= {goal}) {verdict}")
    return "\n".join(["  botc auto layout boxes:", *rows])


def cases() -> list[Case]:
    grimoire = twenty_seats()
    line = format_grimoire(grimoire)
    art = render_grimoire(grimoire)
    print(_art_report(), file=sys.stderr)
    front_door = [
        Case(
            f"botc: meeple.loads, {label}",
            partial(meeple.loads, text.strip(), format="botc"),
            "regex pass over the line",
            partial(_FLOOR.findall, text),
            goal,
            repeat=200,
        )
        for label, text, goal in (
            ("the seed's 12 seats", SEED_LINE, "< 40 µs"),
            ("20 seats, a token each", TOKEN_LINE, "< 60 µs"),
        )
    ]
    return [
        *front_door,
        Case(
            "botc: parse a 20-seat single line",
            lambda: parse_grimoire(line),
            "regex pass over the line",
            lambda: _FLOOR.findall(line),
            "< 1 ms",
        ),
        Case(
            "botc: render the art of 20 seats (auto)",
            lambda: render_grimoire(grimoire),
            "regex pass over the art",
            lambda: re.findall(r"[^ ]+", art),
            "< 1 ms",
        ),
        Case(
            "botc: parse the art of 20 seats",
            lambda: parse_art(art),
            "regex pass over the art",
            lambda: re.findall(r"[^ ]+", art),
            "< 1 ms",
        ),
        Case(
            "botc: render and parse back 20 seats",
            lambda: parse_art(render_grimoire(grimoire)),
            "",
            None,
            "< 1 ms",
        ),
    ]
