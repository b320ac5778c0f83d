"""Hypothesis strategies for Flows records."""

from __future__ import annotations

from hypothesis import strategies as st

from meeple.flows.board import CELLS
from meeple.flows.model import Entry, Move, Record
from meeple.flows.notation import declared_players

moves = st.builds(
    Move,
    player=st.integers(1, 6),
    hex=st.sampled_from(CELLS),
    tile=st.integers(0, 3),
    rotation=st.integers(0, 5),
)
_line_text = st.text(
    alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\n\r"),
    max_size=24,
).map(str.strip)
comments = _line_text
headers = _line_text.filter(lambda h: ";" not in h).filter(
    lambda h: declared_players(h) is None or 2 <= (declared_players(h) or 0) <= 6
)
entries = st.one_of(
    st.builds(Entry, moves, st.none() | comments),
    st.builds(Entry, st.none(), comments),
)


@st.composite
def records(draw: st.DrawFn) -> Record:
    header = draw(st.none() | headers)
    body = tuple(draw(st.lists(entries, max_size=8)))
    has_moves = any(entry.move is not None for entry in body)
    return Record(
        entries=body,
        header=header,
        header_comment=None if header is None else draw(st.none() | comments),
        unfinished=draw(st.booleans()),
        numbered=has_moves and draw(st.booleans()),  # numbers need moves to show on
    )
