"""QGN: parsing 10 MB of games, walking their actions, and streaming 100 MB in bounded memory."""

from __future__ import annotations

import os
import random
import re
import string
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

from harness import Case

import meeple
from meeple import qgn

# Floors, each one compiled-regex pass over the same text: a tokeniser that captures the
# grammar's tokens and their parts, and the barest scan that only finds where words are.
TOKENISER = re.compile(
    r'\[\s*([A-Za-z_][\w-]*)\s+"((?:[^"\\\n]|\\.)*)"\s*\]'
    r"|\{([^}]*)\}"
    r'|([0-9]+)([A-Za-z])(?:&([^\s&{}\[\]"]+))?'
)
BARE_SCAN = re.compile(r"\[[^\]]*\]|\{[^}]*\}|\S+")


def generate(megabytes: float, seed: int = 1, vocabulary: str = "carcassonne") -> str:
    """Games of 40-400 actions with a few comments, until the text reaches the size.

    "carcassonne" draws actions like real records do, from a game's small vocabulary
    (draw a tile, place it at x.y within 15 of the start, place a meeple on a side);
    "random" gives almost every action distinct details: the worst case for the parser.
    """
    rng = random.Random(seed)
    games: list[str] = []
    size = 0
    number = 0
    while size < megabytes * 1_000_000:
        number += 1
        actions = []
        for _ in range(rng.randint(40, 400)):
            team = rng.randint(0, 3)
            if vocabulary == "random":
                details = ".".join(str(rng.randint(0, 99)) for _ in range(rng.randint(0, 4)))
                action = f"{team}{rng.choice('abcmpx')}"
                actions.append(f"{action}&{details}" if details else action)
            else:
                x, y = rng.randint(-15, 15), rng.randint(-15, 15)
                actions.append(
                    rng.choice(
                        (
                            f"{team}c",
                            f"{team}a&{x}.{y}",
                            f"{team}b&{x}.{y}.{rng.choice('kfrc')}.{rng.choice('tlbr')}",
                        )
                    )
                )
            if rng.random() < 0.02:
                actions.append("{a comment about the move}")
        text = (
            f'[key "carcassonne"]\n[teams "red, green, blue, black"]\n[round "{number}"]\n\n'
            + " ".join(actions)
            + "\n\n"
        )
        games.append(text)
        size += len(text)
    return "".join(games)


def _tokenise(text: str) -> int:
    return len(TOKENISER.findall(text))


def _scan(text: str) -> int:
    return sum(1 for _ in BARE_SCAN.finditer(text))


_PROBE = """
import re, sys, tracemalloc
import meeple
from meeple import qgn
if sys.argv[2] == "traced":
    tracemalloc.start()
games = sum(1 for _ in qgn.iter_games(sys.argv[1]))
traced = tracemalloc.get_traced_memory()[1] if sys.argv[2] == "traced" else 0
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent across exec.
status = open("/proc/self/status").read()
print(games, traced, int(re.search(r"VmHWM:\\s+(\\d+)", status)[1]) * 1024)
"""


def _probe(path: Path, mode: str) -> list[int]:
    command = [sys.executable, "-c", _PROBE, str(path), mode]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [int(word) for word in out.split()]


def _stream_peak(megabytes: int) -> str:
    """Peak memory while streaming a file of `megabytes` MB, measured in fresh processes."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.qgn"
        chunk = generate(10)
        with path.open("w", encoding="utf-8") as handle:
            for _ in range(megabytes // 10):
                handle.write(chunk)
        games, _, rss = _probe(path, "rss")
        _, traced, _ = _probe(path, "traced")
        _, _, baseline = _probe(Path(os.devnull), "rss")
    return (
        f"{megabytes} MB, {games} games streamed: peak RSS {rss / 1e6:.0f} MB"
        f" (interpreter and imports alone {baseline / 1e6:.0f} MB),"
        f" peak Python allocations {traced / 1e6:.1f} MB"
    )


def distinct_game(actions: int = 625_000, seed: int = 1) -> str:
    """One game of `actions` actions whose details are random 8-letter words: every
    action distinct, no comments (issue 13's worst case: no cache can help)."""
    rng = random.Random(seed)
    letters = string.ascii_lowercase
    words = []
    for _ in range(actions):
        details = ".".join("".join(rng.choices(letters, k=8)) for _ in range(rng.choice((1, 2))))
        words.append(f"{rng.randint(0, 3)}{rng.choice('abcmpx')}&{details}")
    lines = [" ".join(words[at : at + 12]) for at in range(0, actions, 12)]
    return '[key "x"]\n[teams "a, b, c, d"]\n\n' + "\n".join(lines) + "\n"


# The floor issue 13 names: one compiled-regex finditer pass over the same text.
FINDITER = re.compile(r'([0-9]+)([A-Za-z])(?:&([^\s&{}\[\]"]+))?')


def _finditer(text: str) -> int:
    count = 0
    for _ in FINDITER.finditer(text):
        count += 1
    return count


def _load(text: str) -> object:
    return meeple.loads(text, format="qgn")


def _games(text: str) -> tuple[qgn.Snapshot, ...]:
    loaded = meeple.loads(text, format="qgn")
    return loaded.games if isinstance(loaded, qgn.Games) else (loaded,)


# "Walking every action" (issue 28) is what a caller writes to look at each action:
# parse, then take every Action in turn and read its fields. Each Action is built as
# the loop reaches it and freed when the loop moves on.
def _load_and_walk(text: str) -> int:
    """Parse, then read the team, letter and details of every Action."""
    total = 0
    for game in _games(text):
        for action in game.actions:
            total += action.team + len(action.action) + len(action.details)
    return total


def _load_and_walk_columns(text: str) -> int:
    """Parse, then read the same fields column by column: no Action at all (the details
    as written, "1.2", not split)."""
    total = 0
    for game in _games(text):
        columns = game.action_columns()
        for team, letter, details in zip(
            columns.seats, columns.letters, columns.details, strict=True
        ):
            total += team + len(letter) + len(details)
    return total


def _load_and_keep(text: str) -> int:
    """Parse, then keep every Action at once (a tuple of them all): a million objects
    alive, which the garbage collector keeps going over."""
    return sum(len(tuple(game.actions)) for game in _games(text))


def cases() -> list[Case]:
    print(f"  streaming check: {_stream_peak(100)} (goal < 50 MB)", file=sys.stderr)
    found = []
    corpora = (
        ("one game, 625k distinct actions", distinct_game(), "within 2.5x of floor", "within 3x"),
        ("carcassonne-like games", generate(10), "within 1.2x of floor", ""),
    )
    for label, text, goal, walk_goal in corpora:
        megabytes = len(text.encode()) / 1e6
        found.append(
            Case(
                f"qgn: meeple.loads {megabytes:.0f} MB, {label}",
                partial(_load, text),
                "regex finditer pass",
                partial(_finditer, text),
                goal=goal,
                repeat=5,
                extra=partial(_throughput, megabytes),
            )
        )
        walks = (
            ("walk every Action (team, letter, details)", _load_and_walk, walk_goal),
            ("walk the columns (teams, letters, details)", _load_and_walk_columns, ""),
            ("keep every Action (tuple of them all)", _load_and_keep, ""),
        )
        for walk, run, its_goal in walks:
            found.append(
                Case(
                    f"qgn: loads and {walk}, {label}",
                    partial(run, text),
                    "regex finditer pass",
                    partial(_finditer, text),
                    goal=its_goal,
                    repeat=5,
                    extra=partial(_throughput, megabytes),
                )
            )
    random_text = generate(10, vocabulary="random")
    for floor_name, floor in (("regex tokeniser", _tokenise), ("bare regex scan", _scan)):
        found.append(
            Case(
                "qgn: parse_many 10 MB (random short actions)",
                partial(qgn.parse_many, random_text),
                floor_name,
                partial(floor, random_text),
                repeat=5,
                extra=partial(_throughput, len(random_text.encode()) / 1e6),
            )
        )
    return found


def _throughput(megabytes: float, seconds: float) -> str:
    return f"{megabytes / seconds:.1f} MB/s"
