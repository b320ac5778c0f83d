"""ASCII pictures of Flows positions: the hex board, then every placed path and its flows.

Each hex is two text lines: the tile and its orientation (`T1NE`, or `.` when empty),
then its label in P1's frame with the players whose flow runs through it (`D4:12`).
Below the board, every placed tile lists its three paths and whose flow runs on each.
Pure functions of a `State`; nothing here reads records or applies rules.
"""

from __future__ import annotations

import re

from meeple import ansi
from meeple.flows.board import CELLS, EDGE_NAMES, SIZE, label_of_hex
from meeple.flows.model import ORIENTATIONS, path_name
from meeple.flows.rules import PathFlow, State
from meeple.hexgrid import Hex

CELL_WIDTH = 8  # characters per hex; rows shift by half a hex


def render(state: State, color: bool = False, frame: int | None = None) -> str:
    """The position: seats, board, paths with their flows, bag and result; with `color`,
    each player's number in their colour (ANSI). Hexes are labelled as player `frame`
    writes them (default: the player to move, or P1 once the game is over)."""
    player = frame or state.to_move or 1
    lines = [_seats(state), ""]
    lines += _board(state, player)
    lines.append("")
    lines += _paths(state, player)
    bag = "  ".join(f"T{tile} {left}" for tile, left in enumerate(state.bag))
    lines.append(f"bag: {bag}")
    lines.append(f"result: {state.result_text}")
    picture = "\n".join(lines)
    return colour(picture) if color else picture


# A player named (`P3`), or the players whose flows cross a hex (the `12` of `D4:12`).
_PLAYERS = re.compile(r"\bP(?P<named>[1-9])\b|(?<=[A-G][1-7]:)(?P<crossing>[1-9]+)\b")


def colour(picture: str) -> str:
    """The picture with every player in their colour."""

    def players(found: re.Match[str]) -> str:
        if found["named"]:
            return ansi.wrap(found[0], ansi.player_code(int(found["named"])))
        return "".join(ansi.wrap(digit, ansi.player_code(int(digit))) for digit in found[0])

    return _PLAYERS.sub(players, picture)


def _seats(state: State) -> str:
    homes = ", ".join(f"P{p} {EDGE_NAMES[state.home_edge(p)]}" for p in range(1, state.players + 1))
    return f"Flows, {state.players} players; home edges (targets opposite): {homes}"


def _touching(paths: list[PathFlow]) -> dict[Hex, set[int]]:
    found: dict[Hex, set[int]] = {}
    for path in paths:
        found.setdefault(path.hex, set()).update(path.players)
    return found


def _board(state: State, frame: int) -> list[str]:
    touching = _touching(state.path_flows())
    lines = []
    for row in range(SIZE - 1, -1, -1):
        top, bottom = [], []
        cells = [hex_ for hex_ in CELLS if hex_.x == row]
        indent = " " * ((cells[0].y * 2 - row + 3) * CELL_WIDTH // 2)
        for hex_ in cells:
            tile = state.tile_at(hex_)
            first = "." if tile is None else f"T{tile[0]}{ORIENTATIONS[tile[1]]}"
            players = "".join(str(p) for p in sorted(touching.get(hex_, ())))
            second = label_of_hex(frame, hex_) + (f":{players}" if players else "")
            top.append(f"{first:^{CELL_WIDTH - 1}} ")
            bottom.append(f"{second:^{CELL_WIDTH - 1}} ")
        lines.append((indent + "".join(top)).rstrip())
        lines.append((indent + "".join(bottom)).rstrip())
    return lines


def _paths(state: State, frame: int) -> list[str]:
    by_hex: dict[Hex, list[PathFlow]] = {}
    for path in state.path_flows():
        by_hex.setdefault(path.hex, []).append(path)
    lines = []
    for move in state.moves:
        paths = by_hex.get(move.hex, [])
        described = "   ".join(
            f"{path_name(p.a, p.b)}: {','.join(f'P{q}' for q in p.players) or '-'}" for p in paths
        )
        where = f"{label_of_hex(frame, move.hex)} ({move.hex.x},{move.hex.y})"
        lines.append(f"  {where:<9} T{move.tile}{move.orientation:<3} {described}")
    return [f"paths (P{frame} labels):", *lines] if lines else ["paths: none placed yet"]
