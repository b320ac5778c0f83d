"""Write a seeded corpus of mixed records, valid and invalid, of every game.

    python benchmarks/make_corpus.py OUT --records 100000 [--seed 1]

Raft, Flows and Atlantis games are random playouts through the engine protocol (the
game's `start` and `record`); Blood on the Clocktower grimoires are drawn from the
script's roles; QGN games are generic ones. About one record in ten is then broken:
a character dropped or doubled, or a move played twice. Records are spread over
folders of a thousand, so directories stay listable.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from meeple import engine, registry

GAMES = ("flows", "raft", "atlantis")
BROKEN = 0.1


def playout(game: str, rng: random.Random) -> str:
    """The record of a random game, in the game's own notation."""
    fmt = registry.get(game)
    assert fmt.start is not None
    state = fmt.start(seed=rng.randrange(2**31))
    state = engine.random_playout(state, rng, max_moves=rng.randrange(5, 300))
    assert isinstance(state, engine.Recording)
    return fmt.dump(state.record())


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
    for number in range(records):
        kind = kinds[number % len(kinds)]
        if kind in GAMES:
            text = playout(kind, rng)
            suffix = registry.get(kind).extensions[0]
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
