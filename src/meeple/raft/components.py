"""The game's physical components, read once from the packaged data file.

Island boards (both sides, north orientation), the four pathway decks, cat cards,
raft cards, fire tiles and the 39 official challenges. The component strings are
the seed's "utility" strings and are read with `meeple.raft.notation`. This
module holds no rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.raft.model import (
    DECKS,
    CatCard,
    FireTile,
    PathwayCard,
    RaftCard,
)
from meeple.raft.notation import (
    parse_cat_card,
    parse_fire_tile,
    parse_pathway_card,
    parse_raft_card,
)

DATA_FILE = "race-to-the-raft.json"


@dataclass(frozen=True)
class IslandBoard:
    """One physical island board: its fire side and plain side, rows in north orientation."""

    fire_side: tuple[str, ...]
    plain_side: tuple[str, ...]


@dataclass(frozen=True)
class OfficialChallenge:
    difficulty: int
    name: str
    challenge: str


@dataclass(frozen=True)
class Components:
    square_islands: tuple[IslandBoard, ...]
    rectangle_islands: tuple[IslandBoard, ...]
    pathway_cards: dict[tuple[str, str], PathwayCard]
    """Keyed by (deck, card id)."""
    cat_cards: tuple[CatCard, ...]
    raft_cards: tuple[RaftCard, ...]
    fire_tiles: dict[str, FireTile]
    challenges: tuple[OfficialChallenge, ...]


def _islands(boards: list[Any]) -> tuple[IslandBoard, ...]:
    return tuple(
        IslandBoard(tuple(board["fire_side"]), tuple(board["plain_side"])) for board in boards
    )


@cache
def components() -> Components:
    """Every component of the game (read from the package data on first use)."""
    from importlib import resources  # on first use: it imports tempfile, shutil, lzma

    text = resources.files("meeple.raft").joinpath("data", DATA_FILE).read_text("utf-8")
    data = json.loads(text)
    cards = {}
    for deck in DECKS:
        for card_text in data["decks"][deck]["cards"]:
            card = parse_pathway_card(deck, card_text, DATA_FILE)
            cards[(deck, card.card)] = card
    tiles = {}
    for tile_text in data["fire_tiles"]:
        tile = parse_fire_tile(tile_text, DATA_FILE)
        tiles[tile.tile] = tile
    return Components(
        square_islands=_islands(data["square_islands_9x9"]),
        rectangle_islands=_islands(data["rectangle_islands_6x9"]),
        pathway_cards=cards,
        cat_cards=tuple(parse_cat_card(card, DATA_FILE) for card in data["cat_cards"]),
        raft_cards=tuple(parse_raft_card(card, DATA_FILE) for card in data["raft_cards"]),
        fire_tiles=tiles,
        challenges=tuple(
            OfficialChallenge(entry["difficulty"], entry["name"], entry["challenge"])
            for entry in data["challenges"]
        ),
    )
