"""Flows (Quortex): game records, the rules of play, and pictures of the board.

Read a record, replay it through the rules, and list the legal placements:

    from meeple import flows

    record = flows.parse("Game: 2-player\nP1A1T0N ; opening\nP2A4T1NE\n")
    states = flows.replay_text(flows.dump(record))
    *_, last = states
    print(flows.render(last))
    print(last.result_text)                      # "in play: P1 to move"
    moves = last.legal_placements(2)        # every legal T2 placement for P1
    print(flows.format_move(moves[0]))      # e.g. "P1A2T2N"

Coordinates are the seed's internal (row, col) as `meeple.hexgrid.Hex(row, col)`;
`hex_of_label(player, "D4")` and `label_of_hex(player, hex)` convert player frames.
"""

from typing import TYPE_CHECKING

from meeple.registry import package_exports

if TYPE_CHECKING:
    from meeple.flows.board import CELLS, hex_of_label, label_of_hex
    from meeple.flows.hooks import (
        players_of,
        render,
        replay,
        replay_text,
        state_json,
    )
    from meeple.flows.model import ORIENTATIONS, TILE_PATHS, Entry, Move, Record, tile_paths
    from meeple.flows.notation import diagnose, dump, format_move, parse, parse_move
    from meeple.flows.qgn import from_qgn, to_qgn
    from meeple.flows.rules import State
else:  # imported on first use (the registry imports `meeple.flows.format` alone)
    __getattr__ = package_exports(
        __name__,
        {
            "meeple.flows.board": ("CELLS", "hex_of_label", "label_of_hex"),
            "meeple.flows.hooks": (
                "players_of",
                "render",
                "replay",
                "replay_text",
                "state_json",
            ),
            "meeple.flows.qgn": ("from_qgn", "to_qgn"),
            "meeple.flows.model": (
                "ORIENTATIONS",
                "TILE_PATHS",
                "Entry",
                "Move",
                "Record",
                "tile_paths",
            ),
            "meeple.flows.notation": ("diagnose", "dump", "format_move", "parse", "parse_move"),
            "meeple.flows.rules": ("State",),
        },
    )

__all__ = [
    "CELLS",
    "ORIENTATIONS",
    "TILE_PATHS",
    "Entry",
    "Move",
    "Record",
    "State",
    "diagnose",
    "dump",
    "format_move",
    "from_qgn",
    "hex_of_label",
    "label_of_hex",
    "parse",
    "parse_move",
    "players_of",
    "render",
    "replay",
    "replay_text",
    "state_json",
    "tile_paths",
    "to_qgn",
]
