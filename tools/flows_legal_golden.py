"""Write tests/flows/golden/legal_lists.json: Flows legal lists of seeded random games.

Each game is played by choosing uniformly among the legal moves of every position (all
tile types, as `State.legal_moves` lists them); for each position the file keeps the
number of legal moves and a digest of them. Made once with the route rule's code of
2026-11 (before issue 28's speed-ups), the file lets a test compare every later version's
verdicts with that one's, position by position:

    PYTHONPATH=src python tools/flows_legal_golden.py GAMES > tests/flows/golden/legal_lists.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

from meeple.flows.board import CELL_INDEX
from meeple.flows.model import Move, NoPlacement
from meeple.flows.rules import State

PLAYERS = (2, 3, 4, 5, 6)
FIRST_SEED = 1000


def digest(moves: list[Move | NoPlacement]) -> str:
    """A short digest of a legal list (its moves' text, in order)."""
    text = " ".join(str(move) for move in moves)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def move_code(move: Move | NoPlacement) -> int:
    """A move as one number: cell * 24 + tile * 6 + rotation, or -1 - tile for none."""
    if isinstance(move, NoPlacement):
        return -1 - move.tile
    return CELL_INDEX[move.hex] * 24 + move.tile * 6 + move.rotation


def game(seed: int) -> dict[str, object]:
    """One seeded random game: its players, moves and each position's legal list."""
    rnd = random.Random(seed)
    players = PLAYERS[seed % len(PLAYERS)]
    state = State.initial(players)
    moves: list[int] = []
    lists: list[tuple[int, str]] = []
    while not state.is_over:
        fresh = state._replace()
        legal = fresh.legal_moves()
        lists.append((len(legal), digest(legal)))
        move = rnd.choice(legal)
        moves.append(move_code(move))
        state = fresh.play(move)
    return {"seed": seed, "players": players, "moves": moves, "lists": lists}


def main() -> None:
    games = int(sys.argv[1])
    found = []
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        found.append(game(seed))
        print(f"game {seed}: {len(found[-1]['moves'])} moves", file=sys.stderr)  # type: ignore[arg-type]
    json.dump({"games": found}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
