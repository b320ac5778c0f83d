"""A Flows record or state drawn (the `--frame` a picture's hexes are labelled in) and
written as JSON (`meeple replay --json`, docs/formats/flows.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.flows.model import Move
    from meeple.flows.rules import State


def render(thing: Any, color: bool = False, frame: str | None = None) -> str:
    """The final position of a record, or a replayed state (`color`: ANSI colours;
    hexes labelled in `frame`'s frame, `P1` to `P6`, by default the player to move)."""
    from meeple.flows import ascii  # pictures only where drawn: `check` starts faster

    state = _final(thing)
    return ascii.render(state, color, _frame_player(state, frame))


def svg(thing: Any, frame: str | None = None) -> str:
    """An SVG picture of the final position of a record, or of a replayed state."""
    from meeple.flows import svg as pictures

    state = _final(thing)
    return pictures.render(state, _frame_player(state, frame))


def marks(state: State) -> tuple[str, ...]:
    """The hex the last placement took (the viewer highlights it; none for a pass)."""
    from meeple.flows.model import Move
    from meeple.flows.svg import data_at

    last = state.history[-1] if state.history else None
    return (data_at(last.hex),) if isinstance(last, Move) else ()


def state_json(state: State) -> Mapping[str, Any]:
    """One replay state as JSON (shape in docs/formats/flows.md)."""
    from meeple.flows.board import EDGE_NAMES, SIDE_NAMES

    last = state.placements[-1] if state.placements else None
    return {
        "step": len(state.placements),
        "players": state.player_count,
        "seats": [EDGE_NAMES[edge] for edge in state.home_edges],
        "move": None if last is None else _move_json(last),
        "to_move": None if state.is_over else state.to_move,
        "bag": {f"T{tile}": left for tile, left in enumerate(state.bag)},
        "flows": [
            {
                "player": flow.player,
                "paths": [
                    {"hex": [h.x, h.y], "sides": [SIDE_NAMES[a], SIDE_NAMES[b]]}
                    for h, a, b in flow.paths
                ],
                "ends": [{"hex": [h.x, h.y], "side": SIDE_NAMES[s]} for h, s in flow.ends],
                "reached_target": flow.reached,
            }
            for flow in state.flows
        ],
        "result": {
            "status": state.status,
            "winners": list(state.winners),
            "text": state.result_text,
        },
    }


def _move_json(move: Move) -> dict[str, Any]:
    from meeple.flows import notation
    from meeple.flows.model import ORIENTATIONS

    return {
        "player": move.player,
        "notation": notation.format_move(move),
        "hex": [move.hex.x, move.hex.y],
        "tile": move.tile,
        "rotation": move.rotation,
        "orientation": ORIENTATIONS[move.rotation],
    }


def _final(thing: Any) -> State:
    """A replayed state as it is, or a record's final position."""
    from meeple.flows import notation, rules
    from meeple.flows.model import Record

    if isinstance(thing, Record):
        *_, thing = rules.replay_text(notation.dump(thing))
    state: State = thing
    return state


def _frame_player(state: State, frame: str | None) -> int | None:
    """The player `--frame` names (OptionError for one the game has not)."""
    from meeple.errors import OptionError

    if frame is None:
        return None
    player = int(frame.removeprefix("P")) if frame.removeprefix("P").isdigit() else 0
    if not 1 <= player <= state.player_count:
        raise OptionError(f"--frame {frame}: this game has players P1 to P{state.player_count}")
    return player
