"""Blood on the Clocktower: the single line and the ASCII-art grimoire of a 20-seat game.

The single line's floor (issue 28: `loads` at most 1.2x it) is the least a Python reader
of the line does: `split_grimoire`, which splits the seats on spaces, each at its colon
and parenthesis and its tokens at commas, and builds the same Grimoire with the model's
own constructors, checking nothing. Beside it, `split_tuples` does the same splitting
into plain tuples: the difference between the two floors is what building the model's
objects costs, which no reader of the model avoids. Times are CPU times of 100 calls
per run, operation and floor alternating.
"""

from __future__ import annotations

import re
import sys
import time
from functools import partial
from pathlib import Path

from harness import Case

import meeple
from meeple.botc.ascii import parse_art, render_grimoire
from meeple.botc.model import Grimoire, Life, ReminderToken, Seat
from meeple.botc.notation import format_grimoire
from meeple.botc.script import load_script

SCRIPT = load_script("trouble-brewing")
ROLES = tuple(SCRIPT.roles)
TOKENS = (
    ReminderToken("poisoned", "poisoner"),
    ReminderToken("townsfolk", "washerwoman"),
    ReminderToken("safe", "monk"),
    ReminderToken("red_herring", "fortune_teller"),
)


ALIVE, DEAD, VOTE_USED = Life.ALIVE, Life.DEAD, Life.VOTE_USED


def split_grimoire(line: str) -> Grimoire:
    """The floor: the grimoire of a well-formed line by str.split and str.partition, built
    with the model's constructors (each token by `ReminderToken.from_text`), nothing checked."""
    seats = []
    for entry in line.strip()[1:-1].split(" "):
        life = ALIVE
        if entry[0] == "*":
            entry = entry[1:-1]
            life = DEAD
            if entry[:2] == "~~":
                entry = entry[2:].replace("~~", "", 1)
                life = VOTE_USED
        player, _, rest = entry.partition(":")
        role, _, written = rest.partition("(")
        tokens = tuple(map(ReminderToken.from_text, written[:-1].split(","))) if written else ()
        seats.append(Seat(player, role, tokens, life))
    return Grimoire(tuple(seats))


def split_tuples(line: str) -> list[tuple[str, str, tuple[tuple[str, str, str], ...], int]]:
    """The same splitting into plain tuples (player, role, tokens as partitions, life)."""
    seats = []
    for entry in line.strip()[1:-1].split(" "):
        life = 0
        if entry[0] == "*":
            entry = entry[1:-1]
            life = 1
            if entry[:2] == "~~":
                entry = entry[2:].replace("~~", "", 1)
                life = 2
        player, _, rest = entry.partition(":")
        role, _, written = rest.partition("(")
        tokens = tuple(word.partition(":") for word in written[:-1].split(",")) if written else ()
        seats.append((player, role, tokens, life))
    return seats


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
    lines = (
        ("the seed's 12 seats", SEED_LINE.strip()),
        ("20 seats, a token each", TOKEN_LINE),
        ("20 seats, every life, 0-3 tokens", line),
    )
    for _, text in lines:  # the floor reads the same grimoire
        assert split_grimoire(text) == meeple.loads(text, format="botc")
    single_line = [
        Case(
            f"botc: meeple.loads, {label}",
            partial(meeple.loads, text, format="botc"),
            floor_name,
            partial(floor, text),
            goal,
            repeat=41,
            clock=time.process_time,
            number=100,
        )
        for label, text in lines
        for floor_name, floor, goal in (
            ("str.split, same Grimoire", split_grimoire, "<= 1.2x"),
            ("str.split, plain tuples", split_tuples, "-"),
        )
    ]
    return [
        *single_line,
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
