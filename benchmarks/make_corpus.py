"""Write a seeded corpus of mixed records, valid and invalid, of every game.

    python benchmarks/make_corpus.py OUT --records 100000 [--seed 1]

Raft, Flows and Atlantis games are random playouts through the engine protocol (the
game's `start` and `record`); each playout gives several records, the game as it stood
at a few random moves and at its end, since a playout costs far more than writing its
record (100,000 records take minutes, not hours). A third of those records are written
in QGN instead of the game's own notation. Blood on the Clocktower grimoires are drawn
from the script's roles; QGN games of a game meeple has no rules for are generic ones.
About one record in ten is then broken: a character dropped or doubled, or a move
played twice. Records are spread over folders of a thousand, so directories stay
listable.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from meeple import engine, registry
from meeple.bots import legal_choices

GAMES = ("flows", "raft", "atlantis")
BROKEN = 0.1


SNAPSHOTS = 8  # records taken from one playout, on average


def playout(game: str, rng: random.Random) -> Iterator[Any]:
    """Records (models of the game's record format) of one random game: the game as it
    stood after a few random moves, then at its end."""
    fmt = registry.get(game)
    assert fmt.game.can("initial")
    state = fmt.game.initial(seed=rng.randrange(2**31))
    length = rng.randrange(5, 300)
    for _ in range(length):
        if state.is_over:
            break
        _, moves = legal_choices(state, rng)  # a hidden draw dealt: one legal list, not all
        if not moves:
            break
        state = state.play(rng.choice(moves))
        assert isinstance(state, engine.Recording)
        if rng.random() < SNAPSHOTS / length:
            yield state.record()
    assert isinstance(state, engine.Recording)
    yield state.record()


def records_of(game: str, rng: random.Random) -> Iterator[tuple[str, str]]:
    """(text, file extension) of endless records of `game`, a third of them in QGN."""
    fmt, qgn = registry.get(game), registry.get("qgn")
    assert fmt.can("to_qgn")
    while True:
        for record in playout(game, rng):
            if rng.random() < 1 / 3:
                yield qgn.dump(fmt.to_qgn(record)), qgn.extensions[0]
            else:
                yield fmt.dump(record), fmt.extensions[0]


def grimoire(rng: random.Random) -> str:
    """A single-line grimoire of 5 to 15 seats with Trouble Brewing roles."""
    roles = [
        "washerwoman",
        "librarian",
        "investigator",
        "chef",
        "empath",
        "fortune_teller",
        "undertaker",
        "monk",
        "ravenkeeper",
        "virgin",
        "slayer",
        "soldier",
        "mayor",
        "butler",
        "drunk",
        "recluse",
        "saint",
        "poisoner",
        "spy",
        "scarlet_woman",
        "baron",
        "imp",
    ]
    seats = []
    for number in range(rng.randrange(5, 16)):
        seat = f"P{number}:{rng.choice(roles)}"
        seats.append(f"*{seat}*" if rng.random() < 0.2 else seat)
    return "[" + " ".join(seats) + "]\n"


def generic_qgn(rng: random.Random) -> str:
    """A QGN game of a game meeple has no rules for."""
    actions = " ".join(
        f"{rng.randrange(2)}{rng.choice('mpx')}&{rng.randrange(9)}.{rng.randrange(9)}"
        for _ in range(rng.randrange(1, 40))
    )
    return f'[key "tic-tac"]\n[teams "red, blue"]\n{actions}\n'


def broken(text: str, rng: random.Random) -> str:
    """The text with one small mistake."""
    lines = text.splitlines(keepends=True)
    if len(lines) > 2 and rng.random() < 0.5:
        at = rng.randrange(1, len(lines))
        return "".join([*lines[:at], lines[at - 1], *lines[at:]])
    at = rng.randrange(len(text))
    return text[:at] + text[at + 1 :] if rng.random() < 0.5 else text[:at] + text[at] + text[at:]


def write(out: Path, records: int, seed: int) -> None:
    rng = random.Random(seed)
    kinds = [*GAMES, "botc", "qgn"]
    games = {game: records_of(game, random.Random(rng.randrange(2**31))) for game in GAMES}
    for number in range(records):
        kind = kinds[number % len(kinds)]
        if kind in GAMES:
            text, suffix = next(games[kind])
        elif kind == "botc":
            text, suffix = grimoire(rng), ".botc"
        else:
            text, suffix = generic_qgn(rng), ".qgn"
        if rng.random() < BROKEN:
            text = broken(text, rng)
        folder = out / f"{number // 1000:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{number:07d}{suffix}").write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    write(arguments.out, arguments.records, arguments.seed)


if __name__ == "__main__":
    main()
