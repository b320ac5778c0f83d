"""What `meeple show` and `replay --json` make of Blood on the Clocktower: a bag's line,
a grimoire's art (or HTML fragment) and town square, a trace's table with how it stands,
and a trace state as JSON (docs/formats/botc.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.botc.rules import State
    from meeple.botc.trace import Trace


def render(
    thing: Any,
    layout: str | None = None,
    columns: bool | None = None,
    html: bool | None = None,
    charset: str | None = None,
    color: bool | None = None,
    **_: Any,
) -> str:
    """The picture `meeple show` prints (it adds the final newline itself): a bag's
    line, a grimoire's art (or HTML fragment), a trace's table with how it stands."""
    from meeple.botc.ascii import colour, dump_art
    from meeple.botc.model import Bag, Grimoire
    from meeple.botc.notation import format_bag, spelled
    from meeple.errors import OptionError

    if not isinstance(thing, Grimoire | Bag):
        state = _state(thing)
        art = render(state.grimoire, layout, columns, charset=charset, color=color)
        return f"{state.result_text}\n{art}"
    if isinstance(thing, Bag):
        thing = spelled(thing)
        picture = format_bag(thing)
        return colour(picture, thing.roles) if color else picture
    if html:
        if color:
            raise OptionError("--color colours the art, not the HTML fragment")
        from meeple.botc.svg import html as fragment

        return fragment(thing).removesuffix("\n")
    picture = dump_art(thing, layout, columns, charset).removesuffix("\n")
    return colour(picture, (seat.role for seat in thing.seats)) if color else picture


def svg(thing: Any, **_: Any) -> str:
    """The town square: a grimoire, or the table a trace has reached."""
    from meeple.botc.model import Bag, Grimoire
    from meeple.botc.svg import render as town_square
    from meeple.errors import Unsupported

    if isinstance(thing, Bag):
        raise Unsupported("a bag has no seats to draw: seat it with `meeple botc setup`")
    return town_square(thing if isinstance(thing, Grimoire) else _state(thing).grimoire)


def marks(state: State) -> tuple[str, ...]:
    """The players the last event named (who acted, who was acted on), for the viewer."""
    last = state.history[-1] if state.history else None
    names = (last.actor, last.target) if last is not None else ()
    return tuple(name for name in names if name)


def state_json(state: State) -> Mapping[str, Any]:
    """One trace state as JSON (docs/formats/botc.md, Game traces)."""
    from meeple.botc.notation import dump

    return {
        "winner": state.winner,
        "phase": None if state.phase is None else str(state.phase),
        "grimoire": dump(state.grimoire).strip(),
        "alive": [seat.player for seat in state.grimoire.seats if not seat.life.dead],
        "nominated": sorted(state.nominated),
        "executed": state.executed,
    }


def _state(thing: Trace | State) -> State:
    """A trace's table before its events, or a replayed state as it is."""
    from meeple.botc import rules
    from meeple.botc.model import Grimoire

    if isinstance(thing, rules.State):
        return thing
    return rules.State(thing.grimoire or Grimoire())
