"""The game's physical components, read once from the packaged data file.

Island boards (both sides, north orientation), the four pathway decks, cat cards,
raft cards, fire tiles and the 39 official challenges. The component strings are
the seed's "utility" strings, read here (`parse_pathway_card` and the like). This
module holds no rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from meeple.errors import DEFAULT_SOURCE
from meeple.raft.model import (
    CARD_IDS,
    CAT_CARD_IDS,
    DECKS,
    FIRE_TILE_IDS,
    PATHWAY_COLOURS,
    RAFT_CARD_IDS,
    CatCard,
    FireTile,
    PathwayCard,
    RaftCard,
    Square,
)
from meeple.raft.text import spanning

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


# -- the component ("utility") strings of cards and tiles ----------------------------------


def parse_pathway_card(deck: str, text: str, source: str = DEFAULT_SOURCE) -> PathwayCard:
    """`hbbrbyrbyb`: card id then nine colours b g p r y in row-major order."""
    span = spanning(text, source)
    card = span.expect(0, CARD_IDS, "a card id a-y")
    squares = "".join(span.expect(i, PATHWAY_COLOURS, "a colour b g p r y") for i in range(1, 10))
    span.finish(10, "pathway card")
    return PathwayCard(deck, card, squares)


def parse_cat_card(text: str, source: str = DEFAULT_SOURCE) -> CatCard:
    """`3gffgGfggg`: card id 0-6 then nine squares (colours, capital cats, f fire)."""
    span = spanning(text, source)
    card = span.expect(0, CAT_CARD_IDS, "a cat card id 0-6")
    squares = "".join(span.expect(i, "bgprfyBGPRY", "a cat card square") for i in range(1, 10))
    span.finish(10, "cat card")
    return CatCard(int(card), squares)


def parse_raft_card(text: str, source: str = DEFAULT_SOURCE) -> RaftCard:
    """`1gyprowbww`: card id 0-3 then nine squares, `o` in the centre."""
    span = spanning(text, source)
    card = span.expect(0, RAFT_CARD_IDS, "a raft card id 0-3")
    squares = "".join(
        span.expect(i, "o" if i == 5 else "bgpryw", "a raft card square") for i in range(1, 10)
    )
    span.finish(10, "raft card")
    return RaftCard(int(card), squares)


def parse_fire_tile(text: str, source: str = DEFAULT_SOURCE) -> FireTile:
    """`c000102031121`: tile id then (row, column) digit pairs of its fire squares."""
    span = spanning(text, source)
    tile = span.expect(0, FIRE_TILE_IDS, "a fire tile id")
    cells = []
    for at in range(1, len(text), 2):
        row = span.expect(at, "012345678", "a row digit 0-8")
        column = span.expect(at + 1, "012345678", "a column digit 0-8")
        cells.append(Square(int(row), int(column)))
    if not cells:
        raise span.error(1, "a fire tile has at least one square")
    return FireTile(tile, tuple(cells))
