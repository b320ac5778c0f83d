"""Hypothesis strategies for Atlantis transcripts and boards."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from hypothesis import strategies as st

from meeple.atlantis.model import (
    Chat,
    Event,
    FieldRef,
    Move,
    OtherEvent,
    Player,
    Segment,
    Transcript,
    Turn,
)
from meeple.hexgrid import DIRECTIONS, Hex

texts = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=6,
)


def extras(reserved: tuple[str, ...]) -> st.SearchStrategy[tuple[tuple[str, Any], ...]]:
    keys = texts.filter(lambda key: key not in reserved)
    return st.dictionaries(keys, json_values, max_size=2).map(lambda d: tuple(d.items()))


hexes = st.builds(Hex, st.integers(1, 60), st.integers(1, 60))
maybe_text = st.none() | texts


@st.composite
def boards(draw: st.DrawFn) -> tuple[Segment, ...]:
    fields = draw(st.lists(hexes, min_size=1, max_size=30, unique=True))
    cuts = sorted(draw(st.sets(st.integers(1, len(fields) - 1), max_size=6))) if fields[1:] else []
    bounds = [0, *cuts, len(fields)]
    segments = [Segment(tuple(FieldRef(h) for h in fields[a:b])) for a, b in pairwise(bounds)]
    if draw(st.booleans()):
        # a standard segment, out of the way of the fields above (whose axes stop at 60)
        centre = Hex(draw(st.integers(70, 90)), draw(st.integers(70, 90)))
        segments.insert(
            draw(st.integers(0, len(segments))),
            Segment((FieldRef(centre, True),), bare=draw(st.booleans())),
        )
    return tuple(segments)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    source = draw(hexes)
    dx, dy = DIRECTIONS[draw(st.integers(0, 5))]
    steps = draw(st.integers(1, 6))
    target = Hex(source.x + dx * steps, source.y + dy * steps)
    if target.x < 1 or target.y < 1:
        target = Hex(source.x - dx * steps, source.y - dy * steps)
    return Move(source, target)


EVENT_KEYS = ("type", "user", "time", "moves", "message")
events: st.SearchStrategy[Event] = st.one_of(
    st.builds(
        Turn, st.lists(moves(), max_size=3).map(tuple), maybe_text, maybe_text, extras(EVENT_KEYS)
    ),
    st.builds(Chat, texts, maybe_text, maybe_text, extras(EVENT_KEYS)),
    st.builds(
        OtherEvent,
        texts.filter(lambda kind: kind not in ("turn", "chat")),
        maybe_text,
        maybe_text,
        extras(EVENT_KEYS),
    ),
)


@st.composite
def transcripts(draw: st.DrawFn) -> Transcript:
    segments = draw(boards())
    fields = [ref.centre for segment in segments for ref in segment.refs if not ref.whole]
    whole = [ref for segment in segments for ref in segment.refs if ref.whole]
    owners = draw(st.lists(st.integers(0, 3), min_size=len(fields), max_size=len(fields)))
    count = draw(st.integers(0, 3))
    players = []
    for number in range(count):
        stacks = tuple(
            (FieldRef(h), draw(st.integers(-5, 5)))
            for h, o in zip(fields, owners, strict=True)
            if o == number
        )
        if whole and number == 0 and draw(st.booleans()):
            stacks = ((whole[0], draw(st.integers(-5, 5))), *stacks)
        players.append(
            Player(
                stacks,
                draw(maybe_text),
                draw(maybe_text),
                draw(extras(("name", "color", "stacks"))),
            )
        )
    return Transcript(
        segments=segments,
        players=tuple(players),
        events=tuple(draw(st.lists(events, max_size=4))),
        version=draw(st.sampled_from(["1.0", "1.1"])),
        user=draw(maybe_text),
        begin=draw(maybe_text),
        end=draw(maybe_text),
        extras=draw(
            extras(("format", "version", "segments", "players", "events", "user", "begin", "end"))
        ),
    )
